//! Host tensors: raw little-endian data with a dtype and shape, and the
//! narrowing of f32 data; the files they are read from and written to are
//! in [`files`].

mod files;
pub mod strided;

use files::{check_npy_len, checked_npy, npy_header};
pub use files::{read_set, write_set, Emit, InputSet, Payload, SetOutput, TensorSet};

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use half::{bf16, f16};

use crate::ir::{ElemType, TensorType, Type};

/// Longest `.npy` header accepted (numpy writes a few hundred bytes and reads
/// at most 10000 by default).
pub const MAX_NPY_HEADER: u64 = 1 << 20;
/// Element types hlo-opt moves between files and IREE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DType {
    /// `f32`
    F32,
    /// `f64`
    F64,
    /// `f16`
    F16,
    /// `bf16` (numpy: ml_dtypes' `<V2`)
    BF16,
    /// `i8`
    I8,
    /// `i16`
    I16,
    /// `i32`
    I32,
    /// `i64`
    I64,
    /// `ui8`
    U8,
    /// `ui32` (MLX's packed quantized words)
    U32,
    /// `ui4`, two to a byte, low nibble first (IREE's layout, and MLX's 4-bit
    /// words read as bytes). Files hold it as `u8` with the last dim halved.
    U4,
    /// `i4`, packed as [`DType::U4`] is, each nibble two's complement (-8..7).
    I4,
    /// `i1`
    Bool,
}

impl DType {
    /// Whether two values share a byte ([`DType::U4`], [`DType::I4`]).
    pub fn is_packed4(self) -> bool {
        matches!(self, DType::U4 | DType::I4)
    }

    /// Bytes per element (1 for [`DType::U4`]; see [`DType::bytes_for`]).
    pub fn size(self) -> usize {
        match self {
            DType::U4 | DType::I4 => 1,
            DType::F64 | DType::I64 => 8,
            DType::F32 | DType::I32 | DType::U32 => 4,
            DType::F16 | DType::BF16 | DType::I16 => 2,
            DType::I8 | DType::U8 | DType::Bool => 1,
        }
    }

    /// Bytes that `n` elements take.
    pub fn bytes_for(self, n: usize) -> usize {
        match self {
            DType::U4 | DType::I4 => n.div_ceil(2),
            _ => n * self.size(),
        }
    }

    /// The dtype of an IR element type, if hlo-opt handles it.
    pub fn from_elem(e: &ElemType) -> Option<DType> {
        Some(match e {
            ElemType::F32 => DType::F32,
            ElemType::F64 => DType::F64,
            ElemType::F16 => DType::F16,
            ElemType::BF16 => DType::BF16,
            ElemType::Int { bits: 1, .. } => DType::Bool,
            ElemType::Int {
                bits: 4,
                unsigned: true,
                ..
            } => DType::U4,
            ElemType::Int { bits: 4, .. } => DType::I4,
            ElemType::Int {
                bits: 8,
                unsigned: true,
                ..
            } => DType::U8,
            ElemType::Int { bits: 8, .. } => DType::I8,
            ElemType::Int {
                bits: 16,
                unsigned: false,
                ..
            } => DType::I16,
            ElemType::Int {
                bits: 32,
                unsigned: false,
                ..
            } => DType::I32,
            ElemType::Int {
                bits: 32,
                unsigned: true,
                ..
            } => DType::U32,
            ElemType::Int {
                bits: 64,
                unsigned: false,
                ..
            } => DType::I64,
            _ => return None,
        })
    }

    /// MLIR's name (`f32`, `i8`, ...), as IREE's `--input` takes it.
    pub fn mlir_name(self) -> &'static str {
        match self {
            DType::F32 => "f32",
            DType::F64 => "f64",
            DType::F16 => "f16",
            DType::BF16 => "bf16",
            DType::I8 => "i8",
            DType::I16 => "i16",
            DType::I32 => "i32",
            DType::I64 => "i64",
            DType::U8 => "ui8",
            DType::U32 => "ui32",
            DType::U4 => "ui4",
            DType::I4 => "i4",
            DType::Bool => "i1",
        }
    }

    fn npy_descr(self) -> &'static str {
        match self {
            DType::F32 => "<f4",
            DType::F64 => "<f8",
            DType::F16 => "<f2",
            DType::BF16 => "<V2",
            DType::I8 => "|i1",
            DType::I16 => "<i2",
            DType::I32 => "<i4",
            DType::I64 => "<i8",
            DType::U8 | DType::U4 | DType::I4 => "|u1",
            DType::U32 => "<u4",
            DType::Bool => "|b1",
        }
    }

    fn from_npy_descr(d: &str) -> Option<DType> {
        Some(
            match d.trim_matches('\'').trim_start_matches(['<', '|', '=']) {
                "f4" => DType::F32,
                "f8" => DType::F64,
                "f2" => DType::F16,
                "V2" => DType::BF16,
                "i1" => DType::I8,
                "i2" => DType::I16,
                "i4" => DType::I32,
                "i8" => DType::I64,
                "u1" => DType::U8,
                "u4" => DType::U32,
                "b1" => DType::Bool,
                _ => return None,
            },
        )
    }
}

/// Why tensors could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum TensorError {
    /// The file could not be read or written.
    #[error("{path}: {err}")]
    Io {
        /// The file.
        path: String,
        /// The operating system's (or format's) error.
        err: io::Error,
    },
    /// The output could not be placed.
    #[error("{0}")]
    Output(#[from] crate::output::OutputError),
    /// The file is not in a form hlo-opt reads.
    #[error("{path}: {message}")]
    Format {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> TensorError + '_ {
    move |err| TensorError::Io {
        path: path.display().to_string(),
        err,
    }
}

/// A tensor in host memory.
#[derive(Clone, Debug, PartialEq)]
pub struct HostTensor {
    /// Element type.
    pub dtype: DType,
    /// Shape (empty for a scalar).
    pub shape: Vec<u64>,
    /// Little-endian element bytes, row-major.
    pub data: Vec<u8>,
}

impl HostTensor {
    /// `t` with a new shape of the same element count (row-major order kept).
    pub fn reshaped(self, shape: &[u64]) -> Result<HostTensor, String> {
        let t = self;
        let n: u64 = shape.iter().product();
        if n != t.len() as u64 {
            return Err(format!(
                "cannot reshape {:?} ({} elements) to {shape:?} ({n} elements)",
                t.shape,
                t.len()
            ));
        }
        Ok(HostTensor {
            shape: shape.to_vec(),
            ..t
        })
    }

    /// `out = transpose(t, perm)`: out dim i is t dim perm[i].
    pub fn transposed(&self, perm: &[usize]) -> Result<HostTensor, String> {
        if self.dtype.is_packed4() {
            // Two values to a byte: permuted one to a byte, then packed again.
            let n = self.len();
            if self.data.len() < self.dtype.bytes_for(n) {
                return Err(format!(
                    "a {} tensor of shape {:?} needs {} bytes, has {}",
                    self.dtype.mlir_name(),
                    self.shape,
                    self.dtype.bytes_for(n),
                    self.data.len()
                ));
            }
            let values = (0..n)
                .map(|i| (self.data[i / 2] >> (4 * (i % 2))) & 0xF)
                .collect();
            let one_per_byte = HostTensor {
                dtype: DType::U8,
                shape: self.shape.clone(),
                data: values,
            };
            let t = one_per_byte.transposed(perm)?;
            let data = t
                .data
                .chunks(2)
                .map(|c| c[0] | c.get(1).map_or(0, |hi| hi << 4))
                .collect();
            return Ok(HostTensor {
                dtype: self.dtype,
                shape: t.shape,
                data,
            });
        }
        let t = self;
        let rank = t.shape.len();
        let mut sorted = perm.to_vec();
        sorted.sort_unstable();
        if sorted != (0..rank).collect::<Vec<_>>() {
            return Err(format!(
                "permutation {perm:?} does not fit a rank-{rank} tensor"
            ));
        }
        let esize = t.dtype.size();
        let out_shape: Vec<u64> = perm.iter().map(|&p| t.shape[p]).collect();
        // Strides (in elements) of the input, and of the input read in output order.
        let mut in_strides = vec![1usize; rank];
        for i in (0..rank.saturating_sub(1)).rev() {
            in_strides[i] = in_strides[i + 1] * t.shape[i + 1] as usize;
        }
        let read_strides: Vec<usize> = perm.iter().map(|&p| in_strides[p]).collect();
        let n = t.len();
        let mut data = vec![0u8; n * esize];
        let mut index = vec![0usize; rank];
        for out_i in 0..n {
            let src: usize = index.iter().zip(&read_strides).map(|(i, s)| i * s).sum();
            data[out_i * esize..(out_i + 1) * esize]
                .copy_from_slice(&t.data[src * esize..(src + 1) * esize]);
            for d in (0..rank).rev() {
                index[d] += 1;
                if index[d] < out_shape[d] as usize {
                    break;
                }
                index[d] = 0;
            }
        }
        Ok(HostTensor {
            dtype: t.dtype,
            shape: out_shape,
            data,
        })
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.shape.iter().product::<u64>() as usize
    }

    /// Whether it has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A tensor of f32 values.
    pub fn from_f32(shape: Vec<u64>, values: &[f32]) -> HostTensor {
        HostTensor {
            dtype: DType::F32,
            shape,
            data: values.iter().flat_map(|x| x.to_le_bytes()).collect(),
        }
    }

    /// The values as f64 (for comparing outputs); integers convert exactly.
    pub fn to_f64(&self) -> Vec<f64> {
        let d = &self.data;
        match self.dtype {
            DType::F32 => d
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64)
                .collect(),
            DType::F64 => d
                .chunks_exact(8)
                .map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")))
                .collect(),
            DType::F16 => d
                .chunks_exact(2)
                .map(|b| f16::from_le_bytes([b[0], b[1]]).to_f64())
                .collect(),
            DType::BF16 => d
                .chunks_exact(2)
                .map(|b| bf16::from_le_bytes([b[0], b[1]]).to_f64())
                .collect(),
            DType::I8 => d.iter().map(|&b| b as i8 as f64).collect(),
            DType::U8 | DType::Bool => d.iter().map(|&b| b as f64).collect(),
            DType::I16 => d
                .chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]) as f64)
                .collect(),
            DType::I32 => d
                .chunks_exact(4)
                .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64)
                .collect(),
            DType::U32 => d
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64)
                .collect(),
            DType::U4 => d
                .iter()
                .flat_map(|&b| [(b & 15) as f64, (b >> 4) as f64])
                .take(self.len())
                .collect(),
            // Each nibble sign-extended: moved to the byte's top, shifted back.
            DType::I4 => d
                .iter()
                .flat_map(|&b| [(((b << 4) as i8) >> 4) as f64, ((b as i8) >> 4) as f64])
                .take(self.len())
                .collect(),
            DType::I64 => d
                .chunks_exact(8)
                .map(|b| i64::from_le_bytes(b.try_into().expect("8 bytes")) as f64)
                .collect(),
        }
    }

    /// The values as f32, for float tensors.
    pub fn to_f32(&self) -> Option<Vec<f32>> {
        match self.dtype {
            DType::F32 => Some(
                self.data
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect(),
            ),
            DType::F16 => Some(
                self.data
                    .chunks_exact(2)
                    .map(|b| f16::from_le_bytes([b[0], b[1]]).to_f32())
                    .collect(),
            ),
            DType::BF16 => Some(
                self.data
                    .chunks_exact(2)
                    .map(|b| bf16::from_le_bytes([b[0], b[1]]).to_f32())
                    .collect(),
            ),
            DType::F64 => Some(self.to_f64().into_iter().map(|x| x as f32).collect()),
            _ => None,
        }
    }

    /// The dtype and shape files give this tensor, whose bytes they hold as
    /// they are: a [`DType::U4`] (or [`DType::I4`]) tensor is `u8` with its
    /// last dim halved; others are unchanged.
    pub fn file_header(&self) -> (DType, Vec<u64>) {
        self.view().file_header()
    }

    /// This tensor read as the argument type `ty` takes it: `u8` bytes with
    /// the last dim halved become `ui4` (see [`HostTensor::file_header`]).
    /// `None` when it does not fit.
    pub fn fit(&self, ty: &Type) -> Option<HostTensor> {
        self.view().fit(ty)?;
        Some(self.clone().into_fit(ty))
    }

    /// [`HostTensor::fit`] without copying the data: this tensor as `ty`
    /// takes it, or itself unchanged when it does not fit.
    pub fn into_fit(self, ty: &Type) -> HostTensor {
        if self.matches(ty) {
            return self;
        }
        match self.view().fit(ty).map(|t| (t.dtype, t.shape)) {
            Some((dtype, shape)) => HostTensor {
                dtype,
                shape,
                data: self.data,
            },
            None => self,
        }
    }

    /// The IR type of this tensor.
    pub fn ir_type(&self) -> Type {
        Type::Tensor(TensorType::new(
            &self.shape,
            crate::ir::ElemType::from_text(self.dtype.mlir_name()),
        ))
    }

    /// Whether it matches an IR type (shape and element type).
    pub fn matches(&self, ty: &Type) -> bool {
        match ty.as_tensor() {
            Some(t) => {
                t.static_shape().as_deref() == Some(&self.shape[..])
                    && DType::from_elem(&t.elem) == Some(self.dtype)
            }
            None => false,
        }
    }

    /// Reads one `.npy` file (C order, little-endian).
    ///
    /// Headers over [`MAX_NPY_HEADER`] bytes are refused before anything is
    /// allocated for them.
    pub fn read_npy(path: &Path) -> Result<HostTensor, TensorError> {
        let file = File::open(path).map_err(io_err(path))?;
        Self::read_npy_from(BufReader::new(file), path)
    }

    fn read_npy_from(reader: impl Read, path: &Path) -> Result<HostTensor, TensorError> {
        let npy = checked_npy(reader, path)?;
        let (dtype, shape) = npy_header(&npy, path)?;
        let mut data = Vec::new();
        npy.into_inner()
            .read_to_end(&mut data)
            .map_err(io_err(path))?;
        check_npy_len(data.len(), dtype, &shape, path)?;
        Ok(HostTensor { dtype, shape, data })
    }

    /// Writes one `.npy` file.
    pub fn write_npy(&self, path: &Path) -> Result<(), TensorError> {
        let file = File::create(path).map_err(io_err(path))?;
        let mut w = BufWriter::new(file);
        self.write_npy_to(&mut w).map_err(io_err(path))?;
        w.flush().map_err(io_err(path))
    }

    /// Writes the NPY 1.0 header numpy itself writes (`'shape': (256, 64), `)
    /// and the data. The header is written here rather than by npyz because
    /// npyz puts a trailing comma inside multi-dimensional shape tuples,
    /// which IREE's `.npy` reader rejects.
    fn write_npy_to(&self, w: &mut impl Write) -> io::Result<()> {
        self.view().write_npy_to(w)
    }

    /// The tensor as a [`TensorRef`] over its bytes.
    pub fn view(&self) -> TensorRef<'_> {
        TensorRef {
            dtype: self.dtype,
            shape: self.shape.clone(),
            data: &self.data,
        }
    }
}

/// A tensor's bytes where they lie (a memory-mapped file, a buffer), with
/// its dtype and shape: what [`InputSet`] hands out without copying.
#[derive(Clone, Debug)]
pub struct TensorRef<'a> {
    /// Element type.
    pub dtype: DType,
    /// Shape (empty for a scalar).
    pub shape: Vec<u64>,
    /// Little-endian element bytes, row-major.
    pub data: &'a [u8],
}

impl<'a> TensorRef<'a> {
    /// This tensor read as the argument type `ty` takes it (see
    /// [`HostTensor::fit`]); `None` when it does not fit.
    pub fn fit(&self, ty: &Type) -> Option<TensorRef<'a>> {
        if self.matches(ty) {
            return Some(self.clone());
        }
        let t = ty.as_tensor()?;
        let shape = t.static_shape()?;
        let last = *shape.last()?;
        let to = DType::from_elem(&t.elem).filter(|d| d.is_packed4())?;
        let packed = self.dtype == DType::U8
            && last % 2 == 0
            && self.shape.len() == shape.len()
            && self.shape[..shape.len() - 1] == shape[..shape.len() - 1]
            && self.shape.last() == Some(&(last / 2));
        packed.then_some(TensorRef {
            dtype: to,
            shape,
            data: self.data,
        })
    }

    /// A copy in host memory.
    pub fn to_host(&self) -> HostTensor {
        HostTensor {
            dtype: self.dtype,
            shape: self.shape.clone(),
            data: self.data.to_vec(),
        }
    }

    /// Whether it matches an IR type (shape and element type).
    pub fn matches(&self, ty: &Type) -> bool {
        match ty.as_tensor() {
            Some(t) => {
                t.static_shape().as_deref() == Some(&self.shape[..])
                    && DType::from_elem(&t.elem) == Some(self.dtype)
            }
            None => false,
        }
    }

    /// The dtype and shape files give this tensor (see
    /// [`HostTensor::file_header`]).
    pub fn file_header(&self) -> (DType, Vec<u64>) {
        let mut shape = self.shape.clone();
        if !self.dtype.is_packed4() {
            return (self.dtype, shape);
        }
        if let Some(last) = shape.last_mut() {
            *last = last.div_ceil(2);
        }
        (DType::U8, shape)
    }

    /// Writes one `.npy` file.
    pub fn write_npy(&self, path: &Path) -> Result<(), TensorError> {
        let file = File::create(path).map_err(io_err(path))?;
        let mut w = BufWriter::with_capacity(1 << 20, file);
        self.write_npy_to(&mut w).map_err(io_err(path))?;
        w.flush().map_err(io_err(path))
    }

    /// Writes the NPY 1.0 header numpy itself writes and the data (see
    /// [`HostTensor::write_npy`]).
    fn write_npy_to(&self, w: &mut impl Write) -> io::Result<()> {
        w.write_all(&self.npy_header())?;
        w.write_all(self.data)
    }

    /// The `.npy` preamble and header of this tensor (magic, version 1.0,
    /// length, the dict numpy writes, padded to 64 bytes).
    fn npy_header(&self) -> Vec<u8> {
        // ui4 is written as its bytes (`HostTensor::file_header`).
        let (dtype, dims) = self.file_header();
        let shape = match dims.len() {
            0 => "()".to_string(),
            1 => format!("({},)", dims[0]),
            _ => format!(
                "({})",
                dims.iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        let mut header = format!(
            "{{'descr': '{}', 'fortran_order': False, 'shape': {shape}, }}",
            dtype.npy_descr()
        );
        // Magic (6) + version (2) + length (2) + header + '\n', padded to 64 bytes.
        let unpadded = 10 + header.len() + 1;
        header.push_str(&" ".repeat(unpadded.next_multiple_of(64) - unpadded));
        header.push('\n');
        let mut out = b"\x93NUMPY\x01\x00".to_vec();
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
        out.extend_from_slice(header.as_bytes());
        out
    }
}

/// Keys tensors by name for lookup.
pub fn by_name(set: &TensorSet) -> BTreeMap<&str, &HostTensor> {
    set.iter().map(|(n, t)| (n.as_str(), t)).collect()
}

/// The first NaN or infinity among `values` (its index and value): a weight
/// that holds one cannot be narrowed or quantized faithfully, so every
/// narrowing path reports it instead of turning it into a number.
pub fn first_non_finite(values: &[f32]) -> Option<(usize, f32)> {
    values
        .iter()
        .position(|x| !x.is_finite())
        .map(|i| (i, values[i]))
}

/// A value beyond a narrow type's range, found while narrowing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutOfRange {
    /// Position of the element.
    pub index: usize,
    /// Its value.
    pub value: f32,
    /// The largest finite value of the narrow type.
    pub max: f32,
}

impl std::fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "element {} is {:e}, beyond the narrow type's range (largest {:e})",
            self.index, self.value, self.max
        )
    }
}

impl std::error::Error for OutOfRange {}

/// Narrows f32 bytes `src` to `to` (as [`narrow_f32_bytes`]) straight into
/// `file` from byte `offset` on: `threads` threads each narrow a contiguous
/// part through a small buffer and write it where it goes (`pwrite`), so
/// that no output buffer of the tensor's size is made and narrowing and
/// writing overlap. An out-of-range value comes back as an `io::Error`
/// wrapping [`OutOfRange`].
pub fn narrow_f32_into_file(
    src: &[u8],
    to: DType,
    clamp: bool,
    threads: usize,
    file: &File,
    offset: u64,
) -> io::Result<()> {
    use std::os::unix::fs::FileExt;
    /// Elements narrowed and written at a time per thread (1 MiB out).
    const CHUNK: usize = 1 << 19;
    let n = src.len() / 4;
    let threads = threads.clamp(1, 16).min(n.div_ceil(CHUNK).max(1));
    let per = n.div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = src[..n * 4]
            .chunks(per * 4)
            .enumerate()
            .map(|(k, part)| {
                s.spawn(move || -> io::Result<()> {
                    let mut buf = vec![0u8; CHUNK * 2];
                    for (c, input) in part.chunks(CHUNK * 4).enumerate() {
                        let first = k * per + c * CHUNK;
                        let out = &mut buf[..input.len() / 2];
                        narrow_block(input, out, to, clamp, first).map_err(io::Error::other)?;
                        file.write_all_at(out, offset + 2 * first as u64)?;
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

/// Rounds f32 values to f16 or bf16 (nearest even) as little-endian bytes.
/// A finite value beyond the type's range is an error, or clamped to the
/// largest finite value when `clamp`; infinities and NaN stay what they are.
pub fn narrow_f32(values: &[f32], to: DType, clamp: bool) -> Result<Vec<u8>, OutOfRange> {
    let max = match to {
        DType::BF16 => bf16::MAX.to_f32(),
        _ => f16::MAX.to_f32(),
    };
    let mut out = Vec::with_capacity(values.len() * 2);
    for (index, &x) in values.iter().enumerate() {
        let x = if x.is_finite() && x.abs() > max {
            if !clamp {
                return Err(OutOfRange {
                    index,
                    value: x,
                    max,
                });
            }
            x.clamp(-max, max)
        } else {
            x
        };
        let bits = match to {
            DType::BF16 => bf16::from_f32(x).to_bits(),
            _ => f16::from_f32(x).to_bits(),
        };
        out.extend_from_slice(&bits.to_le_bytes());
    }
    Ok(out)
}

/// [`narrow_f32`] of f32 weights given as little-endian bytes, split over
/// `threads` threads (the same bytes, and the same first out-of-range
/// element, as one thread would give). Unlike [`narrow_f32`], a NaN or an
/// infinity is an error too (`OutOfRange` with that value): a weight holding
/// one is refused, not narrowed.
pub fn narrow_f32_bytes(
    src: &[u8],
    to: DType,
    clamp: bool,
    threads: usize,
) -> Result<Vec<u8>, OutOfRange> {
    let n = src.len() / 4;
    let mut out = vec![0u8; n * 2];
    let threads = threads.clamp(1, 16).min(n.div_ceil(1 << 16).max(1));
    let per = n.div_ceil(threads).max(1);
    let results: Vec<Result<(), OutOfRange>> = std::thread::scope(|s| {
        let handles: Vec<_> = src[..n * 4]
            .chunks(per * 4)
            .zip(out.chunks_mut(per * 2))
            .enumerate()
            .map(|(k, (input, output))| {
                s.spawn(move || narrow_block(input, output, to, clamp, k * per))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    for r in results {
        r?;
    }
    Ok(out)
}

/// Narrows `input` (f32 bytes) into `output` (2 bytes per element); `base`
/// is the index of the first element, for errors.
pub(crate) fn narrow_block(
    input: &[u8],
    output: &mut [u8],
    to: DType,
    clamp: bool,
    base: usize,
) -> Result<(), OutOfRange> {
    use half::slice::HalfFloatSliceExt;
    const BLOCK: usize = 4096;
    let max = match to {
        DType::BF16 => bf16::MAX.to_f32(),
        _ => f16::MAX.to_f32(),
    };
    let mut vals = [0f32; BLOCK];
    let mut halves = [f16::ZERO; BLOCK];
    for (b, (inp, outp)) in input
        .chunks(BLOCK * 4)
        .zip(output.chunks_mut(BLOCK * 2))
        .enumerate()
    {
        let len = inp.len() / 4;
        for (v, x) in vals.iter_mut().zip(inp.chunks_exact(4)) {
            *v = f32::from_le_bytes([x[0], x[1], x[2], x[3]]);
        }
        for (i, v) in vals[..len].iter_mut().enumerate() {
            if !v.is_finite() {
                return Err(OutOfRange {
                    index: base + b * BLOCK + i,
                    value: *v,
                    max,
                });
            }
            if v.abs() > max {
                if !clamp {
                    return Err(OutOfRange {
                        index: base + b * BLOCK + i,
                        value: *v,
                        max,
                    });
                }
                *v = v.clamp(-max, max);
            }
        }
        match to {
            DType::BF16 => {
                for (o, v) in outp.chunks_exact_mut(2).zip(&vals[..len]) {
                    o.copy_from_slice(&bf16::from_f32(*v).to_bits().to_le_bytes());
                }
            }
            _ => {
                halves[..len].convert_from_f32_slice(&vals[..len]);
                for (o, h) in outp.chunks_exact_mut(2).zip(&halves[..len]) {
                    o.copy_from_slice(&h.to_bits().to_le_bytes());
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ui4_tensors_transpose_value_by_value() {
        // [2, 4] values 0..8, two to a byte, low nibble first.
        let t = HostTensor {
            dtype: DType::U4,
            shape: vec![2, 4],
            data: vec![0x10, 0x32, 0x54, 0x76],
        };
        let tt = t.transposed(&[1, 0]).unwrap();
        // [4, 2]: 0 4 1 5 2 6 3 7.
        assert_eq!(tt.shape, vec![4, 2]);
        assert_eq!(tt.data, vec![0x40, 0x51, 0x62, 0x73]);
        assert_eq!(tt.transposed(&[1, 0]).unwrap(), t);
        let short = HostTensor {
            data: vec![0x10],
            ..t
        };
        assert!(short.transposed(&[1, 0]).is_err());
    }

    #[test]
    fn i4_nibbles_read_signed_and_transpose_as_i4() {
        // [2, 2]: -8, 7, -1, 0 (nibbles 8, 7, F, 0).
        let t = HostTensor {
            dtype: DType::I4,
            shape: vec![2, 2],
            data: vec![0x78, 0x0F],
        };
        assert_eq!(t.to_f64(), vec![-8.0, 7.0, -1.0, 0.0]);
        let tt = t.transposed(&[1, 0]).unwrap();
        assert_eq!(tt.dtype, DType::I4);
        assert_eq!(tt.to_f64(), vec![-8.0, -1.0, 7.0, 0.0]);
        assert_eq!(t.file_header(), (DType::U8, vec![2, 1]));
        assert_eq!(DType::from_elem(&ElemType::int(4)), Some(DType::I4));
    }

    #[test]
    fn threaded_narrowing_matches_one_thread() {
        let mut values: Vec<f32> = (0..200_000)
            .map(|i| ((i as f32) * 0.37).sin() * 1000.0 + i as f32 * 1e-3)
            .collect();
        values.extend([-0.0, 1e-8, 65500.0, -65504.0]);
        let bytes: Vec<u8> = values.iter().flat_map(|x| x.to_le_bytes()).collect();
        for to in [DType::F16, DType::BF16] {
            let one = narrow_f32(&values, to, false).unwrap();
            for threads in [1, 2, 3] {
                assert_eq!(narrow_f32_bytes(&bytes, to, false, threads).unwrap(), one);
            }
        }
        // A NaN or an infinity in a weight is refused, even when clamping.
        for bad in [f32::NAN, f32::NEG_INFINITY] {
            let mut w = values.clone();
            w[120_000] = bad;
            let bytes: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).collect();
            let e = narrow_f32_bytes(&bytes, DType::F16, true, 2).unwrap_err();
            assert_eq!(e.index, 120_000);
            assert_eq!(e.value.to_bits(), bad.to_bits());
        }
        // The first out-of-range element is reported, whichever thread finds it.
        values[150_000] = 1e6;
        values[190_000] = -1e7;
        let bytes: Vec<u8> = values.iter().flat_map(|x| x.to_le_bytes()).collect();
        let want = narrow_f32(&values, DType::F16, false).unwrap_err();
        let got = narrow_f32_bytes(&bytes, DType::F16, false, 2).unwrap_err();
        assert_eq!((got.index, got.value), (want.index, want.value));
        assert_eq!(
            narrow_f32_bytes(&bytes, DType::F16, true, 2).unwrap(),
            narrow_f32(&values, DType::F16, true).unwrap()
        );
    }

    #[test]
    fn input_sets_read_every_form_like_read_set() {
        let dir = tempfile::tempdir().unwrap();
        let set: TensorSet = vec![
            (
                "arg000".into(),
                HostTensor::from_f32(vec![2, 3], &[1., 2., 3., 4., 5., 6.]),
            ),
            (
                "arg001".into(),
                HostTensor {
                    dtype: DType::I32,
                    shape: vec![],
                    data: 7i32.to_le_bytes().to_vec(),
                },
            ),
        ];
        for name in ["w", "w.npz", "w.safetensors"] {
            let path = dir.path().join(name);
            write_set(&path, &set, false).unwrap();
            let want = read_set(&path).unwrap();
            let inputs = InputSet::open(&path).unwrap();
            assert_eq!(inputs.len(), want.len(), "{name}");
            for (i, (n, t)) in want.iter().enumerate() {
                assert_eq!(&inputs.names()[i], n, "{name}");
                assert_eq!(inputs.with(i, |r| r.to_host()).unwrap(), *t, "{name}");
                assert_eq!(
                    inputs.header(i).unwrap(),
                    (t.dtype, t.shape.clone()),
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn ui4_travels_through_files_as_its_bytes() {
        let t = HostTensor {
            dtype: DType::U4,
            shape: vec![2, 4],
            data: vec![0x21, 0x43, 0x65, 0xF7],
        };
        assert_eq!(t.to_f64(), vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 15.0]);
        let dir = tempfile::tempdir().unwrap();
        for name in ["w.safetensors", "w.npz", "w"] {
            let path = dir.path().join(name);
            write_set(&path, &vec![("arg000".into(), t.clone())], false).unwrap();
            let back = &read_set(&path).unwrap()[0].1;
            assert_eq!(
                (back.dtype, &back.shape[..]),
                (DType::U8, &[2, 2][..]),
                "{name}"
            );
            let ty = Type::Tensor(TensorType::new(&[2, 4], ElemType::from_text("ui4")));
            assert_eq!(back.fit(&ty).as_ref(), Some(&t), "{name}");
            let wrong = Type::Tensor(TensorType::new(&[4, 2], ElemType::from_text("ui4")));
            assert_eq!(back.fit(&wrong), None);
        }
    }
}
