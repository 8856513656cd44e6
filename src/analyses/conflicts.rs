//! Conflicts inside one rule set: two rulings that apply to the same side of a spec diagram
//! with equal precedence (neither overrides the other, both in force), one allowing the play
//! and the other forbidding it.
//!
//! The evaluator still decides such a play (a forbidding ruling in force makes the side's play
//! forbidden), but the rule set does not say which of its two sentences governs: the committee
//! should say so with `overrides` or `unless`. `xqlaw check` looks at every rule file's
//! judgements of the spec corpus and reports each colliding pair once, with the diagrams
//! where it collides.

mod diagnostics;

use crate::corpus::Corpus;
use crate::eval::SideJudgement;
use crate::vocab::Outcome;

pub use diagnostics::{CitedRuling, ConflictDiagnostic, ConflictKind, Role};

/// Two rulings of equal precedence that give one side different outcomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The ruling that allows the play.
    pub allowing: String,
    /// The ruling that forbids it.
    pub forbidding: String,
    /// Where they collide: each diagram's title and the side they both apply to.
    pub diagrams: Vec<(String, &'static str)>,
}

/// The pairs of rulings in force for the same side, one allowing and one forbidding.
fn colliding(side: &SideJudgement) -> Vec<(String, String)> {
    let in_force = |outcome: Outcome| {
        side.rulings_in_force()
            .filter(move |f| f.outcome == outcome)
    };
    in_force(Outcome::Allowed)
        .flat_map(|a| in_force(Outcome::Forbidden).map(|f| (a.id.clone(), f.id.clone())))
        .collect()
}

/// Every conflict of rule set `k` of `corpus` (an index into [`Corpus::rules`]) on the
/// corpus's diagrams, in rule-set order of the forbidding ruling.
pub fn find(corpus: &Corpus, k: usize) -> Vec<Conflict> {
    let Some(rules) = corpus.rules.get(k) else {
        return Vec::new();
    };
    let found = corpus.diagrams.iter().flat_map(|d| {
        let judged = d.judgements.get(k).and_then(Option::as_ref);
        judged.into_iter().flat_map(move |j| {
            [&j.red, &j.black].into_iter().flat_map(move |side| {
                colliding(side)
                    .into_iter()
                    .map(move |(a, f)| (a, f, d.spec.title.clone(), side.side.name()))
            })
        })
    });
    let position = |id: &str| rules.rulings.iter().position(|r| r.id == id);
    let mut conflicts: Vec<Conflict> = Vec::new();
    for (allowing, forbidding, title, side) in found {
        let at = conflicts
            .iter()
            .position(|c| c.allowing == allowing && c.forbidding == forbidding);
        match at {
            Some(i) => {
                if let Some(c) = conflicts.get_mut(i) {
                    c.diagrams.push((title, side));
                }
            }
            None => conflicts.push(Conflict {
                allowing,
                forbidding,
                diagrams: vec![(title, side)],
            }),
        }
    }
    conflicts.sort_by_key(|c| (position(&c.forbidding), position(&c.allowing)));
    conflicts
}

/// The rulings of a group of conflicts, each once, in order of appearance.
fn rulings_of(group: &[Conflict]) -> Vec<&str> {
    let mut ids: Vec<&str> = Vec::new();
    for c in group {
        for id in [c.forbidding.as_str(), c.allowing.as_str()] {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{CompiledRules, compile_str};
    use crate::corpus::Diagram;
    use crate::test_support::TOY_SPEC;

    fn rules(overrides: &str) -> CompiledRules {
        let text = format!(
            "rules toy\nterm checking on move = check\n\
             ruling perpetual-check when every move checking → forbidden {overrides}\n\
             ruling checks-allowed article \"X\" when some move checking → allowed\n\
             verdict\n    side forbidden → side loses\n    otherwise → draw\n"
        );
        compile_str("toy", &text).unwrap()
    }

    /// The toy diagram judged by `rules`.
    fn corpus(rules: CompiledRules) -> Corpus {
        let diagram = Diagram::from_text("toy/toy-01.yaml", TOY_SPEC);
        Corpus::new(vec![rules], vec![diagram])
    }

    #[test]
    fn rulings_in_force_with_opposite_outcomes_conflict() {
        let corpus = corpus(rules(""));
        let rules = &corpus.rules[0];
        let found = find(&corpus, 0);
        assert_eq!(
            found,
            [Conflict {
                allowing: "checks-allowed".to_owned(),
                forbidding: "perpetual-check".to_owned(),
                diagrams: vec![("Toy".to_owned(), "red")],
            }]
        );
        let diagnostic = ConflictDiagnostic::of(rules, &found[0]).unwrap();
        let message = diagnostic.to_string();
        assert!(
            message.contains("`checks-allowed` (X) and `perpetual-check` conflict"),
            "{message}"
        );
        assert!(message.ends_with("play in Toy (red)"), "{message}");
        // At the forbidding ruling, the allowing one related at its own line.
        use miette::Diagnostic;
        let label = diagnostic.labels().unwrap().next().unwrap();
        assert_eq!(label.label(), Some("forbids the play (no article)"));
        assert_eq!(diagnostic.line(), 3);
        let related: Vec<&dyn Diagnostic> = diagnostic.related().unwrap().collect();
        assert_eq!(related.len(), 1);
        assert_eq!(related[0].to_string(), "`checks-allowed` (X) allows it (X)");
        assert_eq!(related[0].severity(), Some(miette::Severity::Advice));
        let label = related[0].labels().unwrap().next().unwrap();
        assert_eq!(label.label(), Some("allows it (X)"));
        assert!(related[0].code().is_none());
    }

    #[test]
    fn an_override_settles_the_precedence() {
        let found = find(&corpus(rules("overrides checks-allowed")), 0);
        assert!(found.is_empty(), "{found:?}");
    }
}
