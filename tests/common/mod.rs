//! What the integration tests share: the law, the positions of the diagrams they start from,
//! the corpus loaded and judged once per test binary, and the skip of a test that reads the
//! published texts beside the repository. Each test file uses some of them.
#![allow(dead_code, reason = "each test file uses some of the fixtures")]

use std::io::Write as _;
use std::path::Path;
use std::sync::{Once, OnceLock};

use xqlaw::corpus::{Corpus, load_corpus};
use xqlaw::{CompiledRules, load_rules};

/// Hình 1 of the law: the white rook checks from h9 and h8 in turn.
pub const HINH_1: &str = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w";

/// Hình 62 of the law: White's cannon keeps a black rook under attack, an advisor moving up
/// and down as its screen.
pub const HINH_62: &str = "4kae2/4a4/4e3h/2r3p1p/2p2H3/9/1RP3P1P/4E3C/2r1A4/2H1KAEc1 w";

/// The project's folder: tests may run from elsewhere.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The text of the 1999 law, `rules/vn-1999.rules`.
pub fn law_text() -> String {
    std::fs::read_to_string(Path::new(ROOT).join("rules/vn-1999.rules")).unwrap()
}

/// The 1999 law, compiled.
pub fn law() -> CompiledRules {
    load_rules(&Path::new(ROOT).join("rules/vn-1999.rules")).unwrap()
}

/// Every rule set of `rules/` judging every spec file of `spec-tests/`: loaded and judged once
/// per test binary, whichever of its tests asks first.
pub fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| load_corpus(Path::new("rules"), Path::new("spec-tests")).unwrap())
}

/// Whether the published texts at `dir` are absent, so that a test reading them must skip.
///
/// They stand beside the repository in CI, not in it: the seeds mix third-party forum
/// articles and are not vendored. CI sets `XQLAW_REQUIRE_SOURCES=1`, which makes their absence
/// a failure. Otherwise the skip is said once per test binary, on the process's own standard
/// error: libtest captures `eprintln!` of a passing test, and a skip must be seen.
pub fn sources_absent(dir: &Path) -> bool {
    static SAID: Once = Once::new();
    if dir.is_dir() {
        return false;
    }
    assert!(
        std::env::var_os("XQLAW_REQUIRE_SOURCES").is_none(),
        "XQLAW_REQUIRE_SOURCES is set and the published texts do not stand at {}",
        dir.display()
    );
    SAID.call_once(|| {
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: the published texts are not at {} (they stand beside the repository in CI); the tests that read them pass without reading them",
            dir.display()
        );
    });
    true
}

/// Runs the `xqlaw` binary with `args` in the project's folder, with no input: its exit code,
/// standard output and standard error.
pub fn xqlaw(args: &[&str]) -> (i32, String, String) {
    xqlaw_in(Path::new(ROOT), args)
}

/// Runs the `xqlaw` binary with `args` in `dir`, with no input: its exit code, standard output
/// and standard error.
pub fn xqlaw_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xqlaw"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
