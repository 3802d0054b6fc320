//! The open-file limit, which caps how many connections a server can hold.
//!
//! Each connection uses one file descriptor, its socket (its reader and
//! writer are tasks, not threads, and share it). Under the common soft
//! limit of 1,024 a server would hold under a thousand connections and
//! then fail to set up new ones without a word. So [`start`](super::start)
//! raises the soft limit to the hard one, and the server sizes its
//! connection limit to what the descriptors allow, refusing the rest with
//! "the server is full".

/// Descriptors each connection uses.
pub const PER_CONNECTION: u64 = 1;
/// Descriptors kept for everything else: the listener, the runtime's
/// event queue, records, the standard streams, a refused connection's
/// socket while it is told why.
pub const RESERVED: u64 = 64;

/// The most connections `descriptors` open files allow.
pub fn connections_for(descriptors: u64) -> usize {
    let usable = descriptors.saturating_sub(RESERVED) / PER_CONNECTION;
    usize::try_from(usable).unwrap_or(usize::MAX)
}

/// Raises this process's soft limit on open files to its hard limit, and
/// returns the soft limit now in force (`None` where it cannot be read).
pub fn raise_open_file_limit() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        #[repr(C)]
        struct RLimit {
            soft: u64,
            hard: u64,
        }
        const RLIMIT_NOFILE: i32 = 7;
        #[allow(unsafe_code)]
        unsafe extern "C" {
            fn getrlimit(resource: i32, limit: *mut RLimit) -> i32;
            fn setrlimit(resource: i32, limit: *const RLimit) -> i32;
        }
        let mut limit = RLimit { soft: 0, hard: 0 };
        // SAFETY: getrlimit writes one `struct rlimit` (two 64-bit words on
        // Linux) into the live value we pass, and nothing else.
        #[allow(unsafe_code)]
        if unsafe { getrlimit(RLIMIT_NOFILE, &mut limit) } != 0 {
            return None;
        }
        if limit.soft < limit.hard {
            let raised = RLimit { soft: limit.hard, hard: limit.hard };
            // SAFETY: setrlimit only reads the value we pass; raising the
            // soft limit up to the hard one needs no privilege.
            #[allow(unsafe_code)]
            if unsafe { setrlimit(RLIMIT_NOFILE, &raised) } == 0 {
                limit.soft = limit.hard;
            }
        }
        Some(limit.soft)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_sized_to_the_descriptors() {
        assert_eq!(connections_for(1_024), 960);
        assert_eq!(connections_for(10), 0);
        assert_eq!(connections_for(20_000), 19_936);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_soft_limit_is_raised_to_the_hard_one() {
        let soft = raise_open_file_limit().expect("readable on Linux");
        // "Max open files  SOFT  HARD  files", as the kernel reports it.
        let limits = std::fs::read_to_string("/proc/self/limits").unwrap();
        let line = limits.lines().find(|l| l.starts_with("Max open files")).unwrap();
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (soft_now, hard) = (fields[3], fields[4]);
        assert_eq!(soft_now, soft.to_string());
        if hard != "unlimited" {
            assert_eq!(soft.to_string(), hard);
        }
    }
}
