//! Host tensors: raw little-endian data with a dtype and shape, read from and
//! written to `.npy` files, folders of them, and `.npz` archives.

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
    /// `i1`
    Bool,
}

impl DType {
    /// Bytes per element (1 for [`DType::U4`]; see [`DType::bytes_for`]).
    pub fn size(self) -> usize {
        match self {
            DType::U4 => 1,
            DType::F64 | DType::I64 => 8,
            DType::F32 | DType::I32 | DType::U32 => 4,
            DType::F16 | DType::BF16 | DType::I16 => 2,
            DType::I8 | DType::U8 | DType::Bool => 1,
        }
    }

    /// Bytes that `n` elements take.
    pub fn bytes_for(self, n: usize) -> usize {
        match self {
            DType::U4 => n.div_ceil(2),
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
            DType::U8 | DType::U4 => "|u1",
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
    /// they are: a [`DType::U4`] tensor is `u8` with its last dim halved;
    /// others are unchanged.
    pub fn file_header(&self) -> (DType, Vec<u64>) {
        if self.dtype != DType::U4 {
            return (self.dtype, self.shape.clone());
        }
        let mut shape = self.shape.clone();
        if let Some(last) = shape.last_mut() {
            *last = last.div_ceil(2);
        }
        (DType::U8, shape)
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
        let packed = DType::from_elem(&t.elem) == Some(DType::U4)
            && self.dtype == DType::U8
            && last % 2 == 0
            && self.shape.len() == shape.len()
            && self.shape[..shape.len() - 1] == shape[..shape.len() - 1]
            && self.shape.last() == Some(&(last / 2));
        packed.then_some(TensorRef {
            dtype: DType::U4,
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
        if self.dtype != DType::U4 {
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

/// The dtype and shape an `.npy` header declares, refused when hlo-opt
/// cannot read the data as it lies (Fortran order, big-endian, unknown dtype).
/// Brackets an npy header may nest (numpy writes at most 3 for the dtypes
/// read here); npyz's header parser takes time exponential in the depth.
const MAX_NPY_HEADER_DEPTH: usize = 8;

/// Checks an npy file's preamble and header, given (at least) its first
/// bytes, before npyz reads them: a header length within [`MAX_NPY_HEADER`]
/// (npyz allocates what the file states, up to 4 GiB) and brackets nested at
/// most [`MAX_NPY_HEADER_DEPTH`] deep. Returns the length of preamble and
/// header together, or 0 for what is not an npy preamble (npyz says why).
fn check_npy_head(head: &[u8], path: &Path) -> Result<usize, TensorError> {
    let fmt = |message: String| TensorError::Format {
        path: path.display().to_string(),
        message,
    };
    if head.len() < 10 || !head.starts_with(b"\x93NUMPY") {
        return Ok(0);
    }
    let (len, at) = match head[6] {
        1 => (u64::from(u16::from_le_bytes([head[8], head[9]])), 10),
        _ if head.len() >= 12 => (
            u64::from(u32::from_le_bytes([head[8], head[9], head[10], head[11]])),
            12,
        ),
        _ => return Ok(0),
    };
    if len > MAX_NPY_HEADER {
        return Err(fmt(format!(
            "header of {len} bytes; expected at most {MAX_NPY_HEADER}"
        )));
    }
    let end = (at + len as usize).min(head.len());
    let (mut depth, mut deepest, mut quote) = (0usize, 0usize, None);
    for &c in &head[at..end] {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, b'\'' | b'"') => quote = Some(c),
            (None, b'[' | b'(' | b'{') => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            (None, b']' | b')' | b'}') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    if deepest > MAX_NPY_HEADER_DEPTH {
        return Err(fmt(format!(
            "header nests brackets {deepest} deep; expected a plain dictionary (at most {MAX_NPY_HEADER_DEPTH})"
        )));
    }
    Ok(at + len as usize)
}

/// An npy stream whose preamble and header were read (and checked) first.
type CheckedNpy<R> = npyz::NpyFile<io::Chain<io::Cursor<Vec<u8>>, R>>;

/// An npy stream opened by npyz after [`check_npy_head`] passed on its
/// preamble and header (read here, then handed on with the rest).
fn checked_npy<R: Read>(mut reader: R, path: &Path) -> Result<CheckedNpy<R>, TensorError> {
    let mut head = vec![0u8; 12];
    let got = read_up_to(&mut reader, &mut head, path)?;
    head.truncate(got);
    let want = check_npy_head(&head, path)?;
    if want > head.len() {
        let had = head.len();
        head.resize(want, 0);
        let more = read_up_to(&mut reader, &mut head[had..], path)?;
        head.truncate(had + more);
        check_npy_head(&head, path)?;
    }
    npyz::NpyFile::new(io::Cursor::new(head).chain(reader)).map_err(io_err(path))
}

/// Reads until `buf` is full or the input ends; the count read.
fn read_up_to(reader: &mut impl Read, buf: &mut [u8], path: &Path) -> Result<usize, TensorError> {
    let mut got = 0;
    while got < buf.len() {
        match reader.read(&mut buf[got..]).map_err(io_err(path))? {
            0 => break,
            n => got += n,
        }
    }
    Ok(got)
}

/// Member `name` of an npz archive, its header checked as a file's is.
fn npz_member<'a>(
    npz: &'a mut npyz::npz::NpzArchive<BufReader<File>>,
    name: &str,
    path: &Path,
) -> Result<Option<CheckedNpy<zip::read::ZipFile<'a>>>, TensorError> {
    let member = npyz::npz::file_name_from_array_name(name);
    match npz.zip_archive().by_name(&member) {
        Ok(file) => Ok(Some(checked_npy(file, path)?)),
        Err(zip::result::ZipError::FileNotFound) => Ok(None),
        Err(e) => Err(TensorError::Format {
            path: path.display().to_string(),
            message: format!("member {member}: {e}"),
        }),
    }
}

fn npy_header<R: Read>(
    npy: &npyz::NpyFile<R>,
    path: &Path,
) -> Result<(DType, Vec<u64>), TensorError> {
    let fmt = |message: String| TensorError::Format {
        path: path.display().to_string(),
        message,
    };
    if npy.order() != npyz::Order::C {
        return Err(fmt(
            "Fortran-order arrays are not supported; save with C order".into(),
        ));
    }
    let descr = npy.dtype().descr();
    let dtype = DType::from_npy_descr(&descr).ok_or_else(|| {
        fmt(format!(
            "dtype {descr} is not supported (f32, f16, bf16, f64, i8-i64, u8, bool)"
        ))
    })?;
    if descr.starts_with('>') {
        return Err(fmt("big-endian arrays are not supported".into()));
    }
    Ok((dtype, npy.shape().to_vec()))
}

fn check_npy_len(len: usize, dtype: DType, shape: &[u64], path: &Path) -> Result<(), TensorError> {
    // Checked: a header's shape is input, and (2**62,) must not wrap to 0.
    let want = shape
        .iter()
        .try_fold(dtype.size() as u64, |acc, &d| acc.checked_mul(d))
        .and_then(|n| usize::try_from(n).ok());
    let Some(want) = want else {
        return Err(TensorError::Format {
            path: path.display().to_string(),
            message: format!("header shape {shape:?} is too large: its byte count overflows"),
        });
    };
    if len != want {
        return Err(TensorError::Format {
            path: path.display().to_string(),
            message: format!("holds {len} data bytes, its header needs {want}"),
        });
    }
    Ok(())
}

/// Original inputs read one tensor at a time: each `.npy` file of a folder
/// and a `.safetensors` file are memory-mapped (nothing is copied until a
/// conversion reads it), a `.npz` member is read when asked for. Names and
/// order are those of [`read_set`].
pub struct InputSet {
    names: Vec<String>,
    kind: InputKind,
}

enum InputKind {
    /// One `.npy` file per tensor.
    Npy(Vec<PathBuf>),
    /// A `.npz` archive.
    Npz(PathBuf),
    /// A memory-mapped `.safetensors` file: per tensor its dtype, shape and
    /// byte range in the map.
    Safetensors {
        path: PathBuf,
        map: memmap2::Mmap,
        entries: Vec<SafetensorsEntry>,
    },
}

/// One tensor of a mapped `.safetensors` file: dtype, shape, byte range.
type SafetensorsEntry = (DType, Vec<u64>, std::ops::Range<usize>);

/// Maps a file for reading.
fn map_file(path: &Path) -> Result<memmap2::Mmap, TensorError> {
    let file = File::open(path).map_err(io_err(path))?;
    // SAFETY: the map is only read; a file changed by another process while
    // hlo-opt reads it gives wrong numbers, as reading it would.
    // `populate` maps every page up front (one kernel call instead of a
    // fault per page): conversion reads every byte anyway.
    unsafe { memmap2::MmapOptions::new().populate().map(&file) }.map_err(io_err(path))
}

impl InputSet {
    /// Opens a folder of `.npy` files (sorted by name), one `.npy` file, a
    /// `.npz` archive or a `.safetensors` file, reading only names (and the
    /// safetensors header).
    pub fn open(path: &Path) -> Result<InputSet, TensorError> {
        let stem = |f: &Path| {
            f.file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        };
        if path.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(io_err(path))?
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "npy"))
                .collect();
            files.sort();
            return Ok(InputSet {
                names: files.iter().map(|f| stem(f)).collect(),
                kind: InputKind::Npy(files),
            });
        }
        match path.extension().and_then(|x| x.to_str()) {
            Some("npz") => Ok(InputSet {
                names: npz_names(path)?,
                kind: InputKind::Npz(path.to_path_buf()),
            }),
            Some("npy") => Ok(InputSet {
                names: vec!["arg000".into()],
                kind: InputKind::Npy(vec![path.to_path_buf()]),
            }),
            Some("safetensors") => {
                let fmt = |message: String| TensorError::Format {
                    path: path.display().to_string(),
                    message,
                };
                let map = map_file(path)?;
                let (header, meta) = safetensors::SafeTensors::read_metadata(&map[..])
                    .map_err(|e| fmt(e.to_string()))?;
                // Checks offsets and sizes against the file.
                safetensors::SafeTensors::deserialize(&map[..]).map_err(|e| fmt(e.to_string()))?;
                let base = 8 + header;
                let mut list: Vec<(usize, String, SafetensorsEntry)> = Vec::new();
                for (name, info) in meta.tensors() {
                    let dtype = DType::from_safetensors(info.dtype).ok_or_else(|| {
                        fmt(format!("{name}: dtype {:?} is not supported", info.dtype))
                    })?;
                    let (a, b) = info.data_offsets;
                    list.push((
                        a,
                        name,
                        (
                            dtype,
                            info.shape.iter().map(|&d| d as u64).collect(),
                            base + a..base + b,
                        ),
                    ));
                }
                list.sort_by(|x, y| (x.0, &x.1).cmp(&(y.0, &y.1)));
                Ok(InputSet {
                    names: list.iter().map(|e| e.1.clone()).collect(),
                    kind: InputKind::Safetensors {
                        path: path.to_path_buf(),
                        map,
                        entries: list.into_iter().map(|e| e.2).collect(),
                    },
                })
            }
            _ => Err(TensorError::Format {
                path: path.display().to_string(),
                message: "expected a folder of .npy files, a .npz archive or a .safetensors file"
                    .into(),
            }),
        }
    }

    /// The tensors' names, in order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// How many tensors it holds.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether it holds no tensor.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Calls `f` with tensor `i` where it lies (a memory map, or for a
    /// `.npz` member a buffer read for this call and dropped after it).
    pub fn with<R>(&self, i: usize, f: impl FnOnce(TensorRef<'_>) -> R) -> Result<R, TensorError> {
        match &self.kind {
            InputKind::Npy(files) => {
                let path = &files[i];
                let map = map_file(path)?;
                check_npy_head(&map[..], path)?;
                let npy = npyz::NpyFile::new(&map[..]).map_err(io_err(path))?;
                let (dtype, shape) = npy_header(&npy, path)?;
                let data: &[u8] = npy.into_inner();
                check_npy_len(data.len(), dtype, &shape, path)?;
                Ok(f(TensorRef { dtype, shape, data }))
            }
            InputKind::Npz(path) => {
                let mut npz = npyz::npz::NpzArchive::open(path).map_err(io_err(path))?;
                let name = &self.names[i];
                let npy = npz_member(&mut npz, name, path)?.ok_or_else(|| TensorError::Format {
                    path: path.display().to_string(),
                    message: format!("array {name} vanished"),
                })?;
                let t = tensor_from_npyfile(npy, path)?;
                Ok(f(t.view()))
            }
            InputKind::Safetensors { map, entries, path } => {
                let (dtype, shape, range) = &entries[i];
                let data = map.get(range.clone()).ok_or_else(|| TensorError::Format {
                    path: path.display().to_string(),
                    message: format!("{}: data beyond the end of the file", self.names[i]),
                })?;
                Ok(f(TensorRef {
                    dtype: *dtype,
                    shape: shape.clone(),
                    data,
                }))
            }
        }
    }

    /// Tensor `i`'s own `.npy` file, when the set is a folder of them (or
    /// one file): a file other tools can read where it lies.
    pub fn npy_path(&self, i: usize) -> Option<&Path> {
        match &self.kind {
            InputKind::Npy(files) => files.get(i).map(|p| p.as_path()),
            _ => None,
        }
    }

    /// Tensor `i`'s dtype and shape, read from its header only.
    pub fn header(&self, i: usize) -> Result<(DType, Vec<u64>), TensorError> {
        match &self.kind {
            InputKind::Npy(files) => {
                let path = &files[i];
                let file = File::open(path).map_err(io_err(path))?;
                let npy = checked_npy(BufReader::new(file), path)?;
                npy_header(&npy, path)
            }
            InputKind::Npz(path) => {
                let mut npz = npyz::npz::NpzArchive::open(path).map_err(io_err(path))?;
                let name = &self.names[i];
                let npy = npz_member(&mut npz, name, path)?.ok_or_else(|| TensorError::Format {
                    path: path.display().to_string(),
                    message: format!("array {name} vanished"),
                })?;
                npy_header(&npy, path)
            }
            InputKind::Safetensors { entries, .. } => Ok((entries[i].0, entries[i].1.clone())),
        }
    }
}

/// Named tensors in order.
pub type TensorSet = Vec<(String, HostTensor)>;

/// The arrays of a `.npz` archive in the order they are stored (the order
/// `np.savez` wrote them in).
fn npz_names(path: &Path) -> Result<Vec<String>, TensorError> {
    let file = File::open(path).map_err(io_err(path))?;
    let mut zip = zip::ZipArchive::new(BufReader::new(file)).map_err(|e| TensorError::Format {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    let mut names = Vec::with_capacity(zip.len());
    for i in 0..zip.len() {
        let entry = zip.by_index_raw(i).map_err(|e| TensorError::Format {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        if let Some(name) = npyz::npz::array_name_from_file_name(entry.name()) {
            names.push(name.to_string());
        }
    }
    Ok(names)
}

/// Reads a folder of `.npy` files (sorted by name), a `.npz` archive, or one `.npy` file.
pub fn read_set(path: &Path) -> Result<TensorSet, TensorError> {
    if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(io_err(path))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "npy"))
            .collect();
        files.sort();
        return files
            .into_iter()
            .map(|f| {
                let name = f
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                Ok((name, HostTensor::read_npy(&f)?))
            })
            .collect();
    }
    match path.extension().and_then(|x| x.to_str()) {
        Some("npz") => {
            let mut npz = npyz::npz::NpzArchive::open(path).map_err(io_err(path))?;
            let names = npz_names(path)?;
            let mut out = Vec::new();
            for name in names {
                let npy =
                    npz_member(&mut npz, &name, path)?.ok_or_else(|| TensorError::Format {
                        path: path.display().to_string(),
                        message: format!("array {name} vanished"),
                    })?;
                let t = tensor_from_npyfile(npy, path)?;
                out.push((name, t));
            }
            Ok(out)
        }
        Some("npy") => Ok(vec![("arg000".into(), HostTensor::read_npy(path)?)]),
        Some("safetensors") => read_safetensors(path),
        _ => Err(TensorError::Format {
            path: path.display().to_string(),
            message: "expected a folder of .npy files, a .npz archive or a .safetensors file"
                .into(),
        }),
    }
}

impl DType {
    fn to_safetensors(self) -> safetensors::Dtype {
        use safetensors::Dtype as S;
        match self {
            DType::F32 => S::F32,
            DType::F64 => S::F64,
            DType::F16 => S::F16,
            DType::BF16 => S::BF16,
            DType::I8 => S::I8,
            DType::I16 => S::I16,
            DType::I32 => S::I32,
            DType::I64 => S::I64,
            DType::U8 | DType::U4 => S::U8,
            DType::U32 => S::U32,
            DType::Bool => S::BOOL,
        }
    }

    fn from_safetensors(d: safetensors::Dtype) -> Option<DType> {
        use safetensors::Dtype as S;
        Some(match d {
            S::F32 => DType::F32,
            S::F64 => DType::F64,
            S::F16 => DType::F16,
            S::BF16 => DType::BF16,
            S::I8 => DType::I8,
            S::I16 => DType::I16,
            S::I32 => DType::I32,
            S::I64 => DType::I64,
            S::U8 => DType::U8,
            S::U32 => DType::U32,
            S::BOOL => DType::Bool,
            _ => return None,
        })
    }
}

/// Reads a `.safetensors` file, tensors in the order their data is stored.
fn read_safetensors(path: &Path) -> Result<TensorSet, TensorError> {
    let fmt = |message: String| TensorError::Format {
        path: path.display().to_string(),
        message,
    };
    let bytes = std::fs::read(path).map_err(io_err(path))?;
    let st = safetensors::SafeTensors::deserialize(&bytes).map_err(|e| fmt(e.to_string()))?;
    let (_, meta) =
        safetensors::SafeTensors::read_metadata(&bytes).map_err(|e| fmt(e.to_string()))?;
    let mut names: Vec<(usize, String)> = meta
        .tensors()
        .into_iter()
        .map(|(name, info)| (info.data_offsets.0, name))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|(_, name)| {
            let view = st.tensor(&name).map_err(|e| fmt(e.to_string()))?;
            let dtype = DType::from_safetensors(view.dtype())
                .ok_or_else(|| fmt(format!("{name}: dtype {:?} is not supported", view.dtype())))?;
            Ok((
                name,
                HostTensor {
                    dtype,
                    shape: view.shape().iter().map(|&d| d as u64).collect(),
                    data: view.data().to_vec(),
                },
            ))
        })
        .collect()
}

fn tensor_from_npyfile<R: Read>(
    npy: npyz::NpyFile<R>,
    path: &Path,
) -> Result<HostTensor, TensorError> {
    let descr = npy.dtype().descr();
    let dtype = DType::from_npy_descr(&descr).ok_or_else(|| TensorError::Format {
        path: path.display().to_string(),
        message: format!("dtype {descr} is not supported"),
    })?;
    let shape = npy.shape().to_vec();
    let mut data = Vec::new();
    npy.into_inner()
        .read_to_end(&mut data)
        .map_err(io_err(path))?;
    Ok(HostTensor { dtype, shape, data })
}

/// Writes tensors: a `.safetensors` or `.npz` file when `path` ends so, else
/// a folder of `.npy` files named by the set's names. Files are replaced
/// atomically; a folder must be new or empty unless `force`, and then only the
/// files written here are replaced ([`crate::output`]). A failure leaves
/// nothing half-written.
pub fn write_set(path: &Path, set: &TensorSet, force: bool) -> Result<(), TensorError> {
    SetOutput::prepare(path, force)?.write(set)
}

/// A sink that takes tensors one at a time ([`SetOutput::write_each`]).
pub type Emit<'e> = dyn FnMut(&str, Payload<'_>) -> io::Result<()> + 'e;

/// One tensor handed to [`SetOutput::write_each`]: bytes as they are, or
/// f32 bytes narrowed as they are written (see [`narrow_f32_into_file`]).
#[derive(Clone, Debug)]
pub enum Payload<'a> {
    /// A tensor to write as it is.
    Ready(TensorRef<'a>),
    /// A strided view of a tensor (a recipe's layout steps folded, see
    /// [`crate::strided`]), written in the view's order, narrowed from f32
    /// to `to` when given.
    Strided {
        /// The tensor as it lies.
        src: TensorRef<'a>,
        /// The view of it to write.
        view: crate::strided::View,
        /// The narrow type, if any.
        to: Option<DType>,
        /// Clamp values beyond its range instead of failing.
        clamp: bool,
        /// Threads to copy with.
        threads: usize,
    },
    /// An f32 tensor to write narrowed to `to` (f16 or bf16).
    Narrow {
        /// The f32 tensor.
        src: TensorRef<'a>,
        /// The narrow type.
        to: DType,
        /// Clamp values beyond its range instead of failing.
        clamp: bool,
        /// Threads to narrow with.
        threads: usize,
    },
}

impl Payload<'_> {
    /// The tensor's type and shape, without data.
    fn described(&self) -> TensorRef<'static> {
        let (dtype, shape) = match self {
            Payload::Ready(t) => (t.dtype, t.shape.clone()),
            Payload::Narrow { src, to, .. } => (*to, src.shape.clone()),
            Payload::Strided { src, view, to, .. } => (to.unwrap_or(src.dtype), view.shape.clone()),
        };
        TensorRef {
            dtype,
            shape,
            data: &[],
        }
    }

    /// Writes the tensor's bytes into `file` from byte `offset` on.
    fn write_at(&self, file: &File, offset: u64) -> io::Result<()> {
        use std::os::unix::fs::FileExt;
        match self {
            Payload::Ready(t) => file.write_all_at(t.data, offset),
            Payload::Narrow {
                src,
                to,
                clamp,
                threads,
            } => narrow_f32_into_file(src.data, *to, *clamp, *threads, file, offset),
            Payload::Strided {
                src,
                view,
                to,
                clamp,
                threads,
            } => crate::strided::copy_into_file(
                view, src.data, src.dtype, *to, *clamp, *threads, file, offset,
            ),
        }
    }

    /// Writes the tensor as a `.npy` file at `path`.
    fn write_npy(&self, path: &Path) -> io::Result<()> {
        if let Payload::Ready(t) = self {
            return t
                .write_npy(path)
                .map_err(|e| io::Error::other(e.to_string()));
        }
        let header = self.described().npy_header();
        let mut file = File::create(path)?;
        file.write_all(&header)?;
        self.write_at(&file, header.len() as u64)
    }

    /// The tensor in memory (narrowed if asked).
    fn to_host(&self) -> io::Result<HostTensor> {
        match self {
            Payload::Ready(t) => Ok(t.to_host()),
            Payload::Narrow {
                src,
                to,
                clamp,
                threads,
            } => Ok(HostTensor {
                dtype: *to,
                shape: src.shape.clone(),
                data: narrow_f32_bytes(src.data, *to, *clamp, *threads)
                    .map_err(io::Error::other)?,
            }),
            Payload::Strided {
                src,
                view,
                to,
                clamp,
                ..
            } => Ok(HostTensor {
                dtype: to.unwrap_or(src.dtype),
                shape: view.shape.clone(),
                data: crate::strided::copy_to_vec(view, src.data, src.dtype, *to, *clamp)
                    .map_err(io::Error::other)?,
            }),
        }
    }
}

/// Where [`write_set`] writes, checked before the work that makes the
/// tensors: a `.npz` or `.safetensors` file, or a folder of `.npy` files.
#[derive(Debug)]
pub enum SetOutput {
    /// A `.npz` file.
    Npz(crate::output::OutputFile),
    /// A `.safetensors` file.
    Safetensors(crate::output::OutputFile),
    /// A folder of `.npy` files.
    Folder(crate::output::OutputDir),
}

impl SetOutput {
    /// Picks the form by extension and checks the target (see [`write_set`]).
    pub fn prepare(path: &Path, force: bool) -> Result<SetOutput, TensorError> {
        use crate::output::{OutputDir, OutputFile};
        Ok(match path.extension().and_then(|x| x.to_str()) {
            Some("npz") => SetOutput::Npz(OutputFile::prepare(path)?),
            Some("safetensors") => SetOutput::Safetensors(OutputFile::prepare(path)?),
            _ => SetOutput::Folder(OutputDir::prepare(path, force)?),
        })
    }

    /// Writes tensors one at a time: `make` gets a sink and hands it each
    /// tensor in order, which is written out before `make` goes on (folders
    /// and `.npz`; a `.safetensors` file, whose header comes first, is
    /// assembled in memory and written at the end). An error from `make` or
    /// the sink leaves nothing written.
    pub fn write_each(
        &self,
        make: &mut dyn FnMut(&mut Emit<'_>) -> io::Result<()>,
    ) -> Result<(), TensorError> {
        match self {
            SetOutput::Folder(out) => Ok(out.write(|staging| {
                let mut names = Vec::new();
                make(&mut |name: &str, t: Payload<'_>| {
                    let file = format!("{name}.npy");
                    t.write_npy(&staging.join(&file))?;
                    names.push(file);
                    Ok(())
                })?;
                Ok(names)
            })?),
            SetOutput::Npz(out) => {
                out.write(|file| {
                    let mut zip = zip::ZipWriter::new(BufWriter::with_capacity(1 << 20, file));
                    let options = zip::write::FileOptions::default()
                        .compression_method(zip::CompressionMethod::Stored)
                        .large_file(true);
                    make(&mut |name: &str, t: Payload<'_>| {
                        zip.start_file(format!("{name}.npy"), options)
                            .map_err(io::Error::other)?;
                        match t {
                            Payload::Ready(t) => t.write_npy_to(&mut zip),
                            narrow => narrow.to_host()?.write_npy_to(&mut zip),
                        }
                    })?;
                    zip.finish().map_err(io::Error::other)?.flush()
                })?;
                Ok(())
            }
            SetOutput::Safetensors(out) => {
                let mut set = TensorSet::new();
                make(&mut |name: &str, t: Payload<'_>| {
                    set.push((name.to_string(), t.to_host()?));
                    Ok(())
                })
                .map_err(io_err(out.path()))?;
                write_safetensors(out, &set)
            }
        }
    }

    /// [`SetOutput::write_each`] when the tensors to come are known in
    /// advance (`plan`: name, dtype and shape of each, in order): then a
    /// `.safetensors` file, whose header lists them all first, is streamed
    /// too (header, then each tensor written as it comes); `make` must hand
    /// over exactly the planned tensors, in order.
    pub fn write_each_planned(
        &self,
        plan: &[(String, DType, Vec<u64>)],
        make: &mut dyn FnMut(&mut Emit<'_>) -> io::Result<()>,
    ) -> Result<(), TensorError> {
        match self {
            SetOutput::Safetensors(out) => write_safetensors_planned(out, plan, make),
            _ => self.write_each(make),
        }
    }

    /// Writes the tensors.
    pub fn write(&self, set: &TensorSet) -> Result<(), TensorError> {
        match self {
            SetOutput::Npz(out) => write_npz(out, set),
            SetOutput::Safetensors(out) => write_safetensors(out, set),
            SetOutput::Folder(out) => Ok(out.write(|staging| {
                let mut names = Vec::with_capacity(set.len());
                for (name, t) in set {
                    let file = format!("{name}.npy");
                    t.write_npy(&staging.join(&file))
                        .map_err(|e| io::Error::other(e.to_string()))?;
                    names.push(file);
                }
                Ok(names)
            })?),
        }
    }
}

/// Writes an uncompressed `.npz` (a zip of `.npy` files).
fn write_npz(out: &crate::output::OutputFile, set: &TensorSet) -> Result<(), TensorError> {
    out.write(|file| {
        let mut zip = zip::ZipWriter::new(BufWriter::new(file));
        let options = zip::write::FileOptions::default()
            .compression_method(zip::CompressionMethod::Stored)
            .large_file(true);
        for (name, t) in set {
            zip.start_file(format!("{name}.npy"), options)
                .map_err(io::Error::other)?;
            t.write_npy_to(&mut zip)?;
        }
        zip.finish().map_err(io::Error::other)?.flush()
    })?;
    Ok(())
}

fn write_safetensors(out: &crate::output::OutputFile, set: &TensorSet) -> Result<(), TensorError> {
    let path = out.path();
    let views: Vec<(String, safetensors::tensor::TensorView<'_>)> = set
        .iter()
        .map(|(name, t)| {
            // ui4 is stored as its bytes (`HostTensor::file_header`).
            let (dtype, shape) = t.file_header();
            let shape = shape.iter().map(|&d| d as usize).collect();
            safetensors::tensor::TensorView::new(dtype.to_safetensors(), shape, &t.data)
                .map(|v| (name.clone(), v))
                .map_err(|e| TensorError::Format {
                    path: path.display().to_string(),
                    message: e.to_string(),
                })
        })
        .collect::<Result<_, _>>()?;
    out.write_path(|tmp| {
        safetensors::serialize_to_file(views, None, tmp).map_err(io::Error::other)
    })?;
    Ok(())
}

/// Streams a `.safetensors` file whose tensors are known in advance
/// ([`SetOutput::write_each_planned`]): the header (each tensor's dtype,
/// shape and byte range), then each tensor's bytes as `make` hands it over.
fn write_safetensors_planned(
    out: &crate::output::OutputFile,
    plan: &[(String, DType, Vec<u64>)],
    make: &mut dyn FnMut(&mut Emit<'_>) -> io::Result<()>,
) -> Result<(), TensorError> {
    let mut header = serde_json::Map::new();
    let mut ranges = Vec::with_capacity(plan.len());
    let mut at = 0u64;
    for (name, dtype, shape) in plan {
        // ui4 is stored as its bytes (`HostTensor::file_header`).
        let (dtype, shape) = TensorRef {
            dtype: *dtype,
            shape: shape.clone(),
            data: &[],
        }
        .file_header();
        let bytes = dtype.bytes_for(shape.iter().product::<u64>() as usize) as u64;
        header.insert(
            name.clone(),
            serde_json::json!({
                "dtype": dtype.to_safetensors(),
                "shape": shape,
                "data_offsets": [at, at + bytes],
            }),
        );
        ranges.push((at, bytes));
        at += bytes;
    }
    let mut text = serde_json::to_vec(&serde_json::Value::Object(header)).map_err(|e| {
        TensorError::Format {
            path: out.path().display().to_string(),
            message: e.to_string(),
        }
    })?;
    // The data starts 8-byte aligned, as the safetensors crate writes it.
    text.resize(text.len().next_multiple_of(8), b' ');
    let base = 8 + text.len() as u64;
    out.write_path(|tmp| {
        let mut file = File::create(tmp)?;
        file.write_all(&(text.len() as u64).to_le_bytes())?;
        file.write_all(&text)?;
        let mut k = 0usize;
        make(&mut |name: &str, t: Payload<'_>| {
            let described = t.described();
            let (dtype, shape) = described.file_header();
            let bytes = dtype.bytes_for(shape.iter().product::<u64>() as usize) as u64;
            match (plan.get(k), ranges.get(k)) {
                (Some((planned, ..)), Some(&(offset, size)))
                    if planned == name && size == bytes =>
                {
                    t.write_at(&file, base + offset)?;
                }
                _ => {
                    return Err(io::Error::other(format!(
                        "tensor {k} ({name}, {} {:?}) is not the one planned",
                        described.dtype.mlir_name(),
                        described.shape
                    )))
                }
            }
            k += 1;
            Ok(())
        })?;
        if k != plan.len() {
            return Err(io::Error::other(format!(
                "{k} tensors written, {} planned",
                plan.len()
            )));
        }
        file.set_len(base + at)
    })?;
    Ok(())
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
