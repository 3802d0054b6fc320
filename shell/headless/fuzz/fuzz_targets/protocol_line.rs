//! Any bytes, read as protocol lines the way the server and client read
//! them, must never panic; every message that decodes must encode again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use headless::net::line::{LineError, LineReader};
use headless::protocol::{decode_client, decode_server, encode};

fuzz_target!(|data: &[u8]| {
    let mut reader = LineReader::new(data, 4096);
    loop {
        match reader.read_line() {
            Ok(line) => {
                if let Ok(message) = decode_client(&line) {
                    let again = encode(&message).expect("a decoded message encodes");
                    assert!(decode_client(&again).is_ok(), "{line} -> {again}");
                }
                if let Ok(message) = decode_server(&line) {
                    let again = encode(&message).expect("a decoded message encodes");
                    assert!(decode_server(&again).is_ok(), "{line} -> {again}");
                }
            }
            Err(LineError::NotUtf8) => {}
            Err(_) => break,
        }
    }
});
