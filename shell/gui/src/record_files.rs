//! Record files moved between the player's disk and a host that keeps
//! its saved games elsewhere (a web page keeps them in the browser's
//! storage): a download gives the player a record's text as a file, an
//! upload brings one back. The desktop saves straight into a folder the
//! player can reach, so it has none ([`crate::context::AppContext::record_files`]
//! is `None` there and the Saved games screen shows no such buttons).

/// The host's way of moving record files.
pub trait RecordFiles {
    /// Gives the player `text` as a file called `name`; `Err` in the
    /// player's words when the host could not.
    fn download(&self, name: &str, text: &str) -> Result<(), String>;
    /// Asks the player to pick a file; what they pick arrives later
    /// through [`RecordFiles::take_upload`] (nothing if they cancel).
    fn ask_for_upload(&self);
    /// The next file the player picked, once it has been read.
    fn take_upload(&self) -> Option<Upload>;
}

/// A file the player picked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upload {
    /// The file's name on the player's disk.
    pub name: String,
    /// Its text, or why it could not be read.
    pub text: Result<String, String>,
}

impl Upload {
    /// Reads the form the page's script hands over: a line `file` or
    /// `error`, a line with the file's name, then the text (or the
    /// problem). `None` for anything else.
    pub fn from_held(held: &str) -> Option<Upload> {
        let (kind, rest) = held.split_once('\n')?;
        let (name, body) = rest.split_once('\n').unwrap_or((rest, ""));
        let text = match kind {
            "file" => Ok(body.to_string()),
            "error" => Err(body.to_string()),
            _ => return None,
        };
        Some(Upload { name: name.to_string(), text })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scripts_form_reads_back() {
        assert_eq!(
            Upload::from_held("file\nstones.toml\nformat = 1\ngame = \"stones\"\n"),
            Some(Upload { name: "stones.toml".into(), text: Ok("format = 1\ngame = \"stones\"\n".into()) })
        );
        assert_eq!(
            Upload::from_held("error\nhuge.toml\nthe file is too big"),
            Some(Upload { name: "huge.toml".into(), text: Err("the file is too big".into()) })
        );
        assert_eq!(
            Upload::from_held("file\nempty.toml"),
            Some(Upload { name: "empty.toml".into(), text: Ok(String::new()) })
        );
        assert_eq!(Upload::from_held("sideways\nx\ny"), None);
        assert_eq!(Upload::from_held(""), None);
    }
}
