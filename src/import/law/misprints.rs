//! The misprints of the decree's text, and how each is read.
//!
//! A misprinted move shows itself (it cannot be played); a misprinted word does not. So the
//! misprints of the words are stated here, one entry each, with the reasoning, and the
//! importer applies an entry only where the print still reads as the entry says: the words
//! must stand once in the sentence named. Each becomes an erratum beside the printed text and
//! a warning of the import; an entry the print no longer matches is an error, so the table
//! cannot go stale unnoticed. The misprints of the structure are found without a table: a
//! point of Điều 23 numbered `Điều N`, a number printed twice, a figure list naming a diagram
//! that is not under its example.

use crate::spec::LawErratum;

use super::super::text::article_figures;

/// A known misprint of the words.
pub struct Known {
    /// The sentence (`23.9:1`), or the item (`22.14`) for its label or term.
    pub at: &'static str,
    /// The words as printed (they stand once there).
    pub printed: &'static str,
    /// The words as read.
    pub corrected: &'static str,
    /// Why the print cannot be right, and why this reading.
    pub reason: &'static str,
}

/// The misprints of the words of the decree's text: Chương V, then Chương III and IV.
pub const KNOWN: &[Known] = &[
    Known {
        at: "22.2:2",
        printed: "một lức",
        corrected: "một lúc",
        reason: "“lức” is no Vietnamese word: two pieces checking “cùng … một lúc” (at the same time) make a double check; the 2004 decree prints it so (shared/rulebooks/vn-variants.md)",
    },
    Known {
        at: "22.14",
        printed: "không căm",
        corrected: "không căn",
        reason: "item 14 defines “không căn” (no root), as its own second sentence says; “căm” (to resent) is no term of the law; the 2004 decree prints it so (shared/rulebooks/vn-variants.md)",
    },
    Known {
        at: "22.14:2",
        printed: "bải vệ",
        corrected: "bảo vệ",
        reason: "“bải vệ” is no word; “bảo vệ” (to protect), as in the first sentence; the 2004 decree prints it so (shared/rulebooks/vn-variants.md)",
    },
    Known {
        at: "22.16:1",
        printed: "bảo về",
        corrected: "bảo vệ",
        reason: "“quân bảo vệ” (the protecting piece), as item 15 says it; “bảo về” (to send back) makes no sense here",
    },
    Known {
        at: "22.20:1",
        printed: "hai làn",
        corrected: "hai lần",
        reason: "“làn” (a lane) for “lần” (times), as earlier in the sentence (“hai lần đuổi bắt”, “hai lần giải thoát”)",
    },
    Known {
        at: "23.7:1",
        printed: "nêu không đổi",
        corrected: "nếu không đổi",
        reason: "“nêu” (to raise) for “nếu” (if), as in the next sentence (“nếu không đổi thì xử thua”)",
    },
    Known {
        at: "23.8:1",
        printed: "không đó có",
        corrected: "trong đó có",
        reason: "“không đó có” makes no sense; “trong đó có một nước” (among them there is one move) is how the law says it elsewhere (Điều 24.23, 24.25)",
    },
    Known {
        at: "23.9:1",
        printed: "bát kỳ",
        corrected: "bất kỳ",
        reason: "“bất kỳ quân nào” (any piece at all); “bát” (a bowl) makes no sense here",
    },
    Known {
        at: "24.4:2",
        printed: "bên Đem",
        corrected: "bên Đen",
        reason: "the sides are Trắng and Đen (Black); “Đem” (to bring) is no side",
    },
    Known {
        at: "24.9:4",
        printed: "ý đồi",
        corrected: "ý đồ",
        reason: "“ý đồ” (the intention) to move the rook across and check; “đồi” (a hill) makes no sense here",
    },
    Known {
        at: "24.11:3",
        printed: "bẳt Xe",
        corrected: "bắt Xe",
        reason: "“bắt” (to chase, to capture), as in the rest of the sentence; “bẳt” is no word",
    },
    Known {
        at: "24.11:10",
        printed: "Pháo Trắn đuổi",
        corrected: "Pháo Trắng đuổi",
        reason: "the red side is “Trắng”, as earlier in the sentence (“Pháo Trắng đuổi bắt mãi”)",
    },
    Known {
        at: "24.14:5",
        printed: "phạm luât",
        corrected: "phạm luật",
        reason: "“luật” (the law), as everywhere else; “luât” lacks its tone mark",
    },
    Known {
        at: "24.20:1",
        printed: "cùng loạiu",
        corrected: "cùng loại",
        reason: "“cùng loại” (of the same kind), as the parenthesis lists (rook against rook, cannon against cannon, horse against horse); the “u” makes no word",
    },
    Known {
        at: "15.5bis:6",
        printed: "thái đội",
        corrected: "thái độ",
        reason: "“thái độ xây dựng” (a constructive attitude); “thái đội” is no word",
    },
    Known {
        at: "15.7:5",
        printed: "sử đồng ý",
        corrected: "sự đồng ý",
        reason: "“được sự đồng ý của trọng tài” (with the arbiter's agreement); “sử” (history) makes no sense here",
    },
    Known {
        at: "15.7:18",
        printed: "chủ được",
        corrected: "chỉ được",
        reason: "a player “chỉ được” (may only) offer a draw on their own turn, as the sentence goes on; “chủ” (owner) makes no sense here",
    },
    Known {
        at: "15.7bis:2",
        printed: "lời nói , hành vi",
        corrected: "lời nói, hành vi",
        reason: "a space before the comma",
    },
    Known {
        at: "15.7bis:3",
        printed: "xử phạm lỗi",
        corrected: "xử phạt lỗi",
        reason: "the arbiter “xử phạt” (penalises) a fault, as Điều 16.2 says (“xử phạt đúng theo luật”); the player “phạm lỗi” (commits) it",
    },
    Known {
        at: "16.2:1",
        printed: "nhắc nhỏ",
        corrected: "nhắc nhở",
        reason: "“nhắc nhở” (to remind, a warning), the first sanction of Điều 16.1; “nhỏ” (small) makes no sense here",
    },
    Known {
        at: "19.5:1",
        printed: "theo đính luật",
        corrected: "theo đúng luật",
        reason: "“đính luật” is no word; “theo đúng luật đã được ban hành” (by the law as issued) fits the sentence; the reading is a guess from the sense",
    },
    Known {
        at: "20.1:1",
        printed: "ban tổ chức )thành lập",
        corrected: "ban tổ chức) thành lập",
        reason: "the space stands inside the parenthesis instead of after it",
    },
    Known {
        at: "20.1:1",
        printed: "trọng tìa",
        corrected: "trọng tài",
        reason: "“trọng tài” (arbiter), as everywhere else in the sentence; “tìa” is no word",
    },
    Known {
        at: "20.1:2",
        printed: "ban trọng tài phụ trách",
        corrected: "Ban trọng tài phụ trách",
        reason: "the sentence starts after a full stop, so with a capital, as the first sentence's “Ban trọng tài”",
    },
    Known {
        at: "20.2:1",
        printed: "là:người",
        corrected: "là: người",
        reason: "a space after the colon",
    },
    Known {
        at: "20.4:10",
        printed: "cá bên",
        corrected: "các bên",
        reason: "“màu quân của các bên” (each side's colour); “cá” (a fish) makes no sense here",
    },
    Known {
        at: "20.4:21",
        printed: "phaỉ",
        corrected: "phải",
        reason: "“phải” (must), with its tone mark on the “a”; “phaỉ” is no spelling",
    },
    Known {
        at: "21.2:3",
        printed: "trước kết",
        corrected: "trước hết",
        reason: "“trước hết” (first of all): the match points come first, then the game points; “trước kết” makes no sense here",
    },
    Known {
        at: "21.2:5",
        printed: "nếu một đấu thủ",
        corrected: "Nếu một đấu thủ",
        reason: "the sentence starts after a full stop, so with a capital",
    },
    Known {
        at: "21.3:7",
        printed: "nay rủi",
        corrected: "may rủi",
        reason: "“bốc thăm may rủi” (drawing lots); “nay” (now) makes no sense here",
    },
    Known {
        at: "21.5.1:1",
        printed: "vòng tròn;",
        corrected: "vòng tròn:",
        reason: "the form's name is followed by a colon, as in 21.5.2 (“Thể thức đấu theo hệ Thụy Sĩ:”)",
    },
    Known {
        at: "21.5.1:3",
        printed: "đá đấu",
        corrected: "đã đấu",
        reason: "“các kết quả đã đấu” (the results of the games played); “đá” (to kick) makes no sense here",
    },
];

/// The erratum of a known misprint.
pub fn erratum(known: &Known) -> LawErratum {
    LawErratum {
        printed: known.printed.to_owned(),
        corrected: known.corrected.to_owned(),
        reason: known.reason.to_owned(),
    }
}

/// The erratum of a point of Điều 23 whose label is not `Điểm N:` (`Điều 5:`, `Điều 9`).
pub fn point_label(label: &str, point: &str) -> Option<LawErratum> {
    let corrected = format!("Điểm {point}:");
    (label != corrected).then(|| LawErratum {
        printed: label.to_owned(),
        corrected: corrected.clone(),
        reason: format!(
            "Điều 23 numbers its ten points `Điểm N:`, as points 1–4 are printed; `{label}` would name another article of the decree"
        ),
    })
}

/// The erratum of an item number printed a second time in the same article (`15.5.` after
/// `15.7`): it is read as a second item of that number, `bis`.
pub fn repeated_number(label: &str, number: &str) -> LawErratum {
    LawErratum {
        printed: label.to_owned(),
        corrected: format!("{number}bis."),
        reason: format!(
            "the number {number} is printed a second time in the same article; it is read as a second item {number} (`{number}bis`), so that the numbers printed after it keep their meaning"
        ),
    }
}

/// The erratum of a figure list (`(Các hình 76, 780)`) in `sentence` that names a diagram
/// not among `figures`, the diagrams printed under the example.
pub fn figure_list(sentence: &str, figures: &[u32]) -> Option<LawErratum> {
    let (_, named) = article_figures(sentence)?;
    let unknown: Vec<u32> = named
        .iter()
        .copied()
        .filter(|n| !figures.contains(n))
        .collect();
    if unknown.is_empty() || figures.is_empty() {
        return None;
    }
    // The list as printed, between `(Các hình` and `)`.
    let open = ["(Các hình", "(các hình"]
        .iter()
        .find_map(|o| sentence.find(o).map(|at| at + o.len()))?;
    let inner = sentence.get(open..)?;
    let printed = inner.get(..inner.find(')').unwrap_or(inner.len()))?.trim();
    let list = |n: &[u32]| {
        n.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let contiguous = figures
        .windows(2)
        .all(|w| matches!(w, [a, b] if *b == a + 1));
    let corrected = match (figures.first(), figures.last()) {
        (Some(first), Some(last)) if contiguous && figures.len() >= 3 => {
            format!("từ {first} đến {last}")
        }
        _ => list(figures),
    };
    Some(LawErratum {
        printed: printed.to_owned(),
        corrected,
        reason: format!(
            "the list names {}, which is not a diagram under this example; the diagrams under it are {}",
            list(&unknown),
            list(figures)
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_labels() {
        assert_eq!(point_label("Điểm 3:", "3"), None);
        let e = point_label("Điều 9", "9").unwrap();
        assert_eq!(
            (e.printed.as_str(), e.corrected.as_str()),
            ("Điều 9", "Điểm 9:")
        );
    }

    #[test]
    fn figure_lists() {
        let e = figure_list(
            "Hai quân cũng hòa. (Các hình 76, 780)",
            &[76, 77, 78, 79, 80],
        )
        .unwrap();
        assert_eq!(e.printed, "76, 780");
        assert_eq!(e.corrected, "từ 76 đến 80");
        assert!(e.reason.contains("780"), "{}", e.reason);
        assert_eq!(figure_list("x. (Các hình 61, 62)", &[61, 62]), None);
        assert_eq!(figure_list("x.", &[61]), None);
    }

    #[test]
    fn every_known_misprint_is_a_change() {
        for k in KNOWN {
            assert_ne!(k.printed, k.corrected, "{}", k.at);
            assert!(!k.reason.is_empty(), "{}", k.at);
        }
    }
}
