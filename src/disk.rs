//! The one home of file access: reading input that cannot exhaust the machine, and writing
//! output that can never go through a link.
//!
//! The promises (README, "Files"):
//! - **Reading.** Only regular files are read (a link to one is followed), each up to
//!   [`MAX_INPUT_BYTES`]. A FIFO, a device (`/dev/zero`), a socket or a folder is refused with
//!   an error that says what it is, and opening one never blocks: the file is opened
//!   non-blocking and its kind is checked on the open handle before a byte is read. Text is
//!   UTF-8; a byte order mark before it is dropped ([`read_text`]).
//! - **Writing.** A file is replaced through a temporary file beside it, created new and
//!   never through a link (`O_CREAT | O_EXCL | O_NOFOLLOW`: a link planted at the temporary
//!   name makes the write fail, it is never followed), with a fresh random name, then renamed
//!   over the target (a rename replaces the name itself, it follows no link). An interrupted
//!   write leaves the old file or the new one.
//! - **Leftovers.** A temporary file's name says which command made it and which process:
//!   `.NAME.xqlaw-COMMAND-PID-RANDOM.tmp`. [`sweep`] removes, in one folder, the regular files
//!   of that pattern whose command is the caller's and whose process is gone (a `kill -9`),
//!   and nothing else: not another command's, not a running process's, not a link.

use std::fs;
use std::io::{self, Read as _, Write as _};
use std::path::{Path, PathBuf};

/// The largest file any command reads: rule files, spec files, law texts, source documents
/// and game records are all far smaller.
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// The limit as the messages say it (in bytes: callers may lowercase a message, and `MiB`
/// would not survive).
const MAX_INPUT_TEXT: &str = "67,108,864 bytes (64 × 1,024 × 1,024)";

/// The command a temporary file belongs to, written into its name so that a later run of the
/// same command can recognise what an earlier one left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Writer {
    /// `xqlaw docs` (pages and the printable edition).
    Docs,
    /// `xqlaw import` and `xqlaw import-law`.
    Import,
    /// The workbench's "Save as".
    Save,
    /// `xqlaw generate`.
    Generate,
    /// `xqlaw fmt`.
    Fmt,
    /// `xqlaw whatif --report`.
    Report,
}

impl Writer {
    fn tag(self) -> &'static str {
        match self {
            Writer::Docs => "docs",
            Writer::Import => "import",
            Writer::Save => "save",
            Writer::Generate => "generate",
            Writer::Fmt => "fmt",
            Writer::Report => "report",
        }
    }
}

/// Reads the regular file at `path` (at most [`MAX_INPUT_BYTES`]).
///
/// # Errors
///
/// What the system said, or an [`io::ErrorKind::InvalidInput`] error saying that the file is
/// not a regular file (and what it is) or is over the limit.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    let file = open_input(path)?;
    let meta = file.metadata()?;
    let kind = meta.file_type();
    if !kind.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is not a regular file: only regular files are read",
                what_it_is(&kind)
            ),
        ));
    }
    if meta.len() > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // The file may grow while it is read: the limit holds on what is read, not on its size.
    file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The byte order mark some editors (Notepad, Excel's "UTF-8" export) write at the start of a
/// UTF-8 file. It says nothing in UTF-8 and is no part of the text.
pub const BOM: char = '\u{feff}';

/// [`read`], as UTF-8 text, without a leading byte order mark ([`BOM`]): the text every
/// command parses. Offsets into it are the offsets an editor shows (which never counts the
/// mark), and so are the spans of its diagnostics.
///
/// # Errors
///
/// As [`read`], and [`io::ErrorKind::InvalidData`] when the file is not UTF-8.
pub fn read_text(path: &Path) -> io::Result<String> {
    let mut text = read_text_as_written(path)?;
    text.drain(..text.len() - without_bom(&text).len());
    Ok(text)
}

/// `text` without a leading byte order mark ([`BOM`]): a text read as a file is read, wherever
/// it comes from (a file, or a text pasted into the workbench). Only a leading mark is one; a
/// later U+FEFF is text.
#[must_use]
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// [`read`], as UTF-8 text, a byte order mark kept: for the one command that must know
/// whether the file has one (`xqlaw fmt`, which drops it).
///
/// # Errors
///
/// As [`read_text`].
pub fn read_text_as_written(path: &Path) -> io::Result<String> {
    String::from_utf8(read(path)?).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the file is not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// A file or folder that cannot be read: the one home of the message every command gives
/// for one, whoever reads it (a rule file, a spec file, a law text, a source document, a
/// folder of them). Errors of the stages that read carry it whole (as a variant wrapping it,
/// or at a place), so the wording and the code are the same everywhere.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("cannot read `{path}`: {reason}")]
#[diagnostic(code("xqlaw::io"))]
pub struct ReadError {
    /// The path, as given.
    path: String,
    /// What the system (or [`read`]) said, in lowercase as messages are.
    reason: String,
    /// What the reader knows of the file that the system does not (who writes it).
    #[help]
    help: Option<&'static str>,
}

impl ReadError {
    /// `path` cannot be read, for the reason `e` gives.
    #[must_use]
    pub fn new(path: &Path, e: &io::Error) -> ReadError {
        ReadError::shown(path.display().to_string(), e)
    }

    /// As [`ReadError::new`], with the path as the caller shows it (an `extends` shows the
    /// file it looked for as it names it).
    #[must_use]
    pub fn shown(path: String, e: &io::Error) -> ReadError {
        ReadError {
            path,
            reason: e.to_string().to_lowercase(),
            help: None,
        }
    }

    /// The error with a help saying what the reader knows of the file (`help` is one
    /// sentence, lowercase).
    #[must_use]
    pub fn with_help(self, help: &'static str) -> ReadError {
        ReadError {
            help: Some(help),
            ..self
        }
    }

    /// The path, as given.
    #[must_use]
    pub fn path(&self) -> &str {
        &self.path
    }
}

/// A file that cannot be read, in the law's language too (the reason is the system's, in the
/// English gloss).
impl crate::localized::Localized for ReadError {
    fn vi(&self) -> String {
        format!("không đọc được `{}`", self.path)
    }
}

/// [`read_text`], with the error every command shows for a file it cannot read.
///
/// # Errors
///
/// As [`read_text`], as a [`ReadError`].
pub fn read_text_or_why(path: &Path) -> Result<String, ReadError> {
    read_text(path).map_err(|e| ReadError::new(path, &e))
}

/// Whether `path` is a regular file (not followed if a link).
pub fn is_regular_file(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file())
}

/// Whether `path` itself is a symbolic link.
pub fn is_symlink(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

fn too_large() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("the file is larger than {MAX_INPUT_TEXT}, the most an input file may hold"),
    )
}

#[cfg(unix)]
fn open_input(path: &Path) -> io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    // Non-blocking, so that opening a FIFO with no writer returns at once (to be refused);
    // a regular file reads the same either way.
    fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_input(path: &Path) -> io::Result<fs::File> {
    fs::File::open(path)
}

#[cfg(unix)]
fn what_it_is(kind: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt as _;
    if kind.is_dir() {
        "a folder"
    } else if kind.is_fifo() {
        "a named pipe"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn what_it_is(kind: &fs::FileType) -> &'static str {
    if kind.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

/// Replaces (or creates) the file at `path` with `contents`, through a temporary file beside
/// it that is created new, never through a link, then renamed over `path`.
///
/// # Errors
///
/// What the system said; the temporary file is removed on every error.
pub fn replace(path: &Path, contents: &[u8], writer: Writer) -> io::Result<()> {
    let tmp = write_temporary(path, contents, writer)?;
    tmp.persist(path).map(drop).map_err(|e| e.error)
}

/// Creates the file at `path` with `contents` only if no file (or link) of that name exists,
/// through a temporary file as [`replace`] does; the new file is linked into place, which
/// never replaces a name.
///
/// # Errors
///
/// [`io::ErrorKind::AlreadyExists`] when the name is taken, even if it was taken after the
/// call began; what the system said otherwise.
pub fn create(path: &Path, contents: &[u8], writer: Writer) -> io::Result<()> {
    let tmp = write_temporary(path, contents, writer)?;
    tmp.persist_noclobber(path).map(drop).map_err(|e| e.error)
}

/// Rewrites the regular file at `path` with `contents`, as [`replace`] does, keeping its
/// permissions. A link is refused, not replaced: replacing it would turn the link into a file
/// of its own and leave the file it points to as it was.
///
/// # Errors
///
/// [`io::ErrorKind::InvalidInput`] when `path` is a link or not a regular file (saying what
/// it is); what the system said otherwise. The file is left as it was on every error.
pub fn rewrite(path: &Path, contents: &[u8], writer: Writer) -> io::Result<()> {
    let meta = fs::symlink_metadata(path)?;
    let kind = meta.file_type();
    if kind.is_symlink() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "it is a symbolic link, not rewritten: give the file it points to",
        ));
    }
    if !kind.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {}, not a regular file", what_it_is(&kind)),
        ));
    }
    let tmp = write_temporary(path, contents, writer)?;
    tmp.as_file().set_permissions(meta.permissions())?;
    tmp.persist(path).map(drop).map_err(|e| e.error)
}

/// A written and synced temporary file beside `path`; it is deleted when dropped unpersisted.
fn write_temporary(
    path: &Path,
    contents: &[u8],
    writer: Writer,
) -> io::Result<tempfile::NamedTempFile> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(
            ".{name}.xqlaw-{}-{}-",
            writer.tag(),
            std::process::id()
        ))
        .suffix(".tmp")
        .make_in(dir, open_new)?;
    tmp.as_file_mut().write_all(contents)?;
    tmp.as_file().sync_all()?;
    Ok(tmp)
}

/// Opens a new file for writing: fails if anything, a link included, has the name.
fn open_new(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        // `create_new` already refuses an existing link (O_EXCL); O_NOFOLLOW says so twice.
        options.custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC);
    }
    options.open(path)
}

/// Removes, in `dir` (not followed if a link), the temporary files that an earlier run of
/// `writer`'s command left there when it was killed; returns what it removed. Files of other
/// commands, of processes still running, links and folders are left alone.
pub fn sweep(dir: &Path, writer: Writer) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    if is_symlink(dir) {
        return removed;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return removed;
    };
    let mark = format!(".xqlaw-{}-", writer.tag());
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| temporary_pid(n, &mark)) else {
            continue;
        };
        if pid == std::process::id() || process_runs(pid) {
            continue;
        }
        let path = entry.path();
        if is_regular_file(&path) && fs::remove_file(&path).is_ok() {
            removed.push(path);
        }
    }
    removed
}

/// The process id in a temporary file name `.NAME<mark>PID-RANDOM.tmp`.
fn temporary_pid(name: &str, mark: &str) -> Option<u32> {
    if !name.starts_with('.') {
        return None;
    }
    let rest = name.strip_suffix(".tmp")?;
    let (_, tail) = rest.rsplit_once(mark)?;
    let (pid, random) = tail.split_once('-')?;
    (!random.is_empty() && random.chars().all(|c| c.is_ascii_alphanumeric()))
        .then(|| pid.parse().ok())
        .flatten()
}

/// Whether a process with id `pid` runs on this machine.
#[cfg(target_os = "linux")]
fn process_runs(pid: u32) -> bool {
    Path::new("/proc").join(pid.to_string()).exists()
}

/// Whether a process with id `pid` may run: without `/proc`, a temporary file is taken for
/// a leftover only when its process id is out of range.
#[cfg(not(target_os = "linux"))]
fn process_runs(pid: u32) -> bool {
    pid != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xqlaw-disk-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn temporary_names_say_their_command_and_process() {
        let mark = ".xqlaw-import-";
        assert_eq!(
            temporary_pid(".hinh-01.yaml.xqlaw-import-4242-aB3xYz.tmp", mark),
            Some(4242)
        );
        assert_eq!(
            temporary_pid(".hinh-01.yaml.xqlaw-docs-4242-aB3xYz.tmp", mark),
            None
        );
        assert_eq!(
            temporary_pid("hinh-01.yaml.xqlaw-import-1-a.tmp", mark),
            None
        );
        assert_eq!(temporary_pid(".a.xqlaw-import-x-a.tmp", mark), None);
        assert_eq!(temporary_pid(".a.xqlaw-import-12-.tmp", mark), None);
        assert_eq!(temporary_pid(".a.xqlaw-import-12-ab.yaml", mark), None);
    }

    #[test]
    fn a_replace_leaves_only_the_file() {
        let dir = scratch("replace");
        let path = dir.join("a.yaml");
        replace(&path, b"one\n", Writer::Import).unwrap();
        replace(&path, b"two\n", Writer::Import).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two\n");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        let e = create(&path, b"three\n", Writer::Save).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read_to_string(&path).unwrap(), "two\n");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_rewrite_keeps_the_mode_and_refuses_a_link() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = scratch("rewrite");
        let path = dir.join("a.rules");
        fs::write(&path, "one\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        rewrite(&path, b"two\n", Writer::Fmt).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two\n");
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        let link = dir.join("b.rules");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        let e = rewrite(&link, b"three\n", Writer::Fmt).unwrap_err();
        assert!(e.to_string().contains("symbolic link"), "{e}");
        assert!(is_symlink(&link));
        assert_eq!(fs::read_to_string(&path).unwrap(), "two\n");
        let e = rewrite(&dir, b"four\n", Writer::Fmt).unwrap_err();
        assert!(e.to_string().contains("a folder"), "{e}");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_sweep_removes_only_its_commands_dead_leftovers() {
        let dir = scratch("sweep");
        // No process has id 4194305: Linux ids stop at 2^22.
        let dead = dir.join(".a.yaml.xqlaw-import-4194305-Ab12Cd.tmp");
        let other_command = dir.join(".a.yaml.xqlaw-docs-4194305-Ab12Cd.tmp");
        let running = dir.join(format!(
            ".a.yaml.xqlaw-import-{}-Ab12Cd.tmp",
            std::process::id()
        ));
        let theirs = dir.join("notes.tmp");
        for path in [&dead, &other_command, &running, &theirs] {
            fs::write(path, "").unwrap();
        }
        assert_eq!(sweep(&dir, Writer::Import), vec![dead.clone()]);
        assert!(!dead.exists());
        assert!(other_command.exists() && running.exists() && theirs.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn an_unreadable_file_says_where_and_why_in_lowercase() {
        use miette::Diagnostic as _;
        let dir = scratch("unreadable");
        let missing = dir.join("none.rules");
        let e = read_text_or_why(&missing).unwrap_err();
        let folder = read_text_or_why(&dir).unwrap_err();
        let helped = e.clone().with_help("it is written by another command");
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(
            e.to_string(),
            format!(
                "cannot read `{}`: no such file or directory (os error 2)",
                missing.display()
            )
        );
        assert_eq!(e.path(), missing.display().to_string());
        assert_eq!(e.code().unwrap().to_string(), "xqlaw::io");
        assert!(e.help().is_none());
        assert_eq!(
            helped.help().unwrap().to_string(),
            "it is written by another command"
        );
        assert!(
            folder
                .to_string()
                .ends_with(": a folder is not a regular file: only regular files are read"),
            "{folder}"
        );
    }

    #[test]
    fn a_byte_order_mark_is_no_part_of_the_text() {
        let dir = scratch("bom");
        let path = dir.join("a.rules");
        fs::write(&path, "\u{feff}rules a\n").unwrap();
        assert_eq!(read_text(&path).unwrap(), "rules a\n");
        assert_eq!(read_text_as_written(&path).unwrap(), "\u{feff}rules a\n");
        // Only a leading mark is one: a later U+FEFF is text (and the parser's to refuse).
        fs::write(&path, "rules a\n\u{feff}").unwrap();
        assert_eq!(read_text(&path).unwrap(), "rules a\n\u{feff}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn special_files_are_refused_without_blocking() {
        let e = read(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a character device is not a regular file: only regular files are read"
        );
        let e = read(Path::new("/")).unwrap_err();
        assert!(e.to_string().starts_with("a folder is not"), "{e}");
    }
}
