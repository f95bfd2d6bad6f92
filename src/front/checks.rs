//! Checks made around the grammar: nesting depth before it runs (so that deep
//! input is an error, not a stack overflow), and constant sizes after.

use std::ops::ControlFlow;

use super::error::{ParseError, ParseErrorKind};
use crate::ir::{ElemType, Module, Source, Type};

/// The offset of the closing quote of a string whose body starts at `i`
/// (or the end of the text).
fn skip_string(bytes: &[u8], mut i: usize) -> usize {
    while let Some(n) = memchr::memchr2(b'"', b'\\', &bytes[i..]) {
        i += n;
        if bytes[i] == b'"' {
            return i;
        }
        i += 2;
        if i >= bytes.len() {
            break;
        }
    }
    bytes.len()
}

/// Whether every byte is an ASCII hex digit; written branch-free over
/// chunks so that the compiler vectorises it (hex blobs run to gigabytes).
fn all_hex(bytes: &[u8]) -> bool {
    bytes.chunks(64).all(|chunk| {
        chunk.iter().fold(true, |ok, &b| {
            let digit = b.wrapping_sub(b'0') < 10;
            let letter = (b | 0x20).wrapping_sub(b'a') < 6;
            ok & (digit | letter)
        })
    })
}

/// Calls `f(offset, byte)` for every bracket outside strings and comments
/// (`>` of an `->` arrow left out), until `f` says stop.
fn for_each_bracket(bytes: &[u8], mut f: impl FnMut(usize, u8) -> ControlFlow<()>) {
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = skip_string(bytes, i + 1),
            // A comment ends at the first `\n` or `\r`, as in the grammar
            // and MLIR's lexer (a lone `\r` is a line break).
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = memchr::memchr2(b'\n', b'\r', &bytes[i..]).map_or(bytes.len(), |n| i + n);
            }
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b @ (b'(' | b'[' | b'{' | b'<' | b')' | b']' | b'}' | b'>') if f(i, b).is_break() => {
                return
            }
            _ => {}
        }
        i += 1;
    }
}

/// Fails at the first bracket nested deeper than `max`, ignoring brackets in
/// strings and comments.
pub(crate) fn check_nesting(source: &Source, max: usize) -> Result<(), ParseError> {
    let mut depth = 0usize;
    let mut too_deep = None;
    for_each_bracket(source.text().as_bytes(), |i, b| {
        if matches!(b, b'(' | b'[' | b'{' | b'<') {
            depth += 1;
            if depth > max {
                too_deep = Some(i);
                return ControlFlow::Break(());
            }
        } else {
            depth = depth.saturating_sub(1);
        }
        ControlFlow::Continue(())
    });
    match too_deep {
        Some(i) => Err(ParseError::at(source, i, ParseErrorKind::TooDeep(max))),
        None => Ok(()),
    }
}

/// Fails at the first bracket `(`, `[`, `{` that is never closed or is
/// closed by the wrong kind, and at a closer with nothing open (strings and
/// comments skipped). Runs in one linear scan before the grammar, so that
/// unbalanced input is a clear error in microseconds instead of a long
/// backtracking search.
pub(crate) fn check_brackets(source: &Source) -> Result<(), ParseError> {
    let text = source.text();
    let mut stack: Vec<(usize, u8)> = Vec::new();
    let mut bad: Option<(usize, String)> = None;
    for_each_bracket(text.as_bytes(), |i, b| {
        let want = match b {
            b'(' | b'[' | b'{' => {
                stack.push((i, b));
                return ControlFlow::Continue(());
            }
            b')' => b'(',
            b']' => b'[',
            b'}' => b'{',
            _ => return ControlFlow::Continue(()),
        };
        match stack.pop() {
            Some((_, open)) if open == want => ControlFlow::Continue(()),
            Some((at, open)) => {
                let (l, c) = source.line_col(at);
                bad = Some((
                    i,
                    format!(
                        "`{}` does not close `{}` opened at {l}:{c}; expected `{}`",
                        b as char,
                        open as char,
                        closer(open) as char
                    ),
                ));
                ControlFlow::Break(())
            }
            None => {
                bad = Some((
                    i,
                    format!(
                        "unexpected `{}`: no bracket is open here; expected an operation or the end of input",
                        b as char
                    ),
                ));
                ControlFlow::Break(())
            }
        }
    });
    if bad.is_none() {
        if let Some(&(at, open)) = stack.last() {
            let (l, c) = source.line_col(at);
            bad = Some((
                text.len(),
                format!(
                    "unexpected end of input: `{}` opened at {l}:{c} is not closed; expected `{}`",
                    open as char,
                    closer(open) as char
                ),
            ));
        }
    }
    match bad {
        Some((at, message)) => Err(ParseError::at(source, at, ParseErrorKind::Syntax(message))),
        None => Ok(()),
    }
}

/// The bracket that closes `open`.
pub(crate) fn closer(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        b'<' => b'>',
        _ => b'}',
    }
}

/// The offset of the innermost `{`, `(` or `[` that is never closed, if any
/// (strings and comments skipped).
pub(crate) fn first_unclosed(text: &str) -> Option<usize> {
    innermost_open(text.as_bytes(), false).map(|(i, _)| i)
}

/// The innermost bracket of any kind (`<` included) still open just before
/// `end`, if any (strings, comments and the `>` of `->` skipped): the
/// bracket a closer found at `end` was meant to close.
pub(crate) fn open_before(text: &str, end: usize) -> Option<(usize, u8)> {
    innermost_open(&text.as_bytes()[..end.min(text.len())], true)
}

/// The innermost bracket left open at the end of `bytes` and its offset;
/// `<` and `>` count only with `angles`.
fn innermost_open(bytes: &[u8], angles: bool) -> Option<(usize, u8)> {
    let mut stack: Vec<(usize, u8)> = Vec::new();
    for_each_bracket(bytes, |i, b| {
        match b {
            b'<' | b'>' if !angles => {}
            b'(' | b'[' | b'{' | b'<' => stack.push((i, b)),
            _ => {
                stack.pop();
            }
        }
        ControlFlow::Continue(())
    });
    stack.last().copied()
}

/// Checks every hex constant against the type in its operation's signature.
pub(crate) fn check_module(module: &Module) -> Result<(), ParseError> {
    for op in module.walk() {
        let data = module.dfg.op(op);
        let Some(payload) = data.payload else {
            continue;
        };
        let digits = module.source.slice(payload).as_bytes();
        if all_hex(digits) {
            // fast path: nothing to report
        } else if let Some(pos) = digits.iter().position(|b| !b.is_ascii_hexdigit()) {
            let c = module.source.slice(payload)[pos..]
                .chars()
                .next()
                .unwrap_or('?');
            return Err(ParseError::at(
                &module.source,
                payload.start + pos,
                ParseErrorKind::HexDigit(c),
            ));
        }
        if digits.len() % 2 != 0 {
            return Err(ParseError::at(
                &module.source,
                payload.start,
                ParseErrorKind::HexLength {
                    expected: "a whole number of bytes".into(),
                    found: digits.len() / 2,
                },
            ));
        }
        let Some(Type::Tensor(t)) = data.sig.as_ref().and_then(|s| s.outputs.last()) else {
            continue;
        };
        let (Some(n), found) = (t.num_elements(), digits.len() / 2) else {
            continue;
        };
        let ok = match (&t.elem, t.elem.storage_bytes()) {
            // i1 may be stored one byte per element or packed eight to a byte.
            (ElemType::Int { bits: 1, .. }, _) => {
                found as u64 == n || found as u64 == n.div_ceil(8) || found == 1
            }
            (_, Some(b)) => found as u64 == n * b || found as u64 == b,
            (_, None) => true,
        };
        if !ok {
            let b = t.elem.storage_bytes().unwrap_or(1);
            return Err(ParseError::at(
                &module.source,
                payload.start,
                ParseErrorKind::HexLength {
                    expected: format!(
                        "{} ({} x {} bytes of {}) or {} for a splat",
                        n * b,
                        n,
                        b,
                        t.elem,
                        b
                    ),
                    found,
                },
            ));
        }
    }
    Ok(())
}
