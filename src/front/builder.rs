//! Turns the grammar's pairs into the IR: creates operations, values, blocks
//! and regions, resolves SSA names with MLIR's scoping rules, and records the
//! printed form of each operation as source spans with holes.

use std::collections::{HashMap, HashSet};

use pest::iterators::Pair;

use super::error::{ParseError, ParseErrorKind};
use super::grammar::Rule;
use super::types::{check_type, parse_type};
use crate::ir::{
    Block, DataFlowGraph, Layout, Op, OpData, OpForm, Piece, Region, Signature, Source, Span, Type,
    Value, ValueData, ValueDef,
};

/// What the parser hands to [`crate::ir::Module::new`].
pub(crate) struct Built {
    pub dfg: DataFlowGraph,
    pub layout: Layout,
    pub top: Block,
    pub trailing: Span,
    pub names: HashSet<String>,
}

/// A name visible in a scope.
struct Entry {
    /// The values of the group (one, or several for `%0:2`).
    values: Vec<Value>,
    /// Block and position of the defining operation; `None` for arguments,
    /// which are visible from the start of their region.
    at: Option<(Block, usize)>,
    span: Span,
}

/// One region's names, and where in it the builder is.
struct Scope {
    names: HashMap<String, Entry>,
    /// Whether names from enclosing scopes are hidden (`func.func`, `module`).
    isolated: bool,
    /// The block and position of the operation being built.
    cursor: Option<(Block, usize)>,
}

struct Builder<'s> {
    src: &'s Source,
    dfg: DataFlowGraph,
    layout: Layout,
    names: HashSet<String>,
    scopes: Vec<Scope>,
    /// The names each op declares for its regions, to refuse one declared
    /// twice without a scan of the op's earlier declarations.
    decl_names: HashMap<(Op, String), Value>,
}

fn span_of(p: &Pair<'_, Rule>) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

/// Operations whose regions cannot see values defined outside them.
fn is_isolated(name: &str) -> bool {
    matches!(
        name,
        "func.func" | "module" | "builtin.module" | "func.func_decl"
    )
}

pub(crate) fn build(src: &Source, file: Pair<'_, Rule>) -> Result<Built, ParseError> {
    let mut b = Builder {
        src,
        dfg: DataFlowGraph::default(),
        layout: Layout::default(),
        names: HashSet::new(),
        scopes: Vec::new(),
        decl_names: HashMap::new(),
    };
    let top = b.layout.add_block(None);
    let mut items: Vec<Pair<'_, Rule>> = file.into_inner().collect();
    // `(trivia ~ top_item)* ~ trivia ~ EOI`
    if items.last().map(|p| p.as_rule()) == Some(Rule::EOI) {
        items.pop();
    }
    let trailing = match items.pop() {
        Some(p) if p.as_rule() == Rule::trivia => span_of(&p),
        Some(p) => Span::new(p.as_span().end(), p.as_span().end()),
        None => Span::default(),
    };
    b.scopes.push(Scope {
        names: HashMap::new(),
        isolated: true,
        cursor: None,
    });
    b.build_items(top, None, items)?;
    b.scopes.pop();
    Ok(Built {
        dfg: b.dfg,
        layout: b.layout,
        top,
        trailing,
        names: b.names,
    })
}

/// Operation names MLIR reads without a dialect prefix: those of the
/// default dialects of a module and a function body.
const BARE_OP_NAMES: &[&str] = &["return", "call", "module", "func"];

/// `dialect.op` (every part non-empty) or one of [`BARE_OP_NAMES`].
fn well_formed_op_name(text: &str) -> bool {
    if text.contains('.') {
        text.split('.').all(|part| !part.is_empty())
    } else {
        BARE_OP_NAMES.contains(&text)
    }
}

impl<'s> Builder<'s> {
    fn error(&self, offset: usize, kind: ParseErrorKind) -> ParseError {
        ParseError::at(self.src, offset, kind)
    }

    /// Reads a type as the grammar delimited it, refusing what MLIR refuses.
    fn read_type(&self, p: &Pair<'s, Rule>) -> Result<Type, ParseError> {
        let ty = parse_type(p.as_str());
        check_type(p.as_str(), &ty)
            .map_err(|m| self.error(p.as_span().start(), ParseErrorKind::BadType(m)))?;
        Ok(ty)
    }

    fn at_text(&self, span: Span) -> String {
        let (l, c) = self.src.line_col(span.start);
        format!("{l}:{c}")
    }

    /// Builds the items of a region (or of the file when `region` is `None`):
    /// first creates every operation and its results, so that names are known,
    /// then fills in operands and nested regions in order.
    fn build_items(
        &mut self,
        first_block: Block,
        region: Option<Region>,
        items: Vec<Pair<'s, Rule>>,
    ) -> Result<(), ParseError> {
        let mut block = Some(first_block);
        let mut pending_leading: Option<Span> = None;
        let mut todo: Vec<(Op, usize, Pair<'s, Rule>)> = Vec::new();
        for item in items {
            match item.as_rule() {
                Rule::trivia => pending_leading = Some(span_of(&item)),
                Rule::block_header => {
                    let b = match block.take() {
                        // The first header names the entry block, if it is still empty.
                        Some(b)
                            if self.layout.is_empty(b)
                                && self.layout.block(b).header.is_empty() =>
                        {
                            b
                        }
                        _ => self.layout.add_block(region),
                    };
                    let leading = pending_leading.take().unwrap_or_default();
                    self.build_block_header(b, leading, item)?;
                    block = Some(b);
                }
                Rule::operation | Rule::alias_def | Rule::resource_section => {
                    let b = match block {
                        Some(b) => b,
                        None => {
                            let b = self.layout.add_block(region);
                            block = Some(b);
                            b
                        }
                    };
                    let leading = pending_leading.take().unwrap_or_default();
                    let pos = self.layout.len(b);
                    let op = self.create_op(b, leading, &item)?;
                    todo.push((op, pos, item));
                }
                _ => {}
            }
        }
        for (op, pos, item) in todo {
            if item.as_rule() == Rule::operation {
                let block = self.dfg.op(op).block.expect("placed in a block");
                if let Some(scope) = self.scopes.last_mut() {
                    scope.cursor = Some((block, pos));
                }
                self.fill_op(op, item)?;
            }
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.cursor = None;
        }
        Ok(())
    }

    fn build_block_header(
        &mut self,
        block: Block,
        leading: Span,
        header: Pair<'s, Rule>,
    ) -> Result<(), ParseError> {
        let hspan = span_of(&header);
        let mut pieces = vec![Piece::Src(leading)];
        let mut pos = hspan.start;
        let owner = self
            .layout
            .block_owner(block)
            .expect("a block header is inside a region");
        for arg in header.into_inner() {
            if arg.as_rule() != Rule::block_arg {
                continue;
            }
            let mut inner = arg.into_inner();
            let (Some(id), Some(ty)) = (inner.next(), inner.next()) else {
                continue;
            };
            let loc = inner.next().map(|p| span_of(&p));
            let index = self.layout.block(block).args.len() as u32;
            let tspan = span_of(&ty);
            let parsed = self.read_type(&ty)?;
            let v = self.new_value(&id, parsed, ValueDef::BlockArg { block, index }, owner);
            {
                let data = self.dfg.value_mut(v);
                data.ty_span = Some(tspan);
                data.loc = loc;
            }
            self.layout.block_mut(block).args.push(v);
            self.define(&id, vec![v], None)?;
            pieces.push(Piece::Src(Span::new(pos, tspan.start)));
            pieces.push(Piece::DefType(v));
            pos = tspan.end;
        }
        pieces.push(Piece::Src(Span::new(pos, hspan.end)));
        self.layout.block_mut(block).header = pieces;
        Ok(())
    }

    fn new_value(&mut self, id: &Pair<'s, Rule>, ty: Type, def: ValueDef, origin: Op) -> Value {
        let name = id.as_str().trim_start_matches('%').to_string();
        self.names.insert(name.clone());
        self.dfg.add_value(ValueData {
            name,
            group_index: None,
            ty,
            ty_span: None,
            attrs_span: None,
            extra_attrs: Vec::new(),
            def,
            origin,
            def_span: span_of(id),
            loc: None,
        })
    }

    /// Makes a name visible in the innermost scope.
    fn define(
        &mut self,
        id: &Pair<'s, Rule>,
        values: Vec<Value>,
        at: Option<(Block, usize)>,
    ) -> Result<(), ParseError> {
        let name = id.as_str().trim_start_matches('%').to_string();
        let span = span_of(id);
        let innermost = self.scopes.len() - 1;
        if let Some((prev, level)) = self.lookup(&name) {
            // A name an enclosing region defines only after this point is not
            // visible yet, and may be reused here (MLIR scoping).
            let later = match (prev.at, self.scopes[level].cursor) {
                (Some((b, p)), Some((cb, cp))) => level < innermost && b == cb && p > cp,
                _ => false,
            };
            if later {
                let scope = self.scopes.last_mut().expect("a scope is open");
                scope.names.insert(name, Entry { values, at, span });
                return Ok(());
            }
            let first_at = self.at_text(prev.span);
            return Err(self.error(
                span.start,
                ParseErrorKind::Redefinition {
                    name: format!("%{name}"),
                    first_at,
                },
            ));
        }
        let scope = self.scopes.last_mut().expect("a scope is open");
        scope.names.insert(name, Entry { values, at, span });
        Ok(())
    }

    /// Finds a visible name: innermost scope first, not past an isolated one.
    fn lookup(&self, name: &str) -> Option<(&Entry, usize)> {
        for (level, scope) in self.scopes.iter().enumerate().rev() {
            if let Some(e) = scope.names.get(name) {
                return Some((e, level));
            }
            if scope.isolated {
                break;
            }
        }
        None
    }

    /// Creates an operation with its results (first pass over a region).
    fn create_op(
        &mut self,
        block: Block,
        leading: Span,
        item: &Pair<'s, Rule>,
    ) -> Result<Op, ParseError> {
        let span = span_of(item);
        let (name, form) = match item.as_rule() {
            Rule::alias_def => {
                let name = item
                    .clone()
                    .into_inner()
                    .next()
                    .map(|p| p.as_str().to_string())
                    .unwrap_or_default();
                (name, OpForm::Alias)
            }
            Rule::resource_section => ("{-#".to_string(), OpForm::Resource),
            _ => {
                let name_pair = item
                    .clone()
                    .into_inner()
                    .find(|p| matches!(p.as_rule(), Rule::op_name | Rule::generic_name))
                    .expect("an operation has a name");
                let text = name_pair.as_str();
                match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
                    Some(inner) => (inner.to_string(), OpForm::Generic),
                    // MLIR knows an undotted name only from a default
                    // dialect (`return`, `call` in a function, `module`);
                    // anything else would also read as more of the previous
                    // operation once printed after a pretty one.
                    None if !well_formed_op_name(text) => {
                        return Err(self.error(
                            name_pair.as_span().start(),
                            ParseErrorKind::Syntax(format!(
                                "unknown operation `{text}`; expected a dialect-qualified name like `stablehlo.add`, or one of {}",
                                BARE_OP_NAMES.join(", ")
                            )),
                        ));
                    }
                    None => (text.to_string(), OpForm::Pretty),
                }
            }
        };
        let mut data = OpData::new(name, form);
        data.leading = Piece::Src(leading);
        data.block = Some(block);
        data.pieces = vec![Piece::Src(span)];
        let op = self.dfg.add_op(data);
        let pos = self.layout.len(block);
        self.layout.push_op(block, op);
        if item.as_rule() != Rule::operation {
            return Ok(op);
        }
        let Some(results) = item
            .clone()
            .into_inner()
            .find(|p| p.as_rule() == Rule::result_list)
        else {
            return Ok(op);
        };
        for group in results.into_inner() {
            let mut inner = group.into_inner();
            let Some(id) = inner.next() else { continue };
            let count: usize = match inner.next() {
                Some(c) => match c.as_str().parse::<usize>() {
                    // Each result needs a type in the signature, so a count
                    // beyond the input's length cannot be right either.
                    Ok(n) if n <= super::MAX_RESULTS && n <= self.src.text().len() => n,
                    _ => {
                        return Err(self.error(
                            span_of(&c).start,
                            ParseErrorKind::Syntax(format!(
                                "result count {} is too large; expected at most {} results",
                                c.as_str(),
                                super::MAX_RESULTS
                            )),
                        ))
                    }
                },
                None => 1,
            };
            let mut values = Vec::with_capacity(count);
            for i in 0..count {
                let index = self.dfg.op(op).results.len() as u32;
                let v = self.new_value(&id, Type::Unknown, ValueDef::Result { op, index }, op);
                if count > 1 {
                    self.dfg.value_mut(v).group_index = Some(i as u32);
                }
                self.dfg.op_mut(op).results.push(v);
                values.push(v);
            }
            self.define(&id, values, Some((block, pos)))?;
        }
        Ok(op)
    }

    /// Resolves a use `%x` or `%x#2` at the current position.
    fn resolve(&self, usep: &Pair<'s, Rule>) -> Result<Value, ParseError> {
        let text = usep.as_str().trim_start_matches('%');
        let span = span_of(usep);
        let (name, index) = match text.rsplit_once('#') {
            Some((n, i)) => (n, i.parse::<usize>().ok()),
            None => (text, None),
        };
        let Some((entry, level)) = self.lookup(name) else {
            return Err(self.error(span.start, ParseErrorKind::UnknownValue(format!("%{name}"))));
        };
        if let (Some((db, dpos)), Some((cb, cpos))) = (entry.at, self.scopes[level].cursor) {
            if db == cb && dpos >= cpos {
                return Err(self.error(
                    span.start,
                    ParseErrorKind::UseBeforeDef {
                        name: format!("%{name}"),
                        defined_at: self.at_text(entry.span),
                    },
                ));
            }
        }
        let i = index.unwrap_or(0);
        entry.values.get(i).copied().ok_or_else(|| {
            self.error(
                span.start,
                ParseErrorKind::BadResultIndex(format!(
                    "result #{i} of %{name} does not exist; expected an index below {}",
                    entry.values.len()
                )),
            )
        })
    }

    /// Second pass over an operation: operands, declarations, signature,
    /// regions, and its printed form.
    fn fill_op(&mut self, op: Op, item: Pair<'s, Rule>) -> Result<(), ParseError> {
        let op_span = span_of(&item);
        let mut results_end = None;
        let mut body = None;
        let mut pretty = false;
        for child in item.into_inner() {
            match child.as_rule() {
                Rule::result_list => results_end = Some(child.as_span().end()),
                Rule::op_body | Rule::generic_body => {
                    pretty = child.as_rule() == Rule::op_body;
                    body = Some(child)
                }
                _ => {}
            }
        }
        let Some(body) = body else {
            return Ok(());
        };
        let parts: Vec<Pair<'s, Rule>> = body.into_inner().collect();
        let last_sig = parts.iter().rposition(|p| p.as_rule() == Rule::sig);
        let mut pieces = Vec::new();
        let mut pos = op_span.start;
        // The result list (`%0:2 = `) is a piece of its own, so that an op can
        // be copied under new names.
        if let Some(end) = results_end {
            pieces.push(Piece::Src(Span::new(op_span.start, end)));
            pos = end;
        }
        let push_hole = |pieces: &mut Vec<Piece>, pos: &mut usize, span: Span, hole: Piece| {
            if span.start > *pos {
                pieces.push(Piece::Src(Span::new(*pos, span.start)));
            }
            pieces.push(hole);
            *pos = span.end;
        };
        let name = self.dfg.op(op).name.clone();
        let mut regions: Vec<Pair<'s, Rule>> = Vec::new();
        let mut last_decl: Option<Value> = None;
        // What follows the signature of a pretty op: (start, loc spans, a region seen).
        let mut after_sig: Option<(usize, Vec<Span>, bool)> = None;
        for (i, part) in parts.into_iter().enumerate() {
            let span = span_of(&part);
            if let Some((_, locs, region)) = after_sig.as_mut() {
                match part.as_rule() {
                    Rule::loc => locs.push(span),
                    Rule::region => *region = true,
                    _ => {}
                }
            }
            match part.as_rule() {
                Rule::value_use => {
                    let v = self.resolve(&part)?;
                    let index = self.dfg.op(op).operands.len() as u32;
                    self.dfg.push_operand(op, v);
                    push_hole(
                        &mut pieces,
                        &mut pos,
                        span,
                        Piece::Operand(index, Some(span)),
                    );
                }
                Rule::def_eq => {
                    let id = part.into_inner().next().expect("def_eq has a name");
                    self.new_decl(op, &id, Type::Unknown)?;
                }
                Rule::def_typed => {
                    let mut inner = part.into_inner();
                    let id = inner.next().expect("def_typed has a name");
                    let ty = inner.next().expect("def_typed has a type");
                    let tspan = span_of(&ty);
                    let parsed = self.read_type(&ty)?;
                    let v = self.new_decl(op, &id, parsed)?;
                    self.dfg.value_mut(v).ty_span = Some(tspan);
                    push_hole(&mut pieces, &mut pos, tspan, Piece::DefType(v));
                    match inner.next() {
                        Some(attrs) => {
                            let aspan = span_of(&attrs);
                            self.dfg.value_mut(v).attrs_span = Some(aspan);
                            push_hole(&mut pieces, &mut pos, aspan, Piece::DefAttrs(v));
                        }
                        None => {
                            let at = Span::new(tspan.end, tspan.end);
                            push_hole(&mut pieces, &mut pos, at, Piece::DefAttrs(v));
                        }
                    }
                    last_decl = Some(v);
                    continue;
                }
                Rule::loc => {
                    match last_decl.take() {
                        Some(v)
                            if self.dfg.value(v).loc.is_none()
                                && self.dfg.value(v).ty_span.is_some() =>
                        {
                            self.dfg.value_mut(v).loc = Some(span);
                        }
                        _ => self.dfg.op_mut(op).loc = Some(span),
                    }
                    continue;
                }
                Rule::symbol => {
                    let data = self.dfg.op_mut(op);
                    if data.symbol.is_none() {
                        data.symbol = Some(span);
                    }
                }
                Rule::dense_hex if name.ends_with(".constant") => {
                    let hex = part.into_inner().next().expect("dense_hex has a string");
                    let h = span_of(&hex);
                    // Strip `"0x` and `"`.
                    self.dfg.op_mut(op).payload = Some(Span::new(h.start + 3, h.end - 1));
                }
                Rule::sig if Some(i) == last_sig => {
                    let sig = self.read_sig(op, part)?;
                    self.dfg.op_mut(op).sig = Some(sig);
                    push_hole(&mut pieces, &mut pos, span, Piece::Sig);
                    after_sig = Some((span.end, Vec::new(), false));
                }
                // A function's own results: the first `->` before its body.
                Rule::fn_results
                    if name == "func.func"
                        && regions.is_empty()
                        && self.dfg.op(op).func_results_src.is_none() =>
                {
                    let mut results = Vec::new();
                    for result in part.into_inner() {
                        let mut inner = result.into_inner();
                        let Some(ty) = inner.next() else { continue };
                        results.push(crate::ir::FuncResult {
                            ty: self.read_type(&ty)?,
                            ty_span: Some(span_of(&ty)),
                            attrs: inner.next().map(|a| span_of(&a)),
                        });
                    }
                    let count = results.len();
                    let data = self.dfg.op_mut(op);
                    data.func_results = results;
                    data.func_results_src = Some((span, count));
                    push_hole(&mut pieces, &mut pos, span, Piece::FuncResults);
                }
                Rule::region => {
                    if name == "func.func" && !regions.is_empty() {
                        return Err(self.error(
                            span.start,
                            ParseErrorKind::Syntax(
                                "a second region on `func.func`; expected one body per function"
                                    .into(),
                            ),
                        ));
                    }
                    let index = regions.len() as u32;
                    push_hole(&mut pieces, &mut pos, span, Piece::Region(index));
                    regions.push(part);
                }
                _ => {}
            }
            last_decl = None;
        }
        if let Some((start, locs, false)) = after_sig {
            if pretty && (name.starts_with("stablehlo.") || name.starts_with("chlo.")) {
                self.check_nothing_after_sig(start, op_span.end, &locs)?;
            }
        }
        if op_span.end > pos {
            pieces.push(Piece::Src(Span::new(pos, op_span.end)));
        }
        self.dfg.op_mut(op).pieces = pieces;
        self.type_decls_from_sig(op);
        for region in regions {
            self.build_region(op, &name, region)?;
        }
        Ok(())
    }

    /// A StableHLO or CHLO op in pretty form ends with its signature and
    /// location unless regions follow: MLIR reads anything else on the line
    /// (`: tensor<2xf32> garbage`) as the start of a statement and refuses it.
    fn check_nothing_after_sig(
        &self,
        start: usize,
        end: usize,
        locs: &[Span],
    ) -> Result<(), ParseError> {
        let text = self.src.text();
        let mut at = start;
        let mut gaps = Vec::new();
        for loc in locs {
            gaps.push((at, loc.start));
            at = loc.end;
        }
        gaps.push((at, end));
        for (from, to) in gaps {
            let mut rest = text.get(from..to).unwrap_or("");
            loop {
                let trimmed = rest.trim_start();
                // `trimmed` ends where the gap ends.
                let offset = to - trimmed.len();
                if trimmed.is_empty() {
                    break;
                }
                if let Some(comment) = trimmed.strip_prefix("//") {
                    rest = comment.split_once('\n').map_or("", |(_, after)| after);
                    continue;
                }
                return Err(self.error(
                    offset,
                    ParseErrorKind::Syntax(
                        "text after the op's type signature; expected its location \
                         `loc(...)` or the end of the line"
                            .into(),
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A value the operation's own syntax declares for its regions. A name
    /// declared twice by one operation is refused: every region of the
    /// operation sees all its declarations, so the second would silently
    /// take the first one's uses (MLIR: redefinition of SSA value).
    fn new_decl(&mut self, op: Op, id: &Pair<'s, Rule>, ty: Type) -> Result<Value, ParseError> {
        let name = id.as_str().trim_start_matches('%');
        if let Some(&first) = self.decl_names.get(&(op, name.to_string())) {
            let first_at = self.at_text(self.dfg.value(first).def_span);
            return Err(self.error(
                span_of(id).start,
                ParseErrorKind::Redefinition {
                    name: format!("%{name}"),
                    first_at,
                },
            ));
        }
        let index = self.dfg.op(op).decls.len() as u32;
        let v = self.new_value(id, ty, ValueDef::Decl { op, index }, op);
        self.dfg.op_mut(op).decls.push(v);
        self.decl_names.insert((op, name.to_string()), v);
        Ok(v)
    }

    /// `while(%a = %x, %b = %y) : T, U`: untyped declarations take the listed types.
    fn type_decls_from_sig(&mut self, op: Op) {
        let data = self.dfg.op(op);
        let Some(sig) = &data.sig else { return };
        let untyped: Vec<Value> = data
            .decls
            .iter()
            .copied()
            .filter(|&v| self.dfg.ty(v) == &Type::Unknown)
            .collect();
        if sig.inputs.is_none() && !untyped.is_empty() && untyped.len() == sig.outputs.len() {
            let types = sig.outputs.clone();
            for (v, t) in untyped.into_iter().zip(types) {
                self.dfg.value_mut(v).ty = t;
            }
        }
    }

    fn read_sig(&mut self, op: Op, sig: Pair<'s, Rule>) -> Result<Signature, ParseError> {
        let span = span_of(&sig);
        let mut inputs = None;
        let mut outputs = Vec::new();
        for part in sig.into_inner() {
            let rule = part.as_rule();
            let types: Vec<Type> = part
                .into_inner()
                .map(|t| self.read_type(&t))
                .collect::<Result<_, _>>()?;
            match rule {
                Rule::sig_inputs => inputs = Some(types),
                Rule::sig_input_bare => inputs = Some(types),
                _ => outputs = types,
            }
        }
        let results = self.dfg.op(op).results.clone();
        if inputs.is_some() {
            if results.len() != outputs.len() {
                return Err(self.error(
                    span.start,
                    ParseErrorKind::ResultCount {
                        results: results.len(),
                        types: outputs.len(),
                    },
                ));
            }
            for (v, t) in results.iter().zip(&outputs) {
                self.dfg.value_mut(*v).ty = t.clone();
            }
        } else if !outputs.is_empty() {
            // Short form: the results take the last listed types (`select`'s
            // `: pred_type, result_type`), or all take a single listed type.
            let n = results.len();
            for (i, v) in results.iter().enumerate() {
                let t = if outputs.len() >= n {
                    outputs[outputs.len() - n + i].clone()
                } else {
                    outputs[outputs.len() - 1].clone()
                };
                self.dfg.value_mut(*v).ty = t;
            }
        }
        Ok(Signature {
            span: Some(span),
            inputs,
            outputs,
        })
    }

    fn build_region(
        &mut self,
        op: Op,
        op_name: &str,
        region: Pair<'s, Rule>,
    ) -> Result<(), ParseError> {
        let mut items: Vec<Pair<'s, Rule>> = region.into_inner().collect();
        let closing = match items.last() {
            Some(p) if p.as_rule() == Rule::trivia => {
                let s = span_of(p);
                items.pop();
                s
            }
            _ => Span::default(),
        };
        let r = self.layout.add_region(op, Piece::Src(closing));
        let index = self.dfg.op(op).regions.len();
        self.dfg.op_mut(op).regions.push(r);
        debug_assert_eq!(index + 1, self.dfg.op(op).regions.len());
        self.scopes.push(Scope {
            names: HashMap::new(),
            isolated: is_isolated(op_name),
            cursor: None,
        });
        let decls = self.dfg.op(op).decls.clone();
        for v in decls {
            let data = self.dfg.value(v);
            let name = data.name.clone();
            let span = data.def_span;
            if let Some(scope) = self.scopes.last_mut() {
                scope.names.insert(
                    name,
                    Entry {
                        values: vec![v],
                        at: None,
                        span,
                    },
                );
            }
        }
        let first = self.layout.add_block(Some(r));
        let result = self.build_items(first, Some(r), items);
        self.scopes.pop();
        result
    }
}
