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

use std::fmt;
use std::sync::OnceLock;

use crate::illegal::IllegalMove;
use crate::moves::Move;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::piece::Color;
use crate::position::Position;
use crate::san::SanError;
use crate::status::Status;
use crate::uci::UciError;

/// A node of a game's move tree. The root (the start position) is
/// [`NodeId::ROOT`]. Ids stay valid while the game lives, also after other
/// nodes are deleted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

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
struct Node {
    /// The position after the move, made when first asked for (a game read
    /// from PGN records its moves only, which makes reading fast) and kept.
    /// The root's is always there.
    position: OnceLock<Box<Position>>,
    mv: Option<Move>,
    parent: Option<NodeId>,
    children: Children,
    /// Comments, NAGs and a recorded result: most nodes have none, so they
    /// live apart, in [`Game::notes`] (this is 1 + their index; 0 for none).
    notes: u32,
    removed: bool,
}

/// What a node has besides its move. The comments are ranges of
/// [`Game::texts`].
#[derive(Clone, Debug, Default)]
struct Notes {
    comment: Span,
    starting_comment: Span,
    nags: Vec<u8>,
    result: Option<Outcome>,
}

impl Node {
    fn new(mv: Option<Move>, parent: Option<NodeId>, position: Option<Position>) -> Node {
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
enum Children {
    None,
    One(NodeId),
    Many(Vec<NodeId>),
}

impl Children {
    fn as_slice(&self) -> &[NodeId] {
        match self {
            Children::None => &[],
            Children::One(id) => std::slice::from_ref(id),
            Children::Many(ids) => ids,
        }
    }

    fn first(&self) -> Option<&NodeId> {
        self.as_slice().first()
    }

    fn iter(&self) -> std::slice::Iter<'_, NodeId> {
        self.as_slice().iter()
    }

    fn push(&mut self, id: NodeId) {
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
    fn set(&mut self, ids: Vec<NodeId>) {
        *self = match ids.as_slice() {
            [] => Children::None,
            [one] => Children::One(*one),
            _ => Children::Many(ids),
        };
    }

    fn take(&mut self) -> Vec<NodeId> {
        let ids = self.as_slice().to_vec();
        *self = Children::None;
        ids
    }
}

/// PGN tags in their order, such as `Event`, `White` or `FEN`.
///
/// Names and values live in one string (a game read from a file with a
/// dozen tags makes two allocations, not two dozen); a value set again is
/// written anew at its end.
#[derive(Clone, Default)]
pub struct Tags {
    text: Texts,
    /// Each tag's name and value, in order.
    entries: Vec<(Span, Span)>,
}

/// Where a text is in [`Texts`].
#[derive(Clone, Copy, Debug, Default)]
struct Span(u32, u32);

/// Texts kept one after the other in one string, each known by its
/// [`Span`]: a game read from a file with a dozen tags, or a comment on
/// every move, allocates once, not once a text. A text set again is
/// written anew at the end (editing is rare; the old one is left).
#[derive(Clone, Debug, Default)]
struct Texts(String);

impl Texts {
    /// Appends `text`; its span. The first text makes room for `room`
    /// bytes at once.
    fn push(&mut self, text: &str, room: usize) -> Span {
        if self.0.capacity() == 0 {
            self.0.reserve(room);
        }
        let start = self.0.len() as u32;
        self.0.push_str(text);
        Span(start, self.0.len() as u32)
    }

    /// `old`'s text, a space and `text`: grown in place when `old` is the
    /// last text written.
    fn join(&mut self, old: Span, text: &str) -> Span {
        if old.1 as usize == self.0.len() {
            self.0.push(' ');
            self.0.push_str(text);
            Span(old.0, self.0.len() as u32)
        } else {
            let joined = format!("{} {text}", self.get(old));
            self.push(&joined, 0)
        }
    }

    fn get(&self, span: Span) -> &str {
        self.0.get(span.0 as usize..span.1 as usize).unwrap_or("")
    }
}

impl Tags {
    /// The seven tags every PGN game has, in the order PGN writes them.
    pub const SEVEN_TAG_ROSTER: [&'static str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    fn str(&self, span: Span) -> &str {
        self.text.get(span)
    }

    /// Keeps `s`; its span.
    fn push(&mut self, s: &str) -> Span {
        if self.entries.capacity() == 0 {
            // Room for a game's usual dozen tags at once.
            self.entries.reserve(12);
        }
        self.text.push(s, 320)
    }

    /// The value of `name`, if set.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|&&(n, _)| self.str(n) == name)
            .map(|&(_, v)| self.str(v))
    }

    /// Sets `name` to `value`, keeping its place if it was set before.
    pub fn set(&mut self, name: impl AsRef<str>, value: impl AsRef<str>) {
        let (name, value) = (name.as_ref(), value.as_ref());
        match self.entries.iter().position(|&(n, _)| self.str(n) == name) {
            Some(i) => {
                let value = self.push(value);
                self.entries[i].1 = value;
            }
            None => {
                let name = self.push(name);
                let value = self.push(value);
                self.entries.push((name, value));
            }
        }
    }

    /// Removes `name`; returns its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.entries.iter().position(|&(n, _)| self.str(n) == name)?;
        let (_, value) = self.entries.remove(i);
        Some(self.str(value).to_string())
    }

    /// All tags, in their order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|&(n, v)| (self.str(n), self.str(v)))
    }

    /// How many tags are set.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no tag is set.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Tags {}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

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
    pub(crate) warnings: Vec<crate::pgn::PgnWarning>,
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
    pub fn warnings(&self) -> &[crate::pgn::PgnWarning] {
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

    // --- the tree ---

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

    // --- annotations ---

    /// The notes of `id`, if it has any.
    fn notes(&self, id: NodeId) -> Option<&Notes> {
        let index = self.node(id).notes as usize;
        index.checked_sub(1).and_then(|i| self.notes.get(i))
    }

    /// The notes of `id`, made empty if it has none.
    fn notes_mut(&mut self, id: NodeId) -> &mut Notes {
        if self.node(id).notes == 0 {
            self.notes.push(Notes::default());
            let index = self.notes.len() as u32;
            self.node_mut(id).notes = index;
        }
        let i = self.node(id).notes as usize - 1;
        &mut self.notes[i]
    }

    fn text(&self, span: Span) -> &str {
        self.texts.get(span)
    }

    /// Sets one of the comments of `id` (the `comment` of its notes, or the
    /// `starting_comment`), chosen by `field`.
    fn set_note_text(&mut self, id: NodeId, text: &str, field: fn(&mut Notes) -> &mut Span) {
        if !text.is_empty() || self.notes(id).is_some() {
            let span = self.texts.push(text, 1024);
            *field(self.notes_mut(id)) = span;
        }
    }

    /// The comment after the move of `id` (for the root: before the game).
    pub fn comment(&self, id: NodeId) -> &str {
        self.notes(id).map_or("", |n| self.text(n.comment))
    }

    /// Sets the comment after the move of `id`.
    pub fn set_comment(&mut self, id: NodeId, text: impl AsRef<str>) {
        self.set_note_text(id, text.as_ref(), |n| &mut n.comment);
    }

    /// Adds `text` to the comment after the move of `id`, after a space.
    pub(crate) fn append_comment(&mut self, id: NodeId, text: &str) {
        let old = self.notes(id).map_or(Span::default(), |n| n.comment);
        if old.0 == old.1 {
            return self.set_comment(id, text);
        }
        let span = self.texts.join(old, text);
        self.notes_mut(id).comment = span;
    }

    /// The comment before the move of `id` (PGN writes it after `(`).
    pub fn starting_comment(&self, id: NodeId) -> &str {
        self.notes(id).map_or("", |n| self.text(n.starting_comment))
    }

    /// Sets the comment before the move of `id`.
    pub fn set_starting_comment(&mut self, id: NodeId, text: impl AsRef<str>) {
        self.set_note_text(id, text.as_ref(), |n| &mut n.starting_comment);
    }

    /// The numeric annotation glyphs of `id` (`$1` is "!", `$2` "?", ...).
    pub fn nags(&self, id: NodeId) -> &[u8] {
        self.notes(id).map_or(&[], |n| &n.nags)
    }

    /// Replaces the NAGs of `id`.
    pub fn set_nags(&mut self, id: NodeId, nags: Vec<u8>) {
        if !nags.is_empty() || self.notes(id).is_some() {
            self.notes_mut(id).nags = nags;
        }
    }

    /// Adds a NAG to `id` (once).
    pub fn add_nag(&mut self, id: NodeId, nag: u8) {
        let nags = &mut self.notes_mut(id).nags;
        if !nags.contains(&nag) {
            nags.push(nag);
        }
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

    // --- results ---

    /// How many times the position at `id` has occurred on the way from the
    /// start to `id`, counting the start position and `id` itself. Positions
    /// count as the same as FIDE defines it: same placement, side to move,
    /// castling rights and possible en passant captures.
    pub fn repetitions(&self, id: NodeId) -> usize {
        self.occurrences(self.position_at(id), id)
    }

    /// How many times `target` occurs among the positions from the start to
    /// `id`. Only the last `target.halfmoves()` plies are looked at: nothing
    /// before a capture or pawn move can repeat.
    fn occurrences(&self, target: &Position, id: NodeId) -> usize {
        let key = target.repetition_key();
        let mut count = 0;
        let mut at = Some(id);
        for _ in 0..=target.halfmoves() {
            let Some(n) = at else { break };
            let pos = self.position_at(n);
            if pos.repetition_key() == key && pos.same_for_repetition(target) {
                count += 1;
            }
            at = self.node(n).parent;
        }
        count
    }

    /// The outcome the rules impose at `id`: checkmate, stalemate,
    /// insufficient material, seventy-five moves, fivefold repetition. A
    /// checkmate counts even on the 150th half-move.
    pub fn outcome_by_rules(&self, id: NodeId) -> Option<Outcome> {
        let pos = self.position_at(id);
        match pos.status() {
            Status::Checkmate => Some(Outcome::Win {
                winner: !pos.turn(),
                reason: WinReason::Checkmate,
            }),
            Status::Stalemate => Some(Outcome::Draw(DrawReason::Stalemate)),
            Status::InsufficientMaterial => Some(Outcome::Draw(DrawReason::InsufficientMaterial)),
            Status::SeventyFiveMoves => Some(Outcome::Draw(DrawReason::SeventyFiveMoves)),
            // Five occurrences need at least 16 reversible plies.
            Status::Ongoing if pos.halfmoves() >= 16 && self.repetitions(id) >= 5 => {
                Some(Outcome::Draw(DrawReason::FivefoldRepetition))
            }
            Status::Ongoing => None,
        }
    }

    /// The outcome at the cursor: by the rules, or as recorded there
    /// (resignation, agreement, a claim, a PGN result). None while the game
    /// goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_at(self.cursor)
    }

    /// The outcome at `id` (see [`Game::outcome`]).
    pub fn outcome_at(&self, id: NodeId) -> Option<Outcome> {
        self.outcome_by_rules(id).or(self.recorded_result(id))
    }

    /// Records a result at the cursor (or clears it with `None`), such as a
    /// resignation or a result read from a file. A result the rules impose
    /// takes precedence over it.
    pub fn set_result(&mut self, outcome: Option<Outcome>) {
        let cursor = self.cursor;
        if outcome.is_some() || self.notes(cursor).is_some() {
            self.notes_mut(cursor).result = outcome;
        }
    }

    /// The result recorded at `id`, if any.
    pub fn recorded_result(&self, id: NodeId) -> Option<Outcome> {
        self.notes(id).and_then(|n| n.result)
    }

    /// `color` resigns at the cursor.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, PlayError> {
        self.record(Outcome::Win {
            winner: !color,
            reason: WinReason::Resignation,
        })
    }

    /// The players agree to a draw at the cursor.
    pub fn agree_draw(&mut self) -> Result<Outcome, PlayError> {
        self.record(Outcome::Draw(DrawReason::Agreement))
    }

    fn record(&mut self, outcome: Outcome) -> Result<Outcome, PlayError> {
        if let Some(done) = self.outcome() {
            return Err(PlayError::GameOver(done));
        }
        self.set_result(Some(outcome));
        Ok(outcome)
    }

    /// The draw the side to move may claim at the cursor, if any: threefold
    /// repetition or the fifty-move rule, now or after one of its legal moves
    /// (FIDE 9.2 and 9.3). None once the game is over.
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if self.outcome().is_some() {
            return None;
        }
        let pos = self.position();
        if self.repetitions(self.cursor) >= 3 {
            return Some(DrawReason::ThreefoldRepetition);
        }
        if pos.halfmoves() >= 100 {
            return Some(DrawReason::FiftyMoves);
        }
        let mut threefold_next = false;
        let mut fifty_next = false;
        for &m in pos.legal_moves().iter() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            if next.halfmoves() >= 100 {
                fifty_next = true;
            }
            // The move would make its position occur a third time.
            if !threefold_next && next.halfmoves() >= 4 {
                threefold_next = self.occurrences(&next, self.cursor) >= 2;
            }
        }
        if threefold_next {
            Some(DrawReason::ThreefoldRepetition)
        } else if fifty_next {
            Some(DrawReason::FiftyMoves)
        } else {
            None
        }
    }

    /// Whether the side to move may claim a draw (see [`Game::claimable_draw`]).
    pub fn can_claim_draw(&self) -> bool {
        self.claimable_draw().is_some()
    }

    /// Claims the draw [`Game::claimable_draw`] allows, recording it.
    pub fn claim_draw(&mut self) -> Option<Outcome> {
        let reason = self.claimable_draw()?;
        let outcome = Outcome::Draw(reason);
        self.set_result(Some(outcome));
        Some(outcome)
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

impl Position {
    /// Whether two positions are the same for the repetition rules: the same
    /// pieces on the same squares, side to move, castling rights and legal
    /// en passant captures.
    pub fn same_for_repetition(&self, other: &Position) -> bool {
        self.squares == other.squares
            && self.turn == other.turn
            && self.castling() == other.castling()
            && self.ep_square(crate::EnPassantMode::Legal) == other.ep_square(crate::EnPassantMode::Legal)
    }
}
