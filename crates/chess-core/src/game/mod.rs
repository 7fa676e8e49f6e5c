//! A game: a start position and a tree of moves, with comments, NAGs, tags,
//! a cursor, and the rules that end a game.
//!
//! Moves form a tree, as every serious PGN tool keeps them: each node's first
//! child is the main continuation, the others are variations. The cursor is
//! the node whose position is "on the board". Playing a move at the cursor
//! follows an existing child with that move or adds a new one (a variation
//! when there already is a continuation), so going back and trying another
//! move never destroys the game.
//!
//! ```
//! use chess_core::{Game, Outcome, WinReason, Color};
//! let mut game = Game::new();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_san(san)?;
//! }
//! assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }));
//! game.back();
//! game.play_san("Qf6")?; // a variation
//! assert_eq!(game.children(game.parent(game.cursor()).unwrap()).len(), 2);
//! # Ok::<(), chess_core::PlayError>(())
//! ```

mod ending;
mod notes;
mod tree;
mod warning;

use std::fmt;

use crate::illegal::IllegalMove;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::san::SanError;
use crate::tags::Tags;
use crate::texts::Texts;
use crate::uci::UciError;
use notes::Notes;
use tree::Node;
pub use tree::NodeId;
pub use warning::{PgnWarning, PgnWarningKind};

/// Why a move could not be played in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move is not legal here.
    Illegal(IllegalMove),
    /// The SAN text is malformed, illegal or ambiguous.
    San(SanError),
    /// The UCI text is malformed or illegal.
    Uci(UciError),
    /// The rules have ended the game at this point.
    GameOver(Outcome),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(e) => e.fmt(f),
            PlayError::San(e) => e.fmt(f),
            PlayError::Uci(e) => e.fmt(f),
            PlayError::GameOver(outcome) => write!(f, "the game is over: {outcome}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A chess game: start position, move tree, tags, cursor and result.
#[derive(Clone, Debug)]
pub struct Game {
    nodes: Vec<Node>,
    cursor: NodeId,
    /// The PGN tags. `Result`, `SetUp` and `FEN` are written from the game
    /// itself when it is exported.
    pub tags: Tags,
    /// What the PGN reader repaired to read the game.
    pub(crate) warnings: Vec<PgnWarning>,
    /// The notes of the nodes that have some.
    notes: Vec<Notes>,
    /// The text of every comment.
    texts: Texts,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A Chess960 game from start position `number` (0..960; 518 is the
    /// standard start); None from 960 on.
    ///
    /// ```
    /// let mut game = chess_core::Game::new_960(0).unwrap();
    /// game.play_san("g3")?;
    /// assert!(game.to_pgn().contains("[Variant \"Chess960\"]"));
    /// # Ok::<(), chess_core::PlayError>(())
    /// ```
    pub fn new_960(number: u32) -> Option<Game> {
        Position::new_960(number).map(Game::from_position)
    }

    /// A game from any legal position.
    pub fn from_position(start: Position) -> Game {
        Game {
            nodes: vec![Node::new(None, None, Some(start))],
            cursor: NodeId::ROOT,
            tags: Tags::new(),
            warnings: Vec::new(),
            notes: Vec::new(),
            texts: Texts::default(),
        }
    }

    /// Whether this is [`Game::placeholder`] (no root).
    pub(crate) fn is_placeholder(&self) -> bool {
        self.nodes.is_empty()
    }

    /// A game with no start, not even a root: a stand-in for the PGN
    /// reader until it knows the start (never given out).
    pub(crate) fn placeholder() -> Game {
        Game {
            nodes: Vec::new(),
            cursor: NodeId::ROOT,
            tags: Tags::new(),
            warnings: Vec::new(),
            notes: Vec::new(),
            texts: Texts::default(),
        }
    }

    /// A game from a FEN.
    pub fn from_fen(fen: &str) -> Result<Game, crate::Error> {
        Ok(Game::from_position(Position::from_fen(fen)?))
    }

    /// What the PGN reader repaired to read this game, with where, in the
    /// order found: a "PGN doctor" report of the file (empty for a game
    /// made here, or read from a file that keeps to the standard).
    ///
    /// ```
    /// let game = chess_core::Game::from_pgn("[White \"\"Socrates\"\"]\n\n1. e4 e5 2. Ng1f3 *")?;
    /// let warnings: Vec<String> = game.warnings().iter().map(|w| w.to_string()).collect();
    /// assert_eq!(warnings, [
    ///     r#"line 1, column 1: the White tag has quotes inside that are not escaped: read as "\"Socrates\"""#,
    ///     r#"line 3, column 13: "Ng1f3" is not standard SAN: read as Nf3"#,
    /// ]);
    /// # Ok::<(), chess_core::pgn::PgnError>(())
    /// ```
    pub fn warnings(&self) -> &[PgnWarning] {
        &self.warnings
    }

    fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }

    /// Whether `id` names a node of this game (not deleted).
    pub fn contains(&self, id: NodeId) -> bool {
        self.nodes.get(id.index()).is_some_and(|n| !n.removed)
    }

    /// The node whose [`NodeId::index`] is `index`, if it is in the game (a
    /// node id stored elsewhere, such as a C program's, read back).
    ///
    /// ```
    /// use chess_core::{Game, NodeId};
    /// let mut game = Game::new();
    /// let e4 = game.play_san("e4")?;
    /// assert_eq!(game.node_id(e4.index()), Some(e4));
    /// assert_eq!(game.node_id(0), Some(NodeId::ROOT));
    /// assert_eq!(game.node_id(2), None);
    /// # Ok::<(), chess_core::PlayError>(())
    /// ```
    pub fn node_id(&self, index: usize) -> Option<NodeId> {
        let id = NodeId(u32::try_from(index).ok()?);
        self.contains(id).then_some(id)
    }

    // --- positions and the cursor ---

    /// The position the game starts from.
    pub fn start_position(&self) -> &Position {
        self.position_at(NodeId::ROOT)
    }

    /// The position at the cursor.
    pub fn position(&self) -> &Position {
        self.position_at(self.cursor)
    }

    /// The position at node `id`.
    #[inline]
    pub fn position_at(&self, id: NodeId) -> &Position {
        match self.node(id).position.get() {
            Some(position) => position,
            None => self.make_position(id),
        }
    }

    /// Makes the position at `id` from the nearest node before it that has
    /// one (the root always has), keeping every position made on the way.
    #[cold]
    fn make_position(&self, id: NodeId) -> &Position {
        // The nodes without a position, from `id` back.
        let mut path = Vec::new();
        let mut at = id;
        let mut position = loop {
            if let Some(known) = self.node(at).position.get() {
                break Position::clone(known);
            }
            path.push(at);
            match self.node(at).parent {
                Some(parent) => at = parent,
                // Only the root has no parent, and it has a position.
                None => break Position::new(),
            }
        };
        while let Some(node) = path.pop() {
            if let Some(m) = self.node(node).mv {
                position.play_unchecked(m);
            }
            if path.is_empty() {
                break;
            }
            let _ = self.node(node).position.set(Box::new(position.clone()));
        }
        self.node(id).position.get_or_init(|| Box::new(position))
    }

    /// The node at the cursor.
    pub fn cursor(&self) -> NodeId {
        self.cursor
    }

    /// Moves the cursor to `id`. Returns false (and stays) if `id` is not a
    /// node of the game.
    pub fn go_to(&mut self, id: NodeId) -> bool {
        if self.contains(id) {
            self.cursor = id;
            true
        } else {
            false
        }
    }

    /// One move back. Returns false at the start.
    pub fn back(&mut self) -> bool {
        match self.node(self.cursor).parent {
            Some(parent) => {
                self.cursor = parent;
                true
            }
            None => false,
        }
    }

    /// One move forward along the main continuation. Returns false at the end.
    pub fn forward(&mut self) -> bool {
        match self.node(self.cursor).children.first() {
            Some(&child) => {
                self.cursor = child;
                true
            }
            None => false,
        }
    }

    /// To the start position.
    pub fn to_start(&mut self) {
        self.cursor = NodeId::ROOT;
    }

    /// Forward along the main continuation to its end.
    pub fn to_end(&mut self) {
        while self.forward() {}
    }

    // --- playing and editing ---

    /// Plays a legal move at the cursor: follows the child with that move if
    /// there is one, otherwise adds it (as the main continuation, or as a
    /// variation when there already is one). The cursor moves to it. A
    /// result recorded at the cursor (resignation, agreement) is cleared.
    pub fn play(&mut self, m: Move) -> Result<NodeId, PlayError> {
        self.check_not_over()?;
        let position = self.position();
        let legal = match position.legal_move(m) {
            Some(legal) => legal,
            None => {
                return Err(PlayError::Illegal(IllegalMove {
                    mv: m,
                    reason: position.why_illegal(m).unwrap_or(crate::IllegalReason::NoLegalMoves),
                }));
            }
        };
        if self.notes(self.cursor).is_some() {
            self.notes_mut(self.cursor).result = None;
        }
        let existing = self
            .node(self.cursor)
            .children
            .iter()
            .copied()
            .find(|&c| self.node(c).mv == Some(legal));
        let id = match existing {
            Some(id) => id,
            None => self.add_child(self.cursor, legal),
        };
        self.cursor = id;
        Ok(id)
    }

    /// Adds `m` (legal at `parent`) as the last continuation of `parent`
    /// without moving the cursor.
    pub(crate) fn add_child(&mut self, parent: NodeId, m: Move) -> NodeId {
        let mut position = self.position_at(parent).clone();
        position.play_unchecked(m);
        self.push_child(parent, m, Some(position))
    }

    /// Adds `m` (legal at `parent`) as the last continuation of `parent`,
    /// its position to be made when asked for (the PGN reader, which keeps
    /// its own, adds moves this way).
    pub(crate) fn add_child_lazily(&mut self, parent: NodeId, m: Move) -> NodeId {
        if self.nodes.capacity() == self.nodes.len() {
            // A game read from a file: room for a whole game at once.
            self.nodes.reserve(self.nodes.len().max(100));
        }
        self.push_child(parent, m, None)
    }

    /// Gives node `id` its position, `position`, if it has none yet (the
    /// PGN reader, which has it at hand, for the end of the main line).
    pub(crate) fn know_position(&mut self, id: NodeId, position: &Position) {
        let node = self.node_mut(id);
        if node.position.get().is_none() {
            let _ = node.position.set(Box::new(position.clone()));
        }
    }

    fn push_child(&mut self, parent: NodeId, m: Move, position: Option<Position>) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node::new(Some(m), Some(parent), position));
        self.node_mut(parent).children.push(id);
        id
    }

    /// Plays a move given in SAN (see [`Game::play`]).
    pub fn play_san(&mut self, san: &str) -> Result<NodeId, PlayError> {
        self.check_not_over()?;
        let m = self.position().parse_san(san).map_err(PlayError::San)?;
        self.play(m)
    }

    /// Plays a move given in UCI notation (see [`Game::play`]).
    pub fn play_uci(&mut self, uci: &str) -> Result<NodeId, PlayError> {
        self.check_not_over()?;
        let m = self.position().parse_uci(uci).map_err(PlayError::Uci)?;
        self.play(m)
    }

    fn check_not_over(&self) -> Result<(), PlayError> {
        match self.outcome_by_rules(self.cursor) {
            Some(outcome) => Err(PlayError::GameOver(outcome)),
            None => Ok(()),
        }
    }

    /// Takes back the move at the cursor: deletes it (with everything after
    /// it) and moves back. Returns the move, or none at the start.
    pub fn pop(&mut self) -> Option<Move> {
        let id = self.cursor;
        let mv = self.node(id).mv?;
        self.delete(id);
        Some(mv)
    }

    /// Deletes `id` and everything after it. The cursor, if it was in the
    /// deleted part, moves to `id`'s parent. The root cannot be deleted.
    pub fn delete(&mut self, id: NodeId) -> bool {
        let Some(parent) = self.contains(id).then(|| self.node(id).parent).flatten() else {
            return false;
        };
        if self.path_to(self.cursor).contains(&id) {
            self.cursor = parent;
        }
        let kept = self.children(parent).iter().copied().filter(|&c| c != id).collect();
        self.node_mut(parent).children.set(kept);
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            let node = self.node_mut(n);
            node.removed = true;
            stack.extend(node.children.take());
        }
        true
    }

    /// Moves the variation `id` one place up among its siblings (to the
    /// main continuation if it was the first variation).
    pub fn promote(&mut self, id: NodeId) -> bool {
        let Some(parent) = self.node(id).parent else {
            return false;
        };
        let mut siblings = self.children(parent).to_vec();
        match siblings.iter().position(|&c| c == id) {
            Some(i) if i > 0 => {
                siblings.swap(i, i - 1);
                self.node_mut(parent).children.set(siblings);
                true
            }
            _ => false,
        }
    }

    /// Makes the line through `id` the main line: at every branching point
    /// above it, its branch becomes the main continuation.
    pub fn promote_to_main(&mut self, id: NodeId) -> bool {
        let mut changed = false;
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            let mut siblings = self.children(parent).to_vec();
            if let Some(i) = siblings.iter().position(|&c| c == at)
                && i > 0
            {
                let node = siblings.remove(i);
                siblings.insert(0, node);
                self.node_mut(parent).children.set(siblings);
                changed = true;
            }
            at = parent;
        }
        changed
    }
}
