//! Order: which operations a block holds and in what order, which blocks a
//! region holds, and which operation owns each region.
//!
//! A block's operations are a doubly linked list (links kept per operation,
//! indexed by its graph node), so that inserting before an operation,
//! removing one and stepping to the next are O(1) however long the block is.
//! The block's operations as a slice ([`Layout::ops`]) are materialised on
//! first read after a change and kept until the next change.

use std::cell::OnceCell;

use super::{Block, Op, Piece, Region, Value};

/// A region: the blocks inside one `{ ... }` of an operation.
#[derive(Clone, Debug)]
pub struct RegionData {
    /// The operation that owns it.
    pub parent: Op,
    /// Its blocks, in order.
    pub blocks: Vec<Block>,
    /// Whitespace and comments before the closing `}`.
    pub closing: Piece,
}

/// A block: a list of operations, with arguments when it has a `^bb` header.
#[derive(Clone, Debug)]
pub struct BlockData {
    /// The region that holds it; `None` for the file's top level.
    pub region: Option<Region>,
    /// The printed header `^bb0(%a: f32):` and the text in front of it; empty for
    /// a block written without a header.
    pub header: Vec<Piece>,
    /// Arguments declared in its header.
    pub args: Vec<Value>,
    first: Option<Op>,
    last: Option<Op>,
    len: usize,
    /// Its operations in order, materialised from the links on demand.
    order: OnceCell<Vec<Op>>,
}

/// Where one operation sits: its block and its neighbours there.
#[derive(Clone, Copy, Debug, Default)]
struct Link {
    block: Option<Block>,
    prev: Option<Op>,
    next: Option<Op>,
}

/// Regions and blocks of a module.
#[derive(Default)]
pub struct Layout {
    regions: Vec<RegionData>,
    blocks: Vec<BlockData>,
    /// Per operation (by graph node index): its block and neighbours.
    links: Vec<Link>,
    /// Per operation (by graph node index): whether a region was ever added
    /// with it as parent. Never cleared (a slot reused by a new operation
    /// may say `true` for an op without regions), so `false` is certain:
    /// walks skip such ops without reading their data.
    may_own_regions: Vec<bool>,
}

impl Layout {
    /// Makes room for `ops` more operations (by graph node index) without
    /// moving what is there.
    pub fn reserve_ops(&mut self, ops: usize) {
        self.links.reserve(ops);
    }

    /// Adds a region owned by `parent`.
    pub fn add_region(&mut self, parent: Op, closing: Piece) -> Region {
        let i = parent.0.index();
        if self.may_own_regions.len() <= i {
            self.may_own_regions.resize(i + 1, false);
        }
        self.may_own_regions[i] = true;
        self.regions.push(RegionData {
            parent,
            blocks: Vec::new(),
            closing,
        });
        Region(self.regions.len() as u32 - 1)
    }

    /// Adds an empty block to `region` (or a top-level block when `None`).
    pub fn add_block(&mut self, region: Option<Region>) -> Block {
        self.blocks.push(BlockData {
            region,
            header: Vec::new(),
            args: Vec::new(),
            first: None,
            last: None,
            len: 0,
            order: OnceCell::new(),
        });
        let b = Block(self.blocks.len() as u32 - 1);
        if let Some(r) = region {
            self.regions[r.0 as usize].blocks.push(b);
        }
        b
    }

    /// Whether `op` may own regions: `false` means it owns none for sure.
    pub fn may_own_regions(&self, op: Op) -> bool {
        self.may_own_regions
            .get(op.0.index())
            .copied()
            .unwrap_or(false)
    }

    /// The region's data.
    pub fn region(&self, r: Region) -> &RegionData {
        &self.regions[r.0 as usize]
    }

    /// The region's data, to change it.
    pub fn region_mut(&mut self, r: Region) -> &mut RegionData {
        &mut self.regions[r.0 as usize]
    }

    /// The block's data.
    pub fn block(&self, b: Block) -> &BlockData {
        &self.blocks[b.0 as usize]
    }

    /// The block's data, to change its header or arguments (its operations
    /// change through [`Layout::push_op`], [`Layout::insert_before`] and
    /// [`Layout::remove`]).
    pub fn block_mut(&mut self, b: Block) -> &mut BlockData {
        &mut self.blocks[b.0 as usize]
    }

    /// The operation that owns the region holding `b`, if `b` is not top-level.
    pub fn block_owner(&self, b: Block) -> Option<Op> {
        self.block(b).region.map(|r| self.region(r).parent)
    }

    /// The operations of block `b`, in order. O(1) when the block did not
    /// change since the last call, else O(length of the block).
    pub fn ops(&self, b: Block) -> &[Op] {
        let data = self.block(b);
        data.order.get_or_init(|| {
            let mut out = Vec::with_capacity(data.len);
            let mut cur = data.first;
            while let Some(op) = cur {
                out.push(op);
                cur = self.link(op).next;
            }
            out
        })
    }

    /// How many operations block `b` holds.
    pub fn len(&self, b: Block) -> usize {
        self.block(b).len
    }

    /// Whether block `b` holds no operation.
    pub fn is_empty(&self, b: Block) -> bool {
        self.block(b).len == 0
    }

    /// The first operation of block `b`.
    pub fn first(&self, b: Block) -> Option<Op> {
        self.block(b).first
    }

    /// The last operation of block `b`.
    pub fn last(&self, b: Block) -> Option<Op> {
        self.block(b).last
    }

    /// The operation after `op` in its block (O(1)).
    pub fn next(&self, op: Op) -> Option<Op> {
        self.link(op).next
    }

    /// The operation before `op` in its block (O(1)).
    pub fn prev(&self, op: Op) -> Option<Op> {
        self.link(op).prev
    }

    /// The block `op` is placed in, if it is placed.
    pub fn block_of(&self, op: Op) -> Option<Block> {
        self.link(op).block
    }

    /// Position of `op` in block `b` (O(length of the block) after a change
    /// of the block; prefer [`Layout::next`] / [`Layout::prev`]).
    pub fn position(&self, b: Block, op: Op) -> Option<usize> {
        if self.link(op).block != Some(b) {
            return None;
        }
        self.ops(b).iter().position(|&o| o == op)
    }

    /// Appends `op` (not placed yet) at the end of block `b`.
    pub fn push_op(&mut self, b: Block, op: Op) {
        let last = self.block(b).last;
        *self.link_mut(op) = Link {
            block: Some(b),
            prev: last,
            next: None,
        };
        match last {
            Some(l) => self.link_mut(l).next = Some(op),
            None => self.blocks[b.0 as usize].first = Some(op),
        }
        let data = &mut self.blocks[b.0 as usize];
        data.last = Some(op);
        data.len += 1;
        data.order.take();
    }

    /// Places `op` (not placed yet) right before `anchor`, in `anchor`'s
    /// block. Returns false (and places nothing) when `anchor` is not placed.
    pub fn insert_before(&mut self, anchor: Op, op: Op) -> bool {
        let Link {
            block: Some(b),
            prev,
            ..
        } = self.link(anchor)
        else {
            return false;
        };
        *self.link_mut(op) = Link {
            block: Some(b),
            prev,
            next: Some(anchor),
        };
        self.link_mut(anchor).prev = Some(op);
        match prev {
            Some(p) => self.link_mut(p).next = Some(op),
            None => self.blocks[b.0 as usize].first = Some(op),
        }
        let data = &mut self.blocks[b.0 as usize];
        data.len += 1;
        data.order.take();
        true
    }

    /// Takes `op` out of its block (if placed).
    pub fn remove(&mut self, op: Op) {
        let Link {
            block: Some(b),
            prev,
            next,
        } = self.link(op)
        else {
            return;
        };
        match prev {
            Some(p) => self.link_mut(p).next = next,
            None => self.blocks[b.0 as usize].first = next,
        }
        match next {
            Some(n) => self.link_mut(n).prev = prev,
            None => self.blocks[b.0 as usize].last = prev,
        }
        *self.link_mut(op) = Link::default();
        let data = &mut self.blocks[b.0 as usize];
        data.len -= 1;
        data.order.take();
    }

    fn link(&self, op: Op) -> Link {
        self.links.get(op.0.index()).copied().unwrap_or_default()
    }

    fn link_mut(&mut self, op: Op) -> &mut Link {
        let i = op.0.index();
        if i >= self.links.len() {
            self.links.resize(i + 1, Link::default());
        }
        &mut self.links[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::stable_graph::NodeIndex;

    fn op(i: u32) -> Op {
        Op(NodeIndex::new(i as usize))
    }

    #[test]
    fn links_follow_pushes_inserts_and_removals() {
        let mut l = Layout::default();
        let b = l.add_block(None);
        let c = l.add_block(None);
        assert!(l.is_empty(b));
        for i in 0..4 {
            l.push_op(b, op(i));
        }
        l.push_op(c, op(9));
        assert_eq!(l.ops(b), &[op(0), op(1), op(2), op(3)]);
        assert!(l.insert_before(op(0), op(5)));
        assert!(l.insert_before(op(2), op(6)));
        assert_eq!(l.ops(b), &[op(5), op(0), op(1), op(6), op(2), op(3)]);
        assert_eq!(l.first(b), Some(op(5)));
        assert_eq!(l.next(op(1)), Some(op(6)));
        assert_eq!(l.prev(op(6)), Some(op(1)));
        assert_eq!(l.position(b, op(2)), Some(4));
        assert_eq!(l.position(c, op(2)), None);
        l.remove(op(5));
        l.remove(op(3));
        l.remove(op(6));
        assert_eq!(l.ops(b), &[op(0), op(1), op(2)]);
        assert_eq!(
            (l.first(b), l.last(b), l.len(b)),
            (Some(op(0)), Some(op(2)), 3)
        );
        assert_eq!(l.block_of(op(3)), None);
        assert!(!l.insert_before(op(3), op(7)));
        // A removed op's slot can be reused (graph node indices are).
        l.push_op(c, op(3));
        assert_eq!(l.ops(c), &[op(9), op(3)]);
        assert_eq!(l.block_of(op(3)), Some(c));
        assert_eq!(l.ops(b), &[op(0), op(1), op(2)]);
        for o in [op(0), op(1), op(2)] {
            l.remove(o);
        }
        assert!(l.ops(b).is_empty());
        assert_eq!((l.first(b), l.last(b)), (None, None));
    }
}
