//! The law is the same for both sides and both wings: every spec case, mirrored (files a↔i),
//! with its colours exchanged (ranks 0↔9, red↔black), and both, gets the spec case's verdict
//! under every rule set, with the colours exchanged where they are. A fact or a ruling that
//! looked at one side or one wing only would break it.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use xqlaw::corpus::generated::Transform;
use xqlaw::{Play, Verdict, judge, load_corpus};

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
    let corpus = load_corpus(Path::new("rules"), Path::new("spec-tests")).unwrap();
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
