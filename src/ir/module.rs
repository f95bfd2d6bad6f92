//! A parsed file: source text, data-flow graph and layout together, with the
//! operations passes use to change them.

use std::cell::OnceCell;
use std::collections::{HashMap, HashSet};

use super::source::is_id_char;
use super::{
    Block, DataFlowGraph, Layout, Op, OpData, OpForm, Piece, Region, Source, Span, Type, Value,
    ValueData, ValueDef,
};

/// A parsed MLIR file.
pub struct Module {
    /// The text it was parsed from.
    pub source: Source,
    /// Operations, values, uses.
    pub dfg: DataFlowGraph,
    /// Blocks, regions, order.
    pub layout: Layout,
    /// The file's top-level block.
    pub top: Block,
    /// Whitespace and comments after the last top-level item.
    pub trailing: Span,
    names: HashSet<String>,
    fresh_counter: u64,
    /// Entries of the resource section, indexed on first use.
    pub(super) resources: OnceCell<Vec<super::resources::ResourceEntry>>,
    /// Indexes built on first use; see [`Module::invalidate_indexes`].
    index: Indexes,
}

/// Whole-module lookups, built once on first use and kept until an edit
/// could change them, so that a pass asking once per candidate stays linear.
/// [`Module::insert_before`] and [`Module::erase_op`] drop the ones an added
/// or removed operation can change; code that edits `dfg` or `layout`
/// directly in a way that adds, removes or renames `func.func`, `call`
/// operations or `#alias` definitions must call
/// [`Module::invalidate_indexes`].
#[derive(Default)]
struct Indexes {
    /// `func.func` operations in program order.
    functions: OnceCell<Vec<Op>>,
    /// Symbols a `func.call` / `call` anywhere in the module names.
    called: OnceCell<HashSet<String>>,
    /// Top-level `#alias` definitions by name (the first of each name).
    aliases: OnceCell<HashMap<String, Op>>,
}

/// Whether ops named `name` are calls (their symbol is a callee).
fn is_call_name(name: &str) -> bool {
    name == "func.call" || name == "call"
}

impl Module {
    /// Puts a module together (used by the parser).
    pub fn new(
        source: Source,
        mut dfg: DataFlowGraph,
        mut layout: Layout,
        top: Block,
        trailing: Span,
        mut names: HashSet<String>,
    ) -> Module {
        // Room for what a pipeline adds (passes add up to about half again
        // the operations): a vector that grows while a pass runs copies all
        // it holds into fresh pages, a cost that would land on whichever
        // pass crosses a power of two. Unused room is address space only.
        let (ops, values) = (dfg.op_count() / 2, dfg.value_count() / 2);
        dfg.reserve(ops, values);
        layout.reserve_ops(ops);
        names.reserve(values);
        Module {
            source,
            dfg,
            layout,
            top,
            trailing,
            names,
            fresh_counter: 0,
            resources: OnceCell::new(),
            index: Indexes::default(),
        }
    }

    /// Drops every whole-module index ([`Module::functions`],
    /// [`Module::is_called_symbol`], [`Module::alias_value`]); they are
    /// rebuilt on next use. The editing operations of `Module` keep them
    /// right themselves; this is for code that edits `dfg` or `layout`
    /// directly.
    pub fn invalidate_indexes(&mut self) {
        self.index = Indexes::default();
    }

    /// Drops the indexes that adding or removing `op` (with everything
    /// inside it) can change.
    fn touched(&mut self, op: Op) {
        let d = self.dfg.op(op);
        let has_regions = !d.regions.is_empty();
        if has_regions || d.name == "func.func" {
            self.index.functions.take();
        }
        if has_regions || (d.form != OpForm::Alias && is_call_name(&d.name)) {
            self.index.called.take();
        }
        if d.form == OpForm::Alias {
            self.index.aliases.take();
        }
    }

    /// Every operation in program order (pre-order: an operation, then the
    /// operations inside its regions).
    pub fn walk(&self) -> Vec<Op> {
        let mut out = Vec::with_capacity(self.dfg.op_count());
        self.walk_block(self.top, &mut out);
        out
    }

    /// The operations inside `op`'s regions, at any depth, in program order
    /// (not `op` itself).
    pub fn walk_inside(&self, op: Op) -> Vec<Op> {
        let mut out = Vec::new();
        for &r in &self.dfg.op(op).regions {
            for &inner in &self.layout.region(r).blocks {
                self.walk_block(inner, &mut out);
            }
        }
        out
    }

    fn walk_block(&self, b: Block, out: &mut Vec<Op>) {
        let mut cur = self.layout.first(b);
        while let Some(op) = cur {
            out.push(op);
            if !self.layout.may_own_regions(op) {
                cur = self.layout.next(op);
                continue;
            }
            for &r in &self.dfg.op(op).regions {
                for &inner in &self.layout.region(r).blocks {
                    self.walk_block(inner, out);
                }
            }
            cur = self.layout.next(op);
        }
    }

    /// Operations named `func.func`, in program order (indexed once, see
    /// [`Module::invalidate_indexes`]).
    pub fn functions(&self) -> Vec<Op> {
        self.index
            .functions
            .get_or_init(|| self.ops_named("func.func"))
            .clone()
    }

    /// Whether a `func.call` (or `call`) anywhere in the module calls
    /// `symbol` (indexed once, see [`Module::invalidate_indexes`]).
    pub fn is_called_symbol(&self, symbol: &str) -> bool {
        self.index
            .called
            .get_or_init(|| {
                let calls = self.dfg.names_where(is_call_name);
                self.walk()
                    .into_iter()
                    .filter(|&op| {
                        self.dfg.kind_in(op, &calls) && self.dfg.op(op).form != OpForm::Alias
                    })
                    .filter_map(|op| self.symbol(op).map(str::to_string))
                    .collect()
            })
            .contains(symbol)
    }

    /// The symbol an operation names (`main` for `func.func @main(`, the
    /// callee of `func.call @f(`), without `@` and quotes.
    pub fn symbol(&self, op: Op) -> Option<&str> {
        let text = self.source.slice(self.dfg.op(op).symbol?);
        Some(text.trim_start_matches('@').trim_matches('"'))
    }

    /// A function's visibility keyword (`public`, `private`, `nested`) as
    /// written between the operation name and its symbol; `None` when
    /// absent (public).
    pub fn visibility(&self, op: Op) -> Option<&str> {
        let sym = self.dfg.op(op).symbol?;
        let d = self.dfg.op(op);
        let start = d.pieces.iter().find_map(|p| match p {
            Piece::Src(s) if s.start <= sym.start && sym.start <= s.end => Some(s.start),
            _ => None,
        })?;
        let before = self.source.slice(Span::new(start, sym.start));
        let word = before.split_whitespace().last()?;
        matches!(word, "public" | "private" | "nested").then_some(word)
    }

    /// Every operation named `name`, in program order.
    pub fn ops_named(&self, name: &str) -> Vec<Op> {
        let Some(id) = self.dfg.name_id(name) else {
            return Vec::new();
        };
        let mut ops = self.walk();
        ops.retain(|&op| self.dfg.kind(op) == id);
        ops
    }

    /// The first operation of a function's body (of its first region's first block).
    pub fn first_body_op(&self, func: Op) -> Option<Op> {
        let region = *self.dfg.op(func).regions.first()?;
        let block = *self.layout.region(region).blocks.first()?;
        self.layout.first(block)
    }

    /// The function (`func.func`) that contains `op`, if any.
    pub fn enclosing_function(&self, op: Op) -> Option<Op> {
        let mut cur = op;
        loop {
            let block = self.dfg.op(cur).block?;
            let owner = self.layout.block_owner(block)?;
            if self.dfg.op(owner).name == "func.func" {
                return Some(owner);
            }
            cur = owner;
        }
    }

    /// The location text of an operation, with `#loc` aliases resolved one
    /// level (`loc("jit(f)/dot_general"(#loc3))`), for matching by name.
    pub fn location_text(&self, op: Op) -> Option<String> {
        let span = self.dfg.op(op).loc?;
        let text = self.source.slice(span);
        let inner = text.strip_prefix("loc(")?.strip_suffix(')')?;
        if inner.starts_with('#') {
            return Some(self.alias_value(inner).unwrap_or(text).to_string());
        }
        Some(text.to_string())
    }

    /// The text after `=` of a top-level alias `#name = ...` (the first
    /// one of that name; aliases are indexed once, see
    /// [`Module::invalidate_indexes`]).
    pub fn alias_value(&self, name: &str) -> Option<&str> {
        let aliases = self.index.aliases.get_or_init(|| {
            let mut map = HashMap::new();
            let mut cur = self.layout.first(self.top);
            while let Some(op) = cur {
                let data = self.dfg.op(op);
                if data.form == OpForm::Alias {
                    map.entry(data.name.clone()).or_insert(op);
                }
                cur = self.layout.next(op);
            }
            map
        });
        let data = self.dfg.op(*aliases.get(name)?);
        let Piece::Src(span) = data.pieces.first()? else {
            return None;
        };
        let text = self.source.slice(*span);
        Some(text.split_once('=')?.1.trim())
    }

    /// A value name (without `%`) that no value in the module has.
    pub fn fresh_name(&mut self, hint: &str) -> String {
        // A name MLIR reads back: id characters only, not starting with a
        // digit (`%1x_5` is not a name), whatever op name the hint came from.
        let mut hint: String = hint.chars().filter(|&c| is_id_char(c)).collect();
        if !hint.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
            hint.insert(0, 'v');
        }
        loop {
            let name = format!("{hint}_{}", self.fresh_counter);
            self.fresh_counter += 1;
            if self.names.insert(name.clone()) {
                return name;
            }
        }
    }

    /// The whitespace put in front of a new operation placed next to `anchor`:
    /// a line break and the anchor's indentation.
    fn leading_like(&self, anchor: Op) -> Piece {
        let text = match &self.dfg.op(anchor).leading {
            Piece::Src(span) => self.source.slice(*span),
            Piece::Text(t) => t,
            _ => "",
        };
        let indent = text.rsplit(['\n', '\r']).next().unwrap_or("");
        let indent: String = indent
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect();
        Piece::Text(format!("\n{indent}").into())
    }

    /// Creates an operation written by a pass and places it before `anchor`.
    ///
    /// `pieces` is its printed form after the results (which come from
    /// [`Piece::Results`]); each result gets a fresh name from `hint`.
    pub fn insert_before(
        &mut self,
        anchor: Op,
        name: &str,
        operands: &[Value],
        result_types: &[Type],
        hint: &str,
        pieces: Vec<Piece>,
    ) -> Op {
        let block = self.dfg.op(anchor).block.expect("anchor is in a block");
        let mut data = OpData::new(name, OpForm::Pretty);
        data.leading = self.leading_like(anchor);
        // An anchor written on the line of what precedes it (`{ %0 = ...`)
        // moves to a line of its own: text after a pretty op on its line
        // would read as more of that op.
        let anchor_text = match &self.dfg.op(anchor).leading {
            Piece::Src(span) => self.source.slice(*span),
            Piece::Text(t) => t,
            _ => "",
        };
        if !anchor_text.contains(['\n', '\r']) {
            self.dfg.op_mut(anchor).leading = data.leading.clone();
        }
        data.block = Some(block);
        data.loc = self.dfg.op(anchor).loc;
        let mut all = vec![Piece::Results];
        all.extend(pieces);
        data.pieces = all;
        let op = self.dfg.add_op(data);
        for &v in operands {
            self.dfg.push_operand(op, v);
        }
        let group = if result_types.len() > 1 {
            Some(self.fresh_name(hint))
        } else {
            None
        };
        for (i, ty) in result_types.iter().enumerate() {
            let (name, group_index) = match &group {
                Some(g) => (g.clone(), Some(i as u32)),
                None => (self.fresh_name(hint), None),
            };
            let v = self.dfg.add_value(ValueData {
                name,
                group_index,
                ty: ty.clone(),
                ty_span: None,
                attrs_span: None,
                extra_attrs: Vec::new(),
                def: ValueDef::Result {
                    op,
                    index: i as u32,
                },
                origin: op,
                def_span: Span::default(),
                loc: None,
            });
            self.dfg.op_mut(op).results.push(v);
        }
        let placed = self.layout.insert_before(anchor, op);
        assert!(placed, "anchor is listed in its block");
        self.touched(op);
        op
    }

    /// Inserts before `anchor` a copy of the region-free `op` that reads
    /// `operands` and has results of `result_types`: the same attributes,
    /// syntax and location, new result names. `None` for ops with regions
    /// and for top-level items.
    pub fn copy_op_before(
        &mut self,
        anchor: Op,
        op: Op,
        operands: &[Value],
        result_types: &[Type],
    ) -> Option<Op> {
        let d = self.dfg.op(op);
        if !d.regions.is_empty()
            || !matches!(d.form, OpForm::Pretty | OpForm::Generic)
            || d.operands.len() != operands.len()
            || d.results.len() != result_types.len()
        {
            return None;
        }
        let mut pieces = d.pieces.clone();
        // A parsed op's result list is its first piece; `insert_before`
        // writes the new names.
        if !d.results.is_empty() && matches!(pieces.first(), Some(Piece::Src(_) | Piece::Results)) {
            pieces.remove(0);
        }
        for p in &mut pieces {
            if let Piece::Operand(_, span) = p {
                *span = None;
            }
        }
        let (name, sig, loc) = (d.name.clone(), d.sig.clone(), d.loc);
        let hint = name.rsplit('.').next().unwrap_or("v").to_string();
        let copy = self.insert_before(anchor, &name, operands, result_types, &hint, pieces);
        let data = self.dfg.op_mut(copy);
        data.loc = loc;
        data.sig = sig;
        self.refresh_signature(copy);
        Some(copy)
    }

    /// The op after `op` in its block.
    pub fn next_op(&self, op: Op) -> Option<Op> {
        self.dfg.op(op).block?;
        self.layout.next(op)
    }

    /// Changes the type of result `index` of `op` and rewrites its signature.
    pub fn set_result_type(&mut self, op: Op, index: usize, ty: Type) {
        let v = self.dfg.op(op).results[index];
        self.dfg.value_mut(v).ty = ty;
        self.refresh_signature(op);
    }

    /// The printed text of an op's source pieces (holes left out), for reading
    /// attributes the IR does not model.
    pub fn op_text(&self, op: Op) -> String {
        let mut out = String::new();
        for p in &self.dfg.op(op).pieces {
            match p {
                Piece::Src(span) => out.push_str(self.source.slice(*span)),
                Piece::Text(t) => out.push_str(t),
                _ => out.push(' '),
            }
        }
        out
    }

    /// The name a value is known by: the location of a function argument
    /// (`params['layers'][0]['wq']`), else its SSA name.
    pub fn value_label(&self, v: Value) -> String {
        let data = self.dfg.value(v);
        if let Some(loc) = data.loc {
            let text = self.source.slice(loc);
            if let Some(name) = text
                .strip_prefix("loc(\"")
                .and_then(|t| t.split('"').next())
            {
                return name.to_string();
            }
        }
        data.ref_text()
    }

    /// Removes an operation whose results are unused, with its regions.
    pub fn erase_op(&mut self, op: Op) {
        self.touched(op);
        let data = self.dfg.op(op);
        let regions: Vec<Region> = data.regions.clone();
        for r in regions {
            let blocks = self.layout.region(r).blocks.clone();
            for b in blocks {
                while let Some(inner) = self.layout.last(b) {
                    self.erase_op(inner);
                }
            }
        }
        self.layout.remove(op);
        self.dfg.remove_op(op);
    }

    /// Makes `func` also return `v` (a value of its top-level block): the
    /// `return` gets the operand and the signature the result type.
    pub fn append_result(&mut self, func: Op, v: Value) -> bool {
        let Some(&region) = self.dfg.op(func).regions.first() else {
            return false;
        };
        let Some(&block) = self.layout.region(region).blocks.first() else {
            return false;
        };
        let mut cur = self.layout.last(block);
        let ret = loop {
            let Some(op) = cur else {
                return false;
            };
            if matches!(self.dfg.op(op).name.as_str(), "return" | "func.return") {
                break op;
            }
            cur = self.layout.prev(op);
        };
        self.dfg.push_operand(ret, v);
        let index = self.dfg.op(ret).operands.len() as u32 - 1;
        let pieces = &mut self.dfg.op_mut(ret).pieces;
        let new = [Piece::Text(", ".into()), Piece::Operand(index, None)];
        match pieces.iter().rposition(|p| matches!(p, Piece::Operand(..))) {
            Some(last) => {
                pieces.splice(last + 1..last + 1, new);
            }
            None => return false,
        }
        self.refresh_signature(ret);
        let ty = self.dfg.ty(v).clone();
        self.dfg.op_mut(func).func_results.push(super::FuncResult {
            ty,
            ty_span: None,
            attrs: None,
        });
        true
    }

    /// Adds an argument at the end of `func`'s argument list, named from
    /// `hint`, and returns it. `None` if the function has no arguments yet
    /// (its list cannot be found in the pieces).
    pub fn append_arg(&mut self, func: Op, hint: &str, ty: Type) -> Option<Value> {
        let (after, span, close) = self.arg_append_point(func)?;
        let name = self.fresh_name(hint);
        let index = self.dfg.op(func).decls.len() as u32;
        let v = self.dfg.add_value(ValueData {
            name: name.clone(),
            group_index: None,
            ty,
            ty_span: None,
            attrs_span: None,
            extra_attrs: Vec::new(),
            def: ValueDef::Decl { op: func, index },
            origin: func,
            def_span: Span::default(),
            loc: None,
        });
        let new = [
            Piece::Src(Span::new(span.start, close)),
            Piece::Text(format!(", %{name}: ").into()),
            Piece::DefType(v),
            Piece::DefAttrs(v),
            Piece::Src(Span::new(close, span.end)),
        ];
        let data = self.dfg.op_mut(func);
        data.pieces.splice(after..after + 1, new);
        data.decls.push(v);
        Some(v)
    }

    /// Whether [`Module::append_arg`] can add an argument to `func` (its
    /// argument list is where the parser expects it). Passes ask before
    /// they change anything that needs the new argument.
    pub fn can_append_arg(&self, func: Op) -> bool {
        self.arg_append_point(func).is_some()
    }

    /// Where a new argument goes: the index of the piece after the last
    /// argument's attributes, that piece's span, and the offset of the `)`
    /// closing the list in it.
    fn arg_append_point(&self, func: Op) -> Option<(usize, Span, usize)> {
        let last = *self.dfg.op(func).decls.last()?;
        // The piece after the last argument's attributes holds its location
        // and the `)` that closes the list.
        let pieces = &self.dfg.op(func).pieces;
        let after = pieces.iter().rposition(|p| *p == Piece::DefAttrs(last))? + 1;
        let Piece::Src(span) = pieces.get(after)?.clone() else {
            return None;
        };
        let text = self.source.slice(span);
        let mut depth = 0i32;
        let mut close = None;
        let mut in_str = false;
        let mut prev = '\0';
        for (i, c) in text.char_indices() {
            match c {
                '"' if prev != '\\' => in_str = !in_str,
                '(' if !in_str => depth += 1,
                ')' if !in_str => {
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                    depth -= 1;
                }
                _ => {}
            }
            prev = c;
        }
        Some((after, span, span.start + close?))
    }

    /// The function whose arguments are the program's inputs: `@main` if
    /// there is one, else the first public function.
    pub fn entry_function(&self) -> Option<Op> {
        let funcs = self.functions();
        funcs
            .iter()
            .copied()
            .find(|&f| self.symbol(f) == Some("main"))
            .or_else(|| {
                funcs
                    .iter()
                    .copied()
                    .find(|&f| self.visibility(f) != Some("private"))
            })
    }

    /// The attribute dictionary written after a declared value, as
    /// `key = value` pairs (values as written; a key alone has an empty
    /// value).
    pub fn written_attrs(&self, v: Value) -> Vec<(String, String)> {
        match self.dfg.value(v).attrs_span {
            Some(span) => split_dictionary(self.source.slice(span)),
            None => Vec::new(),
        }
    }

    /// Every attribute of a declared value: the written ones, then those
    /// passes added.
    pub fn decl_attrs(&self, v: Value) -> Vec<(String, String)> {
        let mut out = self.written_attrs(v);
        out.extend(self.dfg.value(v).extra_attrs.iter().cloned());
        out
    }

    /// Moves the attribute dictionary written after a declared value into
    /// its `extra_attrs` (as `key = value` pairs), so that passes can edit
    /// every attribute; the printed result is the same dictionary.
    pub fn take_written_attrs(&mut self, v: Value) {
        if self.dfg.value(v).attrs_span.is_none() {
            return;
        }
        let pairs = self.written_attrs(v);
        let data = self.dfg.value_mut(v);
        data.attrs_span = None;
        let added = std::mem::take(&mut data.extra_attrs);
        data.extra_attrs = pairs;
        data.extra_attrs.extend(added);
    }

    /// Changes the type of a declared value (a function argument).
    pub fn set_decl_type(&mut self, v: Value, ty: Type) {
        let data = self.dfg.value_mut(v);
        if data.ty != ty {
            data.ty = ty;
            data.ty_span = None;
        }
    }

    /// Whether the builder cannot tell `op`'s operand and result types from
    /// its text: the pretty form of an op outside StableHLO, CHLO and func
    /// (`tensor.cast %x : A to B`, `sdy.sharding_constraint ...`) without a
    /// functional signature `(A) -> B`. A short signature there may list
    /// operand or result types; which, only its dialect knows.
    pub fn types_unwritten(&self, op: Op) -> bool {
        // The name comes from the graph's small interned table; only ops of
        // other dialects are read further.
        if !may_leave_types_unwritten(self.dfg.name_of(self.dfg.kind(op))) {
            return false;
        }
        let d = self.dfg.op(op);
        d.form == super::OpForm::Pretty && d.sig.as_ref().is_none_or(|s| s.inputs.is_none())
    }

    /// Sets the trailing signature of an operation from its operands' and
    /// results' current types, if they differ from it. A short signature
    /// (`: T`, or `: pred, T` for select) stays short while it can say the
    /// same; otherwise the functional form `(A, B) -> C` is written.
    ///
    /// An op whose types the builder cannot read ([`Module::types_unwritten`]:
    /// `foo.complex %a, %b : T`, `tensor.cast %x : A to B`) keeps what is
    /// written: the functional form may not be that op's syntax.
    pub fn refresh_signature(&mut self, op: Op) {
        if self.types_unwritten(op) {
            return;
        }
        let data = self.dfg.op(op);
        // A value whose definition does not tell its type (a result of an
        // op of another dialect) keeps the type this op's signature states
        // for it; if it states none, the signature is left as it is.
        let (sig, n) = (data.sig.as_ref(), data.results.len());
        let known = |v: Value, written: Option<&Type>| match self.dfg.ty(v) {
            Type::Unknown => written.filter(|t| **t != Type::Unknown).cloned(),
            t => Some(t.clone()),
        };
        let inputs: Option<Vec<Type>> = data
            .operands
            .iter()
            .enumerate()
            .map(|(i, &v)| known(v, written_input(sig, n, i)))
            .collect();
        let outputs: Option<Vec<Type>> = data
            .results
            .iter()
            .enumerate()
            .map(|(j, &v)| known(v, written_output(sig, n, j)))
            .collect();
        let (Some(inputs), Some(outputs)) = (inputs, outputs) else {
            return;
        };
        let short = match &data.sig {
            Some(sig) if sig.inputs.is_none() => {
                let n = outputs.len();
                let k = sig.outputs.len();
                let same_as_results =
                    |ins: &[Type]| ins.iter().all(|t| outputs.len() == 1 && *t == outputs[0]);
                if n == 0 {
                    // return: `: T1, T2` lists the operand types
                    Some(inputs.clone())
                } else if k == n && n > 0 && (n > 1 || same_as_results(&inputs)) {
                    Some(outputs.clone())
                } else if k == n + 1 && n == 1 && inputs.len() >= 2 && same_as_results(&inputs[1..])
                {
                    // select: `: pred_type, result_type`
                    Some(vec![inputs[0].clone(), outputs[0].clone()])
                } else {
                    None
                }
            }
            _ => None,
        };
        let sig = self.dfg.op_mut(op).sig.get_or_insert(super::Signature {
            span: None,
            inputs: None,
            outputs: Vec::new(),
        });
        let (new_inputs, new_outputs) = match short {
            Some(list) => (None, list),
            None => (Some(inputs), outputs),
        };
        if sig.inputs != new_inputs || sig.outputs != new_outputs {
            sig.inputs = new_inputs;
            sig.outputs = new_outputs;
            sig.span = None;
        }
    }
}

/// The type an op's written signature states for operand `i`: `(A, B) -> C`
/// states each; a short `: T` of an op with one result states `T` for every
/// operand; a `return`'s `: T1, T2` states its operands.
fn written_input(sig: Option<&super::Signature>, results: usize, i: usize) -> Option<&Type> {
    let s = sig?;
    match &s.inputs {
        Some(ins) => ins.get(i),
        None if results == 0 => s.outputs.get(i),
        None if results == 1 && s.outputs.len() == 1 => s.outputs.first(),
        None => None,
    }
}

/// The type an op's written signature states for result `j`.
fn written_output(sig: Option<&super::Signature>, results: usize, j: usize) -> Option<&Type> {
    let s = sig?;
    if s.inputs.is_some() || s.outputs.len() == results {
        s.outputs.get(j)
    } else {
        None
    }
}

/// `{k1 = v1, k2 = v2}` as pairs: split at the commas outside strings and
/// brackets (`->` is not a bracket).
fn split_dictionary(text: &str) -> Vec<(String, String)> {
    let text = text.trim();
    let inner = text
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .unwrap_or("");
    let mut pairs = Vec::new();
    let mut push = |part: &str| {
        if let Some((k, val)) = part.split_once('=') {
            pairs.push((k.trim().to_string(), val.trim().to_string()));
        } else if !part.trim().is_empty() {
            pairs.push((part.trim().to_string(), String::new()));
        }
    };
    let bytes = inner.as_bytes();
    let (mut depth, mut in_str, mut start) = (0i32, false, 0usize);
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'(' | b'[' | b'{' | b'<' if !in_str => depth += 1,
            b')' | b']' | b'}' | b'>'
                if !(in_str || bytes[i] == b'>' && i > 0 && bytes[i - 1] == b'-') =>
            {
                depth -= 1
            }
            b',' if !in_str && depth == 0 => {
                push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    push(&inner[start..]);
    pairs
}

/// Whether an op of this name may have results whose types its text does
/// not state for sure (see [`Module::types_unwritten`]): an op of neither
/// StableHLO, CHLO nor `func`.
fn may_leave_types_unwritten(name: &str) -> bool {
    !name.starts_with("stablehlo.")
        && !name.starts_with("chlo.")
        && !name.starts_with("func.")
        && !matches!(name, "return" | "call")
}
