//! Parse errors: `FILE:LINE:COL: error: <what was expected>`, then the line.

use std::fmt;

use crate::ir::Source;

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The text does not follow MLIR's syntax; says what was expected.
    Syntax(String),
    /// A use of an SSA name that is defined nowhere in scope.
    UnknownValue(String),
    /// A use of an SSA name before the operation that defines it.
    UseBeforeDef {
        /// The name, with `%`.
        name: String,
        /// `LINE:COL` of the definition.
        defined_at: String,
    },
    /// An SSA name defined twice in one scope.
    Redefinition {
        /// The name, with `%`.
        name: String,
        /// `LINE:COL` of the first definition.
        first_at: String,
    },
    /// A `#n` result index past the end of a result group.
    BadResultIndex(String),
    /// The number of result types does not match the number of results.
    ResultCount {
        /// Results named on the left of `=`.
        results: usize,
        /// Types after `->`.
        types: usize,
    },
    /// A hex constant's byte count does not match its type.
    HexLength {
        /// Bytes the type asks for (or one element's bytes, for a splat).
        expected: String,
        /// Bytes the blob holds.
        found: usize,
    },
    /// A hex constant with a character that is not a hex digit.
    HexDigit(char),
    /// Brackets nested deeper than the parser accepts.
    TooDeep(usize),
    /// A type the IR could not read.
    BadType(String),
    /// A program that is not valid: the IR verifier's finding.
    Invalid(String),
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Syntax(s) => f.write_str(s),
            ParseErrorKind::UnknownValue(n) => {
                write!(f, "use of undefined SSA value {n}; expected a value defined earlier in this scope")
            }
            ParseErrorKind::UseBeforeDef { name, defined_at } => write!(
                f,
                "use of SSA value {name} before its definition (defined at {defined_at}); expected a value defined earlier"
            ),
            ParseErrorKind::Redefinition { name, first_at } => write!(
                f,
                "redefinition of SSA value {name} (first defined at {first_at}); expected a fresh name"
            ),
            ParseErrorKind::BadResultIndex(s) => f.write_str(s),
            ParseErrorKind::ResultCount { results, types } => write!(
                f,
                "operation defines {results} result(s) but its signature lists {types} result type(s); expected as many types as results"
            ),
            ParseErrorKind::HexLength { expected, found } => write!(
                f,
                "hex constant holds {found} byte(s) but its type needs {expected}"
            ),
            ParseErrorKind::HexDigit(c) => {
                write!(f, "hex constant contains {c:?}; expected only hex digits 0-9, a-f")
            }
            ParseErrorKind::TooDeep(max) => write!(
                f,
                "brackets nested deeper than {max} levels; expected at most {max}"
            ),
            ParseErrorKind::BadType(s) => f.write_str(s),
            ParseErrorKind::Invalid(s) => f.write_str(s),
        }
    }
}

/// A parse error with its position and the offending line.
#[derive(Debug, Clone, thiserror::Error)]
pub struct ParseError {
    /// The file name.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// The source line at the error.
    pub line_text: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}:{}:{}: error: {}",
            self.file, self.line, self.col, self.kind
        )?;
        let shown: String = self.line_text.chars().take(200).collect();
        writeln!(f, "{shown}")?;
        let pad: String = self
            .line_text
            .chars()
            .take(self.col.saturating_sub(1).min(200))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{pad}^")
    }
}

impl ParseError {
    /// An error at a byte offset of the source.
    pub fn at(source: &Source, offset: usize, kind: ParseErrorKind) -> ParseError {
        let (line, col) = source.line_col(offset);
        ParseError {
            file: source.name().to_string(),
            line,
            col,
            kind,
            line_text: source.line_text(offset).to_string(),
        }
    }
}
