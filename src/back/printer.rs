//! Prints a module. Unchanged parts come from the source text byte for byte;
//! holes (operands, declared types, regions, signatures) are filled from the
//! IR, in the form MLIR's own printer uses for anything new. Deterministic:
//! the output depends only on the module.

use std::io::{self, Write};

use crate::ir::{Block, Module, Op, OpData, Piece, Region, Signature, Type, Value};

/// Writes the module as MLIR text.
pub fn print<W: Write>(module: &Module, out: &mut W) -> io::Result<()> {
    let p = Printer { m: module };
    p.block(module.top, out)?;
    out.write_all(module.source.slice(module.trailing).as_bytes())
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
    fn text<W: Write>(&self, piece: &Piece, out: &mut W) -> io::Result<()> {
        match piece {
            Piece::Src(span) => out.write_all(self.m.source.slice(*span).as_bytes()),
            Piece::Text(t) => out.write_all(t.as_bytes()),
            _ => Ok(()),
        }
    }

    fn block<W: Write>(&self, b: Block, out: &mut W) -> io::Result<()> {
        let data = self.m.layout.block(b);
        for piece in &data.header {
            self.piece(None, piece, out)?;
        }
        for &op in &data.ops {
            self.op(op, out)?;
        }
        Ok(())
    }

    fn op<W: Write>(&self, op: Op, out: &mut W) -> io::Result<()> {
        let data = self.m.dfg.op(op);
        self.text(&data.leading, out)?;
        for piece in &data.pieces {
            self.piece(Some(data), piece, out)?;
        }
        Ok(())
    }

    fn piece<W: Write>(&self, op: Option<&OpData>, piece: &Piece, out: &mut W) -> io::Result<()> {
        match piece {
            Piece::Src(_) | Piece::Text(_) => self.text(piece, out),
            Piece::Results => match op {
                Some(data) if !data.results.is_empty() => {
                    write!(out, "{} = ", self.results_text(&data.results))
                }
                _ => Ok(()),
            },
            Piece::Operand(i, span) => match (op, span) {
                (_, Some(span)) => out.write_all(self.m.source.slice(*span).as_bytes()),
                (Some(data), None) => {
                    let v = data.operands[*i as usize];
                    out.write_all(self.m.dfg.value(v).ref_text().as_bytes())
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

    fn def_type<W: Write>(&self, v: Value, out: &mut W) -> io::Result<()> {
        let data = self.m.dfg.value(v);
        match data.ty_span {
            Some(span) => out.write_all(self.m.source.slice(span).as_bytes()),
            None => write!(out, "{}", data.ty),
        }
    }

    fn def_attrs<W: Write>(&self, v: Value, out: &mut W) -> io::Result<()> {
        let data = self.m.dfg.value(v);
        let written = data.attrs_span.map(|s| self.m.source.slice(s));
        if data.extra_attrs.is_empty() {
            return out.write_all(written.unwrap_or("").as_bytes());
        }
        let extra: Vec<String> = data
            .extra_attrs
            .iter()
            .map(|(k, val)| format!("{k} = {val}"))
            .collect();
        match written.map(|w| w.trim_end_matches('}').trim_end()) {
            Some(head) if head.trim_start_matches('{').trim().is_empty() => {
                write!(out, "{{{}}}", extra.join(", "))
            }
            Some(head) => write!(out, "{head}, {}}}", extra.join(", ")),
            None => write!(out, " {{{}}}", extra.join(", ")),
        }
    }

    fn region<W: Write>(&self, r: Region, out: &mut W) -> io::Result<()> {
        let data = self.m.layout.region(r);
        out.write_all(b"{")?;
        for &b in &data.blocks {
            self.block(b, out)?;
        }
        self.text(&data.closing, out)?;
        out.write_all(b"}")
    }

    fn sig<W: Write>(&self, sig: &Signature, out: &mut W) -> io::Result<()> {
        if let Some(span) = sig.span {
            return out.write_all(self.m.source.slice(span).as_bytes());
        }
        write!(out, "{}", signature_text(sig))
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
