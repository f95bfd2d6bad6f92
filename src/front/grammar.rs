//! The pest grammar (`grammar/mlir.pest`) and the entry point that runs it.

use pest::iterators::Pair;
use pest::Parser;

use super::error::{ParseError, ParseErrorKind};
use crate::ir::Source;

/// The generated parser.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/mlir.pest"]
pub(crate) struct MlirParser;

/// Runs the grammar over a whole file and returns its `file` pair.
pub(crate) fn parse_file(source: &Source) -> Result<Pair<'_, Rule>, ParseError> {
    let mut pairs = MlirParser::parse(Rule::file, source.text())
        .map_err(|e| ParseError::from_pest(source, e))?;
    pairs.next().ok_or_else(|| {
        ParseError::at(
            source,
            0,
            ParseErrorKind::Syntax("expected a module or operations".into()),
        )
    })
}

/// Describes a grammar rule in words, for error messages.
pub(crate) fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of input",
        Rule::trivia => "whitespace",
        Rule::operation | Rule::top_item => "an operation",
        Rule::result_list | Rule::result_group => "a result name like `%0 =`",
        Rule::result_count => "a result count",
        Rule::op_name => "an operation name",
        Rule::op_body | Rule::generic_body => "operands, attributes or a type signature",
        Rule::generic_name => "an operation name",
        Rule::value_id | Rule::value_use | Rule::def_eq | Rule::def_typed => {
            "an SSA value like `%0`"
        }
        Rule::def_attrs => "an attribute dictionary",
        Rule::r#type | Rule::type_text => "a type like `tensor<2x3xf32>`",
        Rule::sig
        | Rule::sig_inputs
        | Rule::sig_input_bare
        | Rule::sig_results
        | Rule::sig_short => "a type signature like `: (tensor<f32>) -> tensor<f32>`",
        Rule::region | Rule::region_item => "a region `{ ... }`",
        Rule::fn_results | Rule::fn_result | Rule::fn_result_bare | Rule::result_attrs => {
            "result types"
        }
        Rule::block_header | Rule::block_arg => "a block label like `^bb0(...):`",
        Rule::loc => "a location `loc(...)`",
        Rule::dense_hex | Rule::hex_string => "a hex constant `dense<\"0x...\">`",
        Rule::alias_def | Rule::alias_name => "an alias definition `#name = ...`",
        Rule::resource_section => "a resource section `{-# ... #-}`",
        Rule::string => "a string literal",
        Rule::bare_id | Rule::dotted_id => "an identifier",
        _ => "more input",
    }
}
