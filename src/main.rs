//! The `boardsuite` binary: the launcher window, or a headless subcommand.
//!
//! Built without the default `gui` feature, it has every headless command
//! and no graphics stack; asked for the window, it says so.

fn main() -> std::process::ExitCode {
    #[cfg(feature = "gui")]
    let open_launcher = gui::open_launcher;
    #[cfg(not(feature = "gui"))]
    let open_launcher = headless::cli::no_launcher;
    headless::run(open_launcher)
}
