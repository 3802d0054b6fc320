//! `boardsuite-web`: the launcher in a web page. Built by `build.sh` for
//! `wasm32-unknown-unknown` and started by macroquad's loader in
//! `index.html`; built for the desktop, it only says how to build it.

#[cfg(target_arch = "wasm32")]
fn main() {
    gui::open_page();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    eprintln!("boardsuite-web runs in a web page: build it with `bash shell/web/build.sh`");
    std::process::ExitCode::from(2)
}

/// The entropy `getrandom` asks for (its `custom` backend, which
/// `build.sh` selects): the browser's `crypto.getRandomValues`.
///
/// # Safety
///
/// `getrandom` passes a writable buffer of `len` bytes.
#[cfg(target_arch = "wasm32")]
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
unsafe extern "Rust" fn __getrandom_v03_custom(dest: *mut u8, len: usize) -> Result<(), getrandom::Error> {
    // SAFETY: `dest` is valid for `len` bytes (getrandom's contract);
    // zeroed first, so the slice is initialised.
    let bytes = unsafe {
        core::ptr::write_bytes(dest, 0, len);
        core::slice::from_raw_parts_mut(dest, len)
    };
    gui::web::page::fill_random(bytes);
    Ok(())
}
