//! A recipe's layout steps (`transpose(...)`, `reshape(...)`) folded into
//! one strided view of the input, then copied (and narrowed) in a single
//! pass straight into the output file: what `weights convert` does for the
//! panel layouts of `--preset cpu` without a transposed copy per step.
//!
//! A view is a shape and per-dimension strides (in elements) over a
//! contiguous row-major buffer. A transpose permutes both; a reshape is
//! folded only when it splits or merges dimensions whose strides allow it
//! (numpy's rule for reshaping without a copy); otherwise the steps are left
//! to the step-by-step path.

use std::fs::File;
use std::io;

use super::DType;

/// A strided view of a contiguous tensor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Its shape.
    pub shape: Vec<u64>,
    /// Per dimension, how many elements of the buffer one step moves.
    pub strides: Vec<usize>,
}

impl View {
    /// The row-major view of a tensor of `shape`.
    pub fn contiguous(shape: &[u64]) -> View {
        let mut strides = vec![1usize; shape.len()];
        for i in (0..shape.len().saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * shape[i + 1] as usize;
        }
        View {
            shape: shape.to_vec(),
            strides,
        }
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.shape.iter().product::<u64>() as usize
    }

    /// Whether it has no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `transpose(perm)`: result dim `i` is dim `perm[i]`. None when `perm`
    /// is not a permutation of the dims.
    pub fn transpose(&self, perm: &[usize]) -> Option<View> {
        let mut seen = vec![false; self.shape.len()];
        if perm.len() != self.shape.len() {
            return None;
        }
        for &p in perm {
            if p >= seen.len() || std::mem::replace(&mut seen[p], true) {
                return None;
            }
        }
        Some(View {
            shape: perm.iter().map(|&p| self.shape[p]).collect(),
            strides: perm.iter().map(|&p| self.strides[p]).collect(),
        })
    }

    /// `reshape(shape)` without a copy, when the strides allow it (dims
    /// merged must be laid out one after the other); None otherwise, or when
    /// the element counts differ or a dim is 0.
    pub fn reshape(&self, shape: &[u64]) -> Option<View> {
        if self.shape.contains(&0)
            || shape.contains(&0)
            || shape.iter().product::<u64>() != self.shape.iter().product::<u64>()
        {
            return None;
        }
        // Size-1 dims of the view carry no layout.
        let (old, olds): (Vec<u64>, Vec<usize>) = self
            .shape
            .iter()
            .zip(&self.strides)
            .filter(|(d, _)| **d != 1)
            .map(|(d, s)| (*d, *s))
            .unzip();
        let mut new_strides = vec![1usize; shape.len()];
        let (mut oi, mut oj, mut ni, mut nj) = (0usize, 1usize, 0usize, 1usize);
        while ni < shape.len() && oi < old.len() {
            let (mut np, mut op) = (shape[ni], old[oi]);
            while np != op {
                if np < op {
                    np *= *shape.get(nj)?;
                    nj += 1;
                } else {
                    op *= *old.get(oj)?;
                    oj += 1;
                }
            }
            for ok in oi..oj - 1 {
                if olds[ok] != old[ok + 1] as usize * olds[ok + 1] {
                    return None;
                }
            }
            new_strides[nj - 1] = olds[oj - 1];
            for nk in (ni + 1..nj).rev() {
                new_strides[nk - 1] = new_strides[nk] * shape[nk] as usize;
            }
            ni = nj;
            nj += 1;
            oi = oj;
            oj += 1;
        }
        Some(View {
            shape: shape.to_vec(),
            strides: new_strides,
        })
    }

    /// Copies elements `start..start + count` of the view (in row-major
    /// order) out of `src` (contiguous, `esize` bytes per element) into `out`.
    fn gather(&self, src: &[u8], esize: usize, start: usize, count: usize, out: &mut [u8]) {
        let rank = self.shape.len();
        if rank == 0 {
            out[..esize].copy_from_slice(&src[..esize]);
            return;
        }
        let inner = self.shape[rank - 1] as usize;
        let inner_stride = self.strides[rank - 1];
        // The multi-index of `start`.
        let mut idx = vec![0usize; rank];
        let mut rest = start;
        for d in (0..rank).rev() {
            let n = self.shape[d] as usize;
            idx[d] = rest % n;
            rest /= n;
        }
        let mut done = 0;
        while done < count {
            let base: usize = (0..rank - 1).map(|d| idx[d] * self.strides[d]).sum();
            let j0 = idx[rank - 1];
            let take = (inner - j0).min(count - done);
            let dst = &mut out[done * esize..(done + take) * esize];
            let first = base + j0 * inner_stride;
            match esize {
                4 => {
                    for (j, o) in dst.chunks_exact_mut(4).enumerate() {
                        let at = (first + j * inner_stride) * 4;
                        o.copy_from_slice(&src[at..at + 4]);
                    }
                }
                _ => {
                    for (j, o) in dst.chunks_exact_mut(esize).enumerate() {
                        let at = (first + j * inner_stride) * esize;
                        o.copy_from_slice(&src[at..at + esize]);
                    }
                }
            }
            done += take;
            // Next row: the innermost index restarts, the others count on.
            idx[rank - 1] = 0;
            for d in (0..rank - 1).rev() {
                idx[d] += 1;
                if idx[d] < self.shape[d] as usize {
                    break;
                }
                idx[d] = 0;
            }
        }
    }
}

/// Elements copied per thread at a time (4 MiB of f32).
const CHUNK: usize = 1 << 20;

/// The view's elements of `src` (`dtype`), narrowed to `to` when given
/// (from f32), written to `file` from byte `offset` on by `threads`
/// threads, each through a small buffer (`pwrite`). A value beyond `to`'s
/// range comes back as an `io::Error` wrapping [`super::OutOfRange`].
#[allow(clippy::too_many_arguments)]
pub fn copy_into_file(
    view: &View,
    src: &[u8],
    dtype: DType,
    to: Option<DType>,
    clamp: bool,
    threads: usize,
    file: &File,
    offset: u64,
) -> io::Result<()> {
    use std::os::unix::fs::FileExt;
    let n = view.len();
    let esize = dtype.size();
    let out_size = to.map_or(esize, |t| t.size());
    let threads = threads.clamp(1, 16).min(n.div_ceil(CHUNK).max(1));
    let per = n.div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                s.spawn(move || -> io::Result<()> {
                    let (lo, hi) = ((k * per).min(n), ((k + 1) * per).min(n));
                    let mut buf = vec![0u8; CHUNK.min(hi - lo) * esize];
                    let mut narrow = vec![
                        0u8;
                        if to.is_some() {
                            CHUNK.min(hi - lo) * 2
                        } else {
                            0
                        }
                    ];
                    let mut at = lo;
                    while at < hi {
                        let count = CHUNK.min(hi - at);
                        let gathered = &mut buf[..count * esize];
                        view.gather(src, esize, at, count, gathered);
                        let bytes: &[u8] = match to {
                            Some(t) => {
                                let out = &mut narrow[..count * 2];
                                super::narrow_block(gathered, out, t, clamp, at)
                                    .map_err(io::Error::other)?;
                                out
                            }
                            None => gathered,
                        };
                        file.write_all_at(bytes, offset + (at * out_size) as u64)?;
                        at += count;
                    }
                    Ok(())
                })
            })
            .collect();
        handles
            .into_iter()
            .try_for_each(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
    })
}

/// The view's elements in memory, copied by `threads` threads (each a
/// contiguous part of the output).
pub fn copy_to_vec_threads(view: &View, src: &[u8], dtype: DType, threads: usize) -> Vec<u8> {
    let esize = dtype.size();
    let n = view.len();
    let mut out = vec![0u8; n * esize];
    let threads = threads.clamp(1, 16).min(n.div_ceil(CHUNK).max(1));
    let per = n.div_ceil(threads).max(1);
    std::thread::scope(|s| {
        for (k, part) in out.chunks_mut(per * esize).enumerate() {
            s.spawn(move || view.gather(src, esize, k * per, part.len() / esize, part));
        }
    });
    out
}

/// The view's elements in memory (narrowed to `to` when given).
pub fn copy_to_vec(
    view: &View,
    src: &[u8],
    dtype: DType,
    to: Option<DType>,
    clamp: bool,
) -> Result<Vec<u8>, super::OutOfRange> {
    let esize = dtype.size();
    let mut out = vec![0u8; view.len() * esize];
    view.gather(src, esize, 0, view.len(), &mut out);
    match to {
        Some(t) => super::narrow_f32_bytes(&out, t, clamp, 1),
        None => Ok(out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(shape: &[u64]) -> crate::tensor::HostTensor {
        let n = shape.iter().product::<u64>() as usize;
        let values: Vec<f32> = (0..n).map(|i| i as f32 * 0.5 - 7.0).collect();
        crate::tensor::HostTensor::from_f32(shape.to_vec(), &values)
    }

    use crate::recipe::{fold_steps, Step};

    fn parsed(steps: &[&str]) -> Vec<Step> {
        steps.iter().map(|s| s.parse().expect("a step")).collect()
    }

    /// Folded views give exactly what the steps applied one by one give,
    /// for the panel recipes of the presets and a few odd ones.
    #[test]
    fn folded_steps_match_step_by_step() {
        let cases: &[(&[u64], &[&str])] = &[
            (
                &[16, 12],
                &["transpose(1,0)", "reshape(12,2,8)", "transpose(1,0,2)"],
            ),
            (&[12, 16], &["reshape(12,2,8)", "transpose(1,0,2)"]),
            (&[4, 6, 5], &["transpose(2,0,1)", "reshape(5,24)"]),
            (
                &[4, 1, 6],
                &["reshape(24)", "reshape(2,12)", "transpose(1,0)"],
            ),
            (&[3, 4], &["transpose(1,0)", "transpose(1,0)"]),
            (&[8], &["reshape(2,2,2)", "transpose(2,1,0)"]),
        ];
        for (shape, steps) in cases {
            let t = host(shape);
            let view = fold_steps(shape, &parsed(steps)).expect("folds");
            let mut want = t.clone();
            for s in parsed(steps) {
                want = match s {
                    Step::Transpose(perm) => want.transposed(&perm).unwrap(),
                    Step::Reshape(dims) => want.reshaped(&dims).unwrap(),
                    other => panic!("not a layout step: {other}"),
                };
            }
            assert_eq!(view.shape, want.shape, "{steps:?}");
            let got = copy_to_vec(&view, &t.data, DType::F32, None, false).unwrap();
            assert_eq!(got, want.data, "{steps:?}");
            assert_eq!(copy_to_vec_threads(&view, &t.data, DType::F32, 3), got);
            // Chunked copies from any start agree with the whole copy.
            let mut part = vec![0u8; 4 * 5];
            if view.len() >= 8 {
                view.gather(&t.data, 4, 3, 5, &mut part);
                assert_eq!(part, got[12..32], "{steps:?}");
            }
        }
    }

    /// A reshape that would need a copy (merging dims a transpose made
    /// non-adjacent) is not folded.
    #[test]
    fn reshapes_that_need_a_copy_are_not_folded() {
        for steps in [
            &["transpose(1,0)", "reshape(24)"][..],
            &["reshape(5,5)"],
            &["convert(f16)"],
            &["transpose(0,0)"],
        ] {
            assert!(fold_steps(&[4, 6], &parsed(steps)).is_none(), "{steps:?}");
        }
    }

    #[test]
    fn file_copy_matches_memory_copy_with_narrowing() {
        let shape = [64u64, 48];
        let t = host(&shape);
        let view = fold_steps(
            &shape,
            &parsed(&["transpose(1,0)", "reshape(48,8,8)", "transpose(1,0,2)"]),
        )
        .unwrap();
        let want = copy_to_vec(&view, &t.data, DType::F32, Some(DType::F16), false).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.bin");
        let file = File::create(&path).unwrap();
        copy_into_file(
            &view,
            &t.data,
            DType::F32,
            Some(DType::F16),
            false,
            3,
            &file,
            5,
        )
        .unwrap();
        drop(file);
        let got = std::fs::read(&path).unwrap();
        assert_eq!(&got[5..], &want[..]);
    }
}
