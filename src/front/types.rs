//! Reads type text (as the grammar's `type` rule delimits it) into [`Type`].

use crate::ir::{Dim, ElemType, TensorType, Type};

/// Reads one type. Unknown kinds become [`Type::Other`] with their text.
pub fn parse_type(text: &str) -> Type {
    let text = text.trim();
    if let Some(inner) = text
        .strip_prefix("tensor<")
        .and_then(|t| t.strip_suffix('>'))
    {
        if let Some(t) = parse_tensor(inner) {
            return Type::Tensor(t);
        }
        return Type::Other(text.to_string());
    }
    match ElemType::from_text(text) {
        ElemType::Other(_) if !is_scalar_name(text) => Type::Other(text.to_string()),
        e => Type::Scalar(e),
    }
}

/// Checks a type the way MLIR's parser would: a `tensor<...>` must have
/// dimensions that are sizes or `?` and an element type that is a type
/// (`tensor<-1>`, `tensor<16?x4xf32>`, `tensor<4x>` are errors).
pub fn check_type(text: &str, ty: &Type) -> Result<(), String> {
    let text = text.trim();
    let bad = match ty {
        Type::Tensor(t) => match &t.elem {
            crate::ir::ElemType::Other(e) => {
                !e.starts_with(|c: char| c.is_ascii_alphabetic() || c == '!')
            }
            _ => false,
        },
        Type::Other(o) => o.starts_with("tensor<"),
        _ => false,
    };
    if bad {
        return Err(format!(
            "invalid tensor type `{text}`; expected dimensions (sizes or `?`) separated by `x`, then an element type, as in `tensor<16x?xf32>`"
        ));
    }
    let unknown = match ty {
        Type::Other(o) => (!o.starts_with('(')).then_some(o.as_str()),
        Type::Tensor(t) => match &t.elem {
            crate::ir::ElemType::Other(e) => Some(e.as_str()),
            _ => None,
        },
        Type::Scalar(_) | Type::Unknown => None,
    };
    if let Some(name) = unknown.filter(|t| !is_type_name(t)) {
        return Err(format!(
            "unknown type `{name}`; expected a builtin type (`tensor<...>`, `f32`, `i8`, `index`, `tuple<...>`, ...) or a dialect type `!dialect.name`"
        ));
    }
    Ok(())
}

/// Whether `text` starts as a type MLIR knows without a dialect prefix: a
/// builtin keyword (`f32`, `i8`, `ui4`, `index`, `none`, `tensor<`, `tuple<`,
/// ...) or a dialect type or alias (`!stablehlo.token`, `!t`). What follows
/// is read (or carried) by the IR.
fn is_type_name(text: &str) -> bool {
    if text.starts_with('!') {
        return true;
    }
    let (name, parametric) = match text.split_once('<') {
        Some((name, _)) => (name, true),
        None => (text, false),
    };
    if parametric {
        return matches!(name, "tensor" | "memref" | "vector" | "tuple" | "complex");
    }
    let int_width = |digits: &str| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    matches!(name, "index" | "none" | "bf16" | "tf32")
        || name.strip_prefix('i').is_some_and(int_width)
        || name.strip_prefix("si").is_some_and(int_width)
        || name.strip_prefix("ui").is_some_and(int_width)
        // f16, f32, f64, f80, f128 and the small floats (f8E4M3FN, f4E2M1FN, ...).
        || (name.starts_with('f')
            && name[1..].starts_with(|c: char| c.is_ascii_digit())
            && name.bytes().all(|b| b.is_ascii_alphanumeric()))
}

fn is_scalar_name(text: &str) -> bool {
    text == "index"
        || text.starts_with("complex<")
        || (text.starts_with('f') && text[1..].chars().next().is_some_and(|c| c.is_ascii_digit()))
}

/// `2x?x4xf32` or `*xf32`, optionally followed by `, encoding`.
fn parse_tensor(inner: &str) -> Option<TensorType> {
    let (shape_elem, encoding) = split_encoding(inner);
    let mut rest = shape_elem;
    let dims = if let Some(r) = rest.strip_prefix("*x") {
        rest = r;
        None
    } else {
        let mut dims = Vec::new();
        while let Some((head, tail)) = rest.split_once('x') {
            let dim = if head == "?" {
                Dim::Dynamic
            } else if !head.is_empty() && head.bytes().all(|b| b.is_ascii_digit()) {
                Dim::Static(head.parse().ok()?)
            } else {
                break;
            };
            dims.push(dim);
            rest = tail;
        }
        Some(dims)
    };
    if rest.is_empty() {
        return None;
    }
    Some(TensorType {
        dims,
        elem: ElemType::from_text(rest),
        encoding: encoding.map(|e| e.trim().to_string()),
    })
}

/// Splits `shape x elem, encoding` at the first comma outside brackets.
fn split_encoding(inner: &str) -> (&str, Option<&str>) {
    let mut depth = 0i32;
    for (i, c) in inner.char_indices() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => return (&inner[..i], Some(&inner[i + 1..])),
            _ => {}
        }
    }
    (inner, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tensors() {
        let t = parse_type("tensor<2x?x4xf32>");
        let t = t.as_tensor().expect("tensor");
        assert_eq!(
            t.dims,
            Some(vec![Dim::Static(2), Dim::Dynamic, Dim::Static(4)])
        );
        assert_eq!(t.elem, ElemType::F32);
        let q = parse_type("tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>");
        assert_eq!(
            q.as_tensor().expect("tensor").elem,
            ElemType::Other("!quant.uniform<i8:f32, 1.000000e+00:3>".into())
        );
        let b = parse_type("tensor<?x5xf32, #stablehlo.bounds<3, ?>>");
        assert_eq!(
            b.as_tensor().expect("tensor").encoding.as_deref(),
            Some("#stablehlo.bounds<3, ?>")
        );
        assert_eq!(b.to_string(), "tensor<?x5xf32, #stablehlo.bounds<3, ?>>");
        assert_eq!(parse_type("tensor<*xi8>").to_string(), "tensor<*xi8>");
        assert_eq!(
            parse_type("tensor<complex<f32>>").to_string(),
            "tensor<complex<f32>>"
        );
    }

    #[test]
    fn reads_others() {
        assert_eq!(parse_type("f32"), Type::Scalar(ElemType::F32));
        assert!(matches!(parse_type("!stablehlo.token"), Type::Other(_)));
        assert!(matches!(parse_type("tuple<tensor<f32>>"), Type::Other(_)));
    }
}
