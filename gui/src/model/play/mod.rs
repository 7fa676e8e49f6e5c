//! Playing a game: selection, moves by click, drop or text, promotion,
//! navigation, undo and redo, and the status line; the move list and its
//! variations (`move_list`) and the end of a game off the board
//! (`ending`) have their own files.

use chess_core::{Color, Game, Move, NodeId, Outcome, Piece, PlayError, Position, Role, Square};

use super::history::History;

mod ending;
mod move_list;

pub use move_list::MoveToken;

/// What a click, a drop or a promotion choice did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// A piece is now selected.
    Selected(Square),
    /// The selection was cleared.
    Deselected,
    /// A move was played.
    Moved(Move),
    /// The move is a promotion: the piece must be chosen.
    ChoosePromotion,
    /// The move was refused; the status line says why.
    Refused,
    /// Nothing happened (an empty square with nothing selected).
    Nothing,
}

/// The game being played, with what the board shows around it.
#[derive(Clone, Debug)]
pub struct Play {
    /// The game: start position, move tree, tags, cursor.
    pub game: Game,
    /// The square whose piece is selected.
    pub selected: Option<Square>,
    /// A promotion move waiting for its piece.
    pub promotion: Option<(Square, Square)>,
    /// What to tell the player (why a move was refused...).
    pub message: Option<String>,
    /// A draw offered by this side and not yet answered.
    pub draw_offer: Option<Color>,
    /// The move being typed in the move box: a draft the box edits, kept
    /// when the move is refused (to be fixed) and cleared when it is made.
    pub typed: String,
    history: History<Game>,
    /// Counts changes to the game (not navigation), for "unsaved changes".
    generation: u64,
}

/// How many steps back undo remembers.
const UNDO_LIMIT: usize = 500;

impl Default for Play {
    fn default() -> Play {
        Play::new(Game::new())
    }
}

impl Play {
    /// A game to play, positioned where its cursor is.
    pub fn new(game: Game) -> Play {
        Play {
            game,
            selected: None,
            promotion: None,
            message: None,
            draw_offer: None,
            typed: String::new(),
            history: History::new(UNDO_LIMIT),
            generation: 0,
        }
    }

    /// Makes the main line's moves undoable one by one, as if they had just
    /// been played here: a game restored after the app ended goes on as it
    /// was left, Undo included (its history of edits was not kept; its
    /// moves are). The latest `UNDO_LIMIT` (500) moves at most.
    pub fn remember_moves(&mut self) {
        let line = self.game.mainline();
        let from = line.len().saturating_sub(UNDO_LIMIT);
        for &node in &line[from..] {
            // The game as it was before this move: its main line up to it.
            let mut before = self.game.clone();
            before.delete(node);
            before.to_end();
            self.history.record(before);
        }
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Increases whenever the game changes (moves, results, edits of the
    /// tree); navigation does not change it.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Sets the words of the comment after `node`'s move, keeping its
    /// `[%...]` commands (clock, evaluation, arrows); empty words delete
    /// them. One undoable step when it changes anything.
    pub fn set_comment_words(&mut self, node: NodeId, words: &str) {
        let old = self.game.comment(node).to_string();
        let commands = chess_core::pgn::comment_commands(&old);
        let new = format!("{commands} {}", words.trim()).trim().to_string();
        if new != old {
            self.edit(|g| g.set_comment(node, &new), |_| true);
        }
    }

    /// A person draws on the board: an arrow from `from` to `to`, or a
    /// circle on `from` when they are the same square, in `color` (G, R,
    /// Y, B), kept in the comment of the move shown as `[%cal]`/`[%csl]`
    /// so it survives PGN. The same shape in the same colour again takes
    /// it away; in another colour, recolours it. One undoable step.
    pub fn draw(&mut self, from: Square, to: Square, color: char) {
        use chess_core::pgn::{Arrow, Highlight};
        let node = self.game.cursor();
        let comment = self.game.comment(node).to_string();
        let (mut circles, mut arrows) = (Highlight::of(&comment), Arrow::of(&comment));
        if from == to {
            let same = circles.iter().position(|h| h.square == from);
            match same {
                Some(i) if circles[i].color == color => drop(circles.remove(i)),
                Some(i) => circles[i].color = color,
                None => circles.push(Highlight { color, square: from }),
            }
        } else {
            let same = arrows.iter().position(|a| a.from == from && a.to == to);
            match same {
                Some(i) if arrows[i].color == color => drop(arrows.remove(i)),
                Some(i) => arrows[i].color = color,
                None => arrows.push(Arrow { color, from, to }),
            }
        }
        let new = chess_core::pgn::with_drawings(&comment, &circles, &arrows);
        self.edit(|g| g.set_comment(node, &new), |_| true);
    }

    /// A left click on the board clears what was drawn on the move shown
    /// (its arrows and circles, as lichess does); true if there was any.
    pub fn clear_drawings(&mut self) -> bool {
        use chess_core::pgn::{Arrow, Highlight};
        let node = self.game.cursor();
        let comment = self.game.comment(node).to_string();
        if Arrow::of(&comment).is_empty() && Highlight::of(&comment).is_empty() {
            return false;
        }
        let new = chess_core::pgn::with_drawings(&comment, &[], &[]);
        self.edit(|g| g.set_comment(node, &new), |_| true);
        true
    }

    /// Marks `node`'s move `!`, `?`, `!!`, `??`, `!?` or `?!` (NAGs 1-6),
    /// or clears its mark with `None`; other NAGs stay. One undoable step.
    pub fn set_mark(&mut self, node: NodeId, mark: Option<u8>) {
        let mut nags: Vec<u8> = self
            .game
            .nags(node)
            .iter()
            .copied()
            .filter(|n| !(1..=6).contains(n))
            .collect();
        if let Some(mark) = mark {
            nags.insert(0, mark);
        }
        if nags != self.game.nags(node) {
            self.edit(|g| g.set_nags(node, nags), |_| true);
        }
    }

    /// Sets a PGN tag (the header: players, event...), or removes it when
    /// `value` is empty. One undoable step when it changes anything.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        let value = value.trim();
        if self.game.tags.get(name).unwrap_or("") == value {
            return;
        }
        self.edit(
            |g| {
                if value.is_empty() {
                    g.tags.remove(name);
                } else {
                    g.tags.set(name, value);
                }
            },
            |_| true,
        );
    }

    /// Writes a review into the main line (NAGs, `[%eval]`, sentences) as
    /// one undoable step.
    pub fn write_review(&mut self, review: &chess_engine::review::Review) {
        self.edit(|g| chess_engine::review::annotate(g, review), |_| true);
    }

    /// Replaces the game (a new game, a file opened) as an undoable step.
    pub fn replace_game(&mut self, game: Game) {
        self.edit(|g| *g = game, |_| true);
    }

    /// Runs `change` on the game; when `changed` tells from its result that
    /// it did change the game (a refused move does not), that is one
    /// undoable step.
    fn edit<R>(&mut self, change: impl FnOnce(&mut Game) -> R, changed: impl FnOnce(&R) -> bool) -> R {
        let before = self.game.clone();
        let result = change(&mut self.game);
        if changed(&result) {
            sync_result_tag(&before, &mut self.game);
            self.history.record(before);
            self.generation += 1;
        }
        self.clear_transient();
        result
    }

    fn clear_transient(&mut self) {
        self.selected = None;
        self.promotion = None;
        self.draw_offer = None;
        self.message = None;
    }

    /// Whether there is something to undo (and undo is not refused: see
    /// [`Play::undo_refusal`]).
    pub fn can_undo(&self) -> bool {
        self.history.can_undo() && self.undo_refusal().is_none()
    }

    /// Why undo is refused, if it is: it would take back the result of a
    /// game that ended by a flag, a resignation or a draw agreed or claimed.
    /// As on lichess, a finished game stays finished: its moves can be
    /// looked through, and a new game started (a game ended by mate or
    /// stalemate can be taken back: the rules, not a player, ended it).
    pub fn undo_refusal(&self) -> Option<String> {
        let end = self.game.mainline_end();
        let result = self.game.recorded_result(end)?;
        let before = self.history.last()?;
        if before.recorded_result(before.mainline_end()).is_some() {
            return None;
        }
        Some(format!(
            "The game is over ({result}): a finished game cannot be taken back. Look through its moves, or start a new game."
        ))
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Takes back the last change (a move, a deleted line...); refused,
    /// with the reason in the status line, when it would take back the
    /// end of a finished game ([`Play::undo_refusal`]).
    pub fn undo(&mut self) -> bool {
        if let Some(reason) = self.undo_refusal() {
            self.message = Some(reason);
            return false;
        }
        let undone = self.history.undo(&mut self.game);
        if undone {
            self.generation += 1;
            self.clear_transient();
        }
        undone
    }

    /// Does again what undo took back.
    pub fn redo(&mut self) -> bool {
        let redone = self.history.redo(&mut self.game);
        if redone {
            self.generation += 1;
            self.clear_transient();
        }
        redone
    }

    // --- moving pieces ---

    /// A click on a square: selects a piece of the side to move, moves the
    /// selected piece, or says why not.
    pub fn click(&mut self, sq: Square) -> Click {
        self.promotion = None;
        let piece = self.position().piece_at(sq);
        let turn = self.position().turn();
        match self.selected {
            Some(from) if from == sq => {
                self.selected = None;
                Click::Deselected
            }
            // Another piece of ours: select it instead, unless it is the
            // rook the king castles onto.
            Some(from)
                if piece.is_some_and(|p| p.color == turn)
                    && self.position().castle_onto_rook(Move::new(from, sq)).is_none() =>
            {
                self.select(sq)
            }
            Some(from) => self.try_move(from, sq),
            None => match piece {
                Some(p) if p.color == turn => self.select(sq),
                Some(p) => {
                    self.message = Some(format!("It is {}'s turn: the {p} on {sq} cannot move", turn.name()));
                    Click::Refused
                }
                None => Click::Nothing,
            },
        }
    }

    fn select(&mut self, sq: Square) -> Click {
        if let Some(outcome) = self.game.outcome() {
            self.message = Some(format!("The game is over ({outcome}): go back to play on"));
            return Click::Refused;
        }
        self.selected = Some(sq);
        self.message = None;
        Click::Selected(sq)
    }

    /// Moves the piece on `from` to `to` (a click on the target, or a drop).
    /// An illegal move is refused with the reason, and the piece stays.
    pub fn try_move(&mut self, from: Square, to: Square) -> Click {
        self.selected = None;
        if let Some(outcome) = self.game.outcome() {
            self.message = Some(format!("The game is over ({outcome}): go back to play on"));
            return Click::Refused;
        }
        let pos = self.position();
        let promotions = pos
            .legal_moves()
            .iter()
            .any(|m| m.from() == from && m.to() == to && m.promotion().is_some());
        if promotions {
            self.promotion = Some((from, to));
            self.message = None;
            return Click::ChoosePromotion;
        }
        // Castling: the king onto its own rook, or (when no plain king
        // step is meant) onto the square castling puts it on.
        let m = pos
            .legal_move(Move::new(from, to))
            .or_else(|| pos.castle_onto_rook(Move::new(from, to)))
            .or_else(|| pos.castle_by_king_square(Move::new(from, to)));
        match m {
            Some(m) => self.play(m),
            None => {
                let reason = pos.why_illegal(Move::new(from, to));
                self.message = reason.map(|r| capitalise(&r.to_string()));
                self.selected = None;
                Click::Refused
            }
        }
    }

    /// Finishes a promotion with the chosen piece.
    pub fn promote(&mut self, role: Role) -> Click {
        let Some((from, to)) = self.promotion.take() else {
            return Click::Nothing;
        };
        self.play(Move::with_promotion(from, to, role))
    }

    /// Cancels a promotion: the pawn stays.
    pub fn cancel_promotion(&mut self) {
        self.promotion = None;
    }

    /// Plays a legal move at the cursor (a variation if the game went on
    /// differently from here).
    pub fn play(&mut self, m: Move) -> Click {
        let result = self.edit(|game| game.play(m), Result::is_ok);
        match result {
            Ok(node) => {
                self.message = None;
                Click::Moved(self.game.move_at(node).unwrap_or(m))
            }
            Err(e) => {
                self.message = Some(play_error_text(&e));
                Click::Refused
            }
        }
    }

    /// Plays a move typed in SAN (`Nf3`, `O-O`) or UCI (`g1f3`).
    pub fn play_text(&mut self, text: &str) -> Result<Move, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("Type a move, like e4, Nf3 or g1f3".to_string());
        }
        if let Some(outcome) = self.game.outcome() {
            return Err(format!("The game is over ({outcome}): go back to play on"));
        }
        let pos = self.position();
        let m = match pos.parse_san(text) {
            Ok(m) => m,
            Err(san_error) => match pos.parse_uci(text) {
                Ok(m) => m,
                Err(chess_core::UciError::Illegal(e)) => return Err(capitalise(&e.to_string())),
                Err(_) => return Err(capitalise(&san_error.to_string())),
            },
        };
        match self.play(m) {
            Click::Moved(m) => Ok(m),
            _ => Err(self.message.clone().unwrap_or_default()),
        }
    }

    /// The legal moves, in SAN, that start with `prefix` (for completing a
    /// move typed in the move box).
    pub fn completions(&self, prefix: &str) -> Vec<String> {
        let pos = self.position();
        let mut out: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter_map(|&m| pos.san(m).ok())
            .filter(|san| san.starts_with(prefix.trim()))
            .collect();
        // Alphabetical, except that promotions go queen, rook, bishop,
        // knight (the order of value, the queen first as every app does).
        let key = |san: &String| match san.split_once('=') {
            Some((base, promo)) => (base.to_string(), "QRBN".find(&promo[..1]).unwrap_or(4)),
            None => (san.clone(), 0),
        };
        out.sort_by_key(key);
        out
    }

    /// The squares the piece on `from` can move to, each with whether the
    /// move captures (shown as a dot, or a ring around the piece).
    pub fn targets(&self, from: Square) -> Vec<(Square, bool)> {
        let mut out: Vec<(Square, bool)> = self
            .position()
            .legal_moves_from(from)
            .iter()
            .map(|m| (m.to(), m.is_capture()))
            .collect();
        out.dedup();
        out
    }

    // --- navigation ---

    /// One move back.
    pub fn back(&mut self) -> bool {
        self.clear_transient();
        self.game.back()
    }

    /// One move forward on the main continuation.
    pub fn forward(&mut self) -> bool {
        self.clear_transient();
        self.game.forward()
    }

    /// To the start.
    pub fn to_start(&mut self) {
        self.clear_transient();
        self.game.to_start();
    }

    /// To the end of the current line.
    pub fn to_end(&mut self) {
        self.clear_transient();
        self.game.to_end();
    }

    /// To the position after `ply` half-moves of the main line (the start
    /// for 0, the end for more than it has).
    pub fn to_ply(&mut self, ply: usize) {
        self.clear_transient();
        match ply.checked_sub(1).and_then(|i| self.game.mainline().get(i).copied()) {
            Some(node) => {
                self.game.go_to(node);
            }
            None if ply == 0 => self.game.to_start(),
            None => {
                self.game.to_start();
                self.game.to_end();
            }
        }
    }

    /// To any move.
    pub fn go_to(&mut self, node: NodeId) {
        self.clear_transient();
        self.game.go_to(node);
    }

    /// The status line: the outcome, or who is to move and whether in check,
    /// or the last message.
    pub fn status(&self) -> String {
        if let Some(message) = &self.message {
            return message.clone();
        }
        if let Some(outcome) = self.game.outcome() {
            return outcome.to_string();
        }
        let pos = self.position();
        let mut text = format!("{} to move", pos.turn().name());
        if pos.is_check() {
            text.push_str(" — check");
        }
        if self.promotion.is_some() {
            text.push_str(" — choose the piece to promote to");
        }
        if let Some(by) = self.draw_offer {
            text = format!("{} offers a draw — {text}", by.name());
        } else if self.game.can_claim_draw() {
            text.push_str(" — a draw can be claimed");
        }
        text
    }

    /// The outcome at the cursor, if the game is over there.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The move that led to the position shown.
    pub fn last_move(&self) -> Option<Move> {
        self.game.move_at(self.game.cursor())
    }

    /// The square of the king in check, if the side to move is in check.
    pub fn king_in_check(&self) -> Option<Square> {
        let pos = self.position();
        pos.is_check().then(|| pos.king(pos.turn()))
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.position().piece_at(sq)
    }
}

/// Keeps the game's `Result` tag with its end when a change moved the end
/// of the main line or decided it (a move, a mate, a resignation, a flag,
/// a line deleted): PGN export writes the tag as recorded, so a file's own
/// result stays as it was until the game is played on in the app.
fn sync_result_tag(before: &Game, after: &mut Game) {
    let end_of = |g: &Game| {
        let end = g.mainline_end();
        (g.ply(end), g.outcome_at(end).map(|o| o.result()))
    };
    let now = end_of(after);
    if end_of(before) != now {
        after.tags.set("Result", now.1.unwrap_or("*"));
    }
}

fn play_error_text(e: &PlayError) -> String {
    match e {
        PlayError::GameOver(outcome) => format!("The game is over ({outcome}): go back to play on"),
        other => capitalise(&other.to_string()),
    }
}

/// The text with its first letter in capitals, for the status line.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn clicks(play: &mut Play, squares: &[&str]) {
        for s in squares {
            play.click(sq(s));
        }
    }

    #[test]
    fn select_then_move() {
        let mut play = Play::default();
        assert_eq!(play.click(sq("e2")), Click::Selected(sq("e2")));
        assert_eq!(play.targets(sq("e2")), [(sq("e3"), false), (sq("e4"), false)]);
        assert!(matches!(play.click(sq("e4")), Click::Moved(_)));
        assert_eq!(play.status(), "Black to move");
        assert_eq!(play.last_move().map(|m| m.uci()), Some("e2e4".to_string()));
    }

    #[test]
    fn only_the_side_to_move_moves() {
        let mut play = Play::default();
        assert_eq!(play.click(sq("e7")), Click::Refused);
        assert_eq!(play.status(), "It is White's turn: the black pawn on e7 cannot move");
        assert_eq!(play.selected, None);
    }

    #[test]
    fn an_illegal_move_says_why() {
        let mut play =
            Play::new(Game::from_fen("r1bqkbnr/pppnpppp/8/1B1p4/3P4/4P3/PPP2PPP/RNBQK1NR b KQkq - 2 3").unwrap());
        clicks(&mut play, &["d7", "f6"]);
        assert_eq!(play.status(), "The knight on d7 is pinned by the bishop on b5");
        assert_eq!(play.game.mainline().len(), 0, "nothing was played");
    }

    #[test]
    fn scholars_mate_by_clicks() {
        let mut play = Play::default();
        clicks(
            &mut play,
            &[
                "e2", "e4", "e7", "e5", "f1", "c4", "b8", "c6", "d1", "h5", "g8", "f6", "h5", "f7",
            ],
        );
        assert_eq!(play.status(), "Checkmate — White wins 1-0");
        assert_eq!(play.click(sq("e8")), Click::Refused, "no moves after the end");
        assert!(play.back());
        assert_eq!(play.status(), "White to move");
    }

    #[test]
    fn promotion_asks_for_the_piece() {
        let mut play = Play::new(Game::from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap());
        clicks(&mut play, &["a7", "a8"]);
        assert_eq!(play.promotion, Some((sq("a7"), sq("a8"))));
        assert!(matches!(play.promote(Role::Knight), Click::Moved(_)));
        assert_eq!(play.piece_at(sq("a8")).map(|p| p.role), Some(Role::Knight));
    }

    #[test]
    fn castling_by_two_squares_or_onto_the_rook() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let mut play = Play::new(Game::from_fen(fen).unwrap());
        clicks(&mut play, &["e1", "h1"]);
        assert_eq!(play.last_move().map(|m| m.uci()), Some("e1g1".to_string()));
        clicks(&mut play, &["e8", "c8"]);
        assert_eq!(play.last_move().map(|m| m.uci()), Some("e8c8".to_string()));
    }

    #[test]
    fn a_refused_change_is_no_step_of_undo() {
        let mut play = Play::default();
        play.play_text("e4").unwrap();
        assert!(play.undo());
        let generation = play.generation();
        assert_eq!(play.play(Move::new(sq("e1"), sq("e5"))), Click::Refused);
        assert!(play.can_redo(), "a refused move keeps what can be redone");
        assert!(!play.can_undo());
        assert_eq!(play.generation(), generation, "nothing changed");
        assert!(play.redo());
        let e4 = play.game.cursor();
        assert!(!play.make_main_line(e4), "already the main line");
        assert!(play.undo() && !play.can_undo(), "one step: e4");
    }

    #[test]
    fn undo_redo_and_variations() {
        let mut play = Play::default();
        play.play_text("e4").unwrap();
        play.play_text("e5").unwrap();
        assert!(play.undo());
        assert_eq!(play.game.mainline().len(), 1);
        assert!(play.redo());
        assert_eq!(play.game.mainline().len(), 2);
        // Going back and playing another move keeps the game: a variation.
        play.back();
        play.play_text("c5").unwrap();
        assert_eq!(play.game.mainline().len(), 2);
        let tokens = play.move_tokens();
        let texts: Vec<String> = tokens
            .iter()
            .map(|t| match t {
                MoveToken::Move { text, .. } => text.clone(),
                MoveToken::Open => "(".into(),
                MoveToken::Close => ")".into(),
            })
            .collect();
        assert_eq!(texts, ["1. e4", "e5", "(", "1... c5", ")"]);
        // Promote it to the main line, then delete it.
        let c5 = play.game.cursor();
        assert!(play.make_main_line(c5));
        assert_eq!(play.game.san_at(play.game.mainline()[1]).as_deref(), Some("c5"));
        assert!(play.delete_from(c5));
        assert_eq!(play.game.mainline().len(), 2);
        assert!(play.undo(), "deleting can be undone");
        assert!(play.game.contains(c5));
    }

    #[test]
    fn typed_moves_and_completion() {
        let mut play = Play::default();
        assert_eq!(play.completions("N"), ["Na3", "Nc3", "Nf3", "Nh3"]);
        assert!(play.play_text("g1f3").is_ok());
        assert_eq!(
            play.play_text("Ke2").unwrap_err(),
            "Illegal move Ke2: a king cannot move from e8 to e2"
        );
        assert!(play.play_text("xyz").unwrap_err().contains("is not a move in SAN"));
    }

    #[test]
    fn draws() {
        let mut play = Play::default();
        play.offer_draw();
        assert_eq!(play.draw_offer, Some(Color::White));
        play.decline_draw();
        assert_eq!(play.draw_offer, None);
        play.offer_draw();
        play.accept_draw();
        assert_eq!(play.status(), "Draw by agreement");
        // A finished game stays finished.
        assert!(!play.undo());
        assert!(play.status().starts_with("The game is over (Draw by agreement)"));
        let mut play = Play::default();
        for _ in 0..2 {
            for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
                play.play_text(m).unwrap();
            }
        }
        assert!(play.status().ends_with("a draw can be claimed"));
        assert!(play.claim_draw());
        assert_eq!(play.status(), "Draw by threefold repetition (claimed)");
    }
}
