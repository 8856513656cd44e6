//! "Save as": a rule text written into the rules folder, and nowhere else.
//!
//! The name is checked before any path is made from it: a plain file name of letters, digits,
//! `-`, `_` and `.`, not starting with `.`, with no path separator and no `..`, so the file
//! can only land in the rules folder itself. An existing file is replaced only when the user
//! confirmed; otherwise the write fails without touching it, even if the file appears between
//! the check and the write (the new file is linked into place, which never replaces).

use std::path::Path;

use axum::http::StatusCode;

use crate::disk::{self, Writer};

/// The longest file name accepted.
const MAX_NAME: usize = 64;

/// Why a rule text was not saved. Messages are Vietnamese first, with the English after.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SaveError {
    /// The name is not a plain file name.
    #[error("không lưu được thành `{name}` (cannot save as `{name}`): {reason}")]
    BadName {
        /// The name given.
        name: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A file of that name exists and replacing it was not confirmed.
    #[error("`{0}` đã có trong thư mục luật (`{0}` already exists in the rules folder)")]
    Exists(String),
    /// Writing failed.
    #[error("không ghi được `{0}` (cannot write `{0}`): {1}")]
    Io(String, String),
}

impl SaveError {
    /// The HTTP status: 400 for a bad name, 409 for an existing file, 500 for a failed write.
    pub(super) fn status(&self) -> StatusCode {
        match self {
            SaveError::BadName { .. } => StatusCode::BAD_REQUEST,
            SaveError::Exists(_) => StatusCode::CONFLICT,
            SaveError::Io(..) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// What to do about it.
    pub(super) fn help(&self) -> Option<String> {
        match self {
            SaveError::BadName { .. } => Some(
                "dùng chữ cái, chữ số, `-`, `_` và `.`, như `vn-1999-sua`; tệp được lưu vào thư mục luật (use letters, digits, `-`, `_` and `.`, as in `vn-1999-sua`; the file goes into the rules folder)".to_owned(),
            ),
            SaveError::Exists(_) => Some(
                "xác nhận để ghi đè: gửi `\"overwrite\": true` (confirm to replace it: send `\"overwrite\": true`)".to_owned(),
            ),
            SaveError::Io(..) => None,
        }
    }
}

/// The file name `name` stands for (`.rules` added when missing), if it is a plain, safe file
/// name.
///
/// # Errors
///
/// [`SaveError::BadName`] with the reason.
///
/// ```
/// use xqlaw::serve::check_name;
/// assert_eq!(check_name("vn-1999-amended").unwrap(), "vn-1999-amended.rules");
/// assert!(check_name("../main.rs").is_err());
/// assert!(check_name("sub/x").is_err());
/// ```
pub fn check_name(name: &str) -> Result<String, SaveError> {
    let bad = |reason| {
        Err(SaveError::BadName {
            name: name.to_owned(),
            reason,
        })
    };
    if name.is_empty() {
        return bad("tên trống (the name is empty)");
    }
    if name.contains(['/', '\\']) {
        return bad("tên không có dấu phân cách thư mục (a name has no path separators)");
    }
    if name.contains("..") {
        return bad("tên không có `..` (a name has no `..`)");
    }
    if name.starts_with('.') {
        return bad("tên không bắt đầu bằng `.` (a name does not start with `.`)");
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return bad(
            "tên chỉ gồm chữ cái, chữ số, `-`, `_` và `.` (a name has only letters, digits, `-`, `_` and `.`)",
        );
    }
    let file = if name.ends_with(".rules") {
        name.to_owned()
    } else {
        format!("{name}.rules")
    };
    if file.len() > MAX_NAME {
        return bad("tên quá dài (the name is too long)");
    }
    if file == ".rules" || file.trim_end_matches(".rules").is_empty() {
        return bad("tên trống (the name is empty)");
    }
    Ok(file)
}

/// Writes `text` to `dir/file` (`file` checked by [`check_name`]); replaces an existing file
/// only if `overwrite`. Returns whether a file was replaced, once the file is read back with
/// `text`. Each call writes through a temporary file of its own, so calls at once never
/// share one; the workbench makes them one at a time.
///
/// # Errors
///
/// [`SaveError::Exists`] when the file exists and `overwrite` is false; [`SaveError::Io`].
pub fn write(dir: &Path, file: &str, text: &str, overwrite: bool) -> Result<bool, SaveError> {
    let file = check_name(file)?;
    let target = dir.join(&file);
    let io = |e: std::io::Error| SaveError::Io(file.clone(), e.to_string().to_lowercase());
    let existed = target.symlink_metadata().is_ok();
    if existed && !overwrite {
        return Err(SaveError::Exists(file));
    }
    // Written beside the target first, under a fresh name created new (never through a link),
    // so a failed write never leaves half a file and two saves never share a temporary file.
    let placed = if overwrite {
        // A rename replaces the name itself: a symbolic link is replaced, not followed.
        disk::replace(&target, text.as_bytes(), Writer::Save)
    } else {
        // Linked into place, which fails if the name exists by now, where a rename replaces.
        disk::create(&target, text.as_bytes(), Writer::Save)
    };
    match placed {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(SaveError::Exists(file));
        }
        Err(e) => return Err(io(e)),
    }
    // Success is said only of the text the file holds: another program may write it too.
    match disk::read_text(&target) {
        Ok(held) if held == text => Ok(existed),
        Ok(_) => Err(SaveError::Io(
            file,
            "tệp bị một chương trình khác sửa trong khi lưu (the file was changed by another program while it was saved)".to_owned(),
        )),
        Err(e) => Err(io(e)),
    }
}

/// Removes the temporary files that an earlier server, killed while saving, left in `dir`.
pub fn sweep(dir: &Path) {
    disk::sweep(dir, Writer::Save);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn reason(name: &str) -> &'static str {
        match check_name(name) {
            Err(SaveError::BadName { reason, .. }) => reason,
            other => panic!("{name}: {other:?}"),
        }
    }

    #[test]
    fn names_are_plain_file_names() {
        assert_eq!(check_name("my-law").unwrap(), "my-law.rules");
        assert_eq!(check_name("my_law.v2.rules").unwrap(), "my_law.v2.rules");
        assert_eq!(reason(""), "tên trống (the name is empty)");
        assert_eq!(
            reason(".rules"),
            "tên không bắt đầu bằng `.` (a name does not start with `.`)"
        );
        assert_eq!(
            reason("a/b"),
            "tên không có dấu phân cách thư mục (a name has no path separators)"
        );
        assert_eq!(
            reason("a\\b"),
            "tên không có dấu phân cách thư mục (a name has no path separators)"
        );
        assert_eq!(
            reason("/etc/passwd"),
            "tên không có dấu phân cách thư mục (a name has no path separators)"
        );
        assert_eq!(reason(".."), "tên không có `..` (a name has no `..`)");
        assert_eq!(reason("a..b"), "tên không có `..` (a name has no `..`)");
        assert_eq!(
            reason(".hidden"),
            "tên không bắt đầu bằng `.` (a name does not start with `.`)"
        );
        assert_eq!(
            reason("luật"),
            "tên chỉ gồm chữ cái, chữ số, `-`, `_` và `.` (a name has only letters, digits, `-`, `_` and `.`)"
        );
        assert_eq!(
            reason("a b"),
            "tên chỉ gồm chữ cái, chữ số, `-`, `_` và `.` (a name has only letters, digits, `-`, `_` and `.`)"
        );
        assert_eq!(
            reason("a\0b"),
            "tên chỉ gồm chữ cái, chữ số, `-`, `_` và `.` (a name has only letters, digits, `-`, `_` and `.`)"
        );
        assert_eq!(
            reason(&"x".repeat(80)),
            "tên quá dài (the name is too long)"
        );
    }

    #[test]
    fn writes_new_files_and_replaces_only_when_asked() {
        let dir = std::env::temp_dir().join(format!("xqlaw-save-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        assert_eq!(write(&dir, "a.rules", "one\n", false), Ok(false));
        assert_eq!(
            write(&dir, "a.rules", "two\n", false),
            Err(SaveError::Exists("a.rules".into()))
        );
        assert_eq!(fs::read_to_string(dir.join("a.rules")).unwrap(), "one\n");
        assert_eq!(write(&dir, "a.rules", "two\n", true), Ok(true));
        assert_eq!(fs::read_to_string(dir.join("a.rules")).unwrap(), "two\n");
        // No temporary file is left behind.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        assert!(write(&dir, "../a", "x", true).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
