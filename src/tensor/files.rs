//! Tensor files: `.npy`, folders of them, `.npz` archives and
//! `.safetensors`, read (headers checked before anything is allocated,
//! data mapped where it lies) and written (atomically, or streamed one
//! tensor at a time).

use super::*;

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
pub(super) type CheckedNpy<R> = npyz::NpyFile<io::Chain<io::Cursor<Vec<u8>>, R>>;

/// An npy stream opened by npyz after [`check_npy_head`] passed on its
/// preamble and header (read here, then handed on with the rest).
pub(super) fn checked_npy<R: Read>(
    mut reader: R,
    path: &Path,
) -> Result<CheckedNpy<R>, TensorError> {
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

pub(super) fn npy_header<R: Read>(
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

pub(super) fn check_npy_len(
    len: usize,
    dtype: DType,
    shape: &[u64],
    path: &Path,
) -> Result<(), TensorError> {
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
            let files = npy_files(path)?;
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

/// The `.npy` files of a folder, sorted by name.
fn npy_files(dir: &Path) -> Result<Vec<PathBuf>, TensorError> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io_err(dir))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "npy"))
        .collect();
    files.sort();
    Ok(files)
}

/// Reads a folder of `.npy` files (sorted by name), a `.npz` archive, or one `.npy` file.
pub fn read_set(path: &Path) -> Result<TensorSet, TensorError> {
    if path.is_dir() {
        let files = npy_files(path)?;
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
            DType::U8 | DType::U4 | DType::I4 => S::U8,
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
    /// [`crate::tensor::strided`]), written in the view's order, narrowed from f32
    /// to `to` when given.
    Strided {
        /// The tensor as it lies.
        src: TensorRef<'a>,
        /// The view of it to write.
        view: crate::tensor::strided::View,
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
            } => crate::tensor::strided::copy_into_file(
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
                data: crate::tensor::strided::copy_to_vec(view, src.data, src.dtype, *to, *clamp)
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
