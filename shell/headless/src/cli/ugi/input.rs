//! Input lines of the text protocols (`ugi`, `ucc-bot`), read so that no
//! input can stop the engine: bytes that are not UTF-8 are replaced, and a
//! line longer than [`MAX_INPUT_LINE`] is skipped to its end without being
//! held, so a runner that sends a gigabyte without a newline costs us
//! nothing but the time to read it.

use std::io::{self, BufRead};

/// The longest input line kept, in bytes. Real commands are far shorter:
/// the longest is a `position ... moves ...` of a long game (a few KiB).
pub const MAX_INPUT_LINE: usize = 1 << 20;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputLine {
    /// A line, without its `\n` or `\r\n`.
    Text(String),
    /// A line longer than the cap, skipped; how many bytes it had.
    TooLong(usize),
}

/// Reads the next line; `Ok(None)` at the end of input.
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<InputLine>> {
    let mut kept = Vec::new();
    let mut total = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if total == 0 {
                return Ok(None);
            }
            break;
        }
        let (part, found) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (&chunk[..at], true),
            None => (chunk, false),
        };
        if total + part.len() <= max {
            kept.extend_from_slice(part);
        }
        total += part.len();
        let used = part.len() + usize::from(found);
        input.consume(used);
        if found {
            break;
        }
    }
    if total > max {
        return Ok(Some(InputLine::TooLong(total)));
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(Some(InputLine::Text(String::from_utf8_lossy(&kept).into_owned())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_cr_and_bad_bytes() {
        let mut input: &[u8] = b"isready\r\nquit\n\xff\xfe go\nlast";
        let mut next = || read_line(&mut input, 64).unwrap();
        assert_eq!(next(), Some(InputLine::Text("isready".into())));
        assert_eq!(next(), Some(InputLine::Text("quit".into())));
        assert_eq!(next(), Some(InputLine::Text("\u{fffd}\u{fffd} go".into())));
        assert_eq!(next(), Some(InputLine::Text("last".into())));
        assert_eq!(next(), None);
    }

    #[test]
    fn a_long_line_is_skipped_without_being_held_and_reading_goes_on() {
        let mut text = vec![b'x'; 100_000];
        text.extend_from_slice(b"\nisready\n");
        // A small buffer, so the long line comes in many pieces.
        let mut input = std::io::BufReader::with_capacity(16, text.as_slice());
        assert_eq!(read_line(&mut input, 1000).unwrap(), Some(InputLine::TooLong(100_000)));
        assert_eq!(read_line(&mut input, 1000).unwrap(), Some(InputLine::Text("isready".into())));
        assert_eq!(read_line(&mut input, 1000).unwrap(), None);
        let mut exact: &[u8] = b"12345\n123456\n";
        assert_eq!(read_line(&mut exact, 5).unwrap(), Some(InputLine::Text("12345".into())));
        assert_eq!(read_line(&mut exact, 5).unwrap(), Some(InputLine::TooLong(6)));
    }
}
