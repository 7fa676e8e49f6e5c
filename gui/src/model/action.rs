//! What a person asks for from the panels, as values: a panel takes what
//! it shows and returns [`Action`]s, and [`Model::apply`] does them, so
//! every button's effect is tested without a window.

use chess_core::{Move, NodeId, Role, Square};

use super::review::Effort;
use super::settings::BoardSettings;
use super::{Choice, Dialog, Model, Pending};

/// A step through the game's moves (the four navigation buttons).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// To the start position (Home).
    Start,
    /// One move back (←).
    Back,
    /// One move forward along the main continuation (→).
    Forward,
    /// To the end of the main continuation (End).
    End,
}

/// Something a person asked for in a panel, a menu or a dialog.
#[derive(Clone, Debug)]
pub enum Action {
    /// A click on a square of the board: select a piece, or move it there.
    ClickSquare(Square),
    /// A right click on the board: nothing selected, no promotion pending.
    Deselect,
    /// A person drew on the board with the right button: an arrow, or a
    /// circle when `from` and `to` are one square, in a colour (G, R, Y, B).
    Draw {
        /// Where the drawing starts.
        from: Square,
        /// Where it ends.
        to: Square,
        /// The colour letter.
        color: char,
    },
    /// A piece dragged from `from` and dropped on `to` (none: off the board).
    Drop {
        /// Where the piece was picked up.
        from: Square,
        /// Where it was let go.
        to: Option<Square>,
    },
    /// A move typed in the move box (SAN or UCI), or one of its
    /// completions: played under the board's rules (on a person's move).
    PlayTyped(String),
    /// Letters typed while nothing had the keyboard: the start of a move,
    /// for the move box (which then takes the keyboard).
    StartTyping(String),
    /// Open the new game dialog.
    NewGameDialog,
    /// Turn the board around.
    Flip,
    /// Open the editor on the position shown.
    EditPosition,
    /// Take back a move (with the computer's reply, against it).
    TakeBack,
    /// Play again a move taken back.
    Redo,
    /// Walk through the moves.
    Go(Step),
    /// Show the position after this move.
    GoTo(NodeId),
    /// The person (or the side to move) resigns.
    Resign,
    /// The side to move offers a draw.
    OfferDraw,
    /// The draw offered is accepted.
    AcceptDraw,
    /// The draw offered is declined.
    DeclineDraw,
    /// Claim the draw the rules allow (threefold, fifty moves).
    ClaimDraw,
    /// Start or stop the analysis.
    SetAnalysing(bool),
    /// Show this many best lines (1-5).
    SetLines(usize),
    /// Show the keyboard shortcuts (`?`).
    ShowShortcuts,
    /// Undo the editor's last change.
    EditorUndo,
    /// Redo what the editor's undo took back.
    EditorRedo,
    /// Analyse (and give hints, and play the computer's moves) with this
    /// engine from now on, without a new game.
    SetEngine(crate::model::computer::EngineChoice),
    /// Ask the engine for a hint.
    Hint,
    /// Play a move of the opening book's.
    PlayBookMove(Move),
    /// List the book's moves played under 1% of the time, or hide them.
    ShowRareBookMoves(bool),
    /// The piece a promoting pawn becomes.
    Promote(Role),
    /// Set a tag of the game's header (empty: remove it).
    SetTag {
        /// The tag's name.
        name: &'static str,
        /// Its new value.
        value: String,
    },
    /// Edit the words of a move's comment.
    EditComment(NodeId),
    /// Give a move a mark (`!`, `?`...: its NAG), or none.
    SetMark(NodeId, Option<u8>),
    /// Move a variation one place up.
    PromoteVariation(NodeId),
    /// Make the line through this move the main line.
    MakeMainLine(NodeId),
    /// Delete this move and all after it.
    DeleteFrom(NodeId),
    /// The answer to "Replace this file?".
    ConfirmReplace(bool),
    /// The clock of a restored game waited for the player: run it.
    ResumeClock,
    /// Stop the review that runs.
    CancelReview,
    /// Put the review shown away.
    CloseReview,
    /// Open the game of this row of the game list.
    OpenListed(usize),
    /// Close the game list (the collection stays open).
    CloseGameList,
    /// Show the list of the collection shown.
    ShowGameList,
    /// Show this collection of the open ones.
    ShowCollection(usize),
    /// Close this collection.
    CloseCollection(usize),
    /// Choose a PGN file to open as a collection.
    OpenCollection,
    /// Show or hide the explorer beside the board.
    ShowExplorer(bool),
    /// The list's filters, as typed.
    SetFilters(super::collection::FilterForm),
    /// List the games that reach the board's position.
    FindPosition,
    /// List the games with the editor's material.
    FindMaterial,
    /// List every game again (the filters stay).
    ShowAllGames,
    /// Play a move of the explorer's.
    PlayExplorerMove(Move),
    /// Open a game of the collection shown at a ply (a top game).
    OpenCollectionGame {
        /// Its number in the file.
        game: u64,
        /// Where it reaches the position shown.
        ply: u32,
    },
    /// Write the games the list shows to a new PGN file.
    ExportList,
    /// Copy the PGN of this row's game.
    CopyListed(usize),
    /// Stop building the index of the collection shown.
    CancelIndexing,
    /// Open a new tab with a fresh board.
    NewTab,
    /// Show this tab.
    ShowTab(usize),
    /// Show the next tab (1) or the one before (-1).
    StepTab(isize),
    /// Close this tab (asking first when its game has unsaved changes).
    CloseTab(usize),
    /// Something that may first ask "discard unsaved changes?" (a new
    /// game, opening a file, quitting...).
    Request(Pending),
    /// Save the game to its file (or ask where).
    Save,
    /// Ask where to save the game, and save it there.
    SaveAs,
    /// Ask where to write the game as PGN, and write it.
    ExportPgn,
    /// Open the dialog to paste a FEN or PGN.
    PasteDialog,
    /// Say this in the status line.
    Notice(String),
    /// Put the position's FEN on the clipboard (the editor's, in the editor).
    CopyFen,
    /// Put the game's PGN on the clipboard.
    CopyPgn,
    /// Review the game.
    StartReview,
    /// How deep the review searches.
    SetReviewEffort(Effort),
    /// Back from the editor to the game.
    LeaveEditor,
    /// The board's look.
    SetBoard(BoardSettings),
    /// The answer to "discard unsaved changes?".
    Confirm(Choice),
    /// Close the dialog shown.
    CloseDialog,
    /// Load this game of the several a pasted PGN holds.
    PickGame(usize),
    /// The words of a move's comment (its `[%...]` commands are kept).
    SetCommentWords(NodeId, String),
    /// Choose a UCI engine program for the new game dialog.
    ChooseEngine,
    /// Choose a Polyglot book for the new game dialog.
    ChooseBook,
}

impl Model {
    /// Does what `action` asks (what needs the desktop, such as a file to
    /// choose, is left in [`Model::requests`]).
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::ClickSquare(_) | Action::Deselect | Action::Drop { .. } => self.on_board(action),
            Action::Draw { from, to, color } => self.play.draw(from, to, color),
            Action::PlayTyped(text) => self.play_typed(&text),
            Action::StartTyping(text) => self.play.typed.push_str(&text),
            Action::NewGameDialog => self.new_game_dialog(),
            Action::Flip => self.flipped = !self.flipped,
            Action::EditPosition => self.edit_position(),
            Action::TakeBack => self.take_back(),
            Action::Redo => {
                self.play.redo();
            }
            Action::Go(step) => match step {
                Step::Start => self.play.to_start(),
                Step::Back => {
                    self.play.back();
                }
                Step::Forward => {
                    self.play.forward();
                }
                Step::End => self.play.to_end(),
            },
            Action::GoTo(node) => self.play.go_to(node),
            Action::Resign => self.resign(),
            Action::OfferDraw => self.offer_draw(),
            Action::AcceptDraw => self.play.accept_draw(),
            Action::DeclineDraw => self.play.decline_draw(),
            Action::ClaimDraw => {
                self.play.claim_draw();
            }
            Action::SetAnalysing(on) => self.computer.set_analysing(on),
            Action::ShowShortcuts => self.dialog = Some(Dialog::Shortcuts),
            Action::EditorUndo => {
                self.editor.undo();
            }
            Action::EditorRedo => {
                self.editor.redo();
            }
            Action::SetEngine(engine) => {
                if engine != self.computer.setup.engine {
                    let analysing = self.computer.analysing;
                    let mut setup = self.computer.setup.clone();
                    if let crate::model::computer::EngineChoice::External(path) = &engine {
                        setup.engine_path = Some(path.clone());
                    }
                    setup.engine = engine;
                    self.computer.set_setup(setup);
                    // The analysis goes on, with the new engine.
                    self.computer.set_analysing(analysing);
                    self.notice = Some(format!("Engine: {}", self.computer.setup.engine.name()));
                }
            }
            Action::SetLines(lines) => {
                self.computer.lines = lines;
                if self.computer.analysing {
                    // Restart with the new number of lines.
                    self.computer.set_analysing(false);
                    self.computer.set_analysing(true);
                }
            }
            Action::Hint => self.hint(),
            Action::PlayBookMove(m) => self.play_book_move(m),
            Action::ShowRareBookMoves(show) => self.book.show_rare = show,
            Action::Promote(role) => {
                self.play.promote(role);
            }
            Action::SetTag { name, value } => self.play.set_tag(name, &value),
            Action::EditComment(node) => {
                let text = chess_core::pgn::comment_text(self.play.game.comment(node));
                self.dialog = Some(Dialog::Comment { node, text });
            }
            Action::SetMark(node, mark) => self.play.set_mark(node, mark),
            Action::PromoteVariation(node) => {
                self.play.promote_variation(node);
            }
            Action::MakeMainLine(node) => {
                self.play.make_main_line(node);
            }
            Action::DeleteFrom(node) => {
                self.play.delete_from(node);
            }
            Action::ResumeClock => self.timing.come_back(),
            Action::ConfirmReplace(replace) => self.confirm_replace(replace),
            Action::CancelReview => self.review.cancel(),
            Action::CloseReview => self.review.shown = None,
            Action::OpenListed(row) => self.request(Pending::OpenListed(row)),
            Action::CloseGameList => self.collections.list_shown = false,
            Action::ShowGameList => self.collections.list_shown = !self.collections.open.is_empty(),
            Action::ShowCollection(i) => {
                if i < self.collections.open.len() {
                    self.collections.active = i;
                }
            }
            Action::CloseCollection(i) => self.collections.close(i),
            Action::OpenCollection => self.choose_collection(),
            Action::ShowExplorer(on) => self.collections.explorer_shown = on,
            Action::SetFilters(form) => {
                if let Some(collection) = self.collections.active_mut() {
                    collection.set_form(form);
                }
            }
            Action::FindPosition => self.find_position(),
            Action::FindMaterial => self.find_material(),
            Action::ShowAllGames => {
                if let Some(collection) = self.collections.active_mut() {
                    collection.set_search(super::collection::Search::All);
                }
            }
            Action::PlayExplorerMove(m) => self.play_explorer_move(m),
            Action::OpenCollectionGame { game, ply } => {
                self.request(Pending::OpenCollectionGame { game, ply });
            }
            Action::ExportList => self.export_list(),
            Action::CopyListed(row) => self.copy_listed(row),
            Action::CancelIndexing => {
                if let Some(collection) = self.collections.active() {
                    collection.cancel_indexing();
                }
            }
            Action::NewTab => self.new_tab(),
            Action::ShowTab(index) => self.show_tab(index),
            Action::StepTab(step) => self.step_tab(step),
            Action::CloseTab(index) => {
                if index < self.tabs.len() {
                    self.show_tab(index);
                    self.request(Pending::CloseTab);
                }
            }
            Action::Request(pending) => self.request(pending),
            Action::Save => {
                self.save();
            }
            Action::SaveAs => self.save_as(),
            Action::ExportPgn => self.export_pgn(),
            Action::PasteDialog => self.dialog = Some(Dialog::Paste { text: String::new() }),
            Action::Notice(text) => self.notice = Some(text),
            Action::CopyFen => {
                self.requests.clipboard = Some(self.fen());
                self.notice = Some("FEN copied".into());
            }
            Action::CopyPgn => {
                self.requests.clipboard = Some(self.pgn());
                self.notice = Some("PGN copied".into());
            }
            Action::StartReview => self.start_review(),
            Action::SetReviewEffort(effort) => self.review.effort = effort,
            Action::LeaveEditor => self.leave_editor(),
            Action::SetBoard(board) => self.board = board,
            Action::Confirm(choice) => self.confirm(choice),
            Action::CloseDialog => self.dialog = None,
            Action::PickGame(index) => self.pick_game(index),
            Action::SetCommentWords(node, words) => self.play.set_comment_words(node, &words),
            Action::ChooseEngine => self.choose_engine(),
            Action::ChooseBook => self.choose_book(),
        }
    }

    /// A move typed in the move box: played on a person's move, as a click
    /// would be; refused with a word while the computer is to move (the
    /// draft stays, to be played when it is the person's turn).
    fn play_typed(&mut self, text: &str) {
        if !self.human_to_move() && self.play.outcome().is_none() {
            self.play.message = Some(super::premove::COMPUTER_TO_MOVE.to_string());
            return;
        }
        self.notice = None;
        match self.play.play_text(text) {
            Ok(_) => self.play.typed.clear(),
            Err(e) => self.play.message = Some(e),
        }
    }

    /// A click or a drop on the board, when it is a person's move.
    fn on_board(&mut self, action: Action) {
        let computer_moves = !self.human_to_move() && self.play.outcome().is_none();
        if computer_moves {
            // While the computer thinks, against it, the person premoves.
            self.play.selected = None;
            let against =
                self.computer.plays(self.play.position().turn()) && !self.computer.plays(!self.play.position().turn());
            match action {
                // Escape while the computers play each other: nothing to put down.
                Action::Deselect if !against => {}
                _ if !against => self.play.message = Some(super::premove::COMPUTER_TO_MOVE.to_string()),
                Action::ClickSquare(sq) => self.premove_click(sq),
                Action::Drop { from, to } => self.premove_drop(from, to),
                _ => self.cancel_premove(),
            }
            return;
        }
        let play = &mut self.play;
        self.notice = None;
        match action {
            Action::ClickSquare(sq) => {
                // A left click clears what was drawn, as on lichess.
                play.clear_drawings();
                play.click(sq);
            }
            Action::Drop { from, to } => match to {
                // An illegal drop (or a drop off the board) puts the piece back.
                Some(to) if to != from => {
                    play.try_move(from, to);
                }
                _ => {
                    play.selected =
                        Some(from).filter(|_| play.piece_at(from).is_some_and(|p| p.color == play.position().turn()));
                }
            },
            _ => {
                play.selected = None;
                play.cancel_promotion();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_and_drops_move_pieces_on_a_persons_turn_only() {
        let mut model = Model::new();
        let sq = |name: &str| name.parse::<Square>().unwrap();
        model.apply(Action::ClickSquare(sq("e2")));
        model.apply(Action::ClickSquare(sq("e4")));
        model.apply(Action::Drop {
            from: sq("e7"),
            to: Some(sq("e5")),
        });
        assert_eq!(model.play.game.mainline().len(), 2);
        // A drop off the board puts the piece back, selected.
        model.apply(Action::Drop {
            from: sq("g1"),
            to: None,
        });
        assert_eq!(model.play.selected, Some(sq("g1")));
        model.apply(Action::Deselect);
        assert_eq!(model.play.selected, None);
        // Against the computer, its pieces are not ours to move.
        let mut setup = model.computer.setup.clone();
        setup.white = super::super::Player::Computer;
        model.computer.set_setup(setup);
        model.apply(Action::ClickSquare(sq("g1")));
        assert_eq!(model.play.message.as_deref(), Some("The computer is to move"));
    }

    #[test]
    fn copying_asks_the_app_to_fill_the_clipboard() {
        let mut model = Model::new();
        model.play.play_text("e4").unwrap();
        model.apply(Action::CopyFen);
        assert_eq!(
            model.take_requests().clipboard.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
        assert_eq!(model.notice.as_deref(), Some("FEN copied"));
        model.apply(Action::CopyPgn);
        assert!(model.take_requests().clipboard.unwrap().contains("1. e4 *"));
        // In the editor, its position.
        model.apply(Action::EditPosition);
        model.editor.clear();
        model.apply(Action::CopyFen);
        assert_eq!(
            model.take_requests().clipboard.as_deref(),
            Some("8/8/8/8/8/8/8/8 b - - 0 1")
        );
    }

    #[test]
    fn typed_moves_follow_the_boards_rules() {
        let mut model = Model::new();
        model.play.typed = "e4".into();
        model.apply(Action::PlayTyped("e4".into()));
        assert_eq!(model.play.game.mainline().len(), 1);
        assert!(model.play.typed.is_empty(), "the box is cleared once the move is made");
        // A refused move keeps the draft, to be fixed, and says why.
        model.play.typed = "e4".into();
        model.apply(Action::PlayTyped("e4".into()));
        assert_eq!(model.play.game.mainline().len(), 1);
        assert_eq!(model.play.typed, "e4");
        assert!(model.play.message.is_some());
        // While the computer is to move, a typed move is not played for it.
        let mut setup = model.computer.setup.clone();
        setup.black = super::super::Player::Computer;
        model.computer.set_setup(setup);
        model.apply(Action::PlayTyped("e5".into()));
        assert_eq!(model.play.game.mainline().len(), 1, "Black's move is the computer's");
        assert_eq!(model.play.message.as_deref(), Some("The computer is to move"));
    }

    #[test]
    fn the_navigation_steps_walk_the_game() {
        let mut model = Model::new();
        model.load_text("1. e4 e5 2. Nf3 *");
        let ply = |m: &Model| m.play.game.ply(m.play.game.cursor());
        model.apply(Action::Go(Step::Start));
        assert_eq!(ply(&model), 0);
        model.apply(Action::Go(Step::Forward));
        model.apply(Action::Go(Step::Forward));
        assert_eq!(ply(&model), 2);
        model.apply(Action::Go(Step::Back));
        assert_eq!(ply(&model), 1);
        model.apply(Action::Go(Step::End));
        assert_eq!(ply(&model), 3);
    }

    #[test]
    fn menu_actions_edit_the_tree() {
        let mut model = Model::new();
        model.load_text("1. e4 (1. d4 d5) e5 *");
        let d4 = model.play.game.children(NodeId::ROOT)[1];
        model.apply(Action::MakeMainLine(d4));
        assert_eq!(model.play.game.children(NodeId::ROOT)[0], d4);
        model.apply(Action::SetMark(d4, Some(1)));
        assert_eq!(model.play.game.nags(d4), [1]);
        model.apply(Action::EditComment(d4));
        assert!(matches!(model.dialog, Some(Dialog::Comment { node, .. }) if node == d4));
        model.dialog = None;
        model.apply(Action::DeleteFrom(d4));
        assert_eq!(model.play.game.children(NodeId::ROOT).len(), 1);
        model.apply(Action::SetTag {
            name: "White",
            value: "Tal".into(),
        });
        assert_eq!(model.play.game.tags.get("White"), Some("Tal"));
    }
}
