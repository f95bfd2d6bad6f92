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

/// A bit width and group size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Affine {
    /// Bits per value: 2, 4 or 8 (the widths that divide a 32-bit word).
    pub bits: u32,
    /// Elements per scale and bias, along the last axis.
    pub group: u64,
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
        Ok(Affine { bits, group })
    }

    /// The recipe parameters: `bits=4,group=64`.
    pub fn params(self) -> String {
        format!("bits={},group={}", self.bits, self.group)
    }

    /// Reads [`Affine::params`] back.
    pub fn parse(params: &str) -> Result<Affine, String> {
        let num = |key: &str| crate::quant::param(params, key).and_then(|v| v.parse::<u64>().ok());
        match (num("bits"), num("group")) {
            (Some(bits), Some(group)) => Affine::new(bits as u32, group),
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

    /// Quantizes per group: `bias = min`, `scale = (max - min) / (2^bits - 1)`
    /// (1 for a constant group), `q = clamp(round((w - bias) / scale))`.
    /// Non-finite values do not widen the range and end at its edge.
    pub fn quantize(self, values: &[f32]) -> Packed {
        let g = self.group as usize;
        let n_bins = self.max_q() as f32;
        let mut scales = Vec::with_capacity(values.len() / g);
        let mut biases = Vec::with_capacity(values.len() / g);
        let mut q = Vec::with_capacity(values.len());
        for chunk in values.chunks(g) {
            let finite = chunk.iter().copied().filter(|x| x.is_finite());
            let (lo, hi) = finite.fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), x| {
                (lo.min(x), hi.max(x))
            });
            let (lo, hi) = if lo > hi { (0.0, 0.0) } else { (lo, hi) };
            let scale = if hi > lo { (hi - lo) / n_bins } else { 1.0 };
            scales.push(scale);
            biases.push(lo);
            for &x in chunk {
                let v = ((x - lo) / scale).round();
                let v = if v.is_nan() {
                    0.0
                } else {
                    v.clamp(0.0, n_bins)
                };
                q.push(v as u32);
            }
        }
        Packed {
            words: self.pack(&q),
            scales,
            biases,
        }
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

    #[test]
    fn rejects_uneven_widths() {
        assert!(Affine::new(3, 64).is_err());
        assert!(Affine::new(4, 0).is_err());
        assert!(Affine::new(4, 64).unwrap().check_shape(&[8, 96]).is_err());
    }
}
