//! The input text. Large files are memory-mapped and never copied: the IR
//! refers to them by byte ranges.

use std::fs::File;
use std::io;
use std::path::Path;

/// A byte range `[start, end)` of the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// Number of bytes covered.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }
}

enum Storage {
    Owned(String),
    Mapped(memmap2::Mmap, File),
}

/// The text a module was parsed from. Always valid UTF-8.
pub struct Source {
    name: String,
    storage: Storage,
}

/// Why a source could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The file could not be opened, mapped or read.
    #[error("{name}: cannot read: {err}")]
    Io {
        /// File name as given.
        name: String,
        /// The operating system's error.
        err: io::Error,
    },
    /// The bytes are not UTF-8 text.
    #[error("{name}:{line}:{col}: error: the input is not UTF-8 text (byte 0x{byte:02x} at offset {offset}); expected MLIR text")]
    NotText {
        /// File name as given.
        name: String,
        /// Line of the first bad byte (1-based).
        line: usize,
        /// Column of the first bad byte (1-based).
        col: usize,
        /// Byte offset of the first bad byte.
        offset: usize,
        /// The bad byte.
        byte: u8,
    },
}

impl Source {
    /// A source held in memory (tests, stdin).
    pub fn from_string(name: impl Into<String>, text: String) -> Source {
        Source {
            name: name.into(),
            storage: Storage::Owned(text),
        }
    }

    /// Reads bytes into a source, checking that they are UTF-8.
    pub fn from_bytes(name: impl Into<String>, bytes: Vec<u8>) -> Result<Source, SourceError> {
        let name = name.into();
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Source::from_string(name, text)),
            Err(e) => {
                let bytes = e.into_bytes();
                Err(not_text(name, &bytes))
            }
        }
    }

    /// Maps a file into memory (read-only) and checks that it is UTF-8.
    pub fn map_file(path: &Path) -> Result<Source, SourceError> {
        let name = path.display().to_string();
        let io_err = |err| SourceError::Io {
            name: name.clone(),
            err,
        };
        let mut file = File::open(path).map_err(io_err)?;
        let meta = file.metadata().map_err(io_err)?;
        if meta.is_dir() {
            return Err(io_err(io::Error::other(
                "it is a directory; expected an MLIR file",
            )));
        }
        if !meta.is_file() {
            // A pipe or a device cannot be mapped: read it.
            let mut bytes = Vec::new();
            io::Read::read_to_end(&mut file, &mut bytes).map_err(io_err)?;
            return Source::from_bytes(name, bytes);
        }
        let len = meta.len();
        if len == 0 {
            return Ok(Source::from_string(name, String::new()));
        }
        // SAFETY: the map is read-only; hlo-opt never writes to its input, and
        // `-o` writes through a temporary file that is renamed afterwards.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io_err)?;
        if std::str::from_utf8(&map).is_err() {
            return Err(not_text(name, &map));
        }
        Ok(Source {
            name,
            storage: Storage::Mapped(map, file),
        })
    }

    /// The file name used in messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        match &self.storage {
            Storage::Owned(s) => s,
            // SAFETY: checked to be UTF-8 when the map was made, and read-only.
            Storage::Mapped(m, _) => unsafe { std::str::from_utf8_unchecked(m) },
        }
    }

    /// The file behind a memory-mapped source (for kernel-side copies).
    pub fn file(&self) -> Option<&File> {
        match &self.storage {
            Storage::Mapped(_, f) => Some(f),
            Storage::Owned(_) => None,
        }
    }

    /// The text of a span.
    pub fn slice(&self, span: Span) -> &str {
        &self.text()[span.start..span.end]
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        line_col(self.text().as_bytes(), offset)
    }

    /// The line (without its line break) that holds a byte offset.
    pub fn line_text(&self, offset: usize) -> &str {
        let text = self.text();
        let offset = offset.min(text.len());
        let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
        text[start..end].trim_end_matches('\r')
    }
}

fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let col = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, col)
}

fn not_text(name: String, bytes: &[u8]) -> SourceError {
    let offset = match std::str::from_utf8(bytes) {
        Err(e) => e.valid_up_to(),
        Ok(_) => 0,
    };
    let (line, col) = line_col(bytes, offset);
    SourceError::NotText {
        name,
        line,
        col,
        offset,
        byte: bytes.get(offset).copied().unwrap_or(0),
    }
}

/// Whether `c` may appear in an MLIR identifier after its first character
/// (value and symbol names, resource keys): a letter, a digit or one of
/// `_ $ . -`, as MLIR's lexer reads them.
pub fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-')
}
