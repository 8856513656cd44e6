//! A spec file: it loads or yields an error pointing into the text; a loaded one replays or
//! says it cannot.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xqlaw::spec::SpecFile;

fuzz_target!(|text: &str| {
    if let Ok(spec) = SpecFile::from_yaml("fuzz.yaml", text) {
        let _ = spec.position_and_moves();
    }
});
