//! Prints a module. Unchanged parts come from the source text byte for byte;
//! holes (operands, declared types, regions, signatures) are filled from the
//! IR, in the form MLIR's own printer uses for anything new. Deterministic:
//! the output depends only on the module.

use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};

use crate::ir::{Block, Module, Op, OpData, Piece, Region, Signature, Source, Span, Type, Value};

/// Where printed text goes: any writer, or a file that source spans can be
/// copied into by the kernel.
pub trait Emit {
    /// Writes new text.
    fn text(&mut self, s: &[u8]) -> io::Result<()>;
    /// Writes a span of the source.
    fn src(&mut self, source: &Source, span: Span) -> io::Result<()> {
        self.text(source.slice(span).as_bytes())
    }
}

impl<W: Write> Emit for W {
    fn text(&mut self, s: &[u8]) -> io::Result<()> {
        self.write_all(s)
    }
}

/// Spans at least this long go from input file to output file with
/// `copy_file_range` instead of through memory.
const KERNEL_COPY_MIN: usize = 1 << 20;

/// Prints into a file; long source spans are copied file-to-file by the kernel.
pub struct FileEmit<'f> {
    buf: io::BufWriter<&'f File>,
}

impl<'f> FileEmit<'f> {
    /// Wraps an output file opened for writing.
    pub fn new(file: &'f File) -> FileEmit<'f> {
        FileEmit {
            buf: io::BufWriter::with_capacity(1 << 20, file),
        }
    }

    /// Flushes buffered text.
    pub fn finish(mut self) -> io::Result<()> {
        self.buf.flush()
    }
}

impl Emit for FileEmit<'_> {
    fn text(&mut self, s: &[u8]) -> io::Result<()> {
        self.buf.write_all(s)
    }

    fn src(&mut self, source: &Source, span: Span) -> io::Result<()> {
        match source.file() {
            Some(mut input) if span.len() >= KERNEL_COPY_MIN => {
                self.buf.flush()?;
                input.seek(SeekFrom::Start(span.start as u64))?;
                let mut out: &File = self.buf.get_ref();
                let copied = io::copy(&mut io::Read::take(input, span.len() as u64), &mut out)?;
                if copied != span.len() as u64 {
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "input file shrank while printing",
                    ));
                }
                Ok(())
            }
            _ => self.buf.write_all(source.slice(span).as_bytes()),
        }
    }
}

/// Writes the module as MLIR text.
pub fn print<E: Emit>(module: &Module, out: &mut E) -> io::Result<()> {
    let p = Printer { m: module };
    p.block(module.top, out)?;
    out.src(&module.source, module.trailing)
}

/// Prints the module into a string.
pub fn print_to_string(module: &Module) -> String {
    let mut buf = Vec::new();
    print(module, &mut buf).expect("writing to memory cannot fail");
    String::from_utf8(buf).expect("the printer writes UTF-8")
}

struct Printer<'m> {
    m: &'m Module,
}

impl Printer<'_> {
    fn text<E: Emit>(&self, piece: &Piece, out: &mut E) -> io::Result<()> {
        match piece {
            Piece::Src(span) => out.src(&self.m.source, *span),
            Piece::Text(t) => out.text(t.as_bytes()),
            _ => Ok(()),
        }
    }

    fn block<E: Emit>(&self, b: Block, out: &mut E) -> io::Result<()> {
        let data = self.m.layout.block(b);
        for piece in &data.header {
            self.piece(None, piece, out)?;
        }
        for &op in self.m.layout.ops(b) {
            self.op(op, out)?;
        }
        Ok(())
    }

    fn op<E: Emit>(&self, op: Op, out: &mut E) -> io::Result<()> {
        let data = self.m.dfg.op(op);
        self.text(&data.leading, out)?;
        for piece in &data.pieces {
            self.piece(Some(data), piece, out)?;
        }
        Ok(())
    }

    fn piece<E: Emit>(&self, op: Option<&OpData>, piece: &Piece, out: &mut E) -> io::Result<()> {
        match piece {
            Piece::Src(_) | Piece::Text(_) => self.text(piece, out),
            Piece::Results => match op {
                Some(data) if !data.results.is_empty() => {
                    out.text(format!("{} = ", self.results_text(&data.results)).as_bytes())
                }
                _ => Ok(()),
            },
            Piece::Operand(i, span) => match (op, span) {
                (_, Some(span)) => out.src(&self.m.source, *span),
                (Some(data), None) => {
                    let v = data.operands[*i as usize];
                    out.text(self.m.dfg.value(v).ref_text().as_bytes())
                }
                (None, None) => Ok(()),
            },
            Piece::DefType(v) => self.def_type(*v, out),
            Piece::DefAttrs(v) => self.def_attrs(*v, out),
            Piece::Region(i) => match op {
                Some(data) => self.region(data.regions[*i as usize], out),
                None => Ok(()),
            },
            Piece::Sig => match op.and_then(|d| d.sig.as_ref()) {
                Some(sig) => self.sig(sig, out),
                None => Ok(()),
            },
            Piece::Loc => match op.and_then(|d| d.loc) {
                Some(span) => {
                    out.text(b" ")?;
                    out.src(&self.m.source, span)
                }
                None => Ok(()),
            },
            Piece::FuncResults => match op {
                Some(data) => self.func_results(data, out),
                None => Ok(()),
            },
        }
    }

    /// `%a, %b:2` for a list of results (groups of consecutive values sharing a name).
    fn results_text(&self, results: &[Value]) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut i = 0;
        while i < results.len() {
            let v = self.m.dfg.value(results[i]);
            let mut n = 1;
            while i + n < results.len() && v.group_index.is_some() && {
                let w = self.m.dfg.value(results[i + n]);
                w.name == v.name && w.group_index.is_some()
            } {
                n += 1;
            }
            if n > 1 {
                parts.push(format!("%{}:{}", v.name, n));
            } else {
                parts.push(format!("%{}", v.name));
            }
            i += n;
        }
        parts.join(", ")
    }

    fn def_type<E: Emit>(&self, v: Value, out: &mut E) -> io::Result<()> {
        let data = self.m.dfg.value(v);
        match data.ty_span {
            Some(span) => out.src(&self.m.source, span),
            None => out.text(data.ty.to_string().as_bytes()),
        }
    }

    fn def_attrs<E: Emit>(&self, v: Value, out: &mut E) -> io::Result<()> {
        let data = self.m.dfg.value(v);
        let written = data.attrs_span.map(|s| self.m.source.slice(s));
        if data.extra_attrs.is_empty() {
            return out.text(written.unwrap_or("").as_bytes());
        }
        let extra: Vec<String> = data
            .extra_attrs
            .iter()
            .map(|(k, val)| {
                if val.is_empty() {
                    k.clone()
                } else {
                    format!("{k} = {val}")
                }
            })
            .collect();
        let text = match written.map(|w| w.trim_end_matches('}').trim_end()) {
            Some(head) if head.trim_start_matches('{').trim().is_empty() => {
                format!("{{{}}}", extra.join(", "))
            }
            Some(head) => format!("{head}, {}}}", extra.join(", ")),
            None => format!(" {{{}}}", extra.join(", ")),
        };
        out.text(text.as_bytes())
    }

    /// `-> (T {attrs}, ...)`: as written while unchanged, else anew.
    fn func_results<E: Emit>(&self, data: &OpData, out: &mut E) -> io::Result<()> {
        let unchanged = data.func_results.iter().all(|r| r.ty_span.is_some());
        if let Some((span, count)) = data.func_results_src {
            if unchanged && count == data.func_results.len() {
                return out.src(&self.m.source, span);
            }
        }
        let parts: Vec<String> = data
            .func_results
            .iter()
            .map(|r| {
                let ty = match r.ty_span {
                    Some(s) => self.m.source.slice(s).to_string(),
                    None => r.ty.to_string(),
                };
                match r.attrs {
                    Some(a) => format!("{ty} {}", self.m.source.slice(a)),
                    None => ty,
                }
            })
            .collect();
        let text = match (parts.len(), data.func_results.first()) {
            (1, Some(r)) if r.attrs.is_none() => format!("-> {}", parts[0]),
            _ => format!("-> ({})", parts.join(", ")),
        };
        out.text(text.as_bytes())
    }

    fn region<E: Emit>(&self, r: Region, out: &mut E) -> io::Result<()> {
        let data = self.m.layout.region(r);
        out.text(b"{")?;
        for &b in &data.blocks {
            self.block(b, out)?;
        }
        self.text(&data.closing, out)?;
        out.text(b"}")
    }

    fn sig<E: Emit>(&self, sig: &Signature, out: &mut E) -> io::Result<()> {
        if let Some(span) = sig.span {
            return out.src(&self.m.source, span);
        }
        out.text(signature_text(sig).as_bytes())
    }
}

/// A signature in MLIR's form: `: (A, B) -> C`, `: (A) -> (B, C)`, or `: T`.
pub(crate) fn signature_text(sig: &Signature) -> String {
    let list = |ts: &[Type]| {
        ts.iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match &sig.inputs {
        Some(inputs) => {
            let outputs = if sig.outputs.len() == 1 {
                sig.outputs[0].to_string()
            } else {
                format!("({})", list(&sig.outputs))
            };
            format!(": ({}) -> {}", list(inputs), outputs)
        }
        None => format!(": {}", list(&sig.outputs)),
    }
}
