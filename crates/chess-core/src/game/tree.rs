//! The move tree of a game: nodes in an arena, known by [`NodeId`]; each
//! node's first child is the main continuation, the others variations.
//! Walking the tree is here; playing and editing it are in the game module.

use std::sync::OnceLock;

use super::Game;
use crate::moves::Move;
use crate::position::Position;

/// A node of a game's move tree. The root (the start position) is
/// [`NodeId::ROOT`]. Ids stay valid while the game lives, also after other
/// nodes are deleted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(super) u32);

impl Default for NodeId {
    /// The root.
    fn default() -> NodeId {
        NodeId::ROOT
    }
}

impl NodeId {
    /// The start position.
    pub const ROOT: NodeId = NodeId(0);

    /// The index of the node (0 for the root), for storing ids elsewhere.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug)]
pub(super) struct Node {
    /// The position after the move, made when first asked for (a game read
    /// from PGN records its moves only, which makes reading fast) and kept.
    /// The root's is always there.
    pub(super) position: OnceLock<Box<Position>>,
    pub(super) mv: Option<Move>,
    pub(super) parent: Option<NodeId>,
    pub(super) children: Children,
    /// Comments, NAGs and a recorded result: most nodes have none, so they
    /// live apart, in [`Game::notes`] (this is 1 + their index; 0 for none).
    pub(super) notes: u32,
    pub(super) removed: bool,
}

impl Node {
    pub(super) fn new(mv: Option<Move>, parent: Option<NodeId>, position: Option<Position>) -> Node {
        Node {
            position: position.map_or_else(OnceLock::new, |p| OnceLock::from(Box::new(p))),
            mv,
            parent,
            children: Children::None,
            notes: 0,
            removed: false,
        }
    }
}

/// A node's continuations. Most nodes have at most one, kept inline so a
/// game of N moves does not make N small allocations.
#[derive(Clone, Debug)]
pub(super) enum Children {
    None,
    One(NodeId),
    Many(Vec<NodeId>),
}

impl Children {
    pub(super) fn as_slice(&self) -> &[NodeId] {
        match self {
            Children::None => &[],
            Children::One(id) => std::slice::from_ref(id),
            Children::Many(ids) => ids,
        }
    }

    pub(super) fn first(&self) -> Option<&NodeId> {
        self.as_slice().first()
    }

    pub(super) fn iter(&self) -> std::slice::Iter<'_, NodeId> {
        self.as_slice().iter()
    }

    pub(super) fn push(&mut self, id: NodeId) {
        *self = match std::mem::replace(self, Children::None) {
            Children::None => Children::One(id),
            Children::One(first) => Children::Many(vec![first, id]),
            Children::Many(mut ids) => {
                ids.push(id);
                Children::Many(ids)
            }
        };
    }

    /// Replaces the list (going back to inline storage when it fits).
    pub(super) fn set(&mut self, ids: Vec<NodeId>) {
        *self = match ids.as_slice() {
            [] => Children::None,
            [one] => Children::One(*one),
            _ => Children::Many(ids),
        };
    }

    pub(super) fn take(&mut self) -> Vec<NodeId> {
        let ids = self.as_slice().to_vec();
        *self = Children::None;
        ids
    }
}

impl Game {
    /// The move that leads to `id` (none for the root).
    pub fn move_at(&self, id: NodeId) -> Option<Move> {
        self.node(id).mv
    }

    /// The SAN of the move that leads to `id`, with `+` or `#`.
    pub fn san_at(&self, id: NodeId) -> Option<String> {
        let mv = self.node(id).mv?;
        let parent = self.node(id).parent?;
        self.position_at(parent).san(mv).ok()
    }

    /// The parent of `id` (none for the root).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// The continuations of `id`: the main one first, then the variations.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        self.node(id).children.as_slice()
    }

    /// The number of half-moves from the start to `id`.
    pub fn ply(&self, id: NodeId) -> usize {
        self.path_to(id).len() - 1
    }

    /// The nodes from the root to `id`, both included.
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            path.push(parent);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The main line: the nodes after the root, following first children.
    pub fn mainline(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut at = NodeId::ROOT;
        while let Some(&child) = self.node(at).children.first() {
            out.push(child);
            at = child;
        }
        out
    }

    /// The moves from the start to the cursor.
    pub fn moves(&self) -> Vec<Move> {
        self.path_to(self.cursor)
            .iter()
            .filter_map(|&id| self.node(id).mv)
            .collect()
    }

    /// The moves of the main line, wherever the cursor is.
    ///
    /// ```
    /// let mut game = chess_core::Game::from_pgn("1. e4 e5 2. Nf3 *")?;
    /// game.to_start();
    /// let moves: Vec<String> = game.mainline_moves().iter().map(|m| m.uci()).collect();
    /// assert_eq!(moves, ["e2e4", "e7e5", "g1f3"]);
    /// assert!(game.moves().is_empty(), "the cursor is at the start");
    /// # Ok::<(), chess_core::pgn::PgnError>(())
    /// ```
    pub fn mainline_moves(&self) -> Vec<Move> {
        self.mainline().iter().filter_map(|&id| self.node(id).mv).collect()
    }

    /// The last node of the main line.
    pub fn mainline_end(&self) -> NodeId {
        let mut at = NodeId::ROOT;
        while let Some(&child) = self.node(at).children.first() {
            at = child;
        }
        at
    }

    /// Whether `id` lies on the main line (the root does).
    pub fn is_mainline(&self, id: NodeId) -> bool {
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            if self.node(parent).children.first() != Some(&at) {
                return false;
            }
            at = parent;
        }
        true
    }

    /// How many moves the game's tree holds, variations included.
    pub fn move_count(&self) -> usize {
        self.nodes.iter().filter(|n| !n.removed && n.mv.is_some()).count()
    }

    /// All node ids in use, for serializers: the root, then every node in
    /// depth-first order with main continuations first.
    pub fn nodes(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![NodeId::ROOT];
        while let Some(id) = stack.pop() {
            out.push(id);
            stack.extend(self.node(id).children.iter().rev());
        }
        out
    }
}
