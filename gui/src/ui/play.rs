//! Play mode: the board with the promotion picker, the controls, the move
//! box, the move list and the status line.

use chess_core::{Color, Piece, Role, Square};
use egui::{Color32, Id, RichText, Sense, Stroke, Vec2};

use crate::ChessApp;
use crate::model::{Model, MoveToken, computer};
use crate::ui::animation;
use crate::ui::board::{self, BoardEvent, BoardView};

/// The board of the game being played.
pub fn board(ui: &mut egui::Ui, app: &mut ChessApp) {
    let rect = board::layout(ui.available_rect_before_wrap(), app.model.board.coordinates);
    app.view.board_rect = rect;
    let play = &app.model.play;
    let now = ui.input(|i| i.time);
    let placement = animation::placement(&|sq| play.piece_at(sq));
    let (glides, progress) = app.view.animation.update(placement, now, app.model.board.animate);
    let glides = glides.to_vec();
    let targets = play.selected.map(|from| play.targets(from)).unwrap_or_default();
    // An arrow for the hint, or for the analysis' best move.
    let analysis = &app.model.computer.analysis;
    let best = analysis
        .lines
        .first()
        .filter(|_| app.model.computer.analysing && analysis.position.as_ref() == Some(play.position()))
        .and_then(|line| line.pv.first().copied());
    let arrow = app
        .model
        .current_hint()
        .or(best)
        .or_else(|| app.model.review_best())
        .map(|m| (m.from(), m.to()));
    // The circles and arrows of the comment after the move shown.
    let comment = play.game.comment(play.game.cursor());
    let marks = chess_core::pgn::Highlight::of(comment);
    let arrows = chess_core::pgn::Arrow::of(comment);
    let view = BoardView {
        id: "play",
        piece_at: &|sq| play.piece_at(sq),
        flipped: app.model.flipped,
        selected: play.selected,
        last_move: play.last_move().map(|m| (m.from(), m.to())),
        check: play.king_in_check(),
        targets: &targets,
        arrow,
        marks: &marks,
        arrows: &arrows,
        settings: app.model.board,
        glides: (&glides, progress),
    };
    let events = board::show(ui, rect, &view, &mut app.view.drag);
    if app.view.animation.is_running() {
        ui.ctx().request_repaint();
    }
    if events.iter().any(|e| matches!(e, BoardEvent::Drop { .. })) {
        // The piece is already where the hand put it.
        app.view.animation.skip_next();
    }
    let computer_moves = !app.model.human_to_move() && app.model.play.outcome().is_none();
    let play = &mut app.model.play;
    for event in events {
        if computer_moves {
            // The pieces are the computer's while it is its move.
            play.selected = None;
            app.view.drag = None;
            play.message = Some("The computer is to move".to_string());
            continue;
        }
        app.model.notice = None;
        match event {
            BoardEvent::Click(sq) => {
                play.click(sq);
            }
            BoardEvent::SecondaryClick(_) => {
                play.selected = None;
                play.cancel_promotion();
            }
            BoardEvent::Drop { from, to } => match to {
                // An illegal drop (or a drop off the board) puts the piece back.
                Some(to) if to != from => {
                    play.try_move(from, to);
                }
                _ => {
                    play.selected =
                        Some(from).filter(|_| play.piece_at(from).is_some_and(|p| p.color == play.position().turn()));
                }
            },
        }
    }
    if let Some((from, to)) = app.model.play.promotion {
        promotion_picker(ui, app, rect, from, to);
    }
    ui.allocate_rect(rect, Sense::hover());
}

/// Four buttons over the board, on the promotion square's file, for the
/// piece a pawn becomes.
fn promotion_picker(ui: &mut egui::Ui, app: &mut ChessApp, rect: egui::Rect, from: Square, to: Square) {
    let color = app.model.play.piece_at(from).map_or(Color::White, |p| p.color);
    let size = rect.width() / 8.0;
    let first = board::square_rect(rect, app.model.flipped, to);
    // Toward the middle of the board from the last rank.
    let down = if first.center().y < rect.center().y { 1.0 } else { -1.0 };
    let painter = ui.painter();
    painter.rect_filled(rect, 0.0, Color32::from_black_alpha(90));
    for (i, role) in Role::PROMOTIONS.into_iter().enumerate() {
        let cell = first.translate(Vec2::new(0.0, down * size * i as f32));
        let id = Id::unique(("promote", role as u8));
        let response = ui.interact(cell, id, Sense::click());
        let label = format!("Promote to {role}");
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        let fill = if response.hovered() {
            Color32::from_gray(235)
        } else {
            Color32::from_gray(250)
        };
        painter.circle_filled(cell.center(), size * 0.48, fill);
        painter.circle_stroke(cell.center(), size * 0.48, Stroke::new(1.5, Color32::from_gray(120)));
        board::draw_piece(painter, cell.center(), size * 0.9, Piece::new(color, role));
        if response.clicked() {
            app.model.play.promote(role);
        }
    }
}

/// The panel beside the board: controls, the move box and the move list.
pub fn side_panel(ui: &mut egui::Ui, app: &mut ChessApp) {
    ui.add_space(6.0);
    // Against the computer: who plays which side, at what level.
    if let Some(players) = app.model.computer.setup.players() {
        ui.label(RichText::new(players).strong());
    }
    clocks(ui, &app.model);
    header_panel(ui, app);
    controls(ui, app);
    ui.separator();
    analysis(ui, app);
    ui.separator();
    book_panel(ui, app);
    ui.separator();
    move_box(ui, app);
    ui.separator();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| move_list(ui, app));
}

/// The tags of the header a person edits, with their labels.
const HEADER_FIELDS: [(&str, &str); 8] = [
    ("White", "White"),
    ("WhiteElo", "White rating"),
    ("Black", "Black"),
    ("BlackElo", "Black rating"),
    ("Event", "Event"),
    ("Site", "Site"),
    ("Date", "Date"),
    ("Round", "Round"),
];

/// The game's header: a line with the players, ratings, event, date and
/// result; opened, each tag as a field (saved when the field is left).
fn header_panel(ui: &mut egui::Ui, app: &mut ChessApp) {
    let play = &mut app.model.play;
    let tag = |name: &str| {
        play.game
            .tags
            .get(name)
            .and_then(crate::model::files::known)
            .map(str::to_string)
    };
    let player = |name: &str, elo: &str| match (tag(name), tag(elo)) {
        (Some(n), Some(e)) => format!("{n} ({e})"),
        (Some(n), None) => n,
        (None, _) => "?".to_string(),
    };
    let mut summary = if tag("White").is_none() && tag("Black").is_none() {
        "Game details".to_string()
    } else {
        format!("{} – {}", player("White", "WhiteElo"), player("Black", "BlackElo"))
    };
    let place: Vec<String> = ["Event", "Site", "Date"].iter().filter_map(|t| tag(t)).collect();
    if !place.is_empty() {
        summary.push_str(&format!(" · {}", place.join(", ")));
    }
    if let Some(result) = tag("Result") {
        summary.push_str(&format!(" · {result}"));
    }
    egui::CollapsingHeader::new(summary)
        .id_salt("game details")
        .show(ui, |ui| {
            egui::Grid::new("header fields").num_columns(2).show(ui, |ui| {
                for (name, label) in HEADER_FIELDS {
                    ui.label(label);
                    let id = egui::Id::unique(("tag", name));
                    let current = play.game.tags.get(name).unwrap_or("").to_string();
                    let mut text = ui.data(|d| d.get_temp::<String>(id)).unwrap_or(current);
                    let response = ui.add(egui::TextEdit::singleline(&mut text).desired_width(170.0));
                    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, label));
                    if response.lost_focus() {
                        play.set_tag(name, &text);
                        ui.data_mut(|d| d.remove::<String>(id));
                    } else if response.has_focus() {
                        ui.data_mut(|d| d.insert_temp(id, text));
                    } else {
                        ui.data_mut(|d| d.remove::<String>(id));
                    }
                    ui.end_row();
                }
            });
        });
}

/// The opening's name (always), and the book's moves for the position with
/// their shares, a click playing one.
fn book_panel(ui: &mut egui::Ui, app: &mut ChessApp) {
    let model = &mut app.model;
    let position = model.play.position();
    // The deepest named position on the way to the one shown.
    let game = &model.play.game;
    let opening = game
        .path_to(game.cursor())
        .into_iter()
        .rev()
        .find_map(|id| chess_core::opening::lookup(game.position_at(id)));
    let label = match opening {
        Some(o) => format!("Opening: {} {}", o.eco, o.name),
        None => "Opening: —".to_string(),
    };
    ui.label(label);
    if !model.book.is_open() {
        return;
    }
    let moves = model.book.moves(position);
    let name = model.book.name().unwrap_or_default();
    if moves.is_empty() {
        ui.weak(format!("Book ({name}): no move for this position"));
        return;
    }
    ui.label(format!("Book ({name}):"));
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for m in &moves {
            let text = format!("{} {}%", m.san, m.percent);
            if ui.button(text).on_hover_text("Play this book move").clicked() {
                chosen = Some(m.mv);
            }
        }
    });
    if let Some(m) = chosen {
        model.play_book_move(m);
    }
}

/// The two clocks of a timed game, the side to move's highlighted, red
/// under 20 s, with tenths under 10 s; and what each side has taken, with
/// the material difference.
fn clocks(ui: &mut egui::Ui, model: &Model) {
    let (taken, diff) = crate::model::material::captures(model.play.position());
    if taken.iter().any(|t| !t.is_empty()) {
        for color in [chess_core::Color::White, chess_core::Color::Black] {
            let glyphs: String = taken[color.index()]
                .iter()
                .map(|&role| chess_core::Piece::new(!color, role).unicode())
                .collect();
            let lead = match color {
                chess_core::Color::White if diff > 0 => format!(" +{diff}"),
                chess_core::Color::Black if diff < 0 => format!(" +{}", -diff),
                _ => String::new(),
            };
            ui.label(format!(
                "{} took: {}{lead}",
                color.name(),
                if glyphs.is_empty() { "—".into() } else { glyphs }
            ));
        }
    }
    let Some(clock) = &model.timing.clock else {
        recorded_clocks(ui, model);
        return;
    };
    let now = model.timing.time.now();
    let turn = model.play.game.position_at(model.play.game.mainline_end()).turn();
    ui.horizontal(|ui| {
        for color in [chess_core::Color::White, chess_core::Color::Black] {
            let left = clock.left(color, now);
            let mut text = RichText::new(format!("{} {}", color.name(), crate::model::clock::format(left)))
                .size(22.0)
                .monospace();
            if left < std::time::Duration::from_secs(20) {
                text = text.color(Color32::from_rgb(230, 80, 60));
            }
            if color == turn && clock.is_running() {
                text = text.strong().background_color(Color32::from_gray(60));
            }
            ui.label(text);
        }
    });
    ui.separator();
}

/// Without a live clock: the times a game's `[%clk]` comments recorded for
/// each side at the move shown (an imported online game).
fn recorded_clocks(ui: &mut egui::Ui, model: &Model) {
    let game = &model.play.game;
    let mut last = [None, None];
    for id in game.path_to(game.cursor()).into_iter().skip(1) {
        if let Some(left) = chess_core::pgn::clock(game.comment(id)) {
            // The mover is the side not to move after the move.
            let mover = !game.position_at(id).turn();
            last[mover.index()] = Some(left);
        }
    }
    if last.iter().all(Option::is_none) {
        return;
    }
    ui.horizontal(|ui| {
        for color in [chess_core::Color::White, chess_core::Color::Black] {
            let text = last[color.index()].map_or("—".to_string(), crate::model::clock::format);
            ui.label(RichText::new(format!("{} {text}", color.name())).size(22.0).monospace())
                .on_hover_text("As recorded in the game ([%clk])");
        }
    });
    ui.separator();
}

fn controls(ui: &mut egui::Ui, app: &mut ChessApp) {
    let model = &mut app.model;
    ui.horizontal_wrapped(|ui| {
        if ui.button("New game").on_hover_text("Ctrl+N").clicked() {
            model.new_game_dialog();
        }
        if ui.button("Flip board").on_hover_text("F").clicked() {
            model.flipped = !model.flipped;
        }
        if ui.button("Edit position").clicked() {
            model.edit_position();
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(model.play.can_undo(), egui::Button::new("Undo"))
            .on_hover_text("Ctrl+Z (against the computer, takes back its reply too)")
            .clicked()
        {
            model.take_back();
        }
        let play = &mut model.play;
        if ui
            .add_enabled(play.can_redo(), egui::Button::new("Redo"))
            .on_hover_text("Ctrl+Y")
            .clicked()
        {
            play.redo();
        }
        for (label, hint, key) in [
            ("⇤", "Start (Home)", 0),
            ("◀", "Back (←)", 1),
            ("▶", "Forward (→)", 2),
            ("⇥", "End (End)", 3),
        ] {
            let button = ui.button(label).on_hover_text(hint);
            button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, hint));
            if button.clicked() {
                match key {
                    0 => play.to_start(),
                    1 => {
                        play.back();
                    }
                    2 => {
                        play.forward();
                    }
                    _ => play.to_end(),
                }
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        let over = model.play.outcome().is_some();
        let human_to_move = model.human_to_move();
        match model.play.draw_offer {
            // The computer answers by itself.
            Some(by) if model.computer.plays(!by) => {
                ui.label(format!(
                    "{} offers a draw; {} (computer) is considering it…",
                    by.name(),
                    (!by).name()
                ));
            }
            Some(by) => {
                ui.label(format!("{} offers a draw:", by.name()));
                if ui.button("Accept draw").clicked() {
                    model.play.accept_draw();
                }
                if ui.button("Decline").clicked() {
                    model.play.decline_draw();
                }
            }
            None => {
                if ui.add_enabled(!over, egui::Button::new("Resign")).clicked() {
                    model.resign();
                }
                let can_offer = !over && human_to_move;
                if ui.add_enabled(can_offer, egui::Button::new("Offer draw")).clicked() {
                    model.offer_draw();
                }
                let play = &mut model.play;
                let claim = !over && play.game.can_claim_draw();
                if ui
                    .add_enabled(claim, egui::Button::new("Claim draw"))
                    .on_hover_text("Threefold repetition or the fifty-move rule")
                    .clicked()
                {
                    play.claim_draw();
                }
            }
        }
    });
}

/// The analysis: start/stop, a hint, the evaluation bar and the best
/// lines in SAN.
fn analysis(ui: &mut egui::Ui, app: &mut ChessApp) {
    let model = &mut app.model;
    ui.horizontal_wrapped(|ui| {
        let analysing = model.computer.analysing;
        let label = if analysing { "Stop analysis" } else { "Analyse" };
        if ui.button(label).clicked() {
            model.computer.set_analysing(!analysing);
        }
        let can_hint = model.human_to_move() && model.play.outcome().is_none() && !model.computer.hinting;
        if ui
            .add_enabled(can_hint, egui::Button::new("Hint"))
            .on_hover_text("The engine's choice for the side to move (1 second)")
            .clicked()
        {
            model.hint();
        }
        let mut lines = model.computer.lines;
        let response = ui.add(egui::DragValue::new(&mut lines).range(1..=5).prefix("Lines: "));
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::SpinButton, true, "Lines"));
        if lines != model.computer.lines {
            model.computer.lines = lines;
            if model.computer.analysing {
                // Restart with the new number of lines.
                model.computer.set_analysing(false);
                model.computer.set_analysing(true);
            }
        }
    });
    if model.computer.hinting {
        ui.weak("Looking for a hint…");
    } else if let Some(hint) = model.current_hint() {
        let san = model.play.position().san(hint).unwrap_or_else(|_| hint.uci());
        ui.label(RichText::new(format!("Hint: {san}")).strong());
    }
    let analysis = &model.computer.analysis;
    let fresh = analysis.position.as_ref() == Some(model.play.position());
    if !model.computer.analysing || !fresh {
        if model.computer.analysing {
            ui.weak("Analysing…");
        }
        return;
    }
    let Some(score) = analysis.white_score() else {
        ui.weak("Analysing…");
        return;
    };
    evaluation_bar(ui, score, analysis.depth());
    let pos = model.play.position();
    // Lines starting with a book move are marked.
    let book: Vec<chess_core::Move> = model.book.moves(pos).iter().map(|m| m.mv).collect();
    for line in &analysis.lines {
        let in_book = line.pv.first().is_some_and(|m| book.contains(m));
        let text = format!(
            "{}  {}{}",
            line.score.for_white(pos.turn()),
            pos.san_line(&line.pv),
            if in_book { "  (book)" } else { "" }
        );
        ui.add(egui::Label::new(RichText::new(text).monospace()).truncate())
            .on_hover_text(if in_book {
                "Its first move is in the opening book"
            } else {
                ""
            });
    }
}

/// A bar split between White and Black by the evaluation, with the number
/// and depth beside it.
fn evaluation_bar(ui: &mut egui::Ui, score: chess_engine::Score, depth: u32) {
    let text = format!("{}  depth {depth}", score);
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, 16.0), Sense::hover());
    let who = match score.as_cp() {
        cp if cp > 50 => "White is better",
        cp if cp < -50 => "Black is better",
        _ => "about equal",
    };
    let label = format!("Evaluation {} ({who}), depth {depth}", score);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ProgressIndicator, true, &label));
    let painter = ui.painter();
    painter.rect_filled(rect, 3.0, Color32::from_gray(12));
    let white = rect.width() * computer::white_share(score);
    painter.rect_filled(
        egui::Rect::from_min_size(rect.min, Vec2::new(white, rect.height())),
        3.0,
        Color32::from_gray(235),
    );
    painter.rect_stroke(
        rect,
        3.0,
        Stroke::new(1.0, Color32::from_gray(110)),
        egui::StrokeKind::Inside,
    );
    painter.line_segment(
        [rect.center_top(), rect.center_bottom()],
        Stroke::new(1.0, Color32::from_rgb(200, 60, 60)),
    );
    ui.label(RichText::new(text).strong());
}

/// A text field for moves in SAN or UCI, with the legal moves it could
/// complete to.
fn move_box(ui: &mut egui::Ui, app: &mut ChessApp) {
    let text = &mut app.view.move_text;
    let response = ui.add(
        egui::TextEdit::singleline(text)
            .hint_text("Type a move: e4, Nf3, O-O, g1f3")
            .desired_width(f32::INFINITY),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Move"));
    let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    let completions = if text.trim().is_empty() {
        Vec::new()
    } else {
        app.model.play.completions(text)
    };
    if response.has_focus() && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Tab)) {
        if let Some(first) = completions.first() {
            *text = first.clone();
        }
        response.request_focus();
    }
    if entered {
        match app.model.play.play_text(text) {
            // The move is made: the focus leaves the box, so Ctrl+Z and the
            // arrows act on the game again (not on the box's text).
            Ok(_) => text.clear(),
            // Refused: the box keeps the text and the focus, to fix it.
            Err(e) => {
                app.model.play.message = Some(e);
                response.request_focus();
            }
        }
    }
    if !completions.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for san in completions.iter().take(12) {
                if ui.small_button(san).clicked() {
                    app.model.play.play_text(san).ok();
                    app.view.move_text.clear();
                }
            }
        });
    }
}

/// The moves in SAN with numbers; variations in parentheses; each one
/// clickable, with a menu to promote or delete variations.
/// The time a comment's `[%emt h:mm:ss]` says a move took.
fn emt(comment: &str) -> Option<std::time::Duration> {
    let at = comment.find("[%emt ")?;
    let rest = &comment[at + 6..];
    let end = rest.find(']')?;
    // The same form as [%clk]: read with the clock's reader.
    chess_core::pgn::clock(&format!("[%clk {}]", rest[..end].trim()))
}

fn move_list(ui: &mut egui::Ui, app: &mut ChessApp) {
    // The time each move of the main line used, on the live clock.
    let used = app
        .model
        .timing
        .clock
        .as_ref()
        .map(|c| c.times_used())
        .unwrap_or_default();
    let play = &mut app.model.play;
    let tokens = play.move_tokens();
    if tokens.is_empty() {
        ui.weak("No moves yet");
        return;
    }
    let cursor = play.game.cursor();
    let mut go_to = None;
    let mut menu_action = None;
    let mut mark_action: Option<(chess_core::NodeId, Option<u8>)> = None;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        // The game's first comment, before its first move.
        if let Some(&first) = play.game.children(chess_core::NodeId::ROOT).first() {
            let before = format!(
                "{} {}",
                play.game.comment(chess_core::NodeId::ROOT),
                play.game.starting_comment(first)
            );
            let words = chess_core::pgn::comment_text(&before);
            if !words.is_empty() {
                ui.label(RichText::new(words).italics().color(ui.visuals().weak_text_color()));
            }
        }
        for token in &tokens {
            match token {
                MoveToken::Open => {
                    ui.weak("(");
                }
                MoveToken::Close => {
                    ui.weak(")");
                }
                MoveToken::Move { node, text, mainline } => {
                    // The move's mark from its NAGs (a review wrote ?!, ?
                    // and ??, or the file had them); the bad ones in
                    // lichess's colours.
                    let nags = play.game.nags(*node);
                    let judgement = nags.iter().find_map(|&n| chess_engine::review::Judgement::of_nag(n));
                    let text = match nags.iter().find_map(|&n| chess_core::pgn::nag_symbol(n)) {
                        Some(symbol) => format!("{text}{symbol}"),
                        None => text.clone(),
                    };
                    let mut rich = RichText::new(text);
                    if let Some(j) = judgement {
                        rich = rich.color(crate::ui::review::judgement_color(j));
                    }
                    if !mainline {
                        rich = rich.italics().color(ui.visuals().weak_text_color());
                    } else {
                        rich = rich.strong();
                    }
                    let mut response = ui.selectable_label(*node == cursor, rich);
                    // Hover: the time the move took, from the clock or the
                    // file's [%emt]; the time left after it, from [%clk].
                    let ply = play.game.ply(*node);
                    let comment = play.game.comment(*node);
                    let took = if *mainline {
                        used.get(ply.wrapping_sub(1)).copied()
                    } else {
                        None
                    }
                    .or_else(|| emt(comment));
                    let mut times = Vec::new();
                    if let Some(took) = took {
                        times.push(format!("took {:.1} s", took.as_secs_f64()));
                    }
                    if let Some(left) = chess_core::pgn::clock(comment) {
                        times.push(format!("clock {}", crate::model::clock::format(left)));
                    }
                    if !times.is_empty() {
                        response = response.on_hover_text(times.join(", "));
                    }
                    if response.clicked() {
                        go_to = Some(*node);
                    }
                    response.context_menu(|ui| {
                        if ui.button("Comment…").clicked() {
                            menu_action = Some((*node, 3));
                            ui.close();
                        }
                        ui.menu_button("Mark", |ui| {
                            for (nag, name) in MARKS {
                                if ui.button(name).clicked() {
                                    mark_action = Some((*node, nag));
                                    ui.close();
                                }
                            }
                        });
                        if !mainline && ui.button("Promote variation").clicked() {
                            menu_action = Some((*node, 0));
                            ui.close();
                        }
                        if !mainline && ui.button("Make main line").clicked() {
                            menu_action = Some((*node, 1));
                            ui.close();
                        }
                        if ui.button("Delete from here").clicked() {
                            menu_action = Some((*node, 2));
                            ui.close();
                        }
                    });
                    // The words of the move's comment, after it.
                    let words = chess_core::pgn::comment_text(comment);
                    if !words.is_empty() {
                        let color = ui.visuals().weak_text_color();
                        let label =
                            ui.add(egui::Label::new(RichText::new(words).italics().color(color)).sense(Sense::click()));
                        if label.clicked() {
                            go_to = Some(*node);
                        }
                        if label.double_clicked() {
                            menu_action = Some((*node, 3));
                        }
                    }
                }
            }
        }
    });
    if let Some(node) = go_to {
        play.go_to(node);
    }
    match menu_action {
        Some((node, 0)) => {
            play.promote_variation(node);
        }
        Some((node, 1)) => {
            play.make_main_line(node);
        }
        Some((node, 3)) => {
            let text = chess_core::pgn::comment_text(play.game.comment(node));
            app.model.dialog = Some(crate::model::Dialog::Comment { node, text });
        }
        Some((node, _)) => {
            play.delete_from(node);
        }
        None => {}
    }
    if let Some((node, mark)) = mark_action {
        app.model.play.set_mark(node, mark);
    }
}

/// The marks a move can be given from its menu: NAG and name.
const MARKS: [(Option<u8>, &str); 7] = [
    (Some(1), "! Good move"),
    (Some(3), "!! Brilliant move"),
    (Some(5), "!? Interesting move"),
    (Some(6), "?! Dubious move"),
    (Some(2), "? Mistake"),
    (Some(4), "?? Blunder"),
    (None, "No mark"),
];

/// The status line: whose move, check, the end of the game, why a move was
/// refused, or a note ("Saved game.ron").
pub fn status_line(ui: &mut egui::Ui, model: &Model) {
    ui.horizontal(|ui| {
        let text = match model.mode {
            crate::model::Mode::Play if model.computer.is_thinking() => {
                format!("{} (computer) is thinking…", model.play.position().turn().name())
            }
            crate::model::Mode::Play => model.play.status(),
            crate::model::Mode::Edit => editor_status(model),
        };
        let over = model.mode == crate::model::Mode::Play && model.play.outcome().is_some();
        let rich = if over {
            RichText::new(&text).strong()
        } else {
            RichText::new(&text)
        };
        ui.label(rich);
        if let Some(notice) = &model.notice {
            ui.separator();
            ui.weak(notice);
        }
    });
}

fn editor_status(model: &Model) -> String {
    let errors = model.editor.problems().iter().filter(|p| p.is_error()).count();
    match errors {
        0 => "Editing the position: it is legal".to_string(),
        1 => "Editing the position: 1 problem".to_string(),
        n => format!("Editing the position: {n} problems"),
    }
}
