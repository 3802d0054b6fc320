//! The `boardsuite` binary: the launcher window, or a headless subcommand.

fn main() -> std::process::ExitCode {
    shell::run()
}
