//! How the window's process hands freed memory back to the system.

/// Blocks from this size up get their own mapping, unmapped when freed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: i32 = 1 << 20;
/// Free memory above this at the top of an allocator arena is returned.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const TRIM_THRESHOLD: i32 = 1 << 20;

/// Makes glibc's allocator return large freed blocks to the system.
///
/// glibc maps blocks of 128 KB and more separately and unmaps them when
/// they are freed, but after the first such free it raises that threshold
/// to the freed block's size (up to 32 MB), and lets each arena keep twice
/// as much free memory. Once a computer player's table (16 MB) had been
/// freed, later tables and the search threads' memory came from the
/// arenas and stayed resident after they were freed. Setting the
/// thresholds turns that adjustment off. Only advice: elsewhere (other C
/// libraries, other systems) nothing changes.
pub fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::ffi::c_int;
        const M_TRIM_THRESHOLD: c_int = -1;
        const M_MMAP_THRESHOLD: c_int = -3;
        #[allow(unsafe_code)]
        unsafe extern "C" {
            fn mallopt(param: c_int, value: c_int) -> c_int;
        }
        // SAFETY: mallopt only changes glibc's allocation thresholds, which
        // any value within glibc's limits (these are) leaves sound; it may
        // be called at any time from any thread. A refusal (result 0)
        // leaves the defaults, which work too, so it is ignored.
        #[allow(unsafe_code)]
        unsafe {
            mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD);
            mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD);
        }
    }
}
