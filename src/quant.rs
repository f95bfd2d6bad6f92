//! Symmetric int8 quantization of weights, shared by the `int8-weights` pass
//! (constants, at rewrite time) and `weights convert` (arguments):
//! `w ≈ q * s`, `q = clamp(round(w / s), -127, 127)`, `s = max|w| / 127` over
//! what one scale covers (all-zero groups get `s = 1`).

/// Quantized data and its scales.
#[derive(Clone, Debug, PartialEq)]
pub struct Quantized {
    /// int8 values, in the weight's own layout.
    pub q: Vec<i8>,
    /// Scales, row-major over `scale_shape`.
    pub scales: Vec<f32>,
    /// Shape of the scales.
    pub scale_shape: Vec<u64>,
}

fn strides(shape: &[u64]) -> Vec<usize> {
    let mut s = vec![1usize; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1] as usize;
    }
    s
}

/// The dims of a rank-`rank` weight that keep one scale per index when
/// `reduce` are reduced: the scales' dims, in order.
pub fn kept_dims(rank: usize, reduce: &[usize]) -> Vec<usize> {
    (0..rank).filter(|d| !reduce.contains(d)).collect()
}

/// Quantizes with one scale per index of the dims *not* in `reduce` (per
/// output channel when `reduce` are the contracting dims). The scales' shape
/// is the weight's shape without the reduced dims.
pub fn per_channel(values: &[f32], shape: &[u64], reduce: &[usize]) -> Quantized {
    let keep = kept_dims(shape.len(), reduce);
    let scale_shape: Vec<u64> = keep.iter().map(|&d| shape[d]).collect();
    let group_of = |i: usize, st: &[usize], sst: &[usize]| -> usize {
        keep.iter()
            .enumerate()
            .map(|(k, &d)| (i / st[d]) % shape[d] as usize * sst[k])
            .sum()
    };
    quantize(values, shape, scale_shape, group_of)
}

/// Quantizes with one scale per `group` consecutive elements along `axis`
/// (MLX's layout when `axis` is the contracting dim). The scales' shape is
/// the weight's shape with `shape[axis] / group` at `axis`.
pub fn grouped(values: &[f32], shape: &[u64], axis: usize, group: u64) -> Quantized {
    let mut scale_shape = shape.to_vec();
    scale_shape[axis] = shape[axis] / group.max(1);
    let group_of = |i: usize, st: &[usize], sst: &[usize]| -> usize {
        (0..shape.len())
            .map(|d| {
                let idx = (i / st[d]) % shape[d] as usize;
                let idx = if d == axis { idx / group as usize } else { idx };
                idx * sst[d]
            })
            .sum()
    };
    quantize(values, shape, scale_shape, group_of)
}

fn quantize(
    values: &[f32],
    shape: &[u64],
    scale_shape: Vec<u64>,
    group_of: impl Fn(usize, &[usize], &[usize]) -> usize,
) -> Quantized {
    let st = strides(shape);
    let sst = strides(&scale_shape);
    let n_scales = scale_shape.iter().product::<u64>() as usize;
    let mut amax = vec![0f32; n_scales];
    // Each element's scale index is computed where it is needed rather than
    // stored (a table of them is 8 bytes per value: 2.1 GB for a 128256 x
    // 2048 embedding). `group_of` is a sum over dims of a term of that
    // dim's index that is 0 at index 0, so along a row of the last dim the
    // index is the row's first element's plus the term of the column:
    // `row_group(r) + inner[j]`.
    let n_last = shape.last().map_or(1, |&d| d as usize).max(1);
    let inner: Vec<usize> = (0..n_last.min(values.len()))
        .map(|j| group_of(j, &st, &sst))
        .collect();
    let row_group = |r: usize| group_of(r * n_last, &st, &sst);
    for (r, row) in values.chunks(n_last).enumerate() {
        let base = row_group(r);
        for (&x, &j) in row.iter().zip(&inner) {
            if x.is_finite() {
                let g = base + j;
                amax[g] = amax[g].max(x.abs());
            }
        }
    }
    let scales: Vec<f32> = amax
        .iter()
        .map(|&a| if a > 0.0 { a / 127.0 } else { 1.0 })
        .collect();
    let mut q = Vec::with_capacity(values.len());
    for (r, row) in values.chunks(n_last).enumerate() {
        let base = row_group(r);
        q.extend(
            row.iter()
                .zip(&inner)
                .map(|(&x, &j)| (x / scales[base + j]).round().clamp(-127.0, 127.0) as i8),
        );
    }
    Quantized {
        q,
        scales,
        scale_shape,
    }
}

/// `q * s` back in f32, for checking (and for the faithfulness test).
pub fn dequantize_per_channel(qz: &Quantized, shape: &[u64], reduce: &[usize]) -> Vec<f32> {
    let keep: Vec<usize> = (0..shape.len()).filter(|d| !reduce.contains(d)).collect();
    let (st, sst) = (strides(shape), strides(&qz.scale_shape));
    qz.q.iter()
        .enumerate()
        .map(|(i, &q)| {
            let g: usize = keep
                .iter()
                .enumerate()
                .map(|(k, &d)| (i / st[d]) % shape[d] as usize * sst[k])
                .sum();
            q as f32 * qz.scales[g]
        })
        .collect()
}

/// `q * s` back in f32 for grouped scales.
pub fn dequantize_grouped(qz: &Quantized, shape: &[u64], axis: usize, group: u64) -> Vec<f32> {
    let (st, sst) = (strides(shape), strides(&qz.scale_shape));
    qz.q.iter()
        .enumerate()
        .map(|(i, &q)| {
            let g: usize = (0..shape.len())
                .map(|d| {
                    let idx = (i / st[d]) % shape[d] as usize;
                    let idx = if d == axis { idx / group as usize } else { idx };
                    idx * sst[d]
                })
                .sum();
            q as f32 * qz.scales[g]
        })
        .collect()
}

/// The value of `key` in recipe parameters `k1=v1,k2=v2`.
pub fn param<'a>(params: &'a str, key: &str) -> Option<&'a str> {
    params
        .split(',')
        .filter_map(|p| p.split_once('='))
        .find(|(k, _)| k.trim() == key)
        .map(|(_, v)| v.trim())
}

/// How one weight is quantized; written into recipes as `params()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// One scale per index of the dims not in `reduce` (per output channel
    /// when `reduce` are the contracting dims).
    PerChannel {
        /// The dims a scale covers.
        reduce: Vec<usize>,
    },
    /// One scale per `group` elements along `axis`.
    Grouped {
        /// The dim the groups run along.
        axis: usize,
        /// Elements per scale.
        group: u64,
    },
}

impl Scheme {
    /// The recipe parameters: `reduce=0:1` or `axis=0,group=64`.
    pub fn params(&self) -> String {
        match self {
            Scheme::PerChannel { reduce } => {
                let r: Vec<String> = reduce.iter().map(|d| d.to_string()).collect();
                format!("reduce={}", r.join(":"))
            }
            Scheme::Grouped { axis, group } => format!("axis={axis},group={group}"),
        }
    }

    /// Reads [`Scheme::params`] back.
    pub fn from_params(params: &str) -> Result<Scheme, String> {
        let kv = |key: &str| param(params, key);
        let bad = || format!("bad int8 parameters `{params}`");
        if let Some(reduce) = kv("reduce") {
            let reduce: Vec<usize> = reduce
                .split(':')
                .map(|d| d.parse().map_err(|_| bad()))
                .collect::<Result<_, _>>()?;
            return Ok(Scheme::PerChannel { reduce });
        }
        let axis: usize = kv("axis").and_then(|a| a.parse().ok()).ok_or_else(bad)?;
        let group: u64 = kv("group").and_then(|g| g.parse().ok()).ok_or_else(bad)?;
        if group == 0 {
            return Err(bad());
        }
        Ok(Scheme::Grouped { axis, group })
    }

    /// Whether the scheme applies to a weight of `shape` (its dims exist,
    /// its groups divide the axis).
    pub fn check(&self, shape: &[u64]) -> Result<(), String> {
        let fits = match self {
            Scheme::PerChannel { reduce } => reduce.iter().all(|&d| d < shape.len()),
            Scheme::Grouped { axis, group } => {
                *axis < shape.len() && *group > 0 && shape[*axis] % group == 0
            }
        };
        if fits {
            Ok(())
        } else {
            Err(format!(
                "bad int8 parameters `{}` for shape {shape:?}",
                self.params()
            ))
        }
    }

    /// Reads [`Scheme::params`] back, checked against the weight's shape.
    pub fn parse(params: &str, shape: &[u64]) -> Result<Scheme, String> {
        let s = Scheme::from_params(params)?;
        s.check(shape)?;
        Ok(s)
    }

    /// Quantizes a weight of `shape`.
    pub fn quantize(&self, values: &[f32], shape: &[u64]) -> Quantized {
        match self {
            Scheme::PerChannel { reduce } => per_channel(values, shape, reduce),
            Scheme::Grouped { axis, group } => grouped(values, shape, *axis, *group),
        }
    }

    /// `q * s` back in f32.
    pub fn dequantize(&self, qz: &Quantized, shape: &[u64]) -> Vec<f32> {
        match self {
            Scheme::PerChannel { reduce } => dequantize_per_channel(qz, shape, reduce),
            Scheme::Grouped { axis, group } => dequantize_grouped(qz, shape, *axis, *group),
        }
    }

    /// The scales' shape for a weight of `shape`.
    pub fn scale_shape(&self, shape: &[u64]) -> Vec<u64> {
        match self {
            Scheme::PerChannel { reduce } => kept_dims(shape.len(), reduce)
                .into_iter()
                .map(|d| shape[d])
                .collect(),
            Scheme::Grouped { axis, group } => {
                let mut s = shape.to_vec();
                s[*axis] /= group;
                s
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scale index of every element computed the plain way (each
    /// element's multi-index), for checking `quantize`'s row-wise one.
    fn naive(
        values: &[f32],
        shape: &[u64],
        scale_of: impl Fn(&[usize]) -> usize,
        n_scales: usize,
    ) -> (Vec<i8>, Vec<f32>) {
        let st = strides(shape);
        let index = |i: usize| -> Vec<usize> {
            (0..shape.len())
                .map(|d| (i / st[d]) % shape[d] as usize)
                .collect()
        };
        let mut amax = vec![0f32; n_scales];
        for (i, &x) in values.iter().enumerate() {
            let g = scale_of(&index(i));
            amax[g] = amax[g].max(x.abs());
        }
        let scales: Vec<f32> = amax
            .iter()
            .map(|&a| if a > 0.0 { a / 127.0 } else { 1.0 })
            .collect();
        let q = values
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                (x / scales[scale_of(&index(i))])
                    .round()
                    .clamp(-127.0, 127.0) as i8
            })
            .collect();
        (q, scales)
    }

    #[test]
    fn row_wise_scale_indices_match_the_plain_ones() {
        let values =
            |n: usize| -> Vec<f32> { (0..n).map(|i| ((i * 7919) % 211) as f32 - 105.3).collect() };
        for shape in [
            vec![6u64],
            vec![3, 4],
            vec![4, 3, 2],
            vec![2, 5, 3, 4],
            vec![1, 1],
            vec![5, 1],
        ] {
            let n = shape.iter().product::<u64>() as usize;
            let v = values(n);
            // Per channel, every set of reduced dims.
            for mask in 0..(1u32 << shape.len()) {
                let reduce: Vec<usize> =
                    (0..shape.len()).filter(|d| mask & (1 << d) != 0).collect();
                let keep = kept_dims(shape.len(), &reduce);
                let ss: Vec<u64> = keep.iter().map(|&d| shape[d]).collect();
                let sst = strides(&ss);
                let want = naive(
                    &v,
                    &shape,
                    |ix| keep.iter().enumerate().map(|(k, &d)| ix[d] * sst[k]).sum(),
                    ss.iter().product::<u64>() as usize,
                );
                let got = per_channel(&v, &shape, &reduce);
                assert_eq!((got.q, got.scales), want, "{shape:?} reduce {reduce:?}");
            }
            // Grouped along every axis a group of 2 divides (or 1).
            for axis in 0..shape.len() {
                for group in [1u64, 2] {
                    if shape[axis] % group != 0 {
                        continue;
                    }
                    let mut ss = shape.clone();
                    ss[axis] /= group;
                    let sst = strides(&ss);
                    let want = naive(
                        &v,
                        &shape,
                        |ix| {
                            (0..shape.len()).map(|d| if d == axis { ix[d] / group as usize } else { ix[d] } * sst[d]).sum()
                        },
                        ss.iter().product::<u64>() as usize,
                    );
                    let got = grouped(&v, &shape, axis, group);
                    assert_eq!(
                        (got.q, got.scales),
                        want,
                        "{shape:?} axis {axis} group {group}"
                    );
                }
            }
        }
    }

    #[test]
    fn per_channel_scales_columns() {
        // W [2, 3], contracting dim 0: one scale per column.
        let w = [1.0, -2.0, 0.0, 0.5, 4.0, 0.0];
        let qz = per_channel(&w, &[2, 3], &[0]);
        assert_eq!(qz.scale_shape, vec![3]);
        assert_eq!(qz.scales, vec![1.0 / 127.0, 4.0 / 127.0, 1.0]);
        assert_eq!(qz.q, vec![127, -64, 0, 64, 127, 0]);
        let back = dequantize_per_channel(&qz, &[2, 3], &[0]);
        for (a, b) in back.iter().zip(&w) {
            assert!((a - b).abs() <= 4.0 / 127.0 / 2.0 + 1e-6);
        }
    }

    #[test]
    fn grouped_scales_runs_along_the_axis() {
        // W [4, 1], groups of 2 along dim 0.
        let w = [1.0, -0.5, 8.0, 2.0];
        let qz = grouped(&w, &[4, 1], 0, 2);
        assert_eq!(qz.scale_shape, vec![2, 1]);
        assert_eq!(qz.scales, vec![1.0 / 127.0, 8.0 / 127.0]);
        assert_eq!(qz.q, vec![127, -64, 127, 32]);
    }

    #[test]
    fn schemes_read_back_their_params() {
        for scheme in [
            Scheme::PerChannel { reduce: vec![0, 2] },
            Scheme::Grouped { axis: 1, group: 4 },
        ] {
            assert_eq!(Scheme::parse(&scheme.params(), &[2, 8, 3]), Ok(scheme));
        }
        assert!(Scheme::parse("axis=1,group=3", &[2, 8]).is_err());
        assert!(Scheme::parse("reduce=5", &[2, 8]).is_err());
    }
}
