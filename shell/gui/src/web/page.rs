//! The calls into the page's script, `boardsuite.js` (registered with
//! miniquad's loader as a plugin): the browser's `localStorage`,
//! `crypto.getRandomValues`, record files downloaded and uploaded, and
//! WebSockets (opened by URL, each known by a number). Text crosses as UTF-8 bytes in the wasm
//! memory: a call that answers with text returns its length (-1: none),
//! and [`take_held`] copies it out.

#![allow(unsafe_code)]

unsafe extern "C" {
    fn boardsuite_storage_get(key: *const u8, key_len: usize) -> i32;
    fn boardsuite_storage_set(key: *const u8, key_len: usize, value: *const u8, value_len: usize) -> i32;
    fn boardsuite_storage_remove(key: *const u8, key_len: usize);
    fn boardsuite_storage_keys(prefix: *const u8, prefix_len: usize) -> i32;
    fn boardsuite_take_held(out: *mut u8, len: usize);
    fn boardsuite_random_fill(out: *mut u8, len: usize);
    fn boardsuite_download(name: *const u8, name_len: usize, text: *const u8, text_len: usize) -> i32;
    fn boardsuite_upload_ask();
    fn boardsuite_upload_take() -> i32;
    fn boardsuite_socket_open(url: *const u8, url_len: usize) -> i32;
    fn boardsuite_socket_state(socket: i32) -> i32;
    fn boardsuite_socket_reason(socket: i32) -> i32;
    fn boardsuite_socket_send(socket: i32, text: *const u8, text_len: usize) -> i32;
    fn boardsuite_socket_receive(socket: i32) -> i32;
    fn boardsuite_socket_close(socket: i32);
    fn boardsuite_page_host() -> i32;
    fn boardsuite_say(text: *const u8, text_len: usize);
}

/// The plugin version the script checks (`version` in `boardsuite.js`).
#[unsafe(no_mangle)]
pub extern "C" fn boardsuite_crate_version() -> u32 {
    1
}

/// The text the script holds after a call that returned `len`.
fn take_held(len: i32) -> Option<String> {
    let len = usize::try_from(len).ok()?;
    let mut bytes = vec![0u8; len];
    // SAFETY: the script writes exactly `len` bytes into the buffer.
    unsafe { boardsuite_take_held(bytes.as_mut_ptr(), len) };
    String::from_utf8(bytes).ok()
}

/// The text stored under `key`, if any.
pub fn read(key: &str) -> Option<String> {
    // SAFETY: the script only reads `key.len()` bytes at the pointer.
    let len = unsafe { boardsuite_storage_get(key.as_ptr(), key.len()) };
    take_held(len)
}

/// Stores `text` under `key`; false when the browser refused (storage
/// full or switched off).
pub fn write(key: &str, text: &str) -> bool {
    // SAFETY: the script only reads the given lengths at the pointers.
    unsafe { boardsuite_storage_set(key.as_ptr(), key.len(), text.as_ptr(), text.len()) == 1 }
}

/// Forgets what is stored under `key`.
pub fn remove(key: &str) {
    // SAFETY: the script only reads `key.len()` bytes at the pointer.
    unsafe { boardsuite_storage_remove(key.as_ptr(), key.len()) }
}

/// The stored keys that start with `prefix`, in no particular order.
pub fn keys(prefix: &str) -> Vec<String> {
    // SAFETY: the script only reads `prefix.len()` bytes at the pointer.
    let len = unsafe { boardsuite_storage_keys(prefix.as_ptr(), prefix.len()) };
    take_held(len).map(|list| list.lines().map(str::to_string).collect()).unwrap_or_default()
}

/// Fills `bytes` with the browser's cryptographic random numbers.
pub fn fill_random(bytes: &mut [u8]) {
    // SAFETY: the script writes exactly `bytes.len()` bytes into the slice.
    unsafe { boardsuite_random_fill(bytes.as_mut_ptr(), bytes.len()) }
}

/// Gives the player `text` as a downloaded file called `name`; false when
/// the browser refused.
pub fn download(name: &str, text: &str) -> bool {
    // SAFETY: the script only reads the given lengths at the pointers.
    unsafe { boardsuite_download(name.as_ptr(), name.len(), text.as_ptr(), text.len()) == 1 }
}

/// Opens the browser's file picker; the file picked waits in the script
/// for [`take_upload`].
pub fn ask_for_upload() {
    // SAFETY: no arguments; the script only opens a file picker.
    unsafe { boardsuite_upload_ask() }
}

/// The next picked file the script has read, in the form
/// `record_files::Upload::from_held` reads.
pub fn take_upload() -> Option<String> {
    // SAFETY: no arguments; the answer is read by `take_held`.
    let len = unsafe { boardsuite_upload_take() };
    take_held(len)
}

/// Opens a WebSocket to `url`; its number for the calls below (the
/// socket may already be closed, with its reason, if the URL is bad).
pub fn socket_open(url: &str) -> i32 {
    // SAFETY: the script only reads `url.len()` bytes at the pointer.
    unsafe { boardsuite_socket_open(url.as_ptr(), url.len()) }
}

/// Where socket `socket` is: 0 opening, 1 open, 2 closed (or unknown).
pub fn socket_state(socket: i32) -> i32 {
    // SAFETY: a plain number crosses.
    unsafe { boardsuite_socket_state(socket) }
}

/// Why socket `socket` closed, in words.
pub fn socket_reason(socket: i32) -> String {
    // SAFETY: a plain number crosses; the answer is read by `take_held`.
    let len = unsafe { boardsuite_socket_reason(socket) };
    take_held(len).unwrap_or_default()
}

/// Sends `text` as one text message; false if the socket is not open.
pub fn socket_send(socket: i32, text: &str) -> bool {
    // SAFETY: the script only reads `text.len()` bytes at the pointer.
    unsafe { boardsuite_socket_send(socket, text.as_ptr(), text.len()) == 1 }
}

/// The next message socket `socket` received, if one waits.
pub fn socket_receive(socket: i32) -> Option<String> {
    // SAFETY: a plain number crosses; the answer is read by `take_held`.
    let len = unsafe { boardsuite_socket_receive(socket) };
    take_held(len)
}

/// Closes socket `socket` and forgets it.
pub fn socket_close(socket: i32) {
    // SAFETY: a plain number crosses.
    unsafe { boardsuite_socket_close(socket) }
}

/// The host name the page was loaded from (empty for a file).
pub fn page_host() -> String {
    // SAFETY: no arguments; the answer is read by `take_held`.
    let len = unsafe { boardsuite_page_host() };
    take_held(len).unwrap_or_default()
}

/// Writes `text` to the browser's console (what the desktop writes to
/// standard error).
pub fn say(text: &str) {
    // SAFETY: the script only reads `text.len()` bytes at the pointer.
    unsafe { boardsuite_say(text.as_ptr(), text.len()) }
}
