//! MLX's affine quantization, the one low-bit storage form of hlo-opt:
//! `w = scale * q + bias` for each group of `group` consecutive elements
//! along the last axis, `q` an unsigned `bits`-bit integer, packed into u32
//! words lowest bits first (element `j` of a word sits at bits
//! `[j * bits, (j + 1) * bits)`).
//!
//! MLX checkpoints come in this form (`weights import-mlx`), and
//! `int8-weights{bits=4}` writes it (quantizing with plain per-group min/max
//! and round-to-nearest, [`Affine::quantize`]). The graph dequantizes with
//! `passes::weights::affine_dequant`.

use crate::tensor::{DType, HostTensor};

/// A bit width, group size and how scales and biases are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Affine {
    /// Bits per value: 2, 4 or 8 (the widths that divide a 32-bit word).
    pub bits: u32,
    /// Elements per scale and bias, along the last axis.
    pub group: u64,
    /// How [`Affine::quantize`] picks each group's scale and bias.
    pub fit: Fit,
}

/// How a group's scale and bias are chosen when hlo-opt quantizes (an
/// imported checkpoint brings its own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fit {
    /// `bias = min`, `scale = (max - min) / (2^bits - 1)`, round to nearest.
    #[default]
    MinMax,
    /// A search for the scale and bias with the least squared error of the
    /// dequantized group (as llama.cpp's k-quants do): candidate integer
    /// grids around min/max's, each refitted by least squares and rounded
    /// again; min/max's own result is one of the candidates, so never worse.
    Mse,
}

impl Fit {
    /// Reads `minmax` or `mse`.
    pub fn parse(s: &str) -> Option<Fit> {
        match s {
            "minmax" => Some(Fit::MinMax),
            "mse" => Some(Fit::Mse),
            _ => None,
        }
    }
}

/// How the integers are stored in the graph's arguments and constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    /// One value per byte, `[.., cols]` (`i8` below 8 bits, `ui8` at 8):
    /// measured faster on IREE llvm-cpu than unpacking words in the graph
    /// (docs/perf.md); 4-bit values take twice their packed size.
    Bytes,
    /// MLX's u32 words as they are, `[.., cols * bits / 32]`, unpacked in the
    /// graph with `shift_right_logical` and `and`.
    Words,
    /// 4-bit values as `ui4` `[.., cols]`, two to a byte, low nibble first:
    /// byte for byte MLX's 4-bit words, and only converted in the graph.
    /// Other widths fall back to [`Storage::Bytes`].
    Nibbles,
}

impl Storage {
    /// Reads `bytes` or `words`.
    pub fn parse(s: &str) -> Option<Storage> {
        match s {
            "bytes" => Some(Storage::Bytes),
            "words" => Some(Storage::Words),
            "nibbles" => Some(Storage::Nibbles),
            _ => None,
        }
    }

    /// The storage used for `bits`-bit values (nibbles hold 4 bits only).
    pub fn for_bits(self, bits: u32) -> Storage {
        match self {
            Storage::Nibbles if bits != 4 => Storage::Bytes,
            s => s,
        }
    }

    /// The element type of the stored `bits`-bit integers: bytes are `i8`
    /// below 8 bits (every value fits, so integer matmuls can take them as
    /// they are) and `ui8` at 8 bits.
    pub fn elem(self, bits: u32) -> &'static str {
        match self.for_bits(bits) {
            Storage::Bytes if bits < 8 => "i8",
            Storage::Bytes => "ui8",
            Storage::Words => "ui32",
            Storage::Nibbles => "ui4",
        }
    }

    /// The recipe step that makes the stored integers (`affine_bytes` / `affine_words`).
    pub fn step(self) -> &'static str {
        match self {
            Storage::Bytes => "affine_bytes",
            Storage::Words => "affine_words",
            Storage::Nibbles => "affine_nibbles",
        }
    }
}

/// Packed words and per-group scales and biases of one tensor.
#[derive(Clone, Debug, PartialEq)]
pub struct Packed {
    /// Words, shape `[.., cols * bits / 32]`.
    pub words: Vec<u32>,
    /// Scales, shape `[.., cols / group]`.
    pub scales: Vec<f32>,
    /// Biases, shape `[.., cols / group]`.
    pub biases: Vec<f32>,
}

impl Affine {
    /// Checks the widths MLX packs evenly into words.
    pub fn new(bits: u32, group: u64) -> Result<Affine, String> {
        if !matches!(bits, 2 | 4 | 8) {
            return Err(format!(
                "{bits}-bit values are not supported (2, 4 and 8 pack evenly into u32 words)"
            ));
        }
        if group == 0 {
            return Err("the group size must be positive".into());
        }
        Ok(Affine {
            bits,
            group,
            fit: Fit::MinMax,
        })
    }

    /// The same form with scales and biases chosen by `fit`.
    pub fn with_fit(self, fit: Fit) -> Affine {
        Affine { fit, ..self }
    }

    /// The recipe parameters: `bits=4,group=64`, with `,fit=mse` when the
    /// search chose the scales (no `fit` reads as min/max).
    pub fn params(self) -> String {
        let fit = match self.fit {
            Fit::MinMax => "",
            Fit::Mse => ",fit=mse",
        };
        format!("bits={},group={}{fit}", self.bits, self.group)
    }

    /// Reads [`Affine::params`] back.
    pub fn parse(params: &str) -> Result<Affine, String> {
        let num = |key: &str| crate::quant::param(params, key).and_then(|v| v.parse::<u64>().ok());
        let fit = match crate::quant::param(params, "fit") {
            None => Some(Fit::MinMax),
            Some(f) => Fit::parse(f),
        };
        match (num("bits"), num("group"), fit) {
            (Some(bits), Some(group), Some(fit)) => {
                Affine::new(bits as u32, group).map(|a| a.with_fit(fit))
            }
            _ => Err(format!("bad affine parameters `{params}`")),
        }
    }

    /// Values per u32 word.
    pub fn per_word(self) -> u64 {
        u64::from(32 / self.bits)
    }

    /// The largest value of `q`.
    pub fn max_q(self) -> u32 {
        (1u32 << self.bits) - 1
    }

    /// Checks that a tensor of `shape` can be stored: rank >= 1, the last
    /// axis a multiple of the group size and of the values per word.
    pub fn check_shape(self, shape: &[u64]) -> Result<(), String> {
        match shape.last() {
            Some(&cols) if cols > 0 && cols % self.group == 0 && cols % self.per_word() == 0 => {
                Ok(())
            }
            _ => Err(format!(
                "shape {shape:?}: the last axis must be a multiple of the group size {} and of {} values per word",
                self.group,
                self.per_word()
            )),
        }
    }

    /// The words' shape for a tensor of `shape`.
    pub fn words_shape(self, shape: &[u64]) -> Vec<u64> {
        let mut s = shape.to_vec();
        if let Some(last) = s.last_mut() {
            *last /= self.per_word();
        }
        s
    }

    /// The stored integers' shape for a tensor of `shape`.
    pub fn stored_shape(self, shape: &[u64], storage: Storage) -> Vec<u64> {
        match storage {
            Storage::Bytes | Storage::Nibbles => shape.to_vec(),
            Storage::Words => self.words_shape(shape),
        }
    }

    /// The stored integers as little-endian bytes (for 4-bit values, words
    /// and nibbles are the same bytes).
    pub fn stored_bytes(self, words: &[u32], storage: Storage) -> Vec<u8> {
        match storage.for_bits(self.bits) {
            Storage::Bytes => self.unpack(words).into_iter().map(|q| q as u8).collect(),
            Storage::Words | Storage::Nibbles => {
                words.iter().flat_map(|w| w.to_le_bytes()).collect()
            }
        }
    }

    /// The stored integers of a tensor of `shape`, in `storage`'s element
    /// type (see [`Storage::elem`]).
    pub fn stored_tensor(self, words: &[u32], shape: &[u64], storage: Storage) -> HostTensor {
        let elem = crate::ir::ElemType::from_text(storage.elem(self.bits));
        HostTensor {
            dtype: DType::from_elem(&elem).expect("storage types are host types"),
            shape: self.stored_shape(shape, storage.for_bits(self.bits)),
            data: self.stored_bytes(words, storage),
        }
    }

    /// The scales' and biases' shape for a tensor of `shape`.
    pub fn group_shape(self, shape: &[u64]) -> Vec<u64> {
        let mut s = shape.to_vec();
        if let Some(last) = s.last_mut() {
            *last /= self.group;
        }
        s
    }

    /// Quantizes per group: scale and bias as [`Affine::fit`] says, then
    /// `q = clamp(round((w - bias) / scale))`. With [`Fit::MinMax`],
    /// `bias = min`, `scale = (max - min) / (2^bits - 1)` (1 for a constant
    /// group). Non-finite values do not widen the range and end at its edge.
    pub fn quantize(self, values: &[f32]) -> Packed {
        let g = self.group as usize;
        // The search costs about 40 passes over each group: large tensors
        // are split by whole groups over the cores.
        let parts = if self.fit == Fit::Mse && values.len() >= 1 << 20 {
            std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
        } else {
            1
        };
        let per = values.len().div_ceil(g).div_ceil(parts).max(1) * g;
        let pieces: Vec<(Vec<f32>, Vec<f32>, Vec<u32>)> = if parts > 1 {
            std::thread::scope(|scope| {
                let handles: Vec<_> = values
                    .chunks(per)
                    .map(|part| scope.spawn(move || self.quantize_groups(part)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            })
        } else {
            vec![self.quantize_groups(values)]
        };
        let (mut scales, mut biases, mut q) = (Vec::new(), Vec::new(), Vec::new());
        for (s, b, qs) in pieces {
            scales.extend(s);
            biases.extend(b);
            q.extend(qs);
        }
        Packed {
            words: self.pack(&q),
            scales,
            biases,
        }
    }

    /// [`Affine::quantize`] of whole groups: scales, biases and levels.
    fn quantize_groups(self, values: &[f32]) -> (Vec<f32>, Vec<f32>, Vec<u32>) {
        let g = self.group as usize;
        let n_bins = self.max_q() as f32;
        let mut scales = Vec::with_capacity(values.len() / g);
        let mut biases = Vec::with_capacity(values.len() / g);
        let mut q = Vec::with_capacity(values.len());
        let mut finite_buf = Vec::with_capacity(g);
        for chunk in values.chunks(g) {
            let finite = chunk.iter().copied().filter(|x| x.is_finite());
            let (lo, hi) = finite.fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), x| {
                (lo.min(x), hi.max(x))
            });
            let (lo, hi) = if lo > hi { (0.0, 0.0) } else { (lo, hi) };
            let (mut scale, mut bias) = (if hi > lo { (hi - lo) / n_bins } else { 1.0 }, lo);
            if self.fit == Fit::Mse && hi > lo {
                (scale, bias) = fit_mse(chunk, &mut finite_buf, lo, hi, n_bins, scale, bias);
            }
            scales.push(scale);
            biases.push(bias);
            q.extend(chunk.iter().map(|&x| level(x, scale, bias, n_bins) as u32));
        }
        (scales, biases, q)
    }

    /// Packs values (each below `2^bits`) into words, lowest bits first.
    pub fn pack(self, q: &[u32]) -> Vec<u32> {
        let per = self.per_word() as usize;
        q.chunks(per)
            .map(|c| {
                c.iter().enumerate().fold(0u32, |w, (j, &v)| {
                    w | (v & self.max_q()) << (j as u32 * self.bits)
                })
            })
            .collect()
    }

    /// Unpacks words into values, lowest bits first.
    pub fn unpack(self, words: &[u32]) -> Vec<u32> {
        let per = self.per_word() as u32;
        words
            .iter()
            .flat_map(|&w| (0..per).map(move |j| (w >> (j * self.bits)) & self.max_q()))
            .collect()
    }

    /// `scale * q + bias` for every element, in f32. `fused` rounds once
    /// (`mul_add`, as a target that contracts to FMA computes it), otherwise
    /// after the product and after the sum.
    pub fn dequantize(self, p: &Packed, fused: bool) -> Vec<f32> {
        let g = self.group as usize;
        self.unpack(&p.words)
            .into_iter()
            .enumerate()
            .map(|(i, q)| {
                let (s, b) = (p.scales[i / g], p.biases[i / g]);
                if fused {
                    s.mul_add(q as f32, b)
                } else {
                    s * q as f32 + b
                }
            })
            .collect()
    }
}

/// `w`'s integer under `scale` and `bias`: `clamp(round((w - bias) / scale))`,
/// NaN at 0.
fn level(w: f32, scale: f32, bias: f32, n_bins: f32) -> f32 {
    let v = ((w - bias) / scale).round();
    if v.is_nan() {
        0.0
    } else {
        v.clamp(0.0, n_bins)
    }
}

/// Squared error of `chunk`'s finite values dequantized (`scale * q + bias`,
/// one rounding) after rounding under `scale` and `bias`.
fn group_error(chunk: &[f32], scale: f32, bias: f32, n_bins: f32) -> f64 {
    chunk
        .iter()
        .filter(|x| x.is_finite())
        .map(|&x| {
            let d = scale.mul_add(level(x, scale, bias, n_bins), bias) - x;
            f64::from(d) * f64::from(d)
        })
        .sum()
}

/// The sums of `f(x)` over `xs`, three at a time, in eight partial sums
/// per quantity: lanes the compiler can keep in vectors (a single f32
/// accumulator is one long dependency chain).
#[inline(always)]
fn lanes(xs: &[f32], f: impl Fn(f32) -> [f32; 3]) -> [f32; 3] {
    let mut acc = [[0f32; 8]; 3];
    let chunks = xs.chunks_exact(8);
    let rest = chunks.remainder();
    for c in chunks {
        for (i, &x) in c.iter().enumerate() {
            let v = f(x);
            for (a, v) in acc.iter_mut().zip(v) {
                a[i] += v;
            }
        }
    }
    let mut out = acc.map(|a| a.iter().sum::<f32>());
    for &x in rest {
        for (o, v) in out.iter_mut().zip(f(x)) {
            *o += v;
        }
    }
    out
}

/// [`Fit::Mse`] for one group whose finite values span `[lo, hi]` (lo < hi),
/// starting from min/max's `(scale, bias)`: for 21 integer grids of
/// `n_bins - 1` to `n_bins + 1` steps over the range (llama.cpp's
/// `make_qkx2_quants` candidates), the least-squares scale and bias of the
/// levels the grid rounds to; the candidate whose values, rounded again
/// under it, have the least squared error. Candidates are compared with a
/// multiply by the reciprocal scale (fast); the winner is kept only if its
/// exact [`group_error`] is below min/max's, so no group gets worse.
fn fit_mse(
    chunk: &[f32],
    finite: &mut Vec<f32>,
    lo: f32,
    hi: f32,
    n_bins: f32,
    scale: f32,
    bias: f32,
) -> (f32, f32) {
    finite.clear();
    finite.extend(chunk.iter().copied().filter(|x| x.is_finite()));
    let n = finite.len() as f64;
    let sx: f64 = finite.iter().map(|&x| f64::from(x)).sum();
    // Round to nearest (ties to even) for 0 <= v < 2^22 after the clamp,
    // with no libm call or branch, so that the loops below vectorize;
    // ties may differ from `round`: these only rank candidates.
    const MAGIC: f32 = 8_388_608.0;
    let level_fast = |v: f32| (v.max(0.0).min(n_bins) + MAGIC) - MAGIC;
    let approx_error = |s: f32, b: f32| -> f32 {
        let inv = 1.0 / s;
        lanes(finite, |x| {
            // `mul_add` would be a libm call without FMA enabled.
            let d = s * level_fast((x - b) * inv) + b - x;
            [d * d, 0.0, 0.0]
        })[0]
    };
    let mut best = (approx_error(scale, bias), scale, bias);
    for step in 0..=20 {
        let inv = (n_bins - 1.0 + 0.1 * step as f32) / (hi - lo);
        // Sums of small integers are exact in f32.
        let [sl, sl2, sxl] = lanes(finite, |x| {
            let l = level_fast((x - lo) * inv);
            [l, l * l, x * l]
        });
        let (sl, sl2, sxl) = (f64::from(sl), f64::from(sl2), f64::from(sxl));
        let d = n * sl2 - sl * sl;
        if d <= 0.0 {
            continue;
        }
        let s = ((n * sxl - sx * sl) / d) as f32;
        let b = ((sx - f64::from(s) * sl) / n) as f32;
        if !(s > 0.0 && s.is_finite() && b.is_finite()) {
            continue;
        }
        let e = approx_error(s, b);
        if e < best.0 {
            best = (e, s, b);
        }
    }
    let (_, s, b) = best;
    if (s, b) != (scale, bias)
        && group_error(chunk, s, b, n_bins) < group_error(chunk, scale, bias, n_bins)
    {
        (s, b)
    } else {
        (scale, bias)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_lowest_bits_first() {
        let a = Affine::new(4, 8).unwrap();
        let words = a.pack(&[1, 2, 3, 4, 5, 6, 7, 15]);
        assert_eq!(words, vec![0xF765_4321]);
        assert_eq!(a.unpack(&words), vec![1, 2, 3, 4, 5, 6, 7, 15]);
        let a8 = Affine::new(8, 4).unwrap();
        assert_eq!(a8.pack(&[0x11, 0x22, 0x33, 0xFF]), vec![0xFF33_2211]);
    }

    #[test]
    fn quantize_keeps_group_ends_exact() {
        let a = Affine::new(4, 4).unwrap();
        let w = [-1.0, 0.0, 0.5, 2.0, 3.0, 3.0, 3.0, 3.0];
        let p = a.quantize(&w);
        assert_eq!(p.biases, vec![-1.0, 3.0]);
        assert_eq!(p.scales, vec![3.0 / 15.0, 1.0]);
        let back = a.dequantize(&p, true);
        assert_eq!(back[0], -1.0);
        assert!((back[3] - 2.0).abs() < 1e-6);
        assert_eq!(&back[4..], &[3.0; 4]);
        for (x, y) in back.iter().zip(&w) {
            assert!((x - y).abs() <= 3.0 / 15.0 / 2.0 + 1e-6);
        }
    }

    /// Squared error of each group of `a`'s round trip of `w`.
    fn group_errors(a: Affine, w: &[f32]) -> Vec<f64> {
        let back = a.dequantize(&a.quantize(w), true);
        let g = a.group as usize;
        w.chunks(g)
            .zip(back.chunks(g))
            .map(|(x, y)| x.iter().zip(y).map(|(x, y)| f64::from(x - y).powi(2)).sum())
            .collect()
    }

    #[test]
    fn mse_fit_is_never_worse_per_group_and_better_overall() {
        // Heavy-tailed values, as weights are: a few large ones per group.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let w: Vec<f32> = (0..64 * 64)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let u = (state >> 11) as f32 / (1u64 << 53) as f32 - 0.5;
                u * u * u * 8.0
            })
            .collect();
        let minmax = Affine::new(4, 64).unwrap();
        let mse = minmax.with_fit(Fit::Mse);
        let (e0, e1) = (group_errors(minmax, &w), group_errors(mse, &w));
        for (a, b) in e0.iter().zip(&e1) {
            assert!(b <= a, "mse {b} > minmax {a}");
        }
        let (t0, t1): (f64, f64) = (e0.iter().sum(), e1.iter().sum());
        assert!(t1 < 0.8 * t0, "mse {t1} vs minmax {t0}");
        // Constant groups and non-finite values as min/max treats them.
        let p = mse.quantize(&[3.0; 64]);
        assert_eq!((p.scales[0], p.biases[0]), (1.0, 3.0));
        let mut odd = vec![0.5f32; 64];
        odd[1] = -1.0;
        odd[2] = f32::NAN;
        odd[3] = f32::INFINITY;
        let back = mse.dequantize(&mse.quantize(&odd), true);
        assert!(back.iter().all(|x| x.is_finite()));
    }

    #[test]
    #[ignore]
    fn time_fits() {
        let w: Vec<f32> = (0..8_000_000)
            .map(|i| ((i as f32) * 0.7).sin() * 0.02)
            .collect();
        for fit in [Fit::MinMax, Fit::Mse] {
            let a = Affine::new(4, 64).unwrap().with_fit(fit);
            let t = std::time::Instant::now();
            let p = a.quantize(&w);
            eprintln!(
                "{fit:?}: {:.3} s ({})",
                t.elapsed().as_secs_f64(),
                p.scales.len()
            );
        }
    }

    #[test]
    fn params_name_the_fit_and_read_back() {
        let a = Affine::new(4, 32).unwrap();
        assert_eq!(a.params(), "bits=4,group=32");
        assert_eq!(a.with_fit(Fit::Mse).params(), "bits=4,group=32,fit=mse");
        for x in [a, a.with_fit(Fit::Mse)] {
            assert_eq!(Affine::parse(&x.params()), Ok(x));
        }
        assert!(Affine::parse("bits=4,group=32,fit=best").is_err());
    }

    #[test]
    fn rejects_uneven_widths() {
        assert!(Affine::new(3, 64).is_err());
        assert!(Affine::new(4, 0).is_err());
        assert!(Affine::new(4, 64).unwrap().check_shape(&[8, 96]).is_err());
    }
}
