//! Seeded random inputs for a function's arguments, with values that make
//! sense per dtype: floats scaled like weights and activations, integers in
//! a range that indexes safely.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rand_distr::StandardNormal;

use crate::ir::{Module, Type};
use crate::tensor::{DType, HostTensor, TensorSet};

/// How random inputs are drawn.
#[derive(Clone, Copy, Debug, Default)]
pub struct InputSpec {
    /// RNG seed.
    pub seed: u64,
    /// Integers are drawn from `[lo, hi)`; `None`: from the range their use
    /// implies ([`infer_int_ranges`]), else `[0, 4)`.
    pub int_range: Option<(i64, i64)>,
}

/// Why inputs could not be made.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// An argument type random inputs cannot be made for.
    #[error("argument {index} ({name}) has type {ty}: random inputs need a static tensor shape of a supported dtype; pass --inputs")]
    Unsupported {
        /// Position.
        index: usize,
        /// Its name.
        name: String,
        /// Its type.
        ty: Type,
    },
}

/// Random inputs for the entry function of `m`. Integer arguments that index
/// something stay in bounds ([`infer_int_ranges`]). Floats of rank >= 2 get
/// normal values of standard deviation `1/sqrt(last dim)` (weights and
/// activations of sane size), rank 0-1 floats standard normal values, and
/// integers uniform values in the spec's range.
pub fn random_inputs(m: &Module, spec: InputSpec) -> Result<TensorSet, InputError> {
    let mut out = Vec::new();
    for_each_random_input(m, spec, &mut |index, t| {
        out.push((format!("arg{index:03}"), t));
        Ok(())
    })?;
    Ok(out)
}

/// [`random_inputs`] one argument at a time: `f` gets each argument's index
/// and tensor in order and may write it out and drop it, so that memory
/// holds one argument, never the set (the values are those of
/// [`random_inputs`]: one RNG stream over the arguments in order).
pub fn for_each_random_input<E: From<InputError>>(
    m: &Module,
    spec: InputSpec,
    f: &mut dyn FnMut(usize, HostTensor) -> Result<(), E>,
) -> Result<(), E> {
    let args = crate::weights::entry_args(m).unwrap_or_default();
    let inferred = infer_int_ranges(m);
    let mut rng = StdRng::seed_from_u64(spec.seed);
    for (index, &v) in args.iter().enumerate() {
        let ty = m.dfg.ty(v).clone();
        let unsupported = || InputError::Unsupported {
            index,
            name: m.value_label(v),
            ty: ty.clone(),
        };
        let t = ty.as_tensor().ok_or_else(unsupported)?;
        let shape = t.static_shape().ok_or_else(unsupported)?;
        let dtype = DType::from_elem(&t.elem).ok_or_else(unsupported)?;
        let range = spec.int_range.or(inferred.get(index).copied().flatten());
        let data = random_data(&mut rng, dtype, &shape, range, spec.int_range.is_some());
        f(index, HostTensor { dtype, shape, data })?;
    }
    Ok(())
}

/// The bytes of one random tensor (see [`random_inputs`]); `range` is the
/// integer range, `explicit` whether the user gave it.
fn random_data(
    rng: &mut StdRng,
    dtype: DType,
    shape: &[u64],
    range: Option<(i64, i64)>,
    explicit: bool,
) -> Vec<u8> {
    let n = shape.iter().product::<u64>() as usize;
    let scale = if shape.len() >= 2 {
        1.0 / (*shape.last().unwrap_or(&1) as f32).sqrt()
    } else {
        1.0
    };
    let floats = |rng: &mut StdRng| -> Vec<f32> {
        (0..n)
            .map(|_| rng.sample::<f32, _>(StandardNormal) * scale)
            .collect()
    };
    // Indices keep inside what they index; other integers use the spec's range.
    let (lo, hi) = range.unwrap_or((0, 4));
    let ints = |rng: &mut StdRng| -> Vec<i64> {
        (0..n)
            .map(|_| rng.random_range(lo..hi.max(lo + 1)))
            .collect()
    };
    match dtype {
        // Written straight to bytes: no second copy of a large weight.
        DType::F32 => {
            let mut out = Vec::with_capacity(n * 4);
            for _ in 0..n {
                let x = rng.sample::<f32, _>(StandardNormal) * scale;
                out.extend_from_slice(&x.to_le_bytes());
            }
            out
        }
        DType::F64 => floats(rng)
            .iter()
            .flat_map(|&x| (x as f64).to_le_bytes())
            .collect(),
        DType::F16 => floats(rng)
            .iter()
            .flat_map(|&x| half::f16::from_f32(x).to_le_bytes())
            .collect(),
        DType::BF16 => floats(rng)
            .iter()
            .flat_map(|&x| half::bf16::from_f32(x).to_le_bytes())
            .collect(),
        DType::I8 => ints(rng).iter().map(|&x| x as i8 as u8).collect(),
        DType::U8 => ints(rng).iter().map(|&x| x as u8).collect(),
        // Packed 4-bit values (quantized weights): every nibble is valid.
        DType::U4 | DType::I4 => (0..n.div_ceil(2)).map(|_| rng.random::<u8>()).collect(),
        // Unsigned words are packed quantized weights (MLX's form):
        // every bit pattern is valid, so all of them are drawn.
        DType::U32 if !explicit => (0..n)
            .flat_map(|_| rng.random::<u32>().to_le_bytes())
            .collect(),
        DType::U32 => ints(rng)
            .iter()
            .flat_map(|&x| (x as u32).to_le_bytes())
            .collect(),
        DType::I16 => ints(rng)
            .iter()
            .flat_map(|&x| (x as i16).to_le_bytes())
            .collect(),
        DType::I32 => ints(rng)
            .iter()
            .flat_map(|&x| (x as i32).to_le_bytes())
            .collect(),
        DType::I64 => ints(rng).iter().flat_map(|&x| x.to_le_bytes()).collect(),
        DType::Bool => (0..n).map(|_| rng.random_bool(0.5) as u8).collect(),
    }
}

/// For integer arguments that index something, the range that keeps them in
/// bounds: gather indices index the table's first dim; `dynamic_slice` /
/// `dynamic_update_slice` start indices may go up to (size - slice size).
/// Followed through reshape, convert and broadcast_in_dim.
pub fn infer_int_ranges(m: &Module) -> Vec<Option<(i64, i64)>> {
    let args = crate::weights::entry_args(m).unwrap_or_default();
    args.iter()
        .map(|&a| {
            if !m
                .dfg
                .ty(a)
                .elem()
                .is_some_and(|e| matches!(e, crate::ir::ElemType::Int { bits, .. } if *bits > 1))
            {
                return None;
            }
            let mut hi: Option<i64> = None;
            let mut work = vec![a];
            let mut steps = 0;
            while let Some(v) = work.pop() {
                steps += 1;
                if steps > 64 {
                    break;
                }
                for (user, idx) in m.dfg.uses(v) {
                    let d = m.dfg.op(user);
                    let dim = |x: crate::ir::Value, i: usize| -> Option<i64> {
                        m.dfg
                            .ty(x)
                            .as_tensor()?
                            .static_shape()?
                            .get(i)
                            .map(|&n| n as i64)
                    };
                    let bound = match d.name.as_str() {
                        "stablehlo.reshape"
                        | "stablehlo.convert"
                        | "stablehlo.broadcast_in_dim" => {
                            work.extend(d.results.iter().copied());
                            None
                        }
                        "stablehlo.gather" if idx == 1 => dim(d.operands[0], 0),
                        "stablehlo.dynamic_slice" if idx >= 1 => {
                            let i = idx - 1;
                            Some(dim(d.operands[0], i)? - dim(d.results[0], i)? + 1)
                        }
                        "stablehlo.dynamic_update_slice" if idx >= 2 => {
                            let i = idx - 2;
                            Some(dim(d.operands[0], i)? - dim(d.operands[1], i)? + 1)
                        }
                        _ => None,
                    };
                    if let Some(b) = bound {
                        hi = Some(hi.map_or(b, |h| h.min(b)));
                    }
                }
            }
            hi.filter(|&h| h > 0).map(|h| (0, h))
        })
        .collect()
}
