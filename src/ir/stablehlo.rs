//! Constructors for the StableHLO operations passes create, printed in the
//! pretty form MLIR's printer uses. Each new op carries the location of the
//! op it serves.

use super::{ElemType, Module, Op, Piece, Signature, TensorType, Type, Value};

/// Gives the op that defines `v` the location of `like`.
pub fn set_loc(m: &mut Module, v: Value, like: Op) {
    let loc = m.dfg.op(like).loc;
    if let Some(op) = m.dfg.producer(v) {
        m.dfg.op_mut(op).loc = loc;
    }
}

fn set_sig(m: &mut Module, op: Op, inputs: Option<Vec<Type>>, outputs: Vec<Type>) {
    m.dfg.op_mut(op).sig = Some(Signature {
        span: None,
        inputs,
        outputs,
    });
}

/// `%r = stablehlo.convert %x : (T) -> T'` before `anchor`, where `T'` is
/// `x`'s tensor type with element type `to`. Returns the new value, or `None`
/// when `x` is not a tensor.
pub fn convert(m: &mut Module, anchor: Op, x: Value, to: ElemType) -> Option<Value> {
    let from = m.dfg.ty(x).as_tensor()?.clone();
    let to_ty = Type::Tensor(from.with_elem(to));
    let mut pieces = vec![
        Piece::Text("stablehlo.convert ".into()),
        Piece::Operand(0, None),
        Piece::Text(" ".into()),
        Piece::Sig,
    ];
    // New ops carry the anchor's location (see `Module::insert_before`).
    pieces.push(Piece::Loc);
    let op = m.insert_before(
        anchor,
        "stablehlo.convert",
        &[x],
        std::slice::from_ref(&to_ty),
        "cvt",
        pieces,
    );
    set_sig(m, op, Some(vec![Type::Tensor(from)]), vec![to_ty]);
    Some(m.dfg.op(op).results[0])
}

/// `%r = stablehlo.constant dense<"0x...">: T` before `anchor`, from raw
/// little-endian element bytes.
pub fn constant_hex(m: &mut Module, anchor: Op, ty: TensorType, bytes: &[u8]) -> Value {
    let mut hex = String::with_capacity(bytes.len() * 2 + 32);
    hex.push_str("stablehlo.constant dense<\"0x");
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    for b in bytes {
        hex.push(DIGITS[(b >> 4) as usize] as char);
        hex.push(DIGITS[(b & 15) as usize] as char);
    }
    hex.push_str("\"> ");
    constant_op(m, anchor, ty, hex)
}

/// `%r = stablehlo.constant dense<x> : T` before `anchor`: every element of
/// the float tensor type `ty` is `x` (rounded to its element type).
pub fn constant_splat(m: &mut Module, anchor: Op, ty: TensorType, x: f64) -> Value {
    constant_op(
        m,
        anchor,
        ty,
        format!("stablehlo.constant dense<{}> ", float_literal(x)),
    )
}

/// `x` as an MLIR float literal: scientific, with the `.` MLIR's lexer
/// needs (`8e0` would read as the integer 8 followed by `e0`).
fn float_literal(x: f64) -> String {
    let text = format!("{x:e}");
    match text.split_once('e') {
        Some((mantissa, exp)) if !mantissa.contains('.') => format!("{mantissa}.0e{exp}"),
        _ => text,
    }
}

/// `%r = stablehlo.constant dense<x> : T` before `anchor`: every element of
/// the integer tensor type `ty` is `x` (the caller keeps `x` in its range).
pub fn constant_int(m: &mut Module, anchor: Op, ty: TensorType, x: i64) -> Value {
    constant_op(m, anchor, ty, format!("stablehlo.constant dense<{x}> "))
}

/// `TEXT: T` before `anchor`, where `text` is `stablehlo.constant <literal> `.
fn constant_op(m: &mut Module, anchor: Op, ty: TensorType, text: String) -> Value {
    let t = Type::Tensor(ty);
    // New ops carry the anchor's location (see `Module::insert_before`).
    let pieces = vec![Piece::Text(text.into()), Piece::Sig, Piece::Loc];
    let op = m.insert_before(
        anchor,
        "stablehlo.constant",
        &[],
        std::slice::from_ref(&t),
        "cst",
        pieces,
    );
    set_sig(m, op, None, vec![t]);
    m.dfg.op(op).results[0]
}

/// The `config = "ab,bc->ac"` of a pretty-form einsum, as label lists.
pub fn einsum_config(m: &Module, op: Op) -> Option<(Vec<char>, Vec<char>, Vec<char>)> {
    let text = m.op_text(op);
    let config = text.split("config = \"").nth(1)?.split('"').next()?;
    let (inputs, out) = config.split_once("->")?;
    let (lhs, rhs) = inputs.split_once(',')?;
    let labels = |s: &str| -> Option<Vec<char>> {
        let v: Vec<char> = s.trim().chars().collect();
        let unique = v.iter().all(|c| v.iter().filter(|d| *d == c).count() == 1);
        (unique && v.iter().all(|c| c.is_ascii_alphabetic())).then_some(v)
    };
    Some((labels(lhs)?, labels(rhs)?, labels(out)?))
}

/// `feature_group_count` and `batch_group_count` of a convolution (1 when
/// not written).
pub fn conv_group_counts(m: &Module, op: Op) -> (u64, u64) {
    let text = m.op_text(op);
    let read = |key: &str| -> u64 {
        text.split(key)
            .nth(1)
            .and_then(|rest| {
                let digits: String = rest
                    .trim_start()
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                digits.parse().ok()
            })
            .unwrap_or(1)
    };
    (read("feature_group_count = "), read("batch_group_count = "))
}

/// The permutation `dims = [...]` of a pretty-form `stablehlo.transpose`.
pub fn transpose_dims(m: &Module, op: Op) -> Option<Vec<usize>> {
    dims_attr(m, op, "stablehlo.transpose")
}

/// The operand-to-result dim map `dims = [...]` of a pretty-form
/// `stablehlo.broadcast_in_dim`.
pub fn broadcast_dims(m: &Module, op: Op) -> Option<Vec<usize>> {
    dims_attr(m, op, "stablehlo.broadcast_in_dim")
}

fn dims_attr(m: &Module, op: Op, name: &str) -> Option<Vec<usize>> {
    if m.dfg.op(op).name != name || m.dfg.op(op).form != super::OpForm::Pretty {
        return None;
    }
    let text = m.op_text(op);
    let inner = text.split("dims = [").nth(1)?.split(']').next()?;
    inner
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().ok())
        .collect()
}

/// The dimension numbers of a `stablehlo.dot_general` in pretty form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotDims {
    /// `batching_dims = [..] x [..]`: lhs side.
    pub lhs_batch: Vec<usize>,
    /// rhs side of the batching dims.
    pub rhs_batch: Vec<usize>,
    /// `contracting_dims = [..] x [..]`: lhs side.
    pub lhs_contract: Vec<usize>,
    /// rhs side of the contracting dims.
    pub rhs_contract: Vec<usize>,
}

pub(super) fn dims_text(d: &[usize]) -> String {
    let parts: Vec<String> = d.iter().map(|x| x.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

/// `[1, 2] x [0, 3]` after `key = `.
fn read_pair(text: &str, key: &str) -> Option<(Vec<usize>, Vec<usize>, std::ops::Range<usize>)> {
    let start = text.find(key)?;
    let rest = &text[start + key.len()..];
    let parse = |s: &str| -> Option<(Vec<usize>, usize)> {
        let s_trim = s.trim_start();
        let skipped = s.len() - s_trim.len();
        let inner = s_trim.strip_prefix('[')?;
        let end = inner.find(']')?;
        let list = inner[..end]
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().ok())
            .collect::<Option<Vec<usize>>>()?;
        Some((list, skipped + 1 + end + 1))
    };
    let (lhs, n1) = parse(rest)?;
    let after = rest[n1..].trim_start().strip_prefix('x')?;
    let consumed_x = rest[n1..].len() - after.len();
    let (rhs, n2) = parse(after)?;
    let end = start + key.len() + n1 + consumed_x + n2;
    Some((lhs, rhs, start..end))
}

impl DotDims {
    /// Contracting `lhs` dims with `rhs` dims, no batch dims.
    pub fn contracting(lhs: Vec<usize>, rhs: Vec<usize>) -> DotDims {
        DotDims {
            lhs_batch: Vec::new(),
            rhs_batch: Vec::new(),
            lhs_contract: lhs,
            rhs_contract: rhs,
        }
    }

    /// What `stablehlo.dot` stands for: operands of rank 1 or 2, the lhs's
    /// last dim contracted with the rhs's first; `None` for other ranks.
    pub fn of_dot(lhs_rank: usize, rhs_rank: usize) -> Option<DotDims> {
        ((1..=2).contains(&lhs_rank) && (1..=2).contains(&rhs_rank)).then(|| DotDims {
            lhs_batch: Vec::new(),
            rhs_batch: Vec::new(),
            lhs_contract: vec![lhs_rank - 1],
            rhs_contract: vec![0],
        })
    }

    /// Reads the dimension numbers of a pretty-form `dot_general`.
    pub fn read(m: &Module, op: Op) -> Option<DotDims> {
        let d = m.dfg.op(op);
        if d.name != "stablehlo.dot_general" || d.form != super::OpForm::Pretty {
            return None;
        }
        let text = m.op_text(op);
        let (lhs_contract, rhs_contract, _) = read_pair(&text, "contracting_dims = ")?;
        let (lhs_batch, rhs_batch) = match read_pair(&text, "batching_dims = ") {
            Some((l, r, _)) => (l, r),
            None => (Vec::new(), Vec::new()),
        };
        Some(DotDims {
            lhs_batch,
            rhs_batch,
            lhs_contract,
            rhs_contract,
        })
    }

    /// Writes new dimension numbers into a pretty-form `dot_general`
    /// (its attribute text is rewritten in place; nothing else changes).
    pub fn write(&self, m: &mut Module, op: Op) -> bool {
        let source_text: Vec<Option<String>> = m
            .dfg
            .op(op)
            .pieces
            .iter()
            .map(|p| match p {
                Piece::Src(span) => Some(m.source.slice(*span).to_string()),
                Piece::Text(t) => Some(t.to_string()),
                _ => None,
            })
            .collect();
        let Some(i) = source_text.iter().position(|t| {
            t.as_deref()
                .is_some_and(|t| t.contains("contracting_dims = "))
        }) else {
            return false;
        };
        let mut text = source_text[i].clone().unwrap_or_default();
        let contract = format!(
            "contracting_dims = {} x {}",
            dims_text(&self.lhs_contract),
            dims_text(&self.rhs_contract)
        );
        let Some((_, _, range)) = read_pair(&text, "contracting_dims = ") else {
            return false;
        };
        text.replace_range(range, &contract);
        let batch = format!(
            "batching_dims = {} x {}, ",
            dims_text(&self.lhs_batch),
            dims_text(&self.rhs_batch)
        );
        match read_pair(&text, "batching_dims = ") {
            // MLIR prints `batching_dims = .. x .., contracting_dims = ..`.
            Some((_, _, range)) => {
                let mut end = range.end;
                if text[end..].starts_with(", ") {
                    end += 2;
                }
                let with = if self.lhs_batch.is_empty() {
                    ""
                } else {
                    &batch
                };
                text.replace_range(range.start..end, with);
            }
            None if !self.lhs_batch.is_empty() => {
                let Some(at) = text.find("contracting_dims = ") else {
                    return false;
                };
                text.insert_str(at, &batch);
            }
            None => {}
        }
        m.dfg.op_mut(op).pieces[i] = Piece::Text(text.into());
        true
    }
}

/// Inserts a one-result op `NAME %a[, %b][, attrs] : SIG` before `anchor`
/// (the pretty form of elementwise and simple StableHLO ops); `short`
/// writes the signature as `: T` (operands and result share a type),
/// otherwise `: (A, B) -> T`.
pub fn simple_op(
    m: &mut Module,
    anchor: Op,
    name: &str,
    operands: &[Value],
    attrs: &str,
    ty: Type,
    short: bool,
) -> Value {
    let mut pieces = vec![Piece::Text(format!("{name} ").into())];
    for i in 0..operands.len() {
        if i > 0 {
            pieces.push(Piece::Text(", ".into()));
        }
        pieces.push(Piece::Operand(i as u32, None));
    }
    if !attrs.is_empty() {
        pieces.push(Piece::Text(format!(", {attrs}").into()));
    }
    pieces.push(Piece::Text(" ".into()));
    pieces.push(Piece::Sig);
    // New ops carry the anchor's location (see `Module::insert_before`).
    pieces.push(Piece::Loc);
    let hint = name.rsplit('.').next().unwrap_or("v");
    let op = m.insert_before(
        anchor,
        name,
        operands,
        std::slice::from_ref(&ty),
        hint,
        pieces,
    );
    let inputs: Vec<Type> = operands.iter().map(|&v| m.dfg.ty(v).clone()).collect();
    set_sig(m, op, if short { None } else { Some(inputs) }, vec![ty]);
    m.dfg.op(op).results[0]
}

/// `stablehlo.reshape %x : (T) -> tensor<shape x elem>`.
pub fn reshape(m: &mut Module, anchor: Op, x: Value, shape: &[u64]) -> Option<Value> {
    let t = m.dfg.ty(x).as_tensor()?;
    let ty = Type::Tensor(TensorType::new(shape, t.elem.clone()));
    Some(simple_op(
        m,
        anchor,
        "stablehlo.reshape",
        &[x],
        "",
        ty,
        false,
    ))
}

/// `stablehlo.broadcast_in_dim %x, dims = [...] : (T) -> U`.
pub fn broadcast_in_dim(
    m: &mut Module,
    anchor: Op,
    x: Value,
    dims: &[usize],
    out: TensorType,
) -> Value {
    let list: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    let attrs = format!("dims = [{}]", list.join(", "));
    simple_op(
        m,
        anchor,
        "stablehlo.broadcast_in_dim",
        &[x],
        &attrs,
        Type::Tensor(out),
        false,
    )
}

/// `stablehlo.multiply %a, %b : T` (same types).
pub fn multiply(m: &mut Module, anchor: Op, a: Value, b: Value) -> Value {
    let ty = m.dfg.ty(a).clone();
    simple_op(m, anchor, "stablehlo.multiply", &[a, b], "", ty, true)
}

/// `stablehlo.optimization_barrier %x : T`: keeps IREE from folding what
/// flows through it (a dequantization of constant weights back into f32).
pub fn optimization_barrier(m: &mut Module, anchor: Op, x: Value) -> Value {
    let ty = m.dfg.ty(x).clone();
    simple_op(
        m,
        anchor,
        "stablehlo.optimization_barrier",
        &[x],
        "",
        ty,
        true,
    )
}

/// `dot_general(a, b)` with the given dimension numbers and result type.
pub fn dot_general(
    m: &mut Module,
    anchor: Op,
    a: Value,
    b: Value,
    dims: &DotDims,
    out: TensorType,
) -> Value {
    let mut attrs = String::new();
    if !dims.lhs_batch.is_empty() {
        attrs.push_str(&format!(
            "batching_dims = {} x {}, ",
            dims_text(&dims.lhs_batch),
            dims_text(&dims.rhs_batch)
        ));
    }
    attrs.push_str(&format!(
        "contracting_dims = {} x {}",
        dims_text(&dims.lhs_contract),
        dims_text(&dims.rhs_contract)
    ));
    simple_op(
        m,
        anchor,
        "stablehlo.dot_general",
        &[a, b],
        &attrs,
        Type::Tensor(out),
        false,
    )
}

/// `dot_general(x [M, B, G], q [B, G, N])` batched over B, contracting G:
/// `-> [B, M, N]` (f32).
pub fn dot_batched(m: &mut Module, anchor: Op, x: Value, q: Value, out: TensorType) -> Value {
    simple_op(
        m,
        anchor,
        "stablehlo.dot_general",
        &[x, q],
        "batching_dims = [1] x [0], contracting_dims = [2] x [1]",
        Type::Tensor(out),
        false,
    )
}

/// `stablehlo.reduce(%x init: 0) applies stablehlo.add across dimensions = [dim]`.
pub fn reduce_sum(m: &mut Module, anchor: Op, x: Value, dim: usize, out: TensorType) -> Value {
    reduce(m, anchor, x, "stablehlo.add", dim, out)
}

/// `stablehlo.reduce(%x init: 0) applies OP across dimensions = [dim]` (f32;
/// 0 is the identity of add, and of maximum over absolute values).
pub fn reduce(
    m: &mut Module,
    anchor: Op,
    x: Value,
    applies: &str,
    dim: usize,
    out: TensorType,
) -> Value {
    let zero = constant_hex(
        m,
        anchor,
        TensorType::new(&[], ElemType::F32),
        &0f32.to_le_bytes(),
    );
    let ty = Type::Tensor(out);
    let pieces = vec![
        Piece::Text("stablehlo.reduce(".into()),
        Piece::Operand(0, None),
        Piece::Text(" init: ".into()),
        Piece::Operand(1, None),
        Piece::Text(format!(") applies {applies} across dimensions = [{dim}] ").into()),
        Piece::Sig,
        Piece::Loc,
    ];
    let op = m.insert_before(
        anchor,
        "stablehlo.reduce",
        &[x, zero],
        std::slice::from_ref(&ty),
        "sum",
        pieces,
    );
    let inputs = vec![m.dfg.ty(x).clone(), m.dfg.ty(zero).clone()];
    set_sig(m, op, Some(inputs), vec![ty]);
    m.dfg.op(op).results[0]
}

/// `stablehlo.add %a, %b : T` (same types).
pub fn add(m: &mut Module, anchor: Op, a: Value, b: Value) -> Value {
    let ty = m.dfg.ty(a).clone();
    simple_op(m, anchor, "stablehlo.add", &[a, b], "", ty, true)
}

/// `stablehlo.transpose %x, dims = [...] : (T) -> U`: out dim i is x dim
/// `perm[i]`.
pub fn transpose(m: &mut Module, anchor: Op, x: Value, perm: &[usize]) -> Option<Value> {
    let t = m.dfg.ty(x).as_tensor()?.clone();
    let shape = t.static_shape()?;
    let out: Vec<u64> = perm.iter().map(|&p| shape[p]).collect();
    let list: Vec<String> = perm.iter().map(|d| d.to_string()).collect();
    Some(simple_op(
        m,
        anchor,
        "stablehlo.transpose",
        &[x],
        &format!("dims = [{}]", list.join(", ")),
        Type::Tensor(TensorType::new(&out, t.elem)),
        false,
    ))
}

/// The dims of a pretty-form `stablehlo.convolution` that per-channel
/// quantization needs, from `dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvDims {
    /// The kernel's output-feature dim (`o`).
    pub kernel_out: usize,
    /// The result's feature dim (`f`).
    pub output_feature: usize,
}

impl ConvDims {
    /// Reads the dimension numbers of a pretty-form convolution.
    pub fn read(m: &Module, op: Op) -> Option<ConvDims> {
        let d = m.dfg.op(op);
        if d.name != "stablehlo.convolution" || d.form != super::OpForm::Pretty {
            return None;
        }
        let [_, kernel, output] = conv_dim_lists(&m.op_text(op))?;
        // Each list names one dimension per entry of its tensor's rank (a
        // list with an empty entry, `[0,,1, i, o]`, or of another length
        // is not read; the verifier refuses it).
        let rank = |v: Option<&Value>| {
            v.and_then(|&v| m.dfg.ty(v).as_tensor()?.dims.as_ref().map(Vec::len))
        };
        let pos = |items: &[String], key: &str, rank: Option<usize>| {
            if items.iter().any(String::is_empty) || Some(items.len()) != rank {
                return None;
            }
            items.iter().position(|t| t == key)
        };
        Some(ConvDims {
            kernel_out: pos(&kernel, "o", rank(d.operands.get(1)))?,
            output_feature: pos(&output, "f", rank(d.results.first()))?,
        })
    }
}

/// The three lists of a pretty-form convolution's
/// `dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` (input, kernel,
/// output), each split at its commas with white space removed; `None` when
/// the op's text has no such attribute in that shape.
pub fn conv_dim_lists(text: &str) -> Option<[Vec<String>; 3]> {
    let key = "dim_numbers";
    let spec = &text[text.find(key)? + key.len()..];
    // White space may stand between the tokens (`dim_numbers=[`, `] x [`).
    let mut compact = String::new();
    let mut closed = 0;
    for c in spec.chars() {
        if c.is_whitespace() {
            continue;
        }
        compact.push(c);
        if c == ']' {
            closed += 1;
            if closed == 3 {
                break;
            }
        }
    }
    let (input, rest) = compact.strip_prefix("=[")?.split_once("]x[")?;
    let (kernel, rest) = rest.split_once("]->[")?;
    let output = rest.strip_suffix(']')?;
    let items = |list: &str| list.split(',').map(str::to_string).collect::<Vec<_>>();
    Some([items(input), items(kernel), items(output)])
}

/// The permutation that undoes `perm`.
pub fn inverse_permutation(perm: &[usize]) -> Vec<usize> {
    let mut inverse = vec![0; perm.len()];
    for (i, &d) in perm.iter().enumerate() {
        inverse[d] = i;
    }
    inverse
}

#[cfg(test)]
mod tests {
    #[test]
    fn float_literals_always_have_a_point() {
        assert_eq!(super::float_literal(8.0), "8.0e0");
        assert_eq!(super::float_literal(0.5), "5.0e-1");
        assert_eq!(super::float_literal(-1.25e-3), "-1.25e-3");
        assert_eq!(super::float_literal(127.0), "1.27e2");
    }
}
