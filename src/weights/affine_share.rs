//! One affine quantization per input, shared by the outputs made from it.
//!
//! A weight quantized to MLX's affine form becomes three arguments (its
//! integers, scales and biases), each with a recipe that runs the same
//! quantization (`affine_bytes(..)`, `affine_scales(..)`, `affine_biases(..)`
//! after the same steps). With `fit=mse` that is a search of about 40
//! passes over the values, so running it once per output tripled a 4-bit
//! conversion. [`AffineShare`] counts up front how many outputs each
//! quantization feeds, keeps its result until the last of them is made,
//! and drops it then; the integers are dropped as soon as the integer
//! output is made, so what waits is the scales and biases (a few percent of
//! the input).

use std::collections::HashMap;

use crate::affine::{Affine, Packed};
use crate::recipe::Step;

/// A quantization: the input's index and the recipe's steps up to and
/// including the affine step (whose kind of output does not matter).
type Key = (usize, String);

/// Quantizations shared between the outputs of one conversion.
#[derive(Default)]
pub(super) struct AffineShare {
    /// Outputs still to be made, per quantization (only those with two or more).
    pending: HashMap<Key, usize>,
    /// Results kept for the outputs still to come.
    kept: HashMap<Key, Packed>,
}

/// The affine step of `steps` and where it is.
fn affine_step(steps: &[Step]) -> Option<(usize, Affine)> {
    steps.iter().enumerate().find_map(|(i, s)| match s {
        Step::AffineStored(_, a) | Step::AffineScales(a) | Step::AffineBiases(a) => Some((i, *a)),
        _ => None,
    })
}

fn key(source: usize, steps: &[Step]) -> Option<Key> {
    let (at, a) = affine_step(steps)?;
    let before: Vec<String> = steps[..at].iter().map(Step::to_string).collect();
    Some((source, format!("{}|{}", before.join(","), a.params())))
}

impl AffineShare {
    /// Counts the outputs of each quantization: `(input index, recipe
    /// steps)` for every output to be made.
    pub(super) fn plan<'a>(outputs: impl IntoIterator<Item = (usize, &'a [Step])>) -> AffineShare {
        let mut pending: HashMap<Key, usize> = HashMap::new();
        for (source, steps) in outputs {
            if let Some(k) = key(source, steps) {
                *pending.entry(k).or_default() += 1;
            }
        }
        pending.retain(|_, n| *n > 1);
        AffineShare {
            pending,
            kept: HashMap::new(),
        }
    }

    /// The quantization `a` of input `source` after `steps[..at]`, for
    /// the output whose affine step is `steps[at]`: taken from an earlier
    /// output's when kept, else made by `quantize`; kept for the outputs
    /// still to come (without its integers once `steps[at]` stored them,
    /// unless another output still stores them).
    pub(super) fn packed(
        &mut self,
        source: usize,
        steps: &[Step],
        quantize: impl FnOnce() -> Result<Packed, String>,
    ) -> Result<Packed, String> {
        let Some(k) = key(source, steps).filter(|k| self.pending.contains_key(k)) else {
            return quantize();
        };
        let stores = steps.iter().any(|s| matches!(s, Step::AffineStored(..)));
        let p = match self.kept.remove(&k) {
            // Integers dropped by an earlier output, needed again: redo.
            Some(p) if stores && p.words.is_empty() => quantize()?,
            Some(p) => p,
            None => quantize()?,
        };
        let left = self.pending.get_mut(&k).map_or(0, |n| {
            *n -= 1;
            *n
        });
        if left == 0 {
            self.pending.remove(&k);
            return Ok(p);
        }
        let kept = if stores {
            // This output takes the integers; the rest need scales and biases.
            Packed {
                words: Vec::new(),
                scales: p.scales.clone(),
                biases: p.biases.clone(),
            }
        } else {
            p.clone()
        };
        self.kept.insert(k, kept);
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::affine::Storage;

    fn steps(out: Step) -> Vec<Step> {
        vec![Step::Transpose(vec![1, 0]), out]
    }

    #[test]
    fn one_search_serves_the_three_outputs() {
        let a = Affine::new(4, 64).expect("affine");
        let outputs = [
            steps(Step::AffineStored(Storage::Bytes, a)),
            steps(Step::AffineScales(a)),
            steps(Step::AffineBiases(a)),
        ];
        let mut share = AffineShare::plan(outputs.iter().map(|s| (0, s.as_slice())));
        let values: Vec<f32> = (0..128).map(|i| (i as f32 * 0.37).sin()).collect();
        let mut runs = 0;
        let mut get = |s: &[Step]| {
            share
                .packed(0, s, || {
                    runs += 1;
                    Ok(a.quantize(&values))
                })
                .expect("packed")
        };
        let q = get(&outputs[0]);
        let s = get(&outputs[1]);
        let b = get(&outputs[2]);
        assert_eq!(runs, 1);
        let direct = a.quantize(&values);
        assert_eq!(q.words, direct.words);
        assert_eq!(s.scales, direct.scales);
        assert_eq!(b.biases, direct.biases);
        // Everything is dropped after the last output.
        assert!(share.kept.is_empty() && share.pending.is_empty());
    }

    #[test]
    fn different_inputs_or_steps_are_not_shared() {
        let a = Affine::new(4, 64).expect("affine");
        let other = Affine::new(4, 32).expect("affine");
        let outputs = [
            (0, steps(Step::AffineScales(a))),
            (1, steps(Step::AffineScales(a))),
            (0, steps(Step::AffineBiases(other))),
            (0, vec![Step::AffineBiases(a)]),
        ];
        let share = AffineShare::plan(outputs.iter().map(|(i, s)| (*i, s.as_slice())));
        assert!(share.pending.is_empty());
    }

    #[test]
    fn integers_asked_again_after_being_dropped_are_remade() {
        let a = Affine::new(4, 64).expect("affine");
        let stored = steps(Step::AffineStored(Storage::Bytes, a));
        let outputs = [stored.clone(), stored.clone(), steps(Step::AffineScales(a))];
        let mut share = AffineShare::plan(outputs.iter().map(|s| (0, s.as_slice())));
        let values: Vec<f32> = (0..64).map(|i| i as f32).collect();
        let mut runs = 0;
        for s in &outputs {
            let p = share
                .packed(0, s, || {
                    runs += 1;
                    Ok(a.quantize(&values))
                })
                .expect("packed");
            assert_eq!(p.scales, a.quantize(&values).scales);
            if matches!(s[1], Step::AffineStored(..)) {
                assert_eq!(p.words, a.quantize(&values).words);
            }
        }
        assert_eq!(runs, 2);
    }
}
