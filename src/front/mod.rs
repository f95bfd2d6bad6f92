//! The front end: MLIR text to [`crate::ir::Module`]. The only module that
//! knows pest.

mod builder;
mod checks;
mod error;
mod grammar;
mod types;

pub use error::{ParseError, ParseErrorKind};
pub use types::parse_type;

use crate::ir::{Module, Source};

/// Deepest bracket nesting accepted; deeper input is refused with an error
/// rather than risking the parser's stack.
pub const MAX_NESTING: usize = 512;

/// Parses MLIR text into a module.
///
/// Errors carry the position and a description of what was expected.
pub fn parse(source: Source) -> Result<Module, ParseError> {
    checks::check_nesting(&source, MAX_NESTING)?;
    let built = {
        let pairs = grammar::parse_file(&source)?;
        builder::build(&source, pairs)?
    };
    let module = Module::new(
        source,
        built.dfg,
        built.layout,
        built.top,
        built.trailing,
        built.names,
    );
    checks::check_module(&module)?;
    if module.layout.is_empty(module.top) {
        return Err(ParseError::at(
            &module.source,
            module.source.text().len(),
            ParseErrorKind::Syntax("empty input; expected a module or operations".into()),
        ));
    }
    Ok(module)
}

/// Parses text held in memory (tests and stdin).
pub fn parse_str(name: &str, text: &str) -> Result<Module, ParseError> {
    parse(Source::from_string(name, text.to_string()))
}
