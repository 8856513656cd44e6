//! Merges the copies of one diagram printed in several files.
//!
//! One copy is kept: a copy that imports beats one that fails, then the one with fewer errata,
//! then the one with commentary, then the first in file-name order. Every difference between
//! the kept copy and another one is reported.

/// What the merge compares of one copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopySummary {
    /// Whether the copy's moves replay (after errata).
    pub imports: bool,
    /// How many errata the copy needs.
    pub errata: usize,
    /// The printed FEN.
    pub fen: String,
    /// The printed moves.
    pub moves: Vec<String>,
    /// The commentary paragraphs.
    pub commentary: Vec<String>,
    /// The article id and text.
    pub article: Option<(String, String)>,
}

/// A part of a diagram on which two copies disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The printed FEN.
    Fen,
    /// The printed moves.
    Moves,
    /// The commentary.
    Commentary,
    /// The article heading above the diagram.
    Article,
}

impl Field {
    /// The field's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Field::Fen => "FEN",
            Field::Moves => "moves",
            Field::Commentary => "commentary",
            Field::Article => "article",
        }
    }
}

/// Two copies that disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// Index of the other copy.
    pub other: usize,
    /// The fields that differ.
    pub fields: Vec<Field>,
}

/// The outcome of merging the copies of one diagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merged {
    /// Index of the kept copy.
    pub kept: usize,
    /// Why that copy is kept (only meaningful when there are conflicts).
    pub why: String,
    /// The copies that differ from the kept one.
    pub conflicts: Vec<Conflict>,
}

/// Merges copies given in file-name order (earlier files first).
pub fn merge(copies: &[CopySummary]) -> Merged {
    let key = |c: &CopySummary| (!c.imports, c.errata, c.commentary.is_empty());
    let kept = copies
        .iter()
        .enumerate()
        .min_by_key(|(i, c)| (key(c), *i))
        .map_or(0, |(i, _)| i);
    let mut conflicts = Vec::new();
    let mut why = String::from("it is the first copy in file-name order");
    if let Some(k) = copies.get(kept) {
        for (i, c) in copies.iter().enumerate() {
            if i == kept {
                continue;
            }
            let mut fields = Vec::new();
            if c.fen != k.fen {
                fields.push(Field::Fen);
            }
            if c.moves != k.moves {
                fields.push(Field::Moves);
            }
            if c.commentary != k.commentary {
                fields.push(Field::Commentary);
            }
            if c.article != k.article {
                fields.push(Field::Article);
            }
            if !fields.is_empty() {
                conflicts.push(Conflict { other: i, fields });
            }
        }
        let others = || copies.iter().enumerate().filter(|(i, _)| *i != kept);
        if k.imports && others().any(|(_, c)| !c.imports) {
            why = "its moves replay and another copy's do not".into();
        } else if others().any(|(_, c)| c.errata > k.errata) {
            why = "it needs fewer errata".into();
        } else if !k.commentary.is_empty() && others().any(|(_, c)| c.commentary.is_empty()) {
            why = "it has commentary".into();
        }
    }
    Merged {
        kept,
        why,
        conflicts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn copy(fen: &str, errata: usize) -> CopySummary {
        CopySummary {
            imports: true,
            errata,
            fen: fen.into(),
            moves: vec!["X2.1".into()],
            commentary: vec!["Hòa.".into()],
            article: Some(("24.2".into(), "x".into())),
        }
    }

    #[test]
    fn identical_copies_merge_silently() {
        let m = merge(&[copy("a", 0), copy("a", 0), copy("a", 0)]);
        assert_eq!(m.kept, 0);
        assert!(m.conflicts.is_empty());
    }

    #[test]
    fn fewer_errata_wins() {
        let mut b = copy("b", 0);
        b.commentary = vec!["Thua.".into()];
        let m = merge(&[copy("a", 1), b]);
        assert_eq!(m.kept, 1);
        assert_eq!(m.why, "it needs fewer errata");
        assert_eq!(
            m.conflicts,
            vec![Conflict {
                other: 0,
                fields: vec![Field::Fen, Field::Commentary]
            }]
        );
    }

    #[test]
    fn replaying_copy_wins() {
        let mut a = copy("a", 0);
        a.imports = false;
        let m = merge(&[a, copy("a", 2)]);
        assert_eq!(m.kept, 1);
        assert_eq!(m.why, "its moves replay and another copy's do not");
        assert!(m.conflicts.is_empty());
    }

    #[test]
    fn commentary_breaks_ties() {
        let mut a = copy("a", 0);
        a.commentary.clear();
        let m = merge(&[a, copy("a", 0)]);
        assert_eq!(m.kept, 1);
        assert_eq!(m.conflicts[0].fields, vec![Field::Commentary]);
        assert_eq!(m.why, "it has commentary");
    }
}
