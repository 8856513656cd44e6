//! The settings a rule file gives the fact computation.

use super::err::CompileError;
use super::inherit::Merged;
use crate::facts::Settings;

/// The settings a rule file may give.
const SETTING_NAMES: &[&str] = &["mate-plies", "mate-nodes"];

/// Reads the settings (each the nearest one up the `extends` chain).
pub(super) fn settings(merged: &Merged, errors: &mut Vec<CompileError>) -> Settings {
    let mut settings = Settings::default();
    for def in merged.settings.values() {
        let s = &def.item;
        match s.name.node.as_str() {
            "mate-plies" => match u32::try_from(s.value.node) {
                Ok(v) => settings.mate_plies = v,
                Err(_) => errors.push(CompileError::SettingTooLarge {
                    file: def.file.clone(),
                    at: s.value.loc,
                    value: s.value.node,
                }),
            },
            "mate-nodes" => settings.mate_nodes = s.value.node,
            other => errors.push(CompileError::unknown_setting(
                &def.file,
                s.name.loc,
                other,
                SETTING_NAMES,
            )),
        }
    }
    settings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::inherit::inherit_str;

    fn read(text: &str) -> (Settings, Vec<String>) {
        let (merged, mut errors) = inherit_str(text);
        let settings = settings(&merged, &mut errors);
        (settings, errors.iter().map(ToString::to_string).collect())
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
                "setting `mate-plies` cannot be `99999999999`",
                "unknown setting `mate-plys`"
            ]
        );
    }
}
