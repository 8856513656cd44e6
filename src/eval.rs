//! Judging a disputed play with a compiled rule set.
//!
//! Each ply is classified by the rule set's terms (in the predicate graph's topological
//! order); each side's rulings are matched over that side's moves, overrides applied, and the
//! verdict table combines the two outcomes. [`Judgement::explain`] says why in words.

mod decided;
mod err;
mod explain;
mod pattern;
mod play;
mod verdict;

use serde::Serialize;

pub use decided::{Decided, Decider};
pub use err::{EmptyPlay, EvalError};
pub use explain::{PlyReport, ThreatReport};
pub use play::{Play, PlayFacts};
pub use verdict::{FiredRuling, MatchedRow, SideJudgement};

use crate::compile::CompiledRules;
use crate::facts::{Repetition, SequenceFacts};
use crate::vocab::Verdict;
use crate::xiangqi::Color;

/// The judgement of a play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Judgement {
    /// The rule set's name.
    pub rules: String,
    /// The rule set's title.
    #[serde(skip)]
    pub title: Option<String>,
    /// Who loses, if anyone.
    pub verdict: Verdict,
    /// Red's side.
    pub red: SideJudgement,
    /// Black's side.
    pub black: SideJudgement,
    /// The verdict row that matched.
    pub row: Option<MatchedRow>,
    /// Whether and where the play repeats a position. Without a repetition (found or
    /// assumed) no ruling is tried and the verdict is [`Verdict::NoRepetition`].
    pub repetition: Repetition,
    /// Every ply, classified.
    pub plies: Vec<PlyReport>,
}

impl Judgement {
    /// Who loses, if anyone.
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// One side's judgement.
    pub fn side(&self, color: Color) -> &SideJudgement {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// The judgement in words: the moves classified by the terms, the rulings that fired for
    /// each side with their articles and quotes, and the verdict row that decided.
    pub fn explain(&self) -> String {
        explain::render(self)
    }
}

/// Judges a play with a rule set: the door into the evaluator. The facts are computed under the
/// rule set's settings; a play that repeats no position (and presumes no cycle) gets
/// [`Verdict::NoRepetition`] and no ruling is tried.
///
/// # Errors
///
/// There are no moves, or a move is illegal.
pub fn judge(rules: &CompiledRules, play: &Play) -> Result<Judgement, EvalError> {
    Ok(play.facts(&rules.settings)?.judge(rules))
}

/// [`judge`] without the explanation of each ply: the decision alone, what a batch line
/// prints.
///
/// # Errors
///
/// There are no moves, or a move is illegal.
pub fn decide(rules: &CompiledRules, play: &Play) -> Result<Decision, EvalError> {
    Ok(play.facts(&rules.settings)?.decide(rules))
}

impl PlayFacts<'_> {
    /// Judges the play with `rules`, whose settings must be those the facts were computed
    /// with ([`PlayFacts::settings`]).
    pub fn judge(&self, rules: &CompiledRules) -> Judgement {
        judge_sequence(rules, &self.facts, self.play.texts())
    }

    /// [`PlayFacts::judge`] without the explanation of each ply.
    pub fn decide(&self, rules: &CompiledRules) -> Decision {
        decide_classified(rules, &self.facts, &classify(rules, &self.facts))
    }
}

/// What a judgement decides, without the explanation of each ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// Who loses, if anyone.
    pub verdict: Verdict,
    /// Red's side.
    pub red: SideJudgement,
    /// Black's side.
    pub black: SideJudgement,
    /// The verdict row that matched.
    pub row: Option<MatchedRow>,
}

/// The term values of every ply. A disputed play repeats its moves: a ply with the same facts
/// as an earlier one (see [`pattern::first_same`]) takes its values.
fn classify(rules: &CompiledRules, facts: &SequenceFacts) -> Vec<pattern::PlyValues> {
    let first_same = pattern::first_same(facts);
    let mut values: Vec<pattern::PlyValues> = Vec::with_capacity(facts.plies.len());
    for (i, ply) in facts.plies.iter().enumerate() {
        let known = first_same
            .get(i)
            .filter(|&&j| j < i)
            .and_then(|&j| values.get(j))
            .cloned();
        values.push(known.unwrap_or_else(|| pattern::classify(rules, ply)));
    }
    values
}

/// Decides a play whose facts are computed and classified (`values`, one per ply).
fn decide_classified(
    rules: &CompiledRules,
    facts: &SequenceFacts,
    values: &[pattern::PlyValues],
) -> Decision {
    let play = pattern::Play::new(facts, values);
    // The rulings speak of repeated play only; a play that repeats nothing is not judged.
    if facts.repetition.judged() {
        let red = verdict::judge_side(rules, &play, Color::Red);
        let black = verdict::judge_side(rules, &play, Color::Black);
        let (verdict, row) = verdict::combine(rules, &red, &black);
        Decision {
            verdict,
            red,
            black,
            row,
        }
    } else {
        Decision {
            verdict: Verdict::NoRepetition,
            red: verdict::unjudged_side(&play, Color::Red),
            black: verdict::unjudged_side(&play, Color::Black),
            row: None,
        }
    }
}

/// Judges a play whose facts are computed, naming its plies with `texts` when the caller wrote
/// them. Plies alternate sides; each ply's `mover` says whose move it is.
fn judge_sequence(
    rules: &CompiledRules,
    facts: &SequenceFacts,
    texts: Option<&[String]>,
) -> Judgement {
    let values = classify(rules, facts);
    let plies = facts
        .plies
        .iter()
        .zip(&values)
        .enumerate()
        .map(|(i, (p, v))| {
            let text = texts.and_then(|t| t.get(i)).cloned();
            explain::ply_report(rules, p, v, text)
        })
        .collect();
    let Decision {
        verdict,
        red,
        black,
        row,
    } = decide_classified(rules, facts, &values);
    Judgement {
        rules: rules.name.clone(),
        title: rules.title.clone(),
        verdict,
        red,
        black,
        row,
        plies,
        repetition: facts.repetition.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::compile_str;
    use crate::facts::{MoveFact, PieceAt, PieceId, PlyFacts, Threat, ThreatFact};
    use crate::vocab::Outcome;
    use crate::xiangqi::{Piece, Role};

    const RED: Color = Color::Red;
    const BLACK: Color = Color::Black;

    /// Judges hand-made facts, their plies named by their squares.
    fn judge_facts(rules: &CompiledRules, facts: &SequenceFacts) -> Judgement {
        judge_sequence(rules, facts, None)
    }

    fn rules() -> CompiledRules {
        compile_str("basic.rules", include_str!("../tests/rules/basic.rules")).unwrap()
    }

    fn at(id: u8, color: Color, role: Role, square: &str) -> PieceAt {
        PieceAt {
            id: PieceId(id),
            piece: Piece::new(color, role),
            square: square.parse().unwrap(),
        }
    }

    fn threat(attacker: PieceAt, target: PieceAt, facts: &[ThreatFact]) -> Threat {
        Threat {
            attacker,
            target,
            protectors: Vec::new(),
            protection_lost: Vec::new(),
            facts: facts.to_vec(),
            target_pinners: Vec::new(),
            attacker_pinners: Vec::new(),
        }
    }

    /// A ply by `mover` (moves are not checked: the evaluator never looks at the board).
    fn ply(
        mover: Color,
        mv: &str,
        piece: PieceAt,
        facts: &[MoveFact],
        threats: Vec<Threat>,
    ) -> PlyFacts {
        PlyFacts {
            ply: 0,
            mover,
            mv: mv.parse().unwrap(),
            piece,
            captured: None,
            checkers: Vec::new(),
            threats,
            mate_line: Vec::new(),
            facts: facts.to_vec(),
        }
    }

    fn seq(mut plies: Vec<PlyFacts>) -> SequenceFacts {
        for (i, p) in plies.iter_mut().enumerate() {
            p.ply = i;
        }
        SequenceFacts {
            start_fen: String::new(),
            plies,
            // The evaluator's tests judge hand-made facts as the cycle they stand for.
            repetition: Repetition::None.assume("a hand-made cycle"),
        }
    }

    /// A black move that does nothing the rules speak of.
    fn black_idle(mv: &str) -> PlyFacts {
        ply(
            BLACK,
            mv,
            at(30, BLACK, Role::Advisor, &mv[2..]),
            &[],
            Vec::new(),
        )
    }

    fn in_force(j: &Judgement, color: Color) -> Vec<&str> {
        j.side(color).in_force().collect()
    }

    fn fired(j: &Judgement, color: Color) -> Vec<&str> {
        j.side(color).fired.iter().map(|f| f.id.as_str()).collect()
    }

    const NEW: &[ThreatFact] = &[ThreatFact::New];

    #[test]
    fn perpetual_check_loses() {
        let rook = |sq| at(1, RED, Role::Rook, sq);
        let facts = seq(vec![
            ply(RED, "h8h9", rook("h9"), &[MoveFact::Check], vec![]),
            black_idle("f9f8"),
            ply(RED, "h9h8", rook("h8"), &[MoveFact::Check], vec![]),
            black_idle("f8f9"),
        ]);
        let j = judge_facts(&rules(), &facts);
        assert_eq!(j.verdict(), Verdict::RedLoses);
        assert_eq!(in_force(&j, RED), ["perpetual-check"]);
        assert_eq!(j.black.outcome, Outcome::Allowed);
        assert_eq!(j.row.as_ref().unwrap().row, 3);
    }

    /// A rule set in which perpetual check is the graver violation, said on the ruling.
    const GRAVER: &str = "rules g\n\
        ruling perpetual-check when every move check → forbidden graver\n\
        ruling perpetual-chase when every move new on same target → forbidden\n\
        verdict\n\
            side forbidden graver and other forbidden graver → draw\n\
            side forbidden graver → side loses\n\
            side forbidden and other forbidden → draw\n\
            side forbidden → side loses\n\
            otherwise → draw\n";

    /// Red checks on every move with a rook; Black's answers chase the rook, or check back.
    fn checks_against(black_checks: bool) -> SequenceFacts {
        let rook = |sq| at(1, RED, Role::Rook, sq);
        let horse = |sq: &str| at(20, BLACK, Role::Horse, sq);
        let black = |mv: &str, to: &str, target: PieceAt| {
            let facts: &[MoveFact] = if black_checks {
                &[MoveFact::Check]
            } else {
                &[]
            };
            ply(
                BLACK,
                mv,
                horse(to),
                facts,
                vec![threat(horse(to), target, NEW)],
            )
        };
        seq(vec![
            ply(RED, "h8h9", rook("h9"), &[MoveFact::Check], vec![]),
            black("g7f9", "f9", rook("h9")),
            ply(RED, "h9h8", rook("h8"), &[MoveFact::Check], vec![]),
            black("f9g7", "g7", rook("h8")),
        ])
    }

    #[test]
    fn the_graver_violation_loses_and_two_graver_ones_draw() {
        let rules = compile_str("g.rules", GRAVER).unwrap();
        let j = judge_facts(&rules, &checks_against(false));
        assert_eq!(in_force(&j, BLACK), ["perpetual-chase"]);
        assert_eq!(j.verdict(), Verdict::RedLoses);
        assert_eq!(j.row.as_ref().unwrap().row, 2);
        let j = judge_facts(&rules, &checks_against(true));
        assert_eq!(j.verdict(), Verdict::Draw);
        assert_eq!(j.row.as_ref().unwrap().row, 1);
        // Without `graver` the two violations weigh the same: a draw.
        let plain = compile_str("p.rules", &GRAVER.replace(" graver\nruling", "\nruling"));
        let plain = plain.unwrap();
        let j = judge_facts(&plain, &checks_against(false));
        assert_eq!(j.verdict(), Verdict::Draw);
        assert_eq!(j.row.as_ref().unwrap().row, 3);
    }

    #[test]
    fn chase_of_one_piece_by_one_attacker_overrides_the_general_ruling() {
        let horse = |sq| at(20, BLACK, Role::Horse, sq);
        let rook = |sq| at(1, RED, Role::Rook, sq);
        let facts = seq(vec![
            ply(
                RED,
                "e5e6",
                rook("e6"),
                &[],
                vec![threat(rook("e6"), horse("g6"), NEW)],
            ),
            ply(BLACK, "g6g5", horse("g5"), &[MoveFact::Evasion], vec![]),
            ply(
                RED,
                "e6e5",
                rook("e5"),
                &[],
                vec![threat(rook("e5"), horse("g5"), NEW)],
            ),
            ply(BLACK, "g5g6", horse("g6"), &[MoveFact::Evasion], vec![]),
        ]);
        let j = judge_facts(&rules(), &facts);
        assert_eq!(j.verdict(), Verdict::RedLoses);
        assert_eq!(in_force(&j, RED), ["chase-by-one"]);
        let general = j
            .red
            .fired
            .iter()
            .find(|f| f.id == "perpetual-chase")
            .unwrap();
        assert_eq!(general.overridden_by, ["chase-by-one"]);
        let by_one = j.red.fired.iter().find(|f| f.id == "chase-by-one").unwrap();
        assert_eq!(
            by_one.target.map(|t| t.to_string()).as_deref(),
            Some("black horse g5")
        );
        assert_eq!(
            by_one.attacker.map(|a| a.to_string()).as_deref(),
            Some("red rook e5")
        );
        insta::assert_snapshot!(j.explain());
    }

    #[test]
    fn chase_of_one_piece_by_two_attackers() {
        let horse = |sq| at(20, BLACK, Role::Horse, sq);
        let rook = at(1, RED, Role::Rook, "e6");
        let cannon = at(2, RED, Role::Cannon, "c5");
        let facts = seq(vec![
            ply(RED, "e5e6", rook, &[], vec![threat(rook, horse("g6"), NEW)]),
            ply(BLACK, "g6g5", horse("g5"), &[], vec![]),
            ply(
                RED,
                "c6c5",
                cannon,
                &[],
                vec![threat(cannon, horse("g5"), NEW)],
            ),
            ply(BLACK, "g5g6", horse("g6"), &[], vec![]),
        ]);
        let j = judge_facts(&rules(), &facts);
        assert_eq!(j.verdict(), Verdict::RedLoses);
        assert_eq!(in_force(&j, RED), ["perpetual-chase"]);
        assert!(!fired(&j, RED).contains(&"chase-by-one"));
    }

    #[test]
    fn chasing_two_pieces_in_turn_is_allowed() {
        let rook = |sq| at(1, RED, Role::Rook, sq);
        let horse = at(20, BLACK, Role::Horse, "g6");
        let cannon = at(21, BLACK, Role::Cannon, "c6");
        let facts = seq(vec![
            ply(
                RED,
                "e5e6",
                rook("e6"),
                &[],
                vec![threat(rook("e6"), horse, NEW)],
            ),
            black_idle("d9e8"),
            ply(
                RED,
                "e6e5",
                rook("e5"),
                &[],
                vec![threat(rook("e5"), cannon, NEW)],
            ),
            black_idle("e8d9"),
        ]);
        let j = judge_facts(&rules(), &facts);
        assert_eq!(j.verdict(), Verdict::Draw);
        assert_eq!(in_force(&j, RED), ["chase-in-turn"]);
        assert_eq!(j.red.outcome, Outcome::Allowed);
    }

    #[test]
    fn a_really_protected_piece_may_be_chased_but_not_a_rook_by_a_horse() {
        let horse = |sq| at(3, RED, Role::Horse, sq);
        let protected = &[ThreatFact::New, ThreatFact::ReallyProtected];
        let target = |role| at(20, BLACK, role, "g7");
        let facts = |role| {
            seq(vec![
                ply(
                    RED,
                    "e5f7",
                    horse("f7"),
                    &[],
                    vec![threat(horse("f7"), target(role), protected)],
                ),
                black_idle("d9e8"),
                ply(
                    RED,
                    "f7e5",
                    horse("e5"),
                    &[],
                    vec![threat(horse("e5"), target(role), protected)],
                ),
                black_idle("e8d9"),
            ])
        };
        let rules = rules();
        assert_eq!(
            judge_facts(&rules, &facts(Role::Cannon)).verdict(),
            Verdict::Draw
        );
        assert_eq!(
            judge_facts(&rules, &facts(Role::Rook)).verdict(),
            Verdict::RedLoses
        );
    }

    #[test]
    fn unless_sets_a_ruling_aside() {
        let horse = |sq| at(20, BLACK, Role::Horse, sq);
        let rook = |sq| at(1, RED, Role::Rook, sq);
        let both = &[MoveFact::Check];
        let facts = seq(vec![
            ply(
                RED,
                "e5e6",
                rook("e6"),
                both,
                vec![threat(rook("e6"), horse("g6"), NEW)],
            ),
            black_idle("d9e8"),
            ply(
                RED,
                "e6e5",
                rook("e5"),
                both,
                vec![threat(rook("e5"), horse("g6"), NEW)],
            ),
            black_idle("e8d9"),
        ]);
        let j = judge_facts(&rules(), &facts);
        // `perpetual-chase` and `chase-by-one` hold but `unless every move check` stops them.
        assert_eq!(fired(&j, RED), ["perpetual-check"]);
        assert_eq!(j.verdict(), Verdict::RedLoses);
    }

    #[test]
    fn king_chase_overrides_both_chase_rulings() {
        let king = |sq| at(5, RED, Role::King, sq);
        let target = at(20, BLACK, Role::Rook, "e7");
        let facts = seq(vec![
            ply(
                RED,
                "e0e1",
                king("e1"),
                &[],
                vec![threat(king("e1"), target, NEW)],
            ),
            black_idle("d9e8"),
            ply(
                RED,
                "e1e0",
                king("e0"),
                &[],
                vec![threat(king("e0"), target, NEW)],
            ),
            black_idle("e8d9"),
        ]);
        let j = judge_facts(&rules(), &facts);
        // `chase` excludes a king attacker, so only `king-chase` fires.
        assert_eq!(in_force(&j, RED), ["king-chase"]);
        assert_eq!(j.verdict(), Verdict::Draw);
    }

    #[test]
    fn overrides_apply_only_when_the_overrider_is_in_force() {
        let rules = compile_str(
            "o.rules",
            "rules o
             ruling a when every move check → forbidden
             ruling b when every move check → allowed overrides a
             ruling c when every move check → forbidden overrides b
             verdict side forbidden → side loses otherwise → draw",
        )
        .unwrap();
        let rook = at(1, RED, Role::Rook, "h9");
        let facts = seq(vec![
            ply(RED, "h8h9", rook, &[MoveFact::Check], vec![]),
            black_idle("f9f8"),
        ]);
        let j = judge_facts(&rules, &facts);
        // c sets b aside, so b cannot set a aside.
        assert_eq!(in_force(&j, RED), ["c", "a"]);
        assert_eq!(
            j.red
                .fired
                .iter()
                .find(|f| f.id == "b")
                .unwrap()
                .overridden_by,
            ["c"]
        );
        assert_eq!(j.verdict(), Verdict::RedLoses);
    }

    #[test]
    fn opponent_patterns_look_at_the_other_side() {
        let rook = |sq| at(1, RED, Role::Rook, sq);
        let brook = |sq| at(21, BLACK, Role::Rook, sq);
        let t1 = at(20, BLACK, Role::Horse, "g6");
        let t2 = at(22, BLACK, Role::Cannon, "c6");
        let t3 = at(2, RED, Role::Horse, "g3");
        let facts = seq(vec![
            ply(
                RED,
                "e5e6",
                rook("e6"),
                &[],
                vec![threat(rook("e6"), t1, NEW)],
            ),
            ply(
                BLACK,
                "a9a3",
                brook("a3"),
                &[],
                vec![threat(brook("a3"), t3, NEW)],
            ),
            ply(
                RED,
                "e6e5",
                rook("e5"),
                &[],
                vec![threat(rook("e5"), t2, NEW)],
            ),
            ply(BLACK, "a3a9", brook("a9"), &[], vec![]),
        ]);
        let j = judge_facts(&rules(), &facts);
        assert!(fired(&j, RED).contains(&"two-against-one"));
        assert!(!fired(&j, BLACK).contains(&"two-against-one"));
    }

    #[test]
    fn verdict_rows_combine_both_sides() {
        let horse = |sq| at(20, BLACK, Role::Horse, sq);
        let rook = |sq| at(1, RED, Role::Rook, sq);
        let brook = |sq| at(21, BLACK, Role::Rook, sq);
        let rhorse = |sq| at(2, RED, Role::Horse, sq);
        // Both sides chase one piece with one attacker: both forbidden, no check: row 2, draw.
        let facts = seq(vec![
            ply(
                RED,
                "e5e6",
                rook("e6"),
                &[],
                vec![threat(rook("e6"), horse("g6"), NEW)],
            ),
            ply(
                BLACK,
                "a9a3",
                brook("a3"),
                &[],
                vec![threat(brook("a3"), rhorse("g3"), NEW)],
            ),
            ply(
                RED,
                "e6e5",
                rook("e5"),
                &[],
                vec![threat(rook("e5"), horse("g6"), NEW)],
            ),
            ply(
                BLACK,
                "a3a4",
                brook("a4"),
                &[],
                vec![threat(brook("a4"), rhorse("g3"), NEW)],
            ),
        ]);
        let j = judge_facts(&rules(), &facts);
        assert_eq!(j.red.outcome, Outcome::Forbidden);
        assert_eq!(j.black.outcome, Outcome::Forbidden);
        assert_eq!(j.row.as_ref().unwrap().row, 2);
        assert_eq!(j.verdict(), Verdict::Draw);
    }

    #[test]
    fn check_against_chase_loses_for_the_checker_whoever_moves_first() {
        let horse = |sq| at(20, BLACK, Role::Horse, sq);
        let rook = |sq| at(1, RED, Role::Rook, sq);
        let brook = |sq| at(21, BLACK, Role::Rook, sq);
        // Black checks, red chases one black piece; black moved first.
        let facts = seq(vec![
            ply(BLACK, "a9a0", brook("a0"), &[MoveFact::Check], vec![]),
            ply(
                RED,
                "e5e6",
                rook("e6"),
                &[],
                vec![threat(rook("e6"), horse("g6"), NEW)],
            ),
            ply(BLACK, "a0a9", brook("a9"), &[MoveFact::Check], vec![]),
            ply(
                RED,
                "e6e5",
                rook("e5"),
                &[],
                vec![threat(rook("e5"), horse("g6"), NEW)],
            ),
        ]);
        let j = judge_facts(&rules(), &facts);
        let row = j.row.clone().unwrap();
        assert_eq!((row.row, row.side), (1, BLACK));
        assert_eq!(j.verdict(), Verdict::BlackLoses);
    }

    #[test]
    fn every_over_no_moves_is_false() {
        let rook = at(1, RED, Role::Rook, "h9");
        let facts = seq(vec![ply(RED, "h8h9", rook, &[MoveFact::Check], vec![])]);
        let j = judge_facts(&rules(), &facts);
        assert_eq!(j.black.moves, 0);
        assert!(j.black.fired.is_empty());
        assert_eq!(j.verdict(), Verdict::RedLoses);
    }

    #[test]
    fn serialises_the_verdict_in_snake_case() {
        let facts = seq(vec![black_idle("d9e8")]);
        let j = judge_facts(&rules(), &facts);
        let json = serde_json::to_value(&j).unwrap();
        assert_eq!(json["verdict"], "draw");
        assert_eq!(json["red"]["outcome"], "allowed");
        assert_eq!(
            serde_json::to_value(Verdict::RedLoses).unwrap(),
            "red_loses"
        );
    }
}
