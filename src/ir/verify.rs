//! The IR verifier: checks that a module is well typed and that the ops the
//! passes read have the operands and dimensions they need. It collects every
//! problem it finds (as Cranelift's verifier does) instead of stopping at the
//! first, and it is linear in the size of the module.
//!
//! What it checks:
//! * every use agrees with its definition: where an op's signature states an
//!   operand's type (generic form, functional pretty form, `: T` short form
//!   of StableHLO ops, `return`), it is the type of the value read;
//!   a value whose definition does not state its type for sure (a custom
//!   op of another dialect) is read as one type by every use that states
//!   it, and every other check uses that type (signatures are read first);
//! * generic ops list one type per operand; known StableHLO ops have their
//!   operands (`add` two, `dot_general` two, `select` three, ...);
//! * `return` in a function matches the function's result types; calls match
//!   their callee's signature;
//! * `stablehlo.reduce` (variadic: inputs then inits, in the type list and
//!   in the IR's operands; the pretty text interleaves them), its
//!   reducer's arguments (accumulator and element of input `i` share a type;
//!   pretty `reducer(%acc0, %x0) (%acc1, %x1)`, generic
//!   `^bb0(%acc0, %acc1, %x0, %x1)`), its return and result element types,
//!   and its dimensions; `while` (carried types, `cond` returns `tensor<i1>`),
//!   `case` / `if` branch returns, `sort` comparators;
//! * dimension lists in range: `dot_general` contracting and batching dims
//!   (each side against its own rank, when known), `transpose` permutations,
//!   `broadcast_in_dim` dims, `reduce` dims;
//! * `convert` keeps its operand's shape;
//! * a pretty `convolution`'s `dim_numbers` lists: one entry per dim of
//!   the input, kernel and result (`b`/`f`, `i`/`o`, `b`/`f` and the
//!   spatial dims `0..rank-2`, each once);
//! * every operand is visible where it is read: a result is defined
//!   earlier in the same block or in an enclosing one (before the op that
//!   holds the reader), or in another block of an enclosing region (as the
//!   parser allows); a block argument belongs to an enclosing block; a
//!   value an op declares for its regions is read inside them.

use std::collections::HashMap;
use std::fmt;

use super::op_class::is_return;
use super::stablehlo::{conv_dim_lists, DotDims};
use super::{Block, Dim, ElemType, Module, Op, OpForm, Piece, Type, Value, ValueDef};

/// One problem the verifier found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// The operation it is about.
    pub op: Option<Op>,
    /// Byte offset in the source where it is written, when it was parsed.
    pub offset: Option<usize>,
    /// What is wrong, in words.
    pub message: String,
}

/// Every problem the verifier found, in program order.
#[derive(Clone, Debug, Default, PartialEq, Eq, thiserror::Error)]
pub struct VerifyErrors(pub Vec<VerifyError>);

impl fmt::Display for VerifyErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            f.write_str(&e.message)?;
        }
        Ok(())
    }
}

/// Checks a module; `Err` lists every problem found.
pub fn verify(m: &Module) -> Result<(), VerifyErrors> {
    verify_stated_types(m).map(|_| ())
}

/// Checks a module as [`verify`] does and returns, for each value whose
/// definition does not state its type for sure (a result of another
/// dialect's custom op, `foo.op %a : T`, whose `T` the IR only guesses is
/// the result's), the type its uses state: every use agrees on it (or the
/// module is refused), and MLIR requires it to be the value's type.
pub fn verify_stated_types(m: &Module) -> Result<HashMap<Value, Type>, VerifyErrors> {
    let mut v = Verifier {
        m,
        errors: Vec::new(),
        functions: HashMap::new(),
        read_as: HashMap::new(),
    };
    let ops = m.walk();
    if let Some(func) = m.dfg.name_id("func.func") {
        for &op in &ops {
            if m.dfg.kind(op) == func {
                if let Some(name) = m.symbol(op) {
                    v.functions.entry(name).or_insert(op);
                }
            }
        }
    }
    // Signatures first: the type each use states for a value whose
    // definition does not state it is then known to every other check,
    // whatever the order of the ops that read it. Only ops of other
    // dialects define such values; without any, the signatures are checked
    // in the same sweep as the rest (on a large module each sweep reads
    // every op's data from memory again).
    // (`types_unwritten` reads an op's data only for other dialects' names.)
    let unsure = ops
        .iter()
        .any(|&op| m.types_unwritten(op) && !m.dfg.op(op).results.is_empty());
    if unsure {
        for &op in &ops {
            if v.checks_signature(op) {
                v.signature(op);
            }
        }
    }
    let order = ProgramOrder::new(m, &ops);
    for &op in &ops {
        if !unsure && v.checks_signature(op) {
            v.signature(op);
        }
        v.op(op);
        v.dominance(op, &order);
    }
    if v.errors.is_empty() {
        Ok(v.read_as)
    } else {
        // In the order they are written (new ops, without a place, last).
        v.errors
            .sort_by_key(|e| (e.offset.is_none(), e.offset.unwrap_or(0)));
        Err(VerifyErrors(v.errors))
    }
}

/// Whether two types are the same, where both are known. Types the IR keeps
/// as text (`!stablehlo.token`, tuples) and unknown types are not compared.
pub fn same_type(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Tensor(x), Type::Tensor(y)) => {
            // Encodings are not compared: one bound is spelled several ways
            // (`#stablehlo.bounds<3, ?>`, `#stablehlo.type_extensions<...>`).
            // Element types the IR knows compare as they are; others (kept
            // as text) with their whitespace squashed.
            let squash = |s: &str| s.split_whitespace().collect::<String>();
            x.dims == y.dims
                && (x.elem == y.elem
                    || ((matches!(x.elem, ElemType::Other(_))
                        || matches!(y.elem, ElemType::Other(_)))
                        && squash(&x.elem.to_string()) == squash(&y.elem.to_string())))
        }
        (Type::Scalar(x), Type::Scalar(y)) => x == y,
        (Type::Tensor(_), Type::Scalar(_)) | (Type::Scalar(_), Type::Tensor(_)) => false,
        _ => true,
    }
}

/// Whether two types are compatible in StableHLO's sense (used for region
/// arguments, returns and carried values): the same element type and rank,
/// where a `?` dimension (or an unranked tensor) matches any size.
pub fn compatible(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Tensor(x), Type::Tensor(y)) => {
            let squash = |s: &str| s.split_whitespace().collect::<String>();
            if squash(&x.elem.to_string()) != squash(&y.elem.to_string()) {
                return false;
            }
            match (&x.dims, &y.dims) {
                (Some(dx), Some(dy)) => {
                    dx.len() == dy.len()
                        && dx.iter().zip(dy).all(|(p, q)| {
                            p == q || matches!(p, Dim::Dynamic) || matches!(q, Dim::Dynamic)
                        })
                }
                _ => true,
            }
        }
        _ => same_type(a, b),
    }
}

/// Operand counts of StableHLO ops that passes index into.
fn arity(name: &str) -> Option<usize> {
    let op = name.strip_prefix("stablehlo.")?;
    Some(match op {
        "add"
        | "subtract"
        | "multiply"
        | "divide"
        | "maximum"
        | "minimum"
        | "power"
        | "remainder"
        | "and"
        | "or"
        | "xor"
        | "atan2"
        | "compare"
        | "dot_general"
        | "dot"
        | "shift_left"
        | "shift_right_arithmetic"
        | "shift_right_logical"
        | "complex" => 2,
        "negate"
        | "abs"
        | "exponential"
        | "log"
        | "sqrt"
        | "rsqrt"
        | "tanh"
        | "logistic"
        | "convert"
        | "transpose"
        | "reshape"
        | "broadcast_in_dim"
        | "sine"
        | "cosine"
        | "floor"
        | "ceil"
        | "sign"
        | "not"
        | "exponential_minus_one"
        | "log_plus_one"
        | "is_finite"
        | "round_nearest_even"
        | "round_nearest_afz"
        | "bitcast_convert"
        | "reverse"
        | "real"
        | "imag"
        | "cbrt"
        | "popcnt"
        | "count_leading_zeros"
        | "tan" => 1,
        "select" | "clamp" => 3,
        "constant" | "iota" => 0,
        _ => return None,
    })
}

/// Each op's place in program order, indexed by the op's graph node (dense:
/// one lookup is one array read, however large the module).
struct ProgramOrder(Vec<Option<u32>>);

impl ProgramOrder {
    fn new(m: &Module, ops: &[Op]) -> ProgramOrder {
        let bound = petgraph::visit::NodeIndexable::node_bound(m.dfg.graph());
        let mut order = vec![None; bound];
        for (i, &op) in ops.iter().enumerate() {
            if let Some(slot) = order.get_mut(op.node().index()) {
                *slot = u32::try_from(i).ok();
            }
        }
        ProgramOrder(order)
    }

    /// `op`'s place, `None` for an op not in the walk.
    fn get(&self, op: Op) -> Option<u32> {
        self.0.get(op.node().index()).copied().flatten()
    }
}

struct Verifier<'m> {
    m: &'m Module,
    errors: Vec<VerifyError>,
    functions: HashMap<&'m str, Op>,
    /// The type the first use stated, for values whose definition does
    /// not tell theirs (see `type_known`).
    read_as: HashMap<Value, Type>,
}

impl<'m> Verifier<'m> {
    /// Checks that every operand of `op` is visible where `op` reads it
    /// (`order`: each op's place in program order). Cost: the nesting
    /// depth of `op` per operand.
    fn dominance(&mut self, op: Op, order: &ProgramOrder) {
        let m = self.m;
        let data = m.dfg.op(op);
        if matches!(data.form, OpForm::Alias | OpForm::Resource) || data.operands.is_empty() {
            return;
        }
        // `op`'s blocks from the innermost out, each with the op in it that
        // holds `op` (or `op` itself).
        let mut enclosing: Vec<(Block, Op)> = Vec::new();
        let mut cur = op;
        while let Some(b) = m.layout.block_of(cur) {
            enclosing.push((b, cur));
            match m.layout.block_owner(b) {
                Some(owner) => cur = owner,
                None => break,
            }
        }
        let in_enclosing_region = |b: Block| {
            let region = m.layout.block(b).region;
            region.is_some()
                && enclosing
                    .iter()
                    .any(|&(e, _)| m.layout.block(e).region == region)
        };
        for (i, &v) in data.operands.iter().enumerate() {
            let visible = match m.dfg.value(v).def {
                ValueDef::Result { op: p, .. } => match m.layout.block_of(p) {
                    None => false,
                    Some(pb) => match enclosing.iter().find(|&&(b, _)| b == pb) {
                        Some(&(_, holder)) => order.get(p) < order.get(holder),
                        None => in_enclosing_region(pb),
                    },
                },
                ValueDef::BlockArg { block, .. } => {
                    enclosing.iter().any(|&(b, _)| b == block) || in_enclosing_region(block)
                }
                ValueDef::Decl { op: d, .. } => enclosing.iter().skip(1).any(|&(_, o)| o == d),
            };
            if !visible {
                let name = self.name(v);
                self.err(
                    op,
                    self.operand_offset(op, i),
                    format!(
                        "reads {name} (operand #{i}) where it is not defined yet or not visible"
                    ),
                );
            }
        }
    }

    /// Where an op is written: its first source piece.
    fn offset(&self, op: Op) -> Option<usize> {
        self.m.dfg.op(op).pieces.iter().find_map(|p| match p {
            Piece::Src(s) => Some(s.start),
            Piece::Operand(_, Some(s)) => Some(s.start),
            _ => None,
        })
    }

    /// Where operand `i` of `op` is written, if it still reads what it was parsed with.
    fn operand_offset(&self, op: Op, i: usize) -> Option<usize> {
        self.m.dfg.op(op).pieces.iter().find_map(|p| match p {
            Piece::Operand(k, Some(s)) if *k as usize == i => Some(s.start),
            _ => None,
        })
    }

    fn err(&mut self, op: Op, offset: Option<usize>, message: String) {
        let name = &self.m.dfg.op(op).name;
        let offset = offset.or_else(|| self.offset(op));
        self.errors.push(VerifyError {
            op: Some(op),
            offset,
            message: format!("'{name}' op {message}"),
        });
    }

    /// The type of `v`: as its definition states it, or, where the
    /// definition does not state it for sure ([`Verifier::type_known`]), as
    /// its first use states it (the IR's guess otherwise).
    fn ty(&self, v: Value) -> &Type {
        if !self.type_known(v) {
            if let Some(t) = self.read_as.get(&v) {
                return t;
            }
        }
        self.m.dfg.ty(v)
    }

    fn name(&self, v: Value) -> String {
        self.m.dfg.value(v).ref_text()
    }

    /// Whether the IR knows the type of `v` for sure: declared with a type,
    /// or the result of an op whose syntax the builder reads (generic form,
    /// a functional signature, StableHLO, CHLO and func ops). A custom op of
    /// another dialect (`tensor.cast %x : A to B`) may state its result
    /// type in a way the builder does not read.
    fn type_known(&self, v: Value) -> bool {
        match self.m.dfg.value(v).def {
            ValueDef::Result { op, .. } => !self.m.types_unwritten(op),
            _ => true,
        }
    }

    /// Operand `i` read as `want`. A value whose definition does not tell
    /// its type must still be read as one type by every use that states it.
    fn expect_operand(&mut self, op: Op, i: usize, want: &Type) {
        let v = self.m.dfg.op(op).operands[i];
        if self.type_known(v) {
            let have = self.ty(v);
            if !same_type(have, want) {
                let msg = format!(
                    "operand #{i} ({}) is used as {want} but is defined as {have}",
                    self.name(v)
                );
                let at = self.operand_offset(op, i);
                self.err(op, at, msg);
            }
            return;
        }
        match self.read_as.get(&v) {
            None => {
                self.read_as.insert(v, want.clone());
            }
            Some(first) if !same_type(first, want) => {
                let msg = format!(
                    "operand #{i} ({}) is used as {want} here but as {first} by an earlier use",
                    self.name(v)
                );
                let at = self.operand_offset(op, i);
                self.err(op, at, msg);
            }
            Some(_) => {}
        }
    }

    /// Whether `op`'s written signature is checked: not an alias or a
    /// resource, and with the operand count its name requires.
    fn checks_signature(&self, op: Op) -> bool {
        let data = self.m.dfg.op(op);
        !matches!(data.form, OpForm::Alias | OpForm::Resource)
            && arity(&data.name).is_none_or(|want| want == data.operands.len())
    }

    fn op(&mut self, op: Op) {
        let data = self.m.dfg.op(op);
        // The graph's dense copies of the name and of "has regions" must
        // agree with the op's data (walks and name lookups read only them).
        if self.m.dfg.name_of(self.m.dfg.kind(op)) != data.name {
            self.err(
                op,
                None,
                format!(
                    "internal: its name `{}` was changed after it was added to the graph",
                    data.name
                ),
            );
        }
        if !data.regions.is_empty() && !self.m.layout.may_own_regions(op) {
            self.err(
                op,
                None,
                "internal: it holds regions the layout does not know it owns".to_string(),
            );
        }
        if matches!(data.form, OpForm::Alias | OpForm::Resource) {
            return;
        }
        let name = data.name.as_str();
        let n_ops = data.operands.len();
        if let Some(want) = arity(name) {
            if n_ops != want {
                self.err(
                    op,
                    None,
                    format!("expects {want} operand(s) but has {n_ops}"),
                );
                return;
            }
        }
        // A signature a pass rewrote is printed from the IR's types: each
        // must be known (or it would print as `<<unknown type>>`).
        if let Some(sig) = data.sig.as_ref().filter(|s| s.span.is_none()) {
            let listed = sig.inputs.iter().flatten().chain(&sig.outputs);
            if listed.into_iter().any(|t| matches!(t, Type::Unknown)) {
                self.err(
                    op,
                    None,
                    "its rewritten signature lists a type that is not known; expected every type written out".to_string(),
                );
            }
        }
        // A StableHLO op's results have types (its signature states them);
        // an op whose signature could not be read has none, and a pass that
        // rewrote around it would print `<<unknown type>>`.
        // The same holds for calls, and for what a StableHLO op reads.
        if name.starts_with("stablehlo.") || matches!(name, "func.call" | "call") {
            let untyped: Vec<usize> = (0..data.results.len())
                .filter(|&i| matches!(self.ty(data.results[i]), Type::Unknown))
                .collect();
            for i in untyped {
                self.err(
                    op,
                    None,
                    format!("result #{i} has no type; expected a type signature like `: (tensor<2xf32>) -> tensor<2xf32>`"),
                );
            }
        }
        if name.starts_with("stablehlo.") {
            let data = self.m.dfg.op(op);
            let untyped: Vec<(usize, Value)> = data
                .operands
                .iter()
                .enumerate()
                .filter(|(_, &v)| matches!(self.ty(v), Type::Unknown))
                .map(|(i, &v)| (i, v))
                .collect();
            for (i, v) in untyped {
                let msg = format!(
                    "operand #{i} ({}) has no type: the operation that defines it states none",
                    self.name(v)
                );
                let at = self.operand_offset(op, i);
                self.err(op, at, msg);
            }
        }
        // Each block of a StableHLO op's region ends with its return (a
        // region without one is not a program; cleanup could empty it).
        if name.starts_with("stablehlo.") {
            let regions = self.m.dfg.op(op).regions.clone();
            for (r, region) in regions.into_iter().enumerate() {
                let blocks = self.m.layout.region(region).blocks.clone();
                for b in blocks {
                    if self.terminator(b).is_none() {
                        self.err(
                            op,
                            None,
                            format!("region #{r} has a block that does not end with `stablehlo.return`; expected a return as its last operation"),
                        );
                    }
                }
            }
        }
        match name {
            "func.func" => self.function(op),
            "func.call" | "call" => self.call(op),
            "stablehlo.reduce" => self.reduce(op),
            "stablehlo.while" => self.while_op(op),
            "stablehlo.case" | "stablehlo.if" => self.branches(op),
            "stablehlo.sort" => self.sort(op),
            "stablehlo.dot_general" => self.dot_general(op),
            "stablehlo.dot" => self.dot(op),
            "stablehlo.transpose" => self.transpose(op),
            "stablehlo.broadcast_in_dim" => self.broadcast_in_dim(op),
            "stablehlo.convert" => self.same_shape(op),
            "stablehlo.convolution" => self.convolution(op),
            _ => {}
        }
    }

    /// The order in which the signature lists an op's operands: the IR's
    /// operand order (the front end keeps a pretty variadic reduce's
    /// operands as inputs, then inits, though its text interleaves
    /// `(%in init: %init)` pairs).
    fn type_order(&self, op: Op) -> Vec<usize> {
        (0..self.m.dfg.op(op).operands.len()).collect()
    }

    /// Operand types against the types the op's signature states.
    fn signature(&mut self, op: Op) {
        let d = self.m.dfg.op(op);
        let Some(sig) = &d.sig else { return };
        let n_ops = d.operands.len();
        let n_res = d.results.len();
        match &sig.inputs {
            Some(inputs) => {
                if inputs.len() != n_ops {
                    if d.form == OpForm::Generic {
                        let msg = format!(
                            "has {n_ops} operand(s) but its signature lists {} operand type(s)",
                            inputs.len()
                        );
                        self.err(op, sig.span.map(|s| s.start), msg);
                    }
                    return;
                }
                let order = self.type_order(op);
                for (k, want) in inputs.iter().enumerate() {
                    self.expect_operand(op, order[k], want);
                }
            }
            None => {
                let listed = &sig.outputs;
                let stablehlo = d.name.starts_with("stablehlo.");
                if is_return(&d.name) {
                    if listed.len() != n_ops {
                        let msg =
                            format!("has {n_ops} operand(s) but lists {} type(s)", listed.len());
                        self.err(op, sig.span.map(|s| s.start), msg);
                        return;
                    }
                    for (i, want) in listed.iter().enumerate() {
                        self.expect_operand(op, i, want);
                    }
                } else if stablehlo && n_res >= 1 && listed.len() == n_res && n_ops == n_res {
                    for (i, want) in listed.iter().enumerate() {
                        self.expect_operand(op, i, want);
                    }
                } else if stablehlo
                    && n_res == 1
                    && listed.len() == 1
                    && d.name != "stablehlo.complex"
                {
                    // `stablehlo.complex %re, %im : tensor<..xcomplex<f32>>`
                    // lists its result type only.
                    for i in 0..n_ops {
                        self.expect_operand(op, i, &listed[0]);
                    }
                } else if d.name == "stablehlo.select" && listed.len() == 2 && n_ops == 3 {
                    self.expect_operand(op, 0, &listed[0]);
                    self.expect_operand(op, 1, &listed[1]);
                    self.expect_operand(op, 2, &listed[1]);
                }
            }
        }
    }

    /// The terminator of a block, if it is a return.
    fn terminator(&self, b: Block) -> Option<Op> {
        let op = self.m.layout.last(b)?;
        is_return(&self.m.dfg.op(op).name).then_some(op)
    }

    /// The return ops ending the blocks of region `r` of `op`.
    fn region_returns(&self, op: Op, r: usize) -> Vec<Op> {
        let Some(&region) = self.m.dfg.op(op).regions.get(r) else {
            return Vec::new();
        };
        self.m
            .layout
            .region(region)
            .blocks
            .iter()
            .filter_map(|&b| self.terminator(b))
            .collect()
    }

    /// The arguments of the entry block of region `r`: declared by the op's
    /// own syntax (pretty form) or in a `^bb0(...)` header (generic form).
    fn region_args(&self, op: Op, r: usize) -> Vec<Value> {
        let d = self.m.dfg.op(op);
        let Some(&region) = d.regions.get(r) else {
            return Vec::new();
        };
        let Some(&b) = self.m.layout.region(region).blocks.first() else {
            return Vec::new();
        };
        let args = &self.m.layout.block(b).args;
        if !args.is_empty() {
            return args.clone();
        }
        d.decls.clone()
    }

    /// A return's operands against the types `want`.
    fn check_return(&mut self, ret: Op, want: &[Type], what: &str) {
        let operands = self.m.dfg.op(ret).operands.clone();
        if operands.len() != want.len() {
            let msg = format!(
                "returns {} value(s) but {what} has {} result(s)",
                operands.len(),
                want.len()
            );
            self.err(ret, None, msg);
            return;
        }
        for (i, (&v, t)) in operands.iter().zip(want).enumerate() {
            if !compatible(self.ty(v), t) {
                let msg = format!(
                    "returns {} of type {} as result #{i}, but {what} gives result #{i} type {t}",
                    self.name(v),
                    self.ty(v)
                );
                let at = self.operand_offset(ret, i);
                self.err(ret, at, msg);
            }
        }
    }

    fn function(&mut self, op: Op) {
        let want: Vec<Type> = self
            .m
            .dfg
            .op(op)
            .func_results
            .iter()
            .map(|r| r.ty.clone())
            .collect();
        let what = format!("function @{}", self.m.symbol(op).unwrap_or("?"));
        self.function_terminators(op, &what);
        for ret in self.region_returns(op, 0) {
            if self.m.dfg.op(ret).name != "stablehlo.return" {
                self.check_return(ret, &want, &what);
            }
        }
    }

    /// Every block of a function body ends with a terminator: MLIR refuses
    /// a body whose last op is a StableHLO, CHLO, arith or tensor op, or a
    /// call (a function declared without a body has no blocks).
    fn function_terminators(&mut self, op: Op, what: &str) {
        let Some(&region) = self.m.dfg.op(op).regions.first() else {
            return;
        };
        let blocks = self.m.layout.region(region).blocks.clone();
        for b in blocks {
            let Some(last) = self.m.layout.last(b) else {
                // An empty body: only a function without results may have one
                // in the pretty form MLIR prints, and it prints none.
                if !self.m.dfg.op(op).func_results.is_empty() {
                    self.err(
                        op,
                        None,
                        format!("{what} has an empty body; it must end with `return`"),
                    );
                }
                continue;
            };
            let name = self.m.dfg.op(last).name.as_str();
            let not_terminator = !is_return(name)
                && (["stablehlo.", "chlo.", "arith.", "tensor."]
                    .iter()
                    .any(|p| name.starts_with(p))
                    || matches!(name, "func.call" | "call"));
            if not_terminator {
                let msg =
                    format!("is the last op of {what}'s body; the body must end with `return`");
                self.err(last, None, msg);
            }
        }
    }

    fn call(&mut self, op: Op) {
        let Some(callee) = self.m.symbol(op) else {
            return;
        };
        let Some(&f) = self.functions.get(callee) else {
            return;
        };
        let d = self.m.dfg.op(op);
        let params: Vec<Value> = self.m.dfg.op(f).decls.clone();
        let results: Vec<Type> = self
            .m
            .dfg
            .op(f)
            .func_results
            .iter()
            .map(|r| r.ty.clone())
            .collect();
        if params.len() != d.operands.len() || results.len() != d.results.len() {
            let msg = format!(
                "calls @{callee} with {} argument(s) and {} result(s), but @{callee} takes {} and returns {}",
                d.operands.len(),
                d.results.len(),
                params.len(),
                results.len()
            );
            self.err(op, None, msg);
            return;
        }
        for (i, &p) in params.iter().enumerate() {
            let want = self.ty(p).clone();
            self.expect_operand(op, i, &want);
        }
        for (i, (&r, t)) in d.results.iter().zip(&results).enumerate() {
            if !compatible(self.ty(r), t) {
                let msg = format!(
                    "result #{i} has type {} but @{callee} returns {t}",
                    self.ty(r)
                );
                self.err(op, None, msg);
            }
        }
    }

    fn rank(&self, v: Value) -> Option<usize> {
        self.ty(v).as_tensor()?.dims.as_ref().map(Vec::len)
    }

    /// The value's dims, when its type is a ranked tensor.
    fn dims(&self, v: Value) -> Option<Vec<Dim>> {
        self.ty(v).as_tensor()?.dims.clone()
    }

    fn reduce(&mut self, op: Op) {
        let d = self.m.dfg.op(op);
        let n_ops = d.operands.len();
        let n = d.results.len();
        if n == 0 || n_ops != 2 * n {
            let msg = format!("has {n_ops} operand(s) and {n} result(s); expected N inputs and N inits for N results");
            self.err(op, None, msg);
            return;
        }
        let order = self.type_order(op);
        let inputs: Vec<Value> = order[..n].iter().map(|&i| d.operands[i]).collect();
        let results = d.results.clone();
        // The reducer's arguments: accumulator and element of input i.
        let args = self.region_args(op, 0);
        let mut elem_types: Vec<Option<Type>> = vec![None; n];
        if !d.regions.is_empty() {
            if args.len() != 2 * n {
                let msg = format!(
                    "reducer takes {} argument(s); expected {} (an accumulator and an element per input)",
                    args.len(),
                    2 * n
                );
                self.err(op, None, msg);
            } else {
                let pretty_decls = self
                    .m
                    .dfg
                    .value(args[0])
                    .def
                    .eq(&ValueDef::Decl { op, index: 0 });
                for (i, slot) in elem_types.iter_mut().enumerate() {
                    let (acc, x) = if pretty_decls {
                        (args[2 * i], args[2 * i + 1])
                    } else {
                        (args[i], args[n + i])
                    };
                    let (ta, tx) = (self.ty(acc).clone(), self.ty(x).clone());
                    if !compatible(&ta, &tx) {
                        let msg = format!(
                            "reducer arguments for input #{i} differ: {} is {ta}, {} is {tx}",
                            self.name(acc),
                            self.name(x)
                        );
                        self.err(op, None, msg);
                    }
                    *slot = Some(ta);
                }
                let want: Vec<Type> = elem_types.iter().flatten().cloned().collect();
                for ret in self.region_returns(op, 0) {
                    self.check_return(ret, &want, "the reducer");
                }
            }
        }
        // Init i (operand n+i in op order) has the type of the reducer's
        // accumulator i; without a reducer to compare with, it is 0-d.
        for i in 0..n {
            let init = self.m.dfg.op(op).operands[order[n + i]];
            let bad = match &elem_types[i] {
                Some(acc) => !compatible(self.ty(init), acc),
                None => self.rank(init).is_some_and(|r| r != 0),
            };
            if bad {
                let msg = format!(
                    "operand #{} is the init value of input #{i} of a {n}-input reduce, but its type {} is not the reducer's accumulator type; inputs come first, then inits",
                    n + i,
                    self.ty(init)
                );
                self.err(op, None, msg);
            }
        }
        for (i, t) in elem_types.iter().enumerate() {
            let Some(t) = t else { continue };
            let (Some(e), Some(re)) = (t.elem(), self.ty(results[i]).elem()) else {
                continue;
            };
            if e.is_float() && re.is_float() && e != re {
                let msg = format!("result #{i} has element type {re} but the reducer computes {e}");
                self.err(op, None, msg);
            }
        }
        // `across dimensions = [..]` (pretty) or `dimensions = array<i64: ..>`.
        let text = self.m.op_text(op);
        let dims = list_after(&text, "dimensions = [")
            .or_else(|| list_after(&text, "dimensions = array<i64:"));
        if let (Some(dims), Some(rank)) = (dims, self.rank(inputs[0])) {
            self.check_dims(op, &dims, rank, "dimensions", true);
        }
    }

    fn while_op(&mut self, op: Op) {
        let d = self.m.dfg.op(op);
        let operand_types: Vec<Type> = d.operands.iter().map(|&v| self.ty(v).clone()).collect();
        if d.results.len() != operand_types.len() {
            let msg = format!(
                "has {} operand(s) but {} result(s)",
                operand_types.len(),
                d.results.len()
            );
            self.err(op, None, msg);
            return;
        }
        for (i, (&r, t)) in d.results.iter().zip(&operand_types).enumerate() {
            if !compatible(self.ty(r), t) {
                let msg = format!("result #{i} has type {} but carries {t}", self.ty(r));
                self.err(op, None, msg);
            }
        }
        let bool_t = Type::Tensor(super::TensorType::new(
            &[],
            super::ElemType::from_text("i1"),
        ));
        for r in 0..d.regions.len().min(2) {
            let args = self.region_args(op, r);
            if args.len() == operand_types.len() {
                for (&a, t) in args.iter().zip(&operand_types) {
                    if !compatible(self.ty(a), t) {
                        let msg = format!(
                            "region #{r} argument {} has type {} but the loop carries {t}",
                            self.name(a),
                            self.ty(a)
                        );
                        self.err(op, None, msg);
                    }
                }
            }
            let want = if r == 0 {
                vec![bool_t.clone()]
            } else {
                operand_types.clone()
            };
            let what = if r == 0 {
                "the condition"
            } else {
                "the loop body"
            };
            for ret in self.region_returns(op, r) {
                self.check_return(ret, &want, what);
            }
        }
    }

    fn branches(&mut self, op: Op) {
        let d = self.m.dfg.op(op);
        let want: Vec<Type> = d.results.iter().map(|&v| self.ty(v).clone()).collect();
        for r in 0..d.regions.len() {
            for ret in self.region_returns(op, r) {
                self.check_return(ret, &want, "the op");
            }
        }
    }

    fn sort(&mut self, op: Op) {
        let d = self.m.dfg.op(op);
        let n = d.operands.len();
        let args = self.region_args(op, 0);
        if d.regions.is_empty() {
            return;
        }
        if args.len() != 2 * n {
            let msg = format!(
                "comparator takes {} argument(s); expected {} (two per operand)",
                args.len(),
                2 * n
            );
            self.err(op, None, msg);
            return;
        }
        for i in 0..n {
            let Some(t) = self.ty(d.operands[i]).as_tensor().cloned() else {
                continue;
            };
            let want = Type::Tensor(super::TensorType {
                dims: Some(Vec::new()),
                elem: t.elem.clone(),
                encoding: None,
            });
            for a in [args[2 * i], args[2 * i + 1]] {
                if !compatible(self.ty(a), &want) {
                    let msg = format!(
                        "comparator argument {} has type {} but operand #{i} sorts {}",
                        self.name(a),
                        self.ty(a),
                        t.elem
                    );
                    self.err(op, None, msg);
                }
            }
        }
    }

    /// Every dim below `rank` (and, if `unique`, each at most once).
    /// Reports the first entry of `dims` out of range for `rank` (or, when
    /// `unique`, repeated); returns whether there was none.
    fn check_dims(&mut self, op: Op, dims: &[i64], rank: usize, what: &str, unique: bool) -> bool {
        let mut seen = vec![false; rank];
        for &d in dims {
            if d < 0 || d as usize >= rank {
                self.err(
                    op,
                    None,
                    format!("{what} holds {d}, out of range for rank {rank}"),
                );
                return false;
            }
            if unique && std::mem::replace(&mut seen[d as usize], true) {
                self.err(op, None, format!("{what} holds {d} twice"));
                return false;
            }
        }
        true
    }

    /// An op that keeps its operand's shape (`convert`): operand and
    /// result shapes agree where both are known.
    fn same_shape(&mut self, op: Op) {
        let d = self.m.dfg.op(op);
        let (Some(&x), Some(&y)) = (d.operands.first(), d.results.first()) else {
            return;
        };
        let (Some(a), Some(b)) = (self.ty(x).as_tensor(), self.ty(y).as_tensor()) else {
            return;
        };
        let (Some(da), Some(db)) = (&a.dims, &b.dims) else {
            return;
        };
        let agree = da.len() == db.len()
            && da.iter().zip(db).all(|(p, q)| match (p, q) {
                (Dim::Static(p), Dim::Static(q)) => p == q,
                _ => true,
            });
        if !agree {
            let msg = format!(
                "turns {} into {}: the shape must stay the same",
                self.ty(x),
                self.ty(y)
            );
            self.err(op, None, msg);
        }
    }

    /// A pretty-form convolution's `dim_numbers`: each list has one entry
    /// per dim of its tensor, its two letters and each spatial dim once.
    fn convolution(&mut self, op: Op) {
        let d = self.m.dfg.op(op);
        if d.form != OpForm::Pretty || d.operands.len() != 2 {
            return;
        }
        let text = self.m.op_text(op);
        if !text.contains("dim_numbers") {
            return;
        }
        let Some(lists) = conv_dim_lists(&text) else {
            self.err(
                op,
                None,
                "has `dim_numbers` it cannot read; expected `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`".into(),
            );
            return;
        };
        let ranks = [
            self.rank(d.operands[0]),
            self.rank(d.operands[1]),
            d.results.first().and_then(|&v| self.rank(v)),
        ];
        let sides = [
            ("input", ['b', 'f']),
            ("kernel", ['i', 'o']),
            ("output", ['b', 'f']),
        ];
        for ((items, rank), (what, letters)) in lists.iter().zip(ranks).zip(sides) {
            if let Err(problem) = conv_list_problem(items, rank, letters) {
                let msg = format!("`dim_numbers` {what} list [{}] {problem}", items.join(", "));
                self.err(op, None, msg);
                return;
            }
        }
    }

    fn dot_general(&mut self, op: Op) {
        let d = self.m.dfg.op(op);
        // Each side's dims are checked against its own rank, when known.
        let (lr, rr) = (self.rank(d.operands[0]), self.rank(d.operands[1]));
        if lr.is_none() && rr.is_none() {
            return;
        }
        let text = self.m.op_text(op);
        let Some(dims) = DotDims::read(self.m, op) else {
            if d.form == OpForm::Pretty && !text.contains("contracting_dims") {
                return;
            }
            if d.form == OpForm::Pretty {
                self.err(op, None, "has dimension numbers it cannot read".into());
            }
            return;
        };
        let as_i64 = |v: &[usize]| v.iter().map(|&x| x as i64).collect::<Vec<_>>();
        let mut lhs = as_i64(&dims.lhs_batch);
        lhs.extend(as_i64(&dims.lhs_contract));
        let mut rhs = as_i64(&dims.rhs_batch);
        rhs.extend(as_i64(&dims.rhs_contract));
        let lhs_ok = lr
            .is_none_or(|lr| self.check_dims(op, &lhs, lr, "lhs batching/contracting dims", true));
        let rhs_ok = rr
            .is_none_or(|rr| self.check_dims(op, &rhs, rr, "rhs batching/contracting dims", true));
        if dims.lhs_batch.len() != dims.rhs_batch.len()
            || dims.lhs_contract.len() != dims.rhs_contract.len()
        {
            self.err(
                op,
                None,
                "lists different numbers of lhs and rhs dims".into(),
            );
            return;
        }
        if lhs_ok && rhs_ok {
            self.dot_sizes(op, &dims);
        }
    }

    /// `stablehlo.dot` (as TF emits it): operands of rank 1 or 2, the lhs's
    /// last dim contracted with the rhs's first; the result follows as for
    /// the `dot_general` it stands for.
    fn dot(&mut self, op: Op) {
        let d = self.m.dfg.op(op);
        if d.operands.len() != 2 {
            return;
        }
        let (Some(lr), Some(rr)) = (self.rank(d.operands[0]), self.rank(d.operands[1])) else {
            return;
        };
        match DotDims::of_dot(lr, rr) {
            Some(dims) => self.dot_sizes(op, &dims),
            None => {
                let msg = format!("takes operands of rank 1 or 2, not {lr} and {rr}");
                self.err(op, None, msg);
            }
        }
    }

    /// With both operands' dims known (and `dims` in range for them):
    /// paired batching and contracting dims have one size, and the result
    /// is batch dims, then lhs free dims, then rhs free dims.
    fn dot_sizes(&mut self, op: Op, dims: &DotDims) {
        let d = self.m.dfg.op(op);
        let (Some(l), Some(r)) = (self.dims(d.operands[0]), self.dims(d.operands[1])) else {
            return;
        };
        let pairs = [
            ("batching", &dims.lhs_batch, &dims.rhs_batch),
            ("contracting", &dims.lhs_contract, &dims.rhs_contract),
        ];
        for (what, ls, rs) in pairs {
            for (&a, &b) in ls.iter().zip(rs.iter()) {
                if let (Dim::Static(x), Dim::Static(y)) = (&l[a], &r[b]) {
                    if x != y {
                        let msg = format!("{what} dims lhs {a} and rhs {b} have sizes {x} and {y}");
                        self.err(op, None, msg);
                        return;
                    }
                }
            }
        }
        let free = |all: &[Dim], batch: &[usize], contract: &[usize]| -> Vec<Dim> {
            (0..all.len())
                .filter(|i| !batch.contains(i) && !contract.contains(i))
                .map(|i| all[i])
                .collect()
        };
        let mut want: Vec<Dim> = dims.lhs_batch.iter().map(|&i| l[i]).collect();
        want.extend(free(&l, &dims.lhs_batch, &dims.lhs_contract));
        want.extend(free(&r, &dims.rhs_batch, &dims.rhs_contract));
        let Some(got) = d.results.first().and_then(|&v| self.dims(v)) else {
            return;
        };
        if !same_static_dims(&got, &want) {
            let msg = format!(
                "result shape {} does not follow from the operands and dims (expected {})",
                dims_text(&got),
                dims_text(&want)
            );
            self.err(op, None, msg);
        }
    }

    fn transpose(&mut self, op: Op) {
        let d = self.m.dfg.op(op);
        let Some(rank) = self.rank(d.operands[0]) else {
            return;
        };
        let Some(perm) = perm_list(self.m, op, "permutation = array<i64:") else {
            return;
        };
        if perm.len() != rank {
            let msg = format!(
                "permutation has {} entries for an operand of rank {rank}",
                perm.len()
            );
            self.err(op, None, msg);
            return;
        }
        if !self.check_dims(op, &perm, rank, "permutation", true) {
            return;
        }
        // The result is the operand's shape permuted.
        let d = self.m.dfg.op(op);
        let (Some(from), Some(got)) = (self.dims(d.operands[0]), self.dims(d.results[0])) else {
            return;
        };
        let want: Vec<Dim> = perm.iter().map(|&p| from[p as usize]).collect();
        if !same_static_dims(&got, &want) {
            let msg = format!(
                "result shape {} is not the operand's {} permuted (expected {})",
                dims_text(&got),
                dims_text(&from),
                dims_text(&want)
            );
            self.err(op, None, msg);
        }
    }

    fn broadcast_in_dim(&mut self, op: Op) {
        let d = self.m.dfg.op(op);
        let (Some(rank), Some(out)) = (self.rank(d.operands[0]), self.rank(d.results[0])) else {
            return;
        };
        let Some(dims) = perm_list(self.m, op, "broadcast_dimensions = array<i64:") else {
            return;
        };
        if dims.len() != rank {
            let msg = format!(
                "dims has {} entries for an operand of rank {rank}",
                dims.len()
            );
            self.err(op, None, msg);
            return;
        }
        self.check_dims(op, &dims, out, "dims", true);
    }
}

/// Whether two shapes have one rank and agree wherever both are static.
fn same_static_dims(a: &[Dim], b: &[Dim]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|p| !matches!(p, (Dim::Static(x), Dim::Static(y)) if x != y))
}

/// What is wrong with one list of a convolution's `dim_numbers`: every
/// entry is one of `letters` or a spatial dim below `len - 2`, each exactly
/// once, and the list has `rank` entries (when the tensor's rank is known).
fn conv_list_problem(
    items: &[String],
    rank: Option<usize>,
    letters: [char; 2],
) -> Result<(), String> {
    if items.iter().any(String::is_empty) {
        return Err("has an empty entry".into());
    }
    if let Some(rank) = rank.filter(|&r| r != items.len()) {
        return Err(format!(
            "has {} entries for a tensor of rank {rank}",
            items.len()
        ));
    }
    let spatial = items.len().saturating_sub(2);
    let mut seen_spatial = vec![false; spatial];
    let mut seen_letter = [false; 2];
    for item in items {
        let slot = match item.parse::<usize>() {
            Ok(n) if n < spatial => &mut seen_spatial[n],
            Ok(n) => {
                return Err(format!(
                    "names spatial dim {n}; expected one below {spatial}"
                ))
            }
            Err(_) => match letters
                .iter()
                .position(|&l| item.len() == 1 && item.starts_with(l))
            {
                Some(i) => &mut seen_letter[i],
                None => {
                    return Err(format!(
                        "holds `{item}`; expected `{}`, `{}` or a spatial dim",
                        letters[0], letters[1]
                    ))
                }
            },
        };
        if std::mem::replace(slot, true) {
            return Err(format!("names `{item}` twice"));
        }
    }
    if let Some(i) = seen_letter.iter().position(|&s| !s) {
        return Err(format!("has no `{}`", letters[i]));
    }
    Ok(())
}

/// A shape as `2x?x4`.
fn dims_text(dims: &[Dim]) -> String {
    dims.iter()
        .map(|d| match d {
            Dim::Static(n) => n.to_string(),
            Dim::Dynamic => "?".into(),
        })
        .collect::<Vec<_>>()
        .join("x")
}

/// `dims = [..]` (pretty form) or the generic attribute `key ...>`.
fn perm_list(m: &Module, op: Op, generic_key: &str) -> Option<Vec<i64>> {
    let text = m.op_text(op);
    match m.dfg.op(op).form {
        OpForm::Pretty => list_after(&text, "dims = ["),
        _ => list_after(&text, generic_key),
    }
}

/// The integers after `key` up to the next `]` or `>`.
fn list_after(text: &str, key: &str) -> Option<Vec<i64>> {
    let rest = &text[text.find(key)? + key.len()..];
    let end = rest.find([']', '>'])?;
    rest[..end]
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().ok())
        .collect()
}
