//! Values and their uses: operations are nodes of a petgraph `StableGraph`,
//! every SSA use is an edge from the operation that defines the value to the
//! operation that reads it. Order lives elsewhere ([`super::Layout`]).

use petgraph::stable_graph::{EdgeIndex, NodeIndex, StableDiGraph};
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use super::{Block, Op, Region, Span, Type, Value};

/// One use of a value: the edge weight of the data-flow graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Use {
    /// The value read.
    pub value: Value,
    /// Which operand of the user reads it.
    pub operand: u32,
}

/// How an operation was (or will be) written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpForm {
    /// Custom syntax: `stablehlo.add %a, %b : tensor<f32>`.
    Pretty,
    /// Generic syntax: `"stablehlo.add"(%a, %b) : (...) -> ...`.
    Generic,
    /// A top-level alias definition, `#loc1 = loc("x")`, kept verbatim.
    Alias,
    /// The `{-# dialect_resources ... #-}` section, kept verbatim.
    Resource,
}

/// A piece of an operation's printed form: source text, new text, or a hole
/// that the printer fills from the IR.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Text of the input, printed as it was.
    Src(Span),
    /// Text written by a pass.
    Text(Box<str>),
    /// The result list, `%a, %b:2 = ` (operations made by passes).
    Results,
    /// The operand at this index, `%x` or `%x#1`; with the span it was written
    /// at while it still reads the value it was parsed with.
    Operand(u32, Option<Span>),
    /// The type of a declared value (`%arg0: <type>`).
    DefType(Value),
    /// The attribute dictionary of a declared value, with attributes passes added.
    DefAttrs(Value),
    /// The region at this index.
    Region(u32),
    /// The trailing type signature.
    Sig,
    /// The result types of a `func.func` (`-> (T {attrs}, ...)`).
    FuncResults,
    /// ` loc(...)` from the op's location, if it has one (ops made by passes).
    Loc,
}

/// The trailing type signature of an operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// Where it is written; `None` once a pass has changed it (then it is printed anew).
    pub span: Option<Span>,
    /// Operand types of a functional signature `(A, B) -> C`; `None` for the short form `: T`.
    pub inputs: Option<Vec<Type>>,
    /// Result types of a functional signature, or the listed types of the short form.
    pub outputs: Vec<Type>,
}

/// An operation.
#[derive(Clone, Debug)]
pub struct OpData {
    /// The operation name without quotes, `stablehlo.dot_general`. Never
    /// changed once the op is in a graph: the graph keeps it interned too
    /// ([`DataFlowGraph::kind`]), and the verifier checks that they agree.
    pub name: String,
    /// How it is written.
    pub form: OpForm,
    /// Values it defines, in order.
    pub results: Vec<Value>,
    /// Values it reads, in order of appearance.
    pub operands: Vec<Value>,
    /// Values its own syntax declares for its regions (function arguments,
    /// `while` iteration arguments, `reducer` arguments).
    pub decls: Vec<Value>,
    /// Its regions, in order.
    pub regions: Vec<Region>,
    /// The trailing type signature, if it has one.
    pub sig: Option<Signature>,
    /// Its location, `loc(...)`, if written.
    pub loc: Option<Span>,
    /// The hex digits of a `dense<"0x...">` attribute, if it has one.
    pub payload: Option<Span>,
    /// The first symbol written at its top level, `@main` (a function's own
    /// name; the callee of a call).
    pub symbol: Option<Span>,
    /// Its printed form. For a parsed op with results, the first piece is
    /// the result list text (`%0 = `).
    pub pieces: Vec<Piece>,
    /// Whitespace and comments printed in front of it.
    pub leading: Piece,
    /// The block that holds it.
    pub block: Option<Block>,
    /// For `func.func`: its results as written after `->`.
    pub func_results: Vec<FuncResult>,
    /// For `func.func`: where `-> ...` is written and how many results it had;
    /// printed as written while the results are unchanged.
    pub func_results_src: Option<(Span, usize)>,
}

impl OpData {
    /// An operation with a name and nothing else, to be filled by a builder.
    pub fn new(name: impl Into<String>, form: OpForm) -> OpData {
        OpData {
            name: name.into(),
            form,
            results: Vec::new(),
            operands: Vec::new(),
            decls: Vec::new(),
            regions: Vec::new(),
            sig: None,
            loc: None,
            payload: None,
            symbol: None,
            pieces: Vec::new(),
            leading: Piece::Text("".into()),
            block: None,
            func_results: Vec::new(),
            func_results_src: None,
        }
    }
}

/// One result of a function: its type and attribute dictionary.
#[derive(Clone, Debug, PartialEq)]
pub struct FuncResult {
    /// The type.
    pub ty: Type,
    /// Where the type is written; `None` once changed.
    pub ty_span: Option<Span>,
    /// The attribute dictionary written after it (`{jax.result_info = ""}`).
    pub attrs: Option<Span>,
}

/// An operation's name, interned by its graph: two operations of one graph
/// have the same `OpName` exactly when their names are equal. Comparing
/// these reads a dense array, not each operation's data, which keeps whole-
/// module sweeps within the cache on large modules (docs/perf.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpName(u32);

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// The `index`-th result of an operation.
    Result {
        /// The defining operation.
        op: Op,
        /// Position among its results.
        index: u32,
    },
    /// Declared by an operation's own syntax for its regions (`func.func` arguments).
    Decl {
        /// The declaring operation.
        op: Op,
        /// Position among its declarations.
        index: u32,
    },
    /// An argument of a block written with a `^bb0(...)` header.
    BlockArg {
        /// The block.
        block: Block,
        /// Position among its arguments.
        index: u32,
    },
}

/// An SSA value.
#[derive(Clone, Debug)]
pub struct ValueData {
    /// Its name without `%` (`0`, `arg3`, `cst_1`); for a multi-result group, the group's name.
    pub name: String,
    /// Its position in a multi-result group, printed as `%name#index`.
    pub group_index: Option<u32>,
    /// Its type.
    pub ty: Type,
    /// Where its type is written next to its declaration; `None` once changed.
    pub ty_span: Option<Span>,
    /// The attribute dictionary written after a declared type, `{...}`.
    pub attrs_span: Option<Span>,
    /// Attributes added by passes, `(name, value)`, printed after the written ones.
    pub extra_attrs: Vec<(String, String)>,
    /// Where it comes from.
    pub def: ValueDef,
    /// The operation whose graph node carries its use edges: the defining or
    /// declaring operation, or for a block argument the operation that owns the block.
    /// Fixed when the value is added: the graph keeps a dense copy of it.
    pub origin: Op,
    /// Where its name is written (for messages).
    pub def_span: Span,
    /// The location written after a declared value, `loc("p['w1']")`.
    pub loc: Option<Span>,
}

impl ValueData {
    /// How a use of this value is written: `%name` or `%name#i`.
    pub fn ref_text(&self) -> String {
        match self.group_index {
            Some(i) => format!("%{}#{}", self.name, i),
            None => format!("%{}", self.name),
        }
    }

    /// Whether it is an argument of a function (declared by `func.func`).
    pub fn is_decl(&self) -> bool {
        matches!(self.def, ValueDef::Decl { .. })
    }
}

/// The data-flow graph: operations, values and use edges.
///
/// A use edge runs from the node that carries the value's uses to the user.
/// For an operation's result that is the operation's node. A value an
/// operation declares (a function's argument) or a block argument gets a
/// node of its own, a *carrier*, which is not an operation (it is in no
/// block and [`DataFlowGraph::op_count`] does not count it): a function with
/// thousands of arguments would otherwise carry every argument's uses on
/// one node, and petgraph finds and unlinks an edge in time linear in its
/// source node's edge count.
#[derive(Default)]
pub struct DataFlowGraph {
    /// Node weights are boxed: the node array then holds a pointer per
    /// operation, so growing it (as passes add operations) copies little.
    graph: StableDiGraph<Box<OpData>, Use, u32>,
    values: Vec<ValueData>,
    /// Per value: its carrier node, for values that are not results.
    carriers: Vec<Option<NodeIndex<u32>>>,
    /// Per value: the node whose outgoing edges are its uses (its carrier,
    /// or the operation that defines it), dense so that asking for a
    /// value's uses does not read the value's data.
    sources: Vec<NodeIndex<u32>>,
    /// How many carrier nodes the graph holds.
    carrier_count: usize,
    /// Interned operation names: the id of each distinct name.
    name_ids: std::collections::HashMap<Box<str>, OpName>,
    /// Interned operation names by id.
    names: Vec<Box<str>>,
    /// Per graph node (by index): its name's id. Slots of removed nodes
    /// keep a stale id; only live nodes are ever read.
    kinds: Vec<OpName>,
}

impl DataFlowGraph {
    /// Adds an operation (without edges; see [`DataFlowGraph::push_operand`]).
    pub fn add_op(&mut self, data: OpData) -> Op {
        let kind = self.intern(&data.name);
        let node = self.graph.add_node(Box::new(data));
        self.set_kind(node, kind);
        Op(node)
    }

    /// The id of `name`, added to the table if new.
    fn intern(&mut self, name: &str) -> OpName {
        if let Some(&id) = self.name_ids.get(name) {
            return id;
        }
        let id = OpName(self.names.len() as u32);
        self.names.push(name.into());
        self.name_ids.insert(name.into(), id);
        id
    }

    fn set_kind(&mut self, node: NodeIndex<u32>, kind: OpName) {
        let i = node.index();
        if self.kinds.len() <= i {
            self.kinds.resize(i + 1, kind);
        }
        self.kinds[i] = kind;
    }

    /// The interned name of a live operation (or carrier node, named `""`).
    pub fn kind(&self, op: Op) -> OpName {
        self.kinds[op.0.index()]
    }

    /// The id of `name` if some operation of this graph ever had it; `None`
    /// means no operation is named so.
    pub fn name_id(&self, name: &str) -> Option<OpName> {
        self.name_ids.get(name).copied()
    }

    /// A table, per name interned so far, of whether `pred` holds for it:
    /// for sweeps that test a property of every op's name
    /// ([`DataFlowGraph::kind_in`]) without reading the op.
    pub fn names_where(&self, pred: impl Fn(&str) -> bool) -> Vec<bool> {
        self.names.iter().map(|n| pred(n)).collect()
    }

    /// Whether `op`'s name is one the table of [`DataFlowGraph::names_where`]
    /// marks (a name interned after the table was made is not).
    pub fn kind_in(&self, op: Op, table: &[bool]) -> bool {
        table
            .get(self.kind(op).0 as usize)
            .copied()
            .unwrap_or(false)
    }

    /// The name an id stands for.
    pub fn name_of(&self, id: OpName) -> &str {
        &self.names[id.0 as usize]
    }

    /// Makes room for `ops` more operations and `values` more values (with
    /// about one use each) without moving what is there. Room reserved but
    /// not used costs address space only.
    pub fn reserve(&mut self, ops: usize, values: usize) {
        self.graph.reserve_nodes(ops);
        self.kinds.reserve(ops + values);
        self.graph.reserve_edges(values);
        self.values.reserve(values);
        self.carriers.reserve(values);
        self.sources.reserve(values);
    }

    /// The number of values (of every kind).
    pub fn value_count(&self) -> usize {
        self.values.len()
    }

    /// Adds a value to the arena.
    pub fn add_value(&mut self, data: ValueData) -> Value {
        let v = Value(self.values.len() as u32);
        let carrier = match data.def {
            ValueDef::Result { .. } => None,
            ValueDef::Decl { .. } | ValueDef::BlockArg { .. } => {
                self.carrier_count += 1;
                let kind = self.intern("");
                let node = self
                    .graph
                    .add_node(Box::new(OpData::new("", OpForm::Pretty)));
                self.set_kind(node, kind);
                Some(node)
            }
        };
        self.sources.push(carrier.unwrap_or(data.origin.0));
        self.values.push(data);
        self.carriers.push(carrier);
        v
    }

    /// The node whose outgoing edges are the uses of `v` (a node no longer
    /// in the graph once `v`'s carrier or defining op was removed).
    fn use_source(&self, v: Value) -> NodeIndex<u32> {
        self.sources
            .get(v.0 as usize)
            .copied()
            .unwrap_or_else(NodeIndex::end)
    }

    /// The operation's data.
    pub fn op(&self, op: Op) -> &OpData {
        &self.graph[op.0]
    }

    /// The operation's data, to change it.
    pub fn op_mut(&mut self, op: Op) -> &mut OpData {
        &mut self.graph[op.0]
    }

    /// Whether the operation still exists.
    pub fn contains(&self, op: Op) -> bool {
        self.graph.contains_node(op.0)
    }

    /// The value's data.
    pub fn value(&self, v: Value) -> &ValueData {
        &self.values[v.0 as usize]
    }

    /// The value's data, to change it.
    pub fn value_mut(&mut self, v: Value) -> &mut ValueData {
        &mut self.values[v.0 as usize]
    }

    /// The value's type.
    pub fn ty(&self, v: Value) -> &Type {
        &self.value(v).ty
    }

    /// Appends an operand to `op` and records the use edge.
    pub fn push_operand(&mut self, op: Op, v: Value) {
        let operand = self.graph[op.0].operands.len() as u32;
        self.graph[op.0].operands.push(v);
        let source = self.use_source(v);
        self.graph.add_edge(source, op.0, Use { value: v, operand });
    }

    fn use_edge(&self, op: Op, operand: u32) -> Option<EdgeIndex<u32>> {
        self.graph
            .edges_directed(op.0, Direction::Incoming)
            .find(|e| e.weight().operand == operand)
            .map(|e| e.id())
    }

    /// Makes operand `index` of `op` read `v` instead.
    pub fn set_operand(&mut self, op: Op, index: usize, v: Value) {
        if let Some(e) = self.use_edge(op, index as u32) {
            self.graph.remove_edge(e);
        }
        let data = &mut self.graph[op.0];
        data.operands[index] = v;
        for piece in &mut data.pieces {
            if let Piece::Operand(i, span) = piece {
                if *i as usize == index {
                    *span = None;
                }
            }
        }
        let source = self.use_source(v);
        self.graph.add_edge(
            source,
            op.0,
            Use {
                value: v,
                operand: index as u32,
            },
        );
    }

    /// Reorders `op`'s operands: new operand `i` is old operand `order[i]`.
    /// Holes keep printing the same values (and their source text).
    pub fn permute_operands(&mut self, op: Op, order: &[usize]) {
        let old = self.graph[op.0].operands.clone();
        if order.len() != old.len() {
            return;
        }
        for i in 0..old.len() {
            if let Some(e) = self.use_edge(op, i as u32) {
                self.graph.remove_edge(e);
            }
        }
        let mut new_index = vec![0u32; old.len()];
        for (i, &k) in order.iter().enumerate() {
            new_index[k] = i as u32;
        }
        let data = &mut self.graph[op.0];
        data.operands = order.iter().map(|&k| old[k]).collect();
        for piece in &mut data.pieces {
            if let Piece::Operand(i, _) = piece {
                if let Some(&n) = new_index.get(*i as usize) {
                    *i = n;
                }
            }
        }
        let operands = data.operands.clone();
        for (i, v) in operands.into_iter().enumerate() {
            // From the value's use source, as every other use edge: a
            // function argument's uses hang off its carrier.
            let source = self.use_source(v);
            self.graph.add_edge(
                source,
                op.0,
                Use {
                    value: v,
                    operand: i as u32,
                },
            );
        }
    }

    /// Every use of `v`: the user and the operand index, in no particular order.
    pub fn uses(&self, v: Value) -> Vec<(Op, usize)> {
        let source = self.use_source(v);
        if !self.graph.contains_node(source) {
            return Vec::new();
        }
        let mut uses: Vec<(Op, usize)> = self
            .graph
            .edges_directed(source, Direction::Outgoing)
            .filter(|e| e.weight().value == v)
            .map(|e| (Op(e.target()), e.weight().operand as usize))
            .collect();
        uses.sort();
        uses
    }

    /// Whether `v` is read anywhere.
    pub fn has_uses(&self, v: Value) -> bool {
        let source = self.use_source(v);
        self.graph.contains_node(source)
            && self
                .graph
                .edges_directed(source, Direction::Outgoing)
                .any(|e| e.weight().value == v)
    }

    /// Makes every reader of `old` read `new`, except the operation `except`.
    pub fn replace_uses(&mut self, old: Value, new: Value, except: Option<Op>) {
        for (user, index) in self.uses(old) {
            if Some(user) != except {
                self.set_operand(user, index, new);
            }
        }
    }

    /// Removes an operation and its use edges (with the carriers of the
    /// values it declares). Its results must be unused.
    pub fn remove_op(&mut self, op: Op) -> Option<OpData> {
        let data = self.graph.remove_node(op.0)?;
        for &v in &data.decls {
            if let Some(c) = self.carriers.get_mut(v.0 as usize).and_then(Option::take) {
                // Its uses went with the carrier; a later node reusing the
                // carrier's index must not look like them.
                if let Some(slot) = self.sources.get_mut(v.0 as usize) {
                    *slot = NodeIndex::end();
                }
                self.graph.remove_node(c);
                self.carrier_count -= 1;
            }
        }
        Some(*data)
    }

    /// The number of operations.
    pub fn op_count(&self) -> usize {
        self.graph.node_count() - self.carrier_count
    }

    /// The underlying petgraph graph, for graph algorithms. Besides the
    /// operations it holds the carrier nodes of arguments (see
    /// [`DataFlowGraph`]), whose weight is an empty `OpData` named `""`.
    pub fn graph(&self) -> &StableDiGraph<Box<OpData>, Use, u32> {
        &self.graph
    }

    /// The operation that defines `v` as a result, if any.
    pub fn producer(&self, v: Value) -> Option<Op> {
        match self.value(v).def {
            ValueDef::Result { op, .. } => Some(op),
            _ => None,
        }
    }
}
