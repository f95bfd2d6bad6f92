//! Weight recipes: how each argument of a rewritten function is made from an
//! argument of the original program, as three attributes a pass writes on it
//! (CONTRACT.md, "Weight arguments"):
//!
//! ```text
//! %w: tensor<64x256xf16> {hlo_opt.from = 1 : i64,
//!                         hlo_opt.orig_type = "tensor<256x64xf32>",
//!                         hlo_opt.recipe = "transpose(1,0)|convert(f16)"}
//! ```
//!
//! [`Step`] and [`Recipe`] are the only writer (`Display`) and reader
//! (`FromStr`) of the recipe text, and [`Origin`] the only reader and writer
//! of the three attributes: passes record steps with [`record`] and
//! [`Origin::write`]; `weights convert`, `verify`, `bench` and `import-mlx`
//! read them with [`Origin::of`].

use std::fmt;
use std::str::FromStr;

use crate::affine::{Affine, Storage};
use crate::front::parse_type;
use crate::ir::{ElemType, Module, Type, Value, ValueDef};
use crate::quant::Scheme;
use crate::tensor::strided::View;
use crate::tensor::DType;

/// The float a `convert` step narrows f32 to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Narrow {
    /// `f16`
    F16,
    /// `bf16`
    Bf16,
}

impl Narrow {
    /// The narrow float of an element type, if it is one.
    pub fn of(e: &ElemType) -> Option<Narrow> {
        match e {
            ElemType::F16 => Some(Narrow::F16),
            ElemType::BF16 => Some(Narrow::Bf16),
            _ => None,
        }
    }

    /// The host tensor type it makes.
    pub fn dtype(self) -> DType {
        match self {
            Narrow::F16 => DType::F16,
            Narrow::Bf16 => DType::BF16,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Narrow::F16 => "f16",
            Narrow::Bf16 => "bf16",
        }
    }
}

/// One step of a recipe, applied to the tensor the previous step made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `convert(f16)`: f32 narrowed (round to nearest even).
    Convert(Narrow),
    /// `int8(reduce=0)`, `int8(axis=0,group=64)`: the int8 values of a
    /// symmetric quantization.
    Int8(Scheme),
    /// `int8_scale(...)`: the f32 scales of that quantization.
    Int8Scale(Scheme),
    /// `affine_bytes(bits=4,group=64)` (or `affine_words`, `affine_nibbles`):
    /// MLX affine integers, stored as the storage says.
    AffineStored(Storage, Affine),
    /// `affine_scales(bits=4,group=64)`: their per-group scales.
    AffineScales(Affine),
    /// `affine_biases(bits=4,group=64)`: their per-group biases.
    AffineBiases(Affine),
    /// `transpose(1,0)`: dims permuted (result dim `i` is input dim `perm[i]`).
    Transpose(Vec<usize>),
    /// `reshape(2,3)`: the same elements in row-major order, a new shape.
    Reshape(Vec<u64>),
    /// `signed4()`: unsigned 4-bit values `v` (`ui4`) stored as the signed
    /// `i4` values `v - 8` (each nibble XOR 8; the graph adds the 8 back).
    Signed4,
}

impl Step {
    /// Whether the step only moves elements (`transpose`, `reshape`).
    pub fn is_layout(&self) -> bool {
        matches!(self, Step::Transpose(_) | Step::Reshape(_))
    }

    /// The narrow float of a `convert` step.
    pub fn narrow(&self) -> Option<Narrow> {
        match self {
            Step::Convert(n) => Some(*n),
            _ => None,
        }
    }
}

fn list<T: fmt::Display>(xs: &[T]) -> String {
    xs.iter().map(T::to_string).collect::<Vec<_>>().join(",")
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Convert(n) => write!(f, "convert({})", n.name()),
            Step::Int8(s) => write!(f, "int8({})", s.params()),
            Step::Int8Scale(s) => write!(f, "int8_scale({})", s.params()),
            Step::AffineStored(storage, a) => write!(f, "{}({})", storage.step(), a.params()),
            Step::AffineScales(a) => write!(f, "affine_scales({})", a.params()),
            Step::AffineBiases(a) => write!(f, "affine_biases({})", a.params()),
            Step::Transpose(p) => write!(f, "transpose({})", list(p)),
            Step::Reshape(d) => write!(f, "reshape({})", list(d)),
            Step::Signed4 => f.write_str("signed4()"),
        }
    }
}

/// A comma-separated list of numbers (`what` names them in the error); an
/// empty list is a rank-0 shape.
fn parse_list<T: FromStr>(step: &str, text: &str, what: &str) -> Result<Vec<T>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|x| {
            x.trim()
                .parse()
                .map_err(|_| format!("bad {what} in `{step}`"))
        })
        .collect()
}

impl FromStr for Step {
    type Err = String;

    fn from_str(step: &str) -> Result<Step, String> {
        let unknown = || format!("unknown recipe step `{step}`");
        let (name, arg) = step
            .strip_suffix(')')
            .and_then(|s| s.split_once('('))
            .ok_or_else(unknown)?;
        Ok(match (name, arg) {
            ("convert", "f16") => Step::Convert(Narrow::F16),
            ("convert", "bf16") => Step::Convert(Narrow::Bf16),
            ("int8", p) => Step::Int8(Scheme::from_params(p)?),
            ("int8_scale", p) => Step::Int8Scale(Scheme::from_params(p)?),
            ("affine_scales", p) => Step::AffineScales(Affine::parse(p)?),
            ("affine_biases", p) => Step::AffineBiases(Affine::parse(p)?),
            ("transpose", p) => Step::Transpose(parse_list(step, p, "permutation")?),
            ("reshape", d) => Step::Reshape(parse_list(step, d, "shape")?),
            ("signed4", "") => Step::Signed4,
            (name, p) => match name.strip_prefix("affine_").and_then(Storage::parse) {
                Some(storage) => Step::AffineStored(storage, Affine::parse(p)?),
                None => return Err(unknown()),
            },
        })
    }
}

/// The steps that make one argument, in order (`a|b|c` in the attribute).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recipe(pub Vec<Step>);

impl fmt::Display for Recipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("|")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl FromStr for Recipe {
    type Err = String;

    fn from_str(text: &str) -> Result<Recipe, String> {
        text.split('|')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::parse::<Step>)
            .collect::<Result<_, _>>()
            .map(Recipe)
    }
}

/// Folds `steps` (each a `transpose` or a `reshape`) into a view of a
/// contiguous tensor of `shape`; None when a step is something else or a
/// reshape cannot be folded.
pub fn fold_steps(shape: &[u64], steps: &[Step]) -> Option<View> {
    let mut v = View::contiguous(shape);
    for step in steps {
        v = match step {
            Step::Transpose(perm) => v.transpose(perm)?,
            Step::Reshape(dims) => v.reshape(dims)?,
            _ => return None,
        };
    }
    Some(v)
}

/// Attribute names, as written on arguments.
const FROM: &str = "hlo_opt.from";
const ORIG_TYPE: &str = "hlo_opt.orig_type";
const RECIPE: &str = "hlo_opt.recipe";

/// Where an argument of a rewritten function comes from: the three
/// `hlo_opt.*` attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    /// The original argument's position.
    pub from: usize,
    /// The original argument's type, if recorded.
    pub orig_type: Option<Type>,
    /// How it is made from the original argument.
    pub recipe: Recipe,
}

/// Why an argument's `hlo_opt.*` attributes cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OriginError(pub String);

fn unquote(v: &str) -> &str {
    v.trim().trim_matches('"')
}

impl Origin {
    /// The origin written on `v` (read from its attribute dictionary, as
    /// written and as passes added to it; a later key wins), or `None` when
    /// it has no `hlo_opt.*` attribute. `from` defaults to `v`'s own
    /// position when only a recipe is given.
    pub fn of(m: &Module, v: Value) -> Result<Option<Origin>, OriginError> {
        let mut seen = false;
        let mut from = None;
        let mut orig_type = None;
        let mut recipe = Recipe::default();
        for (k, val) in m.decl_attrs(v) {
            match k.as_str() {
                FROM => {
                    let n = val.split(':').next().unwrap_or("").trim();
                    from = Some(
                        n.parse()
                            .map_err(|_| OriginError(format!("{FROM} = {val}")))?,
                    );
                }
                ORIG_TYPE => orig_type = Some(parse_type(unquote(&val))),
                RECIPE => {
                    recipe = unquote(&val)
                        .parse()
                        .map_err(|e| OriginError(format!("{RECIPE}: {e}")))?
                }
                _ => continue,
            }
            seen = true;
        }
        if !seen {
            return Ok(None);
        }
        let from = match (from, m.dfg.value(v).def) {
            (Some(f), _) => f,
            (None, ValueDef::Decl { index, .. }) => index as usize,
            (None, _) => return Ok(None),
        };
        Ok(Some(Origin {
            from,
            orig_type,
            recipe,
        }))
    }

    /// Writes the three attributes on `v` (a new argument), after any it has.
    pub fn write(&self, m: &mut Module, v: Value) {
        let pairs = self.pairs();
        m.dfg.value_mut(v).extra_attrs.extend(pairs);
    }

    /// The attributes as written, `(key, value)` in order: `from`, then
    /// `orig_type` when known, then `recipe`.
    fn pairs(&self) -> Vec<(String, String)> {
        let mut out = vec![(FROM.into(), format!("{} : i64", self.from))];
        if let Some(t) = &self.orig_type {
            out.push((ORIG_TYPE.into(), format!("\"{t}\"")));
        }
        out.push((RECIPE.into(), format!("\"{}\"", self.recipe)));
        out
    }
}

/// Whether `key` is one of the three attributes.
fn is_origin_key(key: &str) -> bool {
    [FROM, ORIG_TYPE, RECIPE].contains(&key)
}

/// Adds `steps` to the recipe of the function argument `arg`, which a pass
/// re-stores: on the first step its origin (its position and its type now)
/// is recorded too. Returns the origin it now has; `None` when `arg` is not
/// an argument or its attributes cannot be read (then nothing is changed).
pub fn record(m: &mut Module, arg: Value, steps: &[Step]) -> Option<Origin> {
    let index = match m.dfg.value(arg).def {
        ValueDef::Decl { index, .. } => index as usize,
        _ => return None,
    };
    let mut origin = match Origin::of(m, arg).ok()? {
        Some(o) => o,
        None => Origin {
            from: index,
            orig_type: Some(m.dfg.ty(arg).clone()),
            recipe: Recipe::default(),
        },
    };
    origin.recipe.0.extend(steps.iter().cloned());
    // Attributes a previous run wrote are taken over (as editable pairs),
    // so that the recipe grows instead of appearing twice.
    if m.written_attrs(arg).iter().any(|(k, _)| is_origin_key(k)) {
        m.take_written_attrs(arg);
    }
    let pairs = origin.pairs();
    let attrs = &mut m.dfg.value_mut(arg).extra_attrs;
    match attrs.iter_mut().rev().find(|(k, _)| k.as_str() == RECIPE) {
        // Only the recipe grows; what else is written stays as it is.
        Some((_, v)) => v.clone_from(&pairs[pairs.len() - 1].1),
        None => {
            for (k, v) in pairs {
                if k == RECIPE || !attrs.iter().any(|(a, _)| *a == k) {
                    attrs.push((k, v));
                }
            }
        }
    }
    Some(origin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_reads_back_what_it_writes() {
        let a = Affine::new(4, 64).expect("valid");
        let steps = [
            Step::Convert(Narrow::F16),
            Step::Convert(Narrow::Bf16),
            Step::Int8(Scheme::PerChannel { reduce: vec![0, 1] }),
            Step::Int8Scale(Scheme::Grouped { axis: 0, group: 32 }),
            Step::AffineStored(Storage::Bytes, a),
            Step::AffineStored(Storage::Words, a),
            Step::AffineStored(Storage::Nibbles, a),
            Step::AffineScales(a),
            Step::AffineBiases(a),
            Step::Transpose(vec![1, 0, 2]),
            Step::Reshape(vec![2, 3, 4]),
            Step::Reshape(vec![]),
            Step::Signed4,
        ];
        for s in &steps {
            assert_eq!(s.to_string().parse::<Step>().as_ref(), Ok(s), "{s}");
        }
        let r = Recipe(steps.to_vec());
        assert_eq!(r.to_string().parse::<Recipe>(), Ok(r));
        assert_eq!(
            Step::Int8(Scheme::PerChannel { reduce: vec![0] }).to_string(),
            "int8(reduce=0)"
        );
        assert_eq!(
            Recipe(vec![
                Step::Transpose(vec![1, 0]),
                Step::Convert(Narrow::F16)
            ])
            .to_string(),
            "transpose(1,0)|convert(f16)"
        );
    }

    #[test]
    fn bad_steps_are_refused_with_their_text() {
        for (text, words) in [
            ("convert(f8)", "unknown recipe step `convert(f8)`"),
            ("fold(1)", "unknown recipe step `fold(1)`"),
            ("transpose", "unknown recipe step `transpose`"),
            ("transpose(1,x)", "bad permutation in `transpose(1,x)`"),
            ("reshape(2,-1)", "bad shape in `reshape(2,-1)`"),
            ("signed4(1)", "unknown recipe step `signed4(1)`"),
            (
                "affine_bytes(bits=3,group=8)",
                "3-bit values are not supported",
            ),
            ("int8(group=8)", "bad int8 parameters `group=8`"),
        ] {
            let e = text.parse::<Step>().expect_err(text);
            assert!(e.contains(words), "{text}: {e}");
        }
    }
}
