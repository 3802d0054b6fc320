//! Reading a person's files with a cap on their size.
//!
//! Every file the program reads (saved games, positions, settings, setups,
//! bot configurations) is small. A file far larger than any of them, or one
//! that never ends (`/dev/zero`, a pipe), is refused with a clear error
//! after [`MAX_FILE_BYTES`] bytes instead of filling the memory.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The largest file the program reads: 16 MB.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// The bytes of the file at `path`, at most `max` of them: a longer file is
/// an [`io::ErrorKind::InvalidData`] error that says so.
pub fn read_capped(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    File::open(path)?.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("the file is larger than {max} bytes, too large for this program"),
        ));
    }
    Ok(bytes)
}

/// The text of the file at `path`, read as [`read_capped`] does; text that
/// is not UTF-8 is an [`io::ErrorKind::InvalidData`] error.
pub fn read_text_capped(path: &Path, max: u64) -> io::Result<String> {
    String::from_utf8(read_capped(path, max)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "the file is not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_is_refused_after_the_cap() {
        let err = read_capped(Path::new("/dev/zero"), 1 << 10).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert!(err.to_string().contains("larger than 1024 bytes"), "{err}");
    }

    #[test]
    fn a_small_file_reads_whole_and_bad_text_is_named() {
        let dir = std::env::temp_dir().join(format!("boardsuite-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (good, bad) = (dir.join("good.txt"), dir.join("bad.txt"));
        std::fs::write(&good, "ok\n").unwrap();
        std::fs::write(&bad, b"\xff\xfe").unwrap();
        assert_eq!(read_text_capped(&good, 3).unwrap(), "ok\n");
        assert!(read_text_capped(&good, 2).is_err());
        assert!(read_text_capped(&bad, 10).unwrap_err().to_string().contains("not UTF-8"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
