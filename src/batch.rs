//! Judging a stream of plays given as JSON lines (`xqlaw judge --batch`).
//!
//! A line is a FEN and move texts in a notation, read by [`read_play`]; with `cycle` only the
//! moves of the last cycle are judged. A batch streams with constant memory: lines are read in
//! chunks, each chunk judged in parallel (order kept) and written out.

use std::io::{self, BufRead, Write};
use std::sync::mpsc;

use miette::Diagnostic;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::compile::CompiledRules;
use crate::eval::{self, SideJudgement};
use crate::play_text::{ASSUMED_BY_REQUEST, PlayError, read_play};
use crate::xiangqi::START_FEN;
use crate::xiangqi::notation::Notation;

/// One input line of a batch.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    #[serde(default)]
    id: serde_json::Value,
    #[serde(default)]
    fen: Option<String>,
    moves: Vec<String>,
    /// Judge the moves as a presumed cycle although no position repeats.
    #[serde(default)]
    assume_cycle: bool,
}

/// One side in a batch output line.
#[derive(Debug, Serialize)]
struct SideLine<'a> {
    outcome: crate::vocab::Outcome,
    rulings: Vec<&'a str>,
}

impl<'a> SideLine<'a> {
    fn new(side: &'a SideJudgement) -> Self {
        SideLine {
            outcome: side.outcome,
            rulings: side.in_force().collect(),
        }
    }
}

/// A judged batch output line.
#[derive(Debug, Serialize)]
struct Judged<'a> {
    id: &'a serde_json::Value,
    verdict: crate::vocab::Verdict,
    red: SideLine<'a>,
    black: SideLine<'a>,
}

/// A failed batch output line.
#[derive(Debug, Serialize)]
struct Failed<'a> {
    id: &'a serde_json::Value,
    /// The 1-based input line.
    line: usize,
    error: String,
}

/// Options of a batch run.
#[derive(Debug, Clone, Copy)]
pub struct BatchOptions {
    /// The notation of the move texts.
    pub notation: Notation,
    /// Judge only the last cycle of each case.
    pub cycle: bool,
    /// Judge every case as a presumed cycle (a line may also say `"assume_cycle": true`).
    pub assume_cycle: bool,
    /// Lines judged in parallel as one job; while the last cases of a chunk finish, the next
    /// chunk starts (at most two are in flight).
    pub chunk: usize,
    /// The help a failed line gives after its error, in the words of the front end that took
    /// these options: the library's help speaks of "the last cycle", the command line names
    /// `--cycle`. By default, the error's own help.
    pub help: fn(&PlayError) -> Option<String>,
}

impl Default for BatchOptions {
    /// ICCS moves, every play judged whole, chunks of 256 lines, the library's help.
    fn default() -> BatchOptions {
        BatchOptions {
            notation: Notation::Iccs,
            cycle: false,
            assume_cycle: false,
            chunk: 256,
            help: |e| e.help().map(|help| help.to_string()),
        }
    }
}

/// What a batch run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BatchSummary {
    /// Lines judged or failed.
    pub cases: usize,
    /// Lines that failed.
    pub failed: usize,
}

/// The longest batch line read, in bytes; a longer line gets an error entry and is skipped
/// without being held in memory.
pub const MAX_BATCH_LINE: usize = 1 << 20;

/// A batch input line, as read.
enum Input {
    /// A line of text, to judge.
    Case { line: usize, text: String },
    /// A line that cannot be judged: its number, the id if one could be read, and why.
    Bad {
        line: usize,
        id: serde_json::Value,
        why: String,
    },
}

/// Judges every line of `input` and writes one line per case to `output`, in order; a line
/// that fails gets `{"id": …, "line": …, "error": "…"}` and the run goes on. Input is read
/// as bytes: a line that is not UTF-8 or longer than [`MAX_BATCH_LINE`] is such a failure, a UTF-8
/// byte order mark before the first line is dropped, and blank lines are skipped (so there
/// is one output line per non-blank input line). `progress` is called after every chunk with
/// the number of cases so far.
///
/// # Errors
///
/// Only reading or writing failures.
pub fn run_batch(
    rules: &CompiledRules,
    mut input: impl BufRead,
    mut output: impl Write,
    options: BatchOptions,
    mut progress: impl FnMut(usize),
) -> io::Result<BatchSummary> {
    let mut reader = ChunkReader {
        size: options.chunk.max(1),
        number: 0,
        bytes: Vec::new(),
    };
    // Chunks are judged as pool jobs while this thread reads the next one and writes the
    // finished ones in order: the last, slowest cases of a chunk overlap the next chunk
    // instead of leaving the other threads idle.
    rayon::in_place_scope(|scope| {
        let (done, finished) = mpsc::channel::<(usize, Vec<(String, bool)>)>();
        let mut summary = BatchSummary::default();
        let (mut spawned, mut written) = (0, 0);
        let mut waiting: Vec<(usize, Vec<(String, bool)>)> = Vec::new();
        let (mut at_end, mut read_error) = (false, None);
        loop {
            // Never read past the end: a terminal would wait for more.
            while !at_end && read_error.is_none() && spawned - written < IN_FLIGHT {
                let chunk = match reader.next(&mut input) {
                    Ok(chunk) if chunk.is_empty() => {
                        at_end = true;
                        break;
                    }
                    Ok(chunk) => chunk,
                    Err(e) => {
                        read_error = Some(e);
                        break;
                    }
                };
                let (done, index) = (done.clone(), spawned);
                scope.spawn(move |_| {
                    // The receiver is gone only if writing failed: the results are moot.
                    let _ = done.send((index, judge_chunk(rules, &chunk, options)));
                });
                spawned += 1;
            }
            if written == spawned {
                break;
            }
            // INVARIANT: a spawned chunk not yet written holds a sender until it sends.
            let Ok(chunk) = finished.recv() else {
                break;
            };
            waiting.push(chunk);
            while let Some(at) = waiting.iter().position(|(i, _)| *i == written) {
                let (_, results) = waiting.swap_remove(at);
                for (text, ok) in results {
                    summary.cases += 1;
                    if !ok {
                        summary.failed += 1;
                    }
                    writeln!(output, "{text}")?;
                }
                output.flush()?;
                progress(summary.cases);
                written += 1;
            }
        }
        match read_error {
            Some(e) => Err(e),
            None => Ok(summary),
        }
    })
}

/// Chunks judged or waiting to be written at a time: one being finished while the next one
/// starts.
const IN_FLIGHT: usize = 2;

/// Reads a batch input chunk by chunk, numbering its lines.
struct ChunkReader {
    /// Cases per chunk.
    size: usize,
    /// Lines read so far.
    number: usize,
    /// The line being read.
    bytes: Vec<u8>,
}

impl ChunkReader {
    /// The next chunk of up to `size` cases; empty at the end of the input.
    fn next(&mut self, input: &mut impl BufRead) -> io::Result<Vec<Input>> {
        let mut chunk = Vec::with_capacity(self.size);
        while chunk.len() < self.size {
            let Some(whole) = read_line(input, &mut self.bytes)? else {
                break;
            };
            self.number += 1;
            if let Some(case) = classify(self.number, &mut self.bytes, whole) {
                chunk.push(case);
            }
        }
        Ok(chunk)
    }
}

/// Judges a chunk of cases in parallel: one output line and whether it succeeded per case.
fn judge_chunk(
    rules: &CompiledRules,
    chunk: &[Input],
    options: BatchOptions,
) -> Vec<(String, bool)> {
    chunk
        .par_iter()
        .map(|case| match case {
            Input::Case { line, text } => judge_line(rules, *line, text, options),
            Input::Bad { line, id, why } => (failed(id, *line, why), false),
        })
        .collect()
}

/// Reads the next line into `bytes` (without its `\n`), keeping at most [`MAX_BATCH_LINE`] bytes
/// of it: `Some(true)` for a whole line, `Some(false)` for a longer one (the rest is read and
/// dropped), `None` at the end of the input.
fn read_line(input: &mut impl BufRead, bytes: &mut Vec<u8>) -> io::Result<Option<bool>> {
    bytes.clear();
    let mut whole = true;
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(any.then_some(whole));
        }
        any = true;
        let newline = available.iter().position(|b| *b == b'\n');
        let part = newline.map_or(available, |at| available.get(..at).unwrap_or_default());
        let room = MAX_BATCH_LINE.saturating_sub(bytes.len());
        if part.len() > room {
            whole = false;
        }
        bytes.extend_from_slice(part.get(..part.len().min(room)).unwrap_or_default());
        let used = newline.map_or(available.len(), |at| at + 1);
        input.consume(used);
        if newline.is_some() {
            return Ok(Some(whole));
        }
    }
}

/// What to do with input line `number`: judge it, report it, or skip it (blank).
fn classify(number: usize, bytes: &mut Vec<u8>, whole: bool) -> Option<Input> {
    if !whole {
        return Some(Input::Bad {
            line: number,
            id: leading_id(&String::from_utf8_lossy(bytes)),
            why: format!("line {number} is longer than {MAX_BATCH_LINE} bytes; it is not read"),
        });
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) if number == 1 => rest,
        _ => bytes.as_slice(),
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    Some(match std::str::from_utf8(bytes) {
        Ok(text) => Input::Case {
            line: number,
            text: text.to_owned(),
        },
        Err(e) => {
            let at = e.valid_up_to();
            Input::Bad {
                line: number,
                id: id_of(&String::from_utf8_lossy(bytes)),
                why: format!(
                    "line {number} is not valid UTF-8 (byte 0x{:02X} at byte {})",
                    bytes.get(at).copied().unwrap_or_default(),
                    at + 1
                ),
            }
        }
    })
}

/// The `id` of a line that cannot be read as a case, if it is JSON with one (lone UTF-16
/// surrogates in its escapes read as U+FFFD); of a line of two objects or more, the first's.
fn id_of(line: &str) -> serde_json::Value {
    let read = |text: &str| {
        serde_json::Deserializer::from_str(text)
            .into_iter::<serde_json::Value>()
            .next()
            .and_then(Result::ok)
            .and_then(|v| v.get("id").cloned())
    };
    read(line)
        .or_else(|| read(&without_lone_surrogates(line)))
        .unwrap_or(serde_json::Value::Null)
}

/// The `id` of a line cut short, read from the `"id": …` near its start (the rest is not
/// JSON any more); `null` if there is none there.
fn leading_id(line: &str) -> serde_json::Value {
    let head_end = (0..=line.len().min(4096))
        .rev()
        .find(|&i| line.is_char_boundary(i))
        .unwrap_or(0);
    let head = line.get(..head_end).unwrap_or_default();
    let value = head
        .find("\"id\"")
        .and_then(|at| line.get(at + 4..))
        .and_then(|rest| rest.trim_start().strip_prefix(':'))
        .and_then(|rest| {
            serde_json::Deserializer::from_str(rest)
                .into_iter::<serde_json::Value>()
                .next()
                .and_then(Result::ok)
        });
    match value {
        Some(v @ (serde_json::Value::String(_) | serde_json::Value::Number(_))) => v,
        _ => serde_json::Value::Null,
    }
}

/// `line` with every `\uD800`–`\uDFFF` escape that is not half of a pair replaced by
/// `\uFFFD`, which JSON readers accept.
fn without_lone_surrogates(line: &str) -> String {
    let unit = |at: usize| -> Option<u16> {
        let hex = line.get(at..at + 6)?.strip_prefix("\\u")?;
        u16::from_str_radix(hex, 16).ok()
    };
    let mut out = String::with_capacity(line.len());
    let mut at = 0;
    while let Some(c) = line.get(at..).and_then(|rest| rest.chars().next()) {
        match unit(at) {
            Some(0xD800..=0xDBFF)
                if unit(at + 6).is_some_and(|low| (0xDC00..=0xDFFF).contains(&low)) =>
            {
                out.push_str(line.get(at..at + 12).unwrap_or_default());
                at += 12;
            }
            Some(0xD800..=0xDFFF) => {
                out.push_str("\\uFFFD");
                at += 6;
            }
            _ => {
                // A backslash escapes the next character: copy both so that `\\u…` stays.
                let len = if c == '\\' {
                    1 + line
                        .get(at + 1..)
                        .and_then(|r| r.chars().next())
                        .map_or(0, char::len_utf8)
                } else {
                    c.len_utf8()
                };
                out.push_str(line.get(at..at + len).unwrap_or_default());
                at += len;
            }
        }
    }
    out
}

/// Judges one JSON line (input line `number`); returns the output line and whether it
/// succeeded.
fn judge_line(
    rules: &CompiledRules,
    number: usize,
    line: &str,
    options: BatchOptions,
) -> (String, bool) {
    let null = serde_json::Value::Null;
    let case: Case = match serde_json::from_str(line) {
        Ok(case) => case,
        Err(e) => {
            // Keep the id if the line is JSON with an id but the wrong shape.
            let id = id_of(line);
            return (failed(&id, number, &format!("bad case: {e}")), false);
        }
    };
    let id = if case.id.is_null() { &null } else { &case.id };
    let texts: Vec<&str> = case.moves.iter().map(String::as_str).collect();
    let fen = case.fen.as_deref().unwrap_or(START_FEN);
    let assume = options.assume_cycle || case.assume_cycle;
    match decide_line(rules, fen, &texts, options, assume) {
        Ok(j) => {
            let line = Judged {
                id,
                verdict: j.verdict,
                red: SideLine::new(&j.red),
                black: SideLine::new(&j.black),
            };
            match serde_json::to_string(&line) {
                Ok(text) => (text, true),
                Err(e) => (failed(id, number, &e.to_string()), false),
            }
        }
        Err(e) => (failed(id, number, &one_line(&e, options)), false),
    }
}

/// The decision on one line's play: read, cut to its last cycle if asked, presumed a cycle if
/// asked.
fn decide_line(
    rules: &CompiledRules,
    fen: &str,
    texts: &[&str],
    options: BatchOptions,
    assume_cycle: bool,
) -> Result<eval::Decision, PlayError> {
    let mut play = read_play(fen, texts, options.notation)?;
    if options.cycle {
        play = play.last_cycle().ok_or(PlayError::NoCycle)?;
    }
    if assume_cycle {
        play = play.assuming_cycle(ASSUMED_BY_REQUEST);
    }
    eval::decide(rules, &play).map_err(PlayError::Eval)
}

/// An error with its help (as the options word it), on one line.
fn one_line(e: &PlayError, options: BatchOptions) -> String {
    let mut text = e.to_string();
    if let Some(help) = (options.help)(e) {
        text.push_str(&format!(" ({help})"));
    }
    text.replace('\n', " ")
}

fn failed(id: &serde_json::Value, line: usize, error: &str) -> String {
    serde_json::to_string(&Failed {
        id,
        line,
        error: error.to_owned(),
    })
    .unwrap_or_else(|_| "{\"id\":null,\"error\":\"unprintable error\"}".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{HINH_1, law};

    fn options() -> BatchOptions {
        BatchOptions {
            chunk: 4,
            ..BatchOptions::default()
        }
    }

    #[test]
    fn a_batch_line_may_assume_a_cycle() {
        let rules = law();
        let plain = format!(r#"{{"id": 1, "fen": "{HINH_1}", "moves": ["h8h9"]}}"#);
        let (text, ok) = judge_line(&rules, 1, &plain, options());
        assert!(
            ok && text.contains(r#""verdict":"no_repetition""#),
            "{text}"
        );
        let assumed =
            format!(r#"{{"id": 2, "fen": "{HINH_1}", "moves": ["h8h9"], "assume_cycle": true}}"#);
        let (text, ok) = judge_line(&rules, 1, &assumed, options());
        assert!(ok && text.contains(r#""verdict":"red_loses""#), "{text}");
        let all = BatchOptions {
            assume_cycle: true,
            ..options()
        };
        let (text, _) = judge_line(&rules, 1, &plain, all);
        assert!(text.contains(r#""verdict":"red_loses""#), "{text}");
    }

    #[test]
    fn a_lone_surrogate_keeps_the_id() {
        assert_eq!(id_of(r#"{"id": "a\ud800b", "moves": []}"#), "a\u{FFFD}b");
        assert_eq!(id_of(r#"{"id": 7, "moves": ["\udc00"]}"#), 7);
        // Two objects on one line: the first one's id.
        assert_eq!(id_of(r#"{"id": "a", "moves": []} {"id": "b"}"#), "a");
        // A pair stays a pair, an escaped backslash stays one.
        assert_eq!(
            id_of(r#"{"id": "\ud83d\ude00 \\ud800"}"#),
            "\u{1F600} \\ud800"
        );
    }

    #[test]
    fn lines_are_read_as_bytes() {
        let input = b"\xEF\xBB\xBF{\"id\":1}\r\n\n  \n{\"id\":2,\"m\":\"\xE9\"}\nlast";
        let mut reader = &input[..];
        let mut bytes = Vec::new();
        let mut seen = Vec::new();
        let mut number = 0;
        while let Some(whole) = read_line(&mut reader, &mut bytes).unwrap() {
            number += 1;
            seen.push(match classify(number, &mut bytes, whole) {
                Some(Input::Case { line, text }) => format!("{line} case {text}"),
                Some(Input::Bad { line, id, why }) => format!("{line} bad {id} {why}"),
                None => format!("{number} blank"),
            });
        }
        assert_eq!(
            seen,
            [
                r#"1 case {"id":1}"#,
                "2 blank",
                "3 blank",
                "4 bad 2 line 4 is not valid UTF-8 (byte 0xE9 at byte 14)",
                "5 case last",
            ]
        );
    }

    #[test]
    fn a_line_too_long_is_cut_and_reported() {
        let mut input = b"{\"id\": 3, \"x\": \"".to_vec();
        input.resize(MAX_BATCH_LINE + 10, b'a');
        input.extend_from_slice(b"\"}\nnext\n");
        let mut reader = &input[..];
        let mut bytes = Vec::new();
        assert_eq!(read_line(&mut reader, &mut bytes).unwrap(), Some(false));
        assert_eq!(bytes.len(), MAX_BATCH_LINE);
        let Some(Input::Bad { why, id, .. }) = classify(1, &mut bytes, false) else {
            panic!("a long line is an error");
        };
        assert_eq!(id, 3);
        assert!(why.contains("longer than"), "{why}");
        assert_eq!(read_line(&mut reader, &mut bytes).unwrap(), Some(true));
        assert_eq!(bytes, b"next");
        assert_eq!(read_line(&mut reader, &mut bytes).unwrap(), None);
    }
}
