//! A rule file: it compiles or yields diagnostics, whose rendering must not panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Err(errors) = xqlaw::compile_str("fuzz.rules", text) {
        let _ = format!("{errors:?}");
    }
});
