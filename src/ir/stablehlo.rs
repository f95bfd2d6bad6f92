//! Constructors for the StableHLO operations passes create, printed in the
//! pretty form MLIR's printer uses. Each new op carries the location of the
//! op it serves.

use super::{ElemType, Module, Op, Piece, Signature, TensorType, Type, Value};

fn loc_piece(m: &Module, anchor: Op) -> Vec<Piece> {
    match m.dfg.op(anchor).loc {
        Some(span) => vec![Piece::Text(" ".into()), Piece::Src(span)],
        None => Vec::new(),
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
    pieces.extend(loc_piece(m, anchor));
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
    let t = Type::Tensor(ty);
    let mut pieces = vec![Piece::Text(hex.into()), Piece::Sig];
    pieces.extend(loc_piece(m, anchor));
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
