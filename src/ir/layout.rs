//! Order: which operations a block holds and in what order, which blocks a
//! region holds, and which operation owns each region.

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
    /// Its operations, in order.
    pub ops: Vec<Op>,
}

/// Regions and blocks of a module.
#[derive(Default)]
pub struct Layout {
    regions: Vec<RegionData>,
    blocks: Vec<BlockData>,
}

impl Layout {
    /// Adds a region owned by `parent`.
    pub fn add_region(&mut self, parent: Op, closing: Piece) -> Region {
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
            ops: Vec::new(),
        });
        let b = Block(self.blocks.len() as u32 - 1);
        if let Some(r) = region {
            self.regions[r.0 as usize].blocks.push(b);
        }
        b
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

    /// The block's data, to change it.
    pub fn block_mut(&mut self, b: Block) -> &mut BlockData {
        &mut self.blocks[b.0 as usize]
    }

    /// The operation that owns the region holding `b`, if `b` is not top-level.
    pub fn block_owner(&self, b: Block) -> Option<Op> {
        self.block(b).region.map(|r| self.region(r).parent)
    }

    /// Position of `op` in block `b`.
    pub fn position(&self, b: Block, op: Op) -> Option<usize> {
        self.block(b).ops.iter().position(|&o| o == op)
    }
}
