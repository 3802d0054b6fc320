//! Record files in the page: a download is a file the browser saves, an
//! upload a file picked in the browser's file picker, read by the page's
//! script (`shell/web/boardsuite.js`).

use super::page;
use crate::record_files::{RecordFiles, Upload};

/// The page's record files, through its script.
#[derive(Debug)]
pub struct PageFiles;

impl RecordFiles for PageFiles {
    fn download(&self, name: &str, text: &str) -> Result<(), String> {
        if page::download(name, text) {
            Ok(())
        } else {
            Err("the browser did not let the page download it".to_string())
        }
    }

    fn ask_for_upload(&self) {
        page::ask_for_upload();
    }

    fn take_upload(&self) -> Option<Upload> {
        page::take_upload().and_then(|held| Upload::from_held(&held))
    }
}
