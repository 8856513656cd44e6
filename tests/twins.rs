//! The law is the same for both sides and both wings: every spec case, mirrored (files a↔i),
//! with its colours exchanged (ranks 0↔9, red↔black), and both, gets the spec case's verdict
//! under every rule set, with the colours exchanged where they are. A fact or a ruling that
//! looked at one side or one wing only would break it.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

mod common;

use std::path::Path;

use xqlaw::corpus::generated::Transform;
use xqlaw::{Play, Verdict, judge};

/// The verdict with the colours exchanged.
fn exchanged(v: Verdict) -> Verdict {
    match v {
        Verdict::RedLoses => Verdict::BlackLoses,
        Verdict::BlackLoses => Verdict::RedLoses,
        other => other,
    }
}

#[test]
fn mirrored_and_colour_flipped_spec_cases_keep_their_verdicts() {
    let corpus = common::corpus();
    let mut judged = 0;
    let mut wrong = Vec::new();
    for d in &corpus.diagrams {
        for (rules, original) in corpus.rules.iter().zip(&d.judgements) {
            let Some(original) = original else { continue };
            for t in Transform::ALL {
                let (start, moves) = t.play(d.play.start(), d.play.moves()).unwrap();
                let mut play = Play::new(start, moves);
                if let Some(reason) = d.play.assumed_cycle() {
                    play = play.assuming_cycle(reason);
                }
                let twin = judge(rules, &play).unwrap().verdict();
                let want = if t.exchanges_colours() {
                    exchanged(original.verdict())
                } else {
                    original.verdict()
                };
                judged += 1;
                if twin != want {
                    wrong.push(format!(
                        "{} {} {}: {twin:?}, the case gives {:?}",
                        rules.name(),
                        t.name(),
                        d.spec.id,
                        original.verdict()
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every case under every rule set, three twins each.
    assert_eq!(judged, corpus.diagrams.len() * corpus.rules.len() * 3);
}

/// The generated corpus in the project is the one `xqlaw generate` writes from the spec cases
/// and the default seed: a spec case added, changed or retired, or a change of the generator,
/// fails here until the corpus is written anew.
#[test]
fn the_generated_corpus_is_fresh() {
    use xqlaw::corpus::generated::{
        CORPUS_FILE, DEFAULT_RANDOM_PLAYS, DEFAULT_SEED, generate, spec_cases, to_jsonl,
    };
    use xqlaw::corpus::load_specs;
    let specs = load_specs(&[Path::new("spec-tests").to_path_buf()]).unwrap();
    let plays = generate(
        DEFAULT_SEED,
        DEFAULT_RANDOM_PLAYS,
        &spec_cases(&specs.diagrams),
    );
    let written = std::fs::read_to_string(Path::new("spec-tests").join(CORPUS_FILE)).unwrap();
    assert!(
        written == to_jsonl(&plays),
        "spec-tests/{CORPUS_FILE} is stale: run `xqlaw generate`"
    );
}
