//! The front end: MLIR text to [`crate::ir::Module`]. The only module that
//! knows pest.

mod builder;
mod checks;
mod error;
mod grammar;
mod types;

pub use error::{ParseError, ParseErrorKind};
pub use types::parse_type;

/// Most results one operation may define (`%0:N`); more is refused before
/// anything is allocated for them.
pub const MAX_RESULTS: usize = 1 << 16;

use crate::ir::{Module, Source};

/// Deepest bracket nesting accepted; deeper input is refused with an error
/// rather than risking the parser's stack.
pub const MAX_NESTING: usize = 512;

/// Parses MLIR text into a module, and checks it with the IR verifier
/// ([`crate::ir::verify`]): a program MLIR would reject is an error here.
///
/// Errors carry the position and a description of what was expected.
pub fn parse(source: Source) -> Result<Module, ParseError> {
    let mut module = parse_unverified(source)?;
    match crate::ir::verify::verify_stated_types(&module) {
        Ok(stated) => {
            // A custom op of another dialect only suggests its result's type
            // (`foo.op %a : T` may list an operand's); where a use states
            // the type, the passes work with that one (it is what they
            // convert and what the uses they rewrite must say).
            for (v, t) in stated {
                if matches!(t, crate::ir::Type::Tensor(_)) && module.dfg.ty(v) != &t {
                    module.dfg.value_mut(v).ty = t;
                }
            }
            Ok(module)
        }
        Err(errors) => {
            let first = &errors.0[0];
            let more = match errors.0.len() {
                1 => String::new(),
                n => format!(" ({} more problem(s) follow)", n - 1),
            };
            Err(ParseError::at(
                &module.source,
                first.offset.unwrap_or(0),
                ParseErrorKind::Invalid(format!("{}{more}", first.message)),
            ))
        }
    }
}

/// Parses without running the IR verifier on the result: for files that
/// are MLIR syntax but deliberately invalid programs (the `expected-error`
/// test files of the StableHLO corpus), so that they still round-trip.
pub fn parse_unverified(source: Source) -> Result<Module, ParseError> {
    checks::check_nesting(&source, MAX_NESTING)?;
    checks::check_brackets(&source)?;
    let built = {
        let pairs = grammar::parse_file(&source)?;
        builder::build(&source, pairs)?
    };
    let mut module = Module::new(
        source,
        built.dfg,
        built.layout,
        built.top,
        built.trailing,
        built.names,
    );
    reduce_operands_in_op_order(&mut module);
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

/// The pretty form of a variadic reduce writes its operands in pairs,
/// `(%x0 init: %i0), (%x1 init: %i1)`, but the op's operands (and its type
/// signature) are all inputs, then all inits. The IR keeps the op's order.
fn reduce_operands_in_op_order(module: &mut Module) {
    for op in module.ops_named("stablehlo.reduce") {
        let d = module.dfg.op(op);
        let n = d.operands.len();
        if d.form != crate::ir::OpForm::Pretty || n < 4 || n % 2 != 0 {
            continue;
        }
        if !module.op_text(op).contains(" init: ") {
            continue;
        }
        let order: Vec<usize> = (0..n / 2)
            .map(|k| 2 * k)
            .chain((0..n / 2).map(|k| 2 * k + 1))
            .collect();
        module.dfg.permute_operands(op, &order);
    }
}

/// Parses text held in memory (tests and stdin).
pub fn parse_str(name: &str, text: &str) -> Result<Module, ParseError> {
    parse(Source::from_string(name, text.to_string()))
}
