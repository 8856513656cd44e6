//! The bibliography page: the law and the published sources the rule sets rest on, in our own
//! words, and citations of them in the pages instead of file names.

use std::fmt::Write as _;

use super::links::rel;
use super::page::page;
use crate::markdown::text;

/// The bibliography page's path.
pub const PAGE: &str = "bibliography.md";

/// One source: its anchor on the bibliography page, the rule sets that rest on it, its title,
/// and what it is, in our words.
struct Source {
    anchor: &'static str,
    rules: &'static [&'static str],
    title: &'static str,
    about: &'static str,
    links: &'static [&'static str],
}

const SOURCES: [Source; 5] = [
    Source {
        anchor: "vn-1999",
        rules: &["vn-1999"],
        title: "Luật Cờ Tướng (1999), Quyết định số 11991/1999/UBTDTT-TT1 ngày 22/12/1999 của Ủy ban Thể dục Thể thao",
        about: "The Vietnamese Xiangqi law: six chapters and thirty articles. Chương V holds the repetition law: \
                Điều 22 defines twenty terms, Điều 23 states ten judging points, and Điều 24 gives 28 examples \
                with 80 diagrams (Hình 1–80). The text used here is the one reprinted on Vietnamese chess sites; \
                its misprints are listed, with their corrections, on the diagram pages.",
        links: &[
            "https://thuvienphapluat.vn/van-ban/The-thao-Y-te/Quyet-dinh-11991-1999-UBTDTT-TT1-Luat-Co-Tuong-12694.aspx",
        ],
    },
    Source {
        anchor: "vn-2004",
        rules: &["vn-2004"],
        title: "Luật Cờ Tướng (2004), Quyết định số 1409/2004/QĐ/UBTDTT-TT1 ngày 23/9/2004",
        about: "The decision that replaced the 1999 law. Only Điều 22, items 1–14, could be read; they differ \
                from the 1999 text in typography only. The rest is assumed unchanged.",
        links: &[],
    },
    Source {
        anchor: "axf",
        rules: &["axf"],
        title: "Asian Xiangqi Federation, Rules of Xiangqi, chapter 4 (repetition); English translation drafts by Eric Wu for the Committee of Referees of the Hong Kong Chinese Chess Association",
        about: "The Asian rules the Vietnamese law translates: AXF rule N is Điều 24.(N−4), and AXF diagram k is \
                Hình k for k up to 80. Approved in Macau in 1982 and revised in 1989 and 2003; which revision \
                the translation follows is not stated. Its forty numbered rules go beyond the law's examples.",
        links: &[
            "http://www.clubxiangqi.com/rules/",
            "http://www.xqinenglish.com/axfrules.html",
        ],
    },
    Source {
        anchor: "wxf-2018",
        rules: &["wxf-2018"],
        title: "World Xiangqi Federation, World Xiangqi Rules (2018)",
        about: "By the federation's own account an improved version of the fourth revision of the Asian rules, \
                bilingual, with the repetition rules in its chapters 棋例 and 棋例细则. The book itself was not \
                read, so the rule set repeats the Asian rules.",
        links: &["https://www.wxf-xiangqi.org/"],
    },
    Source {
        anchor: "cxa",
        rules: &["cxa"],
        title: "中国象棋协会, 中国象棋竞赛规则: 棋例 (第26条 棋例总则, 第27条 棋例通则, 棋例细则 1–13)",
        about: "The Chinese Xiangqi Association's repetition rules, known here only from unattributed copies and \
                commentaries on the web whose edition is not stated (probably that of 1999). The rule set's \
                verdicts are therefore provisional.",
        links: &[],
    },
];

/// The bibliography page.
pub fn bibliography() -> String {
    let mut s = page("Thư mục (Bibliography)");
    let _ = writeln!(
        s,
        "The texts the rule sets transcribe. Pages cite them by title, article and Hình; the \
         notes below say how far each text could be read.\n"
    );
    for src in &SOURCES {
        let _ = writeln!(s, "<a id=\"{}\"></a>\n", src.anchor);
        let _ = writeln!(s, "## {}\n", text(src.title));
        let _ = writeln!(s, "{}\n", text(src.about));
        let names: Vec<String> = src.rules.iter().map(|r| format!("`{r}`")).collect();
        let _ = writeln!(s, "Rule set: {}.\n", names.join(", "));
        for link in src.links {
            let _ = writeln!(s, "- <{link}>");
        }
        if !src.links.is_empty() {
            let _ = writeln!(s);
        }
    }
    s
}

/// The short title a page cites a rule set's source by, if the bibliography has it.
pub fn title_of(rules: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|s| s.rules.contains(&rules))
        .map(|s| s.title)
}

/// A link from page `here` to the bibliography entry of rule set `rules` (or to the page).
pub fn link(here: &str, rules: &str) -> String {
    let target = rel(here, PAGE);
    match SOURCES.iter().find(|s| s.rules.contains(&rules)) {
        Some(s) => format!("{target}#{}", s.anchor),
        None => target,
    }
}

/// Text from a rule file as Markdown, with every mention of a digest under `shared/rulebooks/`
/// (which is not part of the book) replaced by a link to the bibliography.
pub fn cited(raw: &str, here: &str) -> String {
    const PREFIX: &str = "shared/rulebooks/";
    let mut out = String::new();
    let mut rest = raw;
    while let Some(at) = rest.find(PREFIX) {
        let (before, after) = rest.split_at(at);
        let before = before.strip_suffix('`').unwrap_or(before);
        let after = &after[PREFIX.len()..];
        let end = after.find(".md").map_or(0, |e| e + 3);
        let name = after.get(..end.saturating_sub(3)).unwrap_or("");
        out.push_str(&text(before));
        out.push_str(&format!("[the bibliography]({})", link(here, name)));
        rest = after.get(end..).unwrap_or("");
        rest = rest.strip_prefix('`').unwrap_or(rest);
    }
    out.push_str(&text(rest));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_become_links_to_the_bibliography() {
        assert_eq!(
            cited("see `shared/rulebooks/cxa.md`, then", "rules/cxa.md"),
            "see [the bibliography](../bibliography.md#cxa), then"
        );
        assert_eq!(cited("no digest", "index.md"), "no digest");
    }
}
