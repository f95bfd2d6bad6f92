//! The pest grammar (`grammar/mlir.pest`) and the entry point that runs it.

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser;

use super::error::{ParseError, ParseErrorKind};
use crate::ir::source::is_id_char;
use crate::ir::Source;

/// The generated parser.
#[derive(pest_derive::Parser)]
#[grammar = "../../grammar/mlir.pest"]
pub(crate) struct MlirParser;

/// Runs the grammar over a whole file and returns its `file` pair.
pub(crate) fn parse_file(source: &Source) -> Result<Pair<'_, Rule>, ParseError> {
    let mut pairs =
        MlirParser::parse(Rule::file, source.text()).map_err(|e| pest_error(source, e))?;
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

/// The grammar's error in words: what was expected and what was found, or
/// the bracket left open when the input ended.
fn pest_error(source: &Source, err: pest::error::Error<Rule>) -> ParseError {
    let offset = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let text = source.text();
    if text[offset.min(text.len())..].trim().is_empty() {
        if let Some(open) = super::checks::first_unclosed(text) {
            let (l, c) = source.line_col(open);
            let opener = text.as_bytes()[open] as char;
            let closer = super::checks::closer(text.as_bytes()[open]) as char;
            return ParseError::at(
                source,
                text.len(),
                ParseErrorKind::Syntax(format!(
                    "unexpected end of input: `{opener}` opened at {l}:{c} is not closed; expected `{closer}`"
                )),
            );
        }
    }
    if let Some(message) = wrong_closer(source, offset) {
        return ParseError::at(source, offset, ParseErrorKind::Syntax(message));
    }
    if let Some(message) = bad_ssa_name(text, offset) {
        return ParseError::at(source, offset, ParseErrorKind::Syntax(message));
    }
    let message = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().map(|&r| describe(r)).collect();
            words.sort_unstable();
            words.dedup();
            if words.len() > 4 {
                words.truncate(4);
                words.push("more");
            }
            let found = found_text(source.text(), offset);
            let expected = match words.len() {
                0 => "valid MLIR".to_string(),
                1 => words[0].to_string(),
                _ => {
                    let (last, rest) = words.split_last().expect("two or more");
                    format!("{} or {}", rest.join(", "), last)
                }
            };
            format!("expected {expected}, found {found}")
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    ParseError::at(source, offset, ParseErrorKind::Syntax(message))
}

/// When the grammar stopped at `%` followed by digits and then more name
/// characters (`%12_u`), which MLIR's lexer does not read as one SSA name,
/// says so.
fn bad_ssa_name(text: &str, offset: usize) -> Option<String> {
    let rest = text.get(offset..)?.strip_prefix('%')?;
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let name: String = rest
        .chars()
        .take_while(|&c| is_id_char(c))
        .take(64)
        .collect();
    (digits > 0 && name.len() > digits).then(|| {
        format!(
            "`%{name}` is not an SSA name; expected digits only (`%{}`) or a name that starts with a letter or one of `$ . _ -`",
            &name[..digits]
        )
    })
}

/// When the grammar stopped at a closing bracket that does not close the
/// innermost open one (`dense<[[1, 2]>`), says which bracket is still open.
fn wrong_closer(source: &Source, offset: usize) -> Option<String> {
    let text = source.text();
    let found = *text.as_bytes().get(offset)?;
    if !matches!(found, b')' | b']' | b'}' | b'>') {
        return None;
    }
    let (at, open) = super::checks::open_before(text, offset)?;
    let want = super::checks::closer(open);
    if want == found {
        return None;
    }
    let (l, c) = source.line_col(at);
    Some(format!(
        "`{}` does not close `{}` opened at {l}:{c}; expected `{}`",
        found as char, open as char, want as char
    ))
}

/// A short description of the text at `offset`, for "found ..." messages.
fn found_text(text: &str, offset: usize) -> String {
    let rest = &text[offset.min(text.len())..];
    match rest.chars().next() {
        None => "end of input".to_string(),
        Some('\n') | Some('\r') => "end of line".to_string(),
        Some(_) => {
            let token: String = rest
                .chars()
                .take_while(|c| !c.is_whitespace())
                .take(24)
                .collect();
            format!("`{token}`")
        }
    }
}
