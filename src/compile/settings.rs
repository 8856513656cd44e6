//! The settings a rule file gives the fact computation.

use super::err::{CompileError, CompileErrorKind};
use super::inherit::Merged;
use crate::facts::Settings;

/// The settings a rule file may give.
const SETTING_NAMES: &[&str] = &["mate-plies", "mate-nodes", "ruling-occurrence"];

/// The occurrence of a position an arbiter rules on when a rule file does not say: its first
/// return, as `xqlaw judge --cycle` judges a play.
pub const DEFAULT_RULING_OCCURRENCE: u32 = 2;

/// The range of each setting, and why: checked here, at compile time, so that no rule file
/// can make the fact computation recurse out of its stack or search for hours.
const RANGES: &[(&str, u64, u64, [&str; 2])] = &[
    (
        "mate-plies",
        1,
        15,
        [
            "the mate-threat search looks this many plies ahead, recursing once per ply; the law's threats need 7, and beyond 15 a search cannot finish",
            "việc tìm đe dọa chiếu hết nhìn trước chừng này nước, mỗi nước gọi lại chính nó một lần; các đe dọa của luật cần 7, và quá 15 thì việc tìm không xong được",
        ],
    ),
    (
        "mate-nodes",
        1,
        10_000_000,
        [
            "the node budget of one mate-threat search; the default is 200000, and every move of a play runs searches",
            "số nút một lần tìm đe dọa chiếu hết được xét; mặc định là 200000, và mỗi nước của ván đều chạy các lần tìm",
        ],
    ),
    (
        "ruling-occurrence",
        2,
        9,
        [
            "the occurrence of a repeated position an arbiter rules on: 2 is its first return, 3 the third time it stands",
            "lần xuất hiện của thế cờ lặp lại mà trọng tài xử: 2 là lần nó trở lại đầu tiên, 3 là lần thứ ba nó đứng",
        ],
    ),
];

/// Reads the settings (each the nearest one up the `extends` chain): those of the fact
/// computation, and the occurrence of a repeated position an arbiter rules on.
pub(super) fn settings(merged: &Merged, errors: &mut Vec<CompileError>) -> (Settings, u32) {
    let mut settings = Settings::default();
    let mut occurrence = DEFAULT_RULING_OCCURRENCE;
    for def in merged.settings.values() {
        let s = &def.item;
        let value = s.value.node;
        if let Some(&(name, min, max, [why, why_vi])) = RANGES.iter().find(|r| r.0 == s.name.node) {
            if !(min..=max).contains(&value) {
                errors.push(CompileError::at(
                    &def.file,
                    s.value.loc,
                    CompileErrorKind::SettingOutOfRange {
                        name,
                        value,
                        min,
                        max,
                        why,
                        why_vi,
                    },
                ));
                continue;
            }
        }
        match s.name.node.as_str() {
            "mate-plies" => settings.mate_plies = u32::try_from(value).unwrap_or(u32::MAX),
            "mate-nodes" => settings.mate_nodes = value,
            "ruling-occurrence" => occurrence = u32::try_from(value).unwrap_or(u32::MAX),
            other => errors.push(CompileError::at(
                &def.file,
                s.name.loc,
                CompileErrorKind::unknown_setting(other, SETTING_NAMES),
            )),
        }
    }
    (settings, occurrence)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::inherit::inherit_str;

    fn read(text: &str) -> (Settings, Vec<String>) {
        let (merged, mut errors) = inherit_str(text);
        let (settings, _) = settings(&merged, &mut errors);
        (settings, errors.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn the_ruling_occurrence_defaults_to_the_first_return() {
        let occurrence = |text: &str| {
            let (merged, mut errors) = inherit_str(text);
            let (_, occurrence) = settings(&merged, &mut errors);
            assert!(errors.is_empty(), "{errors:?}");
            occurrence
        };
        assert_eq!(occurrence("rules t\n"), 2);
        assert_eq!(occurrence("rules t\nsetting ruling-occurrence = 3\n"), 3);
    }

    #[test]
    fn settings_are_read_and_default_otherwise() {
        let (s, errors) = read("rules t\nsetting mate-plies = 5\n");
        assert!(errors.is_empty());
        assert_eq!(s.mate_plies, 5);
        assert_eq!(s.mate_nodes, Settings::default().mate_nodes);
    }

    #[test]
    fn an_unknown_or_too_large_setting_is_an_error() {
        let (_, errors) =
            read("rules t\nsetting mate-plys = 5\nsetting mate-plies = 99999999999\n");
        assert_eq!(
            errors,
            [
                "setting `mate-plies` cannot be `99999999999`: it must be between 1 and 15",
                "unknown setting `mate-plys`"
            ]
        );
    }

    #[test]
    fn each_bound_of_each_setting_is_checked() {
        for (name, min, max, _) in RANGES {
            for ok in [*min, *max] {
                let (_, errors) = read(&format!("rules t\nsetting {name} = {ok}\n"));
                assert!(errors.is_empty(), "{name} = {ok}: {errors:?}");
            }
            for bad in [min - 1, max + 1] {
                let (_, errors) = read(&format!("rules t\nsetting {name} = {bad}\n"));
                assert_eq!(
                    errors,
                    [format!(
                        "setting `{name}` cannot be `{bad}`: it must be between {min} and {max}"
                    )],
                );
            }
        }
        let (s, _) =
            read("rules t\nsetting mate-plies = 1000001\nsetting mate-nodes = 100000000000\n");
        assert_eq!(s, Settings::default());
    }
}
