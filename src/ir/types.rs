//! Types as the passes see them: ranked tensors of a known element type, and
//! everything else kept as text.

use std::fmt;

/// One dimension of a tensor shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dim {
    /// A size known in the type, `4`.
    Static(u64),
    /// A size known only at run time, `?`.
    Dynamic,
}

/// The element type of a tensor.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    /// IEEE half precision, `f16`.
    F16,
    /// Brain float, `bf16`.
    BF16,
    /// IEEE single precision, `f32`.
    F32,
    /// IEEE double precision, `f64`.
    F64,
    /// A signless (`i8`), signed (`si8`) or unsigned (`ui8`) integer of `bits` bits.
    Int {
        /// Width in bits (1 for booleans).
        bits: u32,
        /// `ui*` types.
        unsigned: bool,
        /// `si*` types (printed with the `s` prefix).
        explicit_signed: bool,
    },
    /// Anything else (`f8E4M3FN`, `complex<f32>`, `!quant.uniform<...>`, `index`), as written.
    Other(String),
}

impl ElemType {
    /// The signless integer type of `bits` bits (`i8`, `i32`).
    pub fn int(bits: u32) -> ElemType {
        ElemType::Int {
            bits,
            unsigned: false,
            explicit_signed: false,
        }
    }

    /// Reads an element type from its MLIR spelling.
    pub fn from_text(text: &str) -> ElemType {
        match text {
            "f16" => return ElemType::F16,
            "bf16" => return ElemType::BF16,
            "f32" => return ElemType::F32,
            "f64" => return ElemType::F64,
            _ => {}
        }
        let (digits, unsigned, explicit_signed) = if let Some(d) = text.strip_prefix("ui") {
            (d, true, false)
        } else if let Some(d) = text.strip_prefix("si") {
            (d, false, true)
        } else if let Some(d) = text.strip_prefix('i') {
            (d, false, false)
        } else {
            return ElemType::Other(text.to_string());
        };
        match digits.parse::<u32>() {
            Ok(bits) if bits > 0 && !digits.starts_with('0') => ElemType::Int {
                bits,
                unsigned,
                explicit_signed,
            },
            _ => ElemType::Other(text.to_string()),
        }
    }

    /// Whether this is one of the IEEE or brain floating-point types the passes rewrite.
    pub fn is_float(&self) -> bool {
        matches!(
            self,
            ElemType::F16 | ElemType::BF16 | ElemType::F32 | ElemType::F64
        )
    }

    /// Bytes one element takes in a `dense<"0x...">` blob, where known.
    ///
    /// MLIR stores every element in whole bytes (`i4` takes one byte); `i1`
    /// is handled by the caller because it may be bit-packed.
    pub fn storage_bytes(&self) -> Option<u64> {
        match self {
            ElemType::F16 | ElemType::BF16 => Some(2),
            ElemType::F32 => Some(4),
            ElemType::F64 => Some(8),
            ElemType::Int { bits, .. } => Some(u64::from(bits.div_ceil(8))),
            ElemType::Other(name) => match name.as_str() {
                "index" => Some(8),
                "complex<f32>" => Some(8),
                "complex<f64>" => Some(16),
                "complex<f16>" | "complex<bf16>" => Some(4),
                n if n.starts_with("f8") || n.starts_with("f6") || n.starts_with("f4") => Some(1),
                _ => None,
            },
        }
    }
}

impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElemType::F16 => f.write_str("f16"),
            ElemType::BF16 => f.write_str("bf16"),
            ElemType::F32 => f.write_str("f32"),
            ElemType::F64 => f.write_str("f64"),
            ElemType::Int {
                bits,
                unsigned,
                explicit_signed,
            } => {
                let prefix = if *unsigned {
                    "ui"
                } else if *explicit_signed {
                    "si"
                } else {
                    "i"
                };
                write!(f, "{prefix}{bits}")
            }
            ElemType::Other(text) => f.write_str(text),
        }
    }
}

/// A `tensor<...>` type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TensorType {
    /// The shape; `None` for an unranked `tensor<*xT>`.
    pub dims: Option<Vec<Dim>>,
    /// The element type.
    pub elem: ElemType,
    /// The encoding after the element type (`#stablehlo.bounds<...>`), as written.
    pub encoding: Option<String>,
}

impl TensorType {
    /// A ranked tensor of static shape.
    pub fn new(shape: &[u64], elem: ElemType) -> TensorType {
        TensorType {
            dims: Some(shape.iter().map(|&d| Dim::Static(d)).collect()),
            elem,
            encoding: None,
        }
    }

    /// The number of elements when every dimension is static.
    pub fn num_elements(&self) -> Option<u64> {
        let dims = self.dims.as_ref()?;
        dims.iter().try_fold(1u64, |acc, d| match d {
            Dim::Static(n) => acc.checked_mul(*n),
            Dim::Dynamic => None,
        })
    }

    /// The static shape, if every dimension is static.
    pub fn static_shape(&self) -> Option<Vec<u64>> {
        self.dims
            .as_ref()?
            .iter()
            .map(|d| match d {
                Dim::Static(n) => Some(*n),
                Dim::Dynamic => None,
            })
            .collect()
    }

    /// The same shape with another element type.
    pub fn with_elem(&self, elem: ElemType) -> TensorType {
        TensorType {
            dims: self.dims.clone(),
            elem,
            encoding: self.encoding.clone(),
        }
    }
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        match &self.dims {
            None => f.write_str("*x")?,
            Some(dims) => {
                for d in dims {
                    match d {
                        Dim::Static(n) => write!(f, "{n}x")?,
                        Dim::Dynamic => f.write_str("?x")?,
                    }
                }
            }
        }
        write!(f, "{}", self.elem)?;
        if let Some(enc) = &self.encoding {
            write!(f, ", {enc}")?;
        }
        f.write_str(">")
    }
}

/// The type of an SSA value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// A tensor.
    Tensor(TensorType),
    /// A scalar of a builtin element type (`f32`, `i32`, `index`), as func and arith use.
    Scalar(ElemType),
    /// Any other type (`!stablehlo.token`, `tuple<...>`, `memref<...>`), as written.
    Other(String),
    /// The syntax did not state the type (a value declared by custom op syntax).
    Unknown,
}

impl Type {
    /// The tensor type, if this is a tensor.
    pub fn as_tensor(&self) -> Option<&TensorType> {
        match self {
            Type::Tensor(t) => Some(t),
            _ => None,
        }
    }

    /// The element type of a tensor or scalar.
    pub fn elem(&self) -> Option<&ElemType> {
        match self {
            Type::Tensor(t) => Some(&t.elem),
            Type::Scalar(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Tensor(t) => t.fmt(f),
            Type::Scalar(e) => e.fmt(f),
            Type::Other(text) => f.write_str(text),
            Type::Unknown => f.write_str("<<unknown type>>"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_types_round_trip() {
        for t in ["i1", "i4", "i8", "si8", "ui2", "ui64", "i32"] {
            assert_eq!(ElemType::from_text(t).to_string(), t);
            assert!(matches!(ElemType::from_text(t), ElemType::Int { .. }));
        }
        assert!(matches!(ElemType::from_text("index"), ElemType::Other(_)));
        assert!(matches!(ElemType::from_text("i0"), ElemType::Other(_)));
    }

    #[test]
    fn tensor_display_and_count() {
        let t = TensorType::new(&[2, 3], ElemType::F32);
        assert_eq!(t.to_string(), "tensor<2x3xf32>");
        assert_eq!(t.num_elements(), Some(6));
        let s = TensorType::new(&[], ElemType::BF16);
        assert_eq!(s.to_string(), "tensor<bf16>");
        assert_eq!(s.num_elements(), Some(1));
    }
}
