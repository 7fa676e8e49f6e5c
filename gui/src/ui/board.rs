//! The board: 64 square widgets, each with an accessible label ("e2, white
//! pawn"), drawn in a classic theme, that report clicks, drags and drops.
//! The play mode and the editor both use it.

use chess_core::{Color, File, Piece, Rank, Square};
use egui::{Align2, Color32, FontId, Id, Pos2, Rect, Sense, Stroke, Vec2};

use crate::model::settings::{BoardSettings, Coordinates, PieceSet, Theme};
use crate::ui::animation::Glide;

/// The light and dark squares of a theme.
pub fn square_colors(theme: Theme) -> (Color32, Color32) {
    match theme {
        Theme::Brown => (Color32::from_rgb(240, 217, 181), Color32::from_rgb(181, 136, 99)),
        Theme::Blue => (Color32::from_rgb(222, 227, 230), Color32::from_rgb(140, 162, 173)),
        Theme::Green => (Color32::from_rgb(238, 238, 210), Color32::from_rgb(118, 150, 86)),
    }
}
const SELECTED: Color32 = Color32::from_rgba_premultiplied(10, 43, 15, 128);
const LAST_MOVE: Color32 = Color32::from_rgba_premultiplied(64, 82, 0, 105);
const TARGET: Color32 = Color32::from_rgba_premultiplied(10, 43, 15, 128);
const CHECK: Color32 = Color32::from_rgba_premultiplied(200, 20, 20, 200);
const FOCUS: Color32 = Color32::from_rgb(40, 110, 230);

/// What is being dragged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DragSource {
    /// The piece of a square.
    Square(Square),
    /// A piece from the editor's palette.
    Palette(Piece),
}

/// A drag in progress.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Drag {
    /// Where it started.
    pub source: DragSource,
    /// The piece dragged.
    pub piece: Piece,
    /// Where the pointer is.
    pub pos: Pos2,
}

/// What the board shows.
pub struct BoardView<'a> {
    /// A name that keeps the widget ids of two boards apart.
    pub id: &'static str,
    /// The piece on each square.
    pub piece_at: &'a dyn Fn(Square) -> Option<Piece>,
    /// Seen from Black's side.
    pub flipped: bool,
    /// The selected square.
    pub selected: Option<Square>,
    /// The last move's squares.
    pub last_move: Option<(Square, Square)>,
    /// A premove's squares, waiting for the computer's move.
    pub premove: Option<(Square, Square)>,
    /// The king in check.
    pub check: Option<Square>,
    /// Where the selected piece can go (with whether it captures there).
    pub targets: &'a [(Square, bool)],
    /// An arrow from one square to another (a hint, the best move).
    pub arrow: Option<(Square, Square)>,
    /// The analysis' lines, an arrow for each first move, with its weight
    /// (1 for the best line, less for the others: thinner and fainter).
    pub engine_arrows: &'a [(Square, Square, f32)],
    /// The coloured circles of the move's comment (`[%csl Ge4]`).
    pub marks: &'a [chess_core::pgn::Highlight],
    /// The coloured arrows of the move's comment (`[%cal Ge2e4]`).
    pub arrows: &'a [chess_core::pgn::Arrow],
    /// Colours and coordinates.
    pub settings: BoardSettings,
    /// Pieces gliding to their squares, and how far along (0 to 1).
    pub glides: (&'a [Glide], f32),
}

impl std::fmt::Debug for BoardView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoardView")
            .field("id", &self.id)
            .field("flipped", &self.flipped)
            .finish_non_exhaustive()
    }
}

/// What happened on the board this frame.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardEvent {
    /// A square was clicked (or activated with Enter or Space).
    Click(Square),
    /// A square was clicked with the other button.
    SecondaryClick(Square),
    /// The other button drew: dragged from `from` to `to` (an arrow), or
    /// clicked `from` (`to` the same: a circle); the colour by the keys
    /// held, as lichess: none green, Shift red, Alt blue, Ctrl (or Shift
    /// and Alt) yellow.
    Draw {
        /// Where it started.
        from: Square,
        /// Where it ended.
        to: Square,
        /// The colour letter.
        color: char,
    },
    /// A piece dragged from `from` was let go over `to` (none: off the board).
    Drop {
        /// Where the piece came from.
        from: Square,
        /// Where it was dropped, if on the board.
        to: Option<Square>,
    },
}

/// The on-screen rectangle of `sq` on a board in `rect`.
pub fn square_rect(rect: Rect, flipped: bool, sq: Square) -> Rect {
    let size = rect.width() / 8.0;
    let (file, rank) = (sq.file().index() as f32, sq.rank().index() as f32);
    let (col, row) = if flipped {
        (7.0 - file, rank)
    } else {
        (file, 7.0 - rank)
    };
    Rect::from_min_size(rect.min + Vec2::new(col * size, row * size), Vec2::splat(size))
}

/// The square under `pos`, if it is on the board.
pub fn square_at(rect: Rect, flipped: bool, pos: Pos2) -> Option<Square> {
    if !rect.contains(pos) {
        return None;
    }
    let size = rect.width() / 8.0;
    let col = (((pos.x - rect.min.x) / size) as u8).min(7);
    let row = (((pos.y - rect.min.y) / size) as u8).min(7);
    let (file, rank) = if flipped { (7 - col, row) } else { (col, 7 - row) };
    Some(Square::new(File::new(file)?, Rank::new(rank)?))
}

/// The accessible name of a square: "e2, white pawn" or "e4, empty".
pub fn square_label(sq: Square, piece: Option<Piece>) -> String {
    match piece {
        Some(p) => format!("{sq}, {p}"),
        None => format!("{sq}, empty"),
    }
}

fn square_id(board: &str, sq: Square) -> Id {
    Id::unique(("square", board, sq.index()))
}

/// Gives the keyboard to a square of the board `board` (its arrows then
/// walk the squares).
pub fn focus_square(ctx: &egui::Context, board: &str, sq: Square) {
    ctx.memory_mut(|m| m.request_focus(square_id(board, sq)));
}

const FOCUS_KEY: &str = "a square has the keyboard focus";

/// Whether a square widget had the keyboard focus in the last frame (then
/// the arrow keys walk the squares).
pub fn square_has_focus(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(Id::unique(FOCUS_KEY))).unwrap_or(false)
}

/// The largest square board that fits `available`, centred, leaving a
/// margin for coordinates drawn outside it.
pub fn layout(available: Rect, coordinates: Coordinates) -> Rect {
    let margin = match coordinates {
        Coordinates::Outside => outside_margin(available.width().min(available.height())),
        Coordinates::Inside | Coordinates::Hidden => 0.0,
    };
    let side = ((available.width().min(available.height()) - 2.0 * margin) / 8.0).floor() * 8.0;
    Rect::from_center_size(available.center(), Vec2::splat(side.max(64.0)))
}

/// The width of the margin for outside coordinates, for a space `side` wide.
fn outside_margin(side: f32) -> f32 {
    (side * 0.035).clamp(14.0, 22.0)
}

/// Draws the board in `rect` and returns what the pointer and keys did.
/// `drag` is the drag in progress, kept by the caller across frames.
pub fn show(ui: &mut egui::Ui, rect: Rect, view: &BoardView<'_>, drag: &mut Option<Drag>) -> Vec<BoardEvent> {
    let mut events = Vec::new();
    let size = rect.width() / 8.0;
    let painter = ui.painter_at(rect);
    let pointer_clicked = ui.input(|i| i.pointer.any_click());
    let mut any_focus = false;
    let (light, dark) = square_colors(view.settings.theme);
    let (glides, progress) = view.glides;

    for sq in Square::all() {
        let sq_rect = square_rect(rect, view.flipped, sq);
        let piece = (view.piece_at)(sq);
        let response = ui.interact(sq_rect, square_id(view.id, sq), Sense::click_and_drag());
        let label = square_label(sq, piece);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));

        // The square and what lies on it.
        painter.rect_filled(sq_rect, 0.0, if sq.is_light() { light } else { dark });
        if view.last_move.is_some_and(|(a, b)| a == sq || b == sq) {
            painter.rect_filled(sq_rect, 0.0, LAST_MOVE);
        }
        if view.selected == Some(sq) {
            painter.rect_filled(sq_rect, 0.0, SELECTED);
        }
        if view.premove.is_some_and(|(a, b)| a == sq || b == sq) {
            painter.rect_filled(sq_rect, 0.0, PREMOVE);
        }
        if view.check == Some(sq) {
            // A red glow, strongest at the centre.
            for i in 0..8 {
                let t = i as f32 / 8.0;
                painter.circle_filled(
                    sq_rect.center(),
                    size * (0.5 - 0.3 * t),
                    CHECK.gamma_multiply(0.18 + 0.1 * t),
                );
            }
        }
        if view.settings.coordinates == Coordinates::Inside {
            let ink = if sq.is_light() { dark } else { light };
            coordinates_inside(&painter, sq_rect, sq, view.flipped, ink);
        }
        let dragged_here = drag.is_some_and(|d| d.source == DragSource::Square(sq));
        let arriving = glides.iter().any(|g| g.to == sq);
        if let Some(p) = piece
            && !dragged_here
            && !arriving
        {
            draw_piece(&painter, sq_rect.center(), size, p, view.settings.pieces);
        }
        if let Some(&(_, capture)) = view.targets.iter().find(|(t, _)| *t == sq) {
            if capture {
                painter.circle_stroke(sq_rect.center(), size * 0.45, Stroke::new(size * 0.07, TARGET));
            } else {
                painter.circle_filled(sq_rect.center(), size * 0.15, TARGET);
            }
        }
        if response.has_focus() {
            any_focus = true;
            // egui moves the focus between widgets with the arrow keys, by
            // where they are on screen: on a grid of squares, that walks the
            // board (flipped or not).
            painter.rect_stroke(
                sq_rect.shrink(2.0),
                0.0,
                Stroke::new(3.0, FOCUS),
                egui::StrokeKind::Inside,
            );
        }

        // What the pointer did.
        // Pieces move with the first button (the other one draws).
        if response.drag_started_by(egui::PointerButton::Primary)
            && let Some(p) = piece
        {
            let pos = response.interact_pointer_pos().unwrap_or(sq_rect.center());
            *drag = Some(Drag {
                source: DragSource::Square(sq),
                piece: p,
                pos,
            });
        }
        if response.dragged()
            && let (Some(d), Some(pos)) = (drag.as_mut(), ui.ctx().pointer_latest_pos())
        {
            d.pos = pos;
        }
        if response.drag_stopped_by(egui::PointerButton::Primary)
            && let Some(d) = drag.take()
            && d.source == DragSource::Square(sq)
        {
            let to = ui
                .ctx()
                .pointer_latest_pos()
                .and_then(|pos| square_at(rect, view.flipped, pos));
            events.push(BoardEvent::Drop { from: sq, to });
        }
        if response.clicked() {
            events.push(BoardEvent::Click(sq));
            if pointer_clicked {
                // A mouse click leaves the arrow keys to the game.
                response.surrender_focus();
            }
        }
        if response.secondary_clicked() {
            events.push(BoardEvent::SecondaryClick(sq));
            events.push(BoardEvent::Draw {
                from: sq,
                to: sq,
                color: drawing_color(ui),
            });
        }
        // Drawing with the other button: from here to where it is let go.
        if response.drag_started_by(egui::PointerButton::Secondary) {
            ui.ctx().data_mut(|d| d.insert_temp(drawing_id(view.id), sq));
        }
        if response.drag_stopped_by(egui::PointerButton::Secondary)
            && let Some(from) = ui.ctx().data(|d| d.get_temp::<Square>(drawing_id(view.id)))
            && let Some(to) = ui
                .ctx()
                .pointer_latest_pos()
                .and_then(|pos| square_at(rect, view.flipped, pos))
        {
            events.push(BoardEvent::Draw {
                from,
                to,
                color: drawing_color(ui),
            });
        }
        if response.drag_stopped_by(egui::PointerButton::Secondary) {
            ui.ctx().data_mut(|d| d.remove::<Square>(drawing_id(view.id)));
        }
    }
    // The arrow being drawn, as the pointer goes.
    if let Some(from) = ui.ctx().data(|d| d.get_temp::<Square>(drawing_id(view.id)))
        && let Some(to) = ui
            .ctx()
            .pointer_latest_pos()
            .and_then(|pos| square_at(rect, view.flipped, pos))
        && to != from
        && ui.input(|i| i.pointer.secondary_down())
    {
        draw_arrow(
            &painter,
            square_rect(rect, view.flipped, from).center(),
            square_rect(rect, view.flipped, to).center(),
            size,
            annotation_color(drawing_color(ui)),
        );
    }
    ui.ctx().data_mut(|d| d.insert_temp(Id::unique(FOCUS_KEY), any_focus));
    for glide in glides {
        let from = square_rect(rect, view.flipped, glide.from).center();
        let to = square_rect(rect, view.flipped, glide.to).center();
        draw_piece(
            &painter,
            from + (to - from) * progress,
            size,
            glide.piece,
            view.settings.pieces,
        );
    }
    if view.settings.coordinates == Coordinates::Outside {
        coordinates_outside(ui, rect, view.flipped);
    }
    for mark in view.marks {
        let r = square_rect(rect, view.flipped, mark.square);
        painter.circle_stroke(
            r.center(),
            size * 0.45,
            Stroke::new(size * 0.07, annotation_color(mark.color)),
        );
    }
    for a in view.arrows {
        draw_arrow(
            &painter,
            square_rect(rect, view.flipped, a.from).center(),
            square_rect(rect, view.flipped, a.to).center(),
            size,
            annotation_color(a.color),
        );
    }
    // The weaker lines first, so the best is drawn on top.
    for &(from, to, weight) in view.engine_arrows.iter().rev() {
        draw_arrow(
            &painter,
            square_rect(rect, view.flipped, from).center(),
            square_rect(rect, view.flipped, to).center(),
            size * (0.45 + 0.55 * weight),
            ARROW.gamma_multiply(0.45 + 0.55 * weight),
        );
    }
    if let Some((from, to)) = view.arrow {
        draw_arrow(
            &painter,
            square_rect(rect, view.flipped, from).center(),
            square_rect(rect, view.flipped, to).center(),
            size,
            ARROW,
        );
    }
    if let Some(d) = drag {
        draw_dragged(ui, d, size, view.settings.pieces);
    }
    events
}

/// The engine's arrows (its lines, the hint, the review's better move):
/// lichess's pale blue, apart from the green a person draws by default
/// (they were both green, and could not be told apart).
const ARROW: Color32 = Color32::from_rgba_premultiplied(0, 19, 54, 102);
/// A premove's squares: lichess's muted red.
const PREMOVE: Color32 = Color32::from_rgba_premultiplied(110, 40, 40, 120);

fn drawing_id(board: &str) -> Id {
    Id::unique(("drawing from", board))
}

/// The colour of what the right button draws, by the keys held.
fn drawing_color(ui: &egui::Ui) -> char {
    let m = ui.input(|i| i.modifiers);
    match (m.shift, m.alt, m.ctrl || m.command) {
        (_, _, true) | (true, true, _) => 'Y',
        (true, false, false) => 'R',
        (false, true, false) => 'B',
        (false, false, false) => 'G',
    }
}

/// The colour of a comment's arrow or circle by its letter, as lichess
/// draws them: G green, R red, Y yellow, B blue (others green).
fn annotation_color(letter: char) -> Color32 {
    match letter.to_ascii_uppercase() {
        'R' => Color32::from_rgba_unmultiplied(136, 32, 32, 200),
        'Y' => Color32::from_rgba_unmultiplied(230, 143, 0, 200),
        'B' => Color32::from_rgba_unmultiplied(0, 48, 136, 200),
        _ => Color32::from_rgba_unmultiplied(21, 120, 27, 200),
    }
}

/// A thick arrow with a triangular head, from square centre to centre.
fn draw_arrow(painter: &egui::Painter, from: Pos2, to: Pos2, size: f32, color: Color32) {
    let direction = (to - from).normalized();
    let head = size * 0.38;
    let tip = to - direction * size * 0.12;
    let base = tip - direction * head;
    painter.line_segment([from, base], Stroke::new(size * 0.14, color));
    let side = direction.rot90() * head * 0.55;
    painter.add(egui::Shape::convex_polygon(
        vec![tip, base + side, base - side],
        color,
        Stroke::NONE,
    ));
}

/// A file letter in the bottom right corner of the bottom rank's squares
/// and a rank number in the top left corner of the left file's, in `ink`.
fn coordinates_inside(painter: &egui::Painter, rect: Rect, sq: Square, flipped: bool, ink: Color32) {
    let size = rect.width();
    let font = FontId::proportional((size * 0.2).clamp(8.0, 16.0));
    let bottom_rank = if flipped { Rank::Eighth } else { Rank::First };
    let left_file = if flipped { File::H } else { File::A };
    if sq.rank() == bottom_rank {
        let pos = rect.right_bottom() - Vec2::new(size * 0.06, size * 0.03);
        painter.text(pos, Align2::RIGHT_BOTTOM, sq.file().char(), font.clone(), ink);
    }
    if sq.file() == left_file {
        let pos = rect.left_top() + Vec2::new(size * 0.05, size * 0.03);
        painter.text(pos, Align2::LEFT_TOP, sq.rank().char(), font, ink);
    }
}

/// File letters under the board and rank numbers left of it, in the
/// margin [`layout`] left, in the UI's text colour.
fn coordinates_outside(ui: &egui::Ui, rect: Rect, flipped: bool) {
    let painter = ui.painter();
    let margin = outside_margin(rect.width());
    let font = FontId::proportional(margin * 0.75);
    let ink = ui.visuals().text_color();
    for sq in Square::all() {
        let r = square_rect(rect, flipped, sq);
        if sq.rank() == Rank::First {
            let pos = Pos2::new(r.center().x, rect.bottom() + margin / 2.0);
            painter.text(pos, Align2::CENTER_CENTER, sq.file().char(), font.clone(), ink);
        }
        if sq.file() == File::A {
            let pos = Pos2::new(rect.left() - margin / 2.0, r.center().y);
            painter.text(pos, Align2::CENTER_CENTER, sq.rank().char(), font.clone(), ink);
        }
    }
}

/// Draws a piece as chess fonts are drawn on lichess-like boards: an
/// outline (the solid glyph in black, drawn around the piece a little
/// out), the fill (the solid glyph in the piece's colour), and for white
/// pieces the inner lines of the outline glyph. Some white pieces take no
/// outline glyph, where the font's would fill them black: DejaVu's bishop
/// and king (the mitre and the crown), Noto Sans Symbols 2's king (its
/// white king is mostly black lines: drawn over the fill, the king looked
/// black); their inner lines are the solid glyph's, showing the outline
/// through.
pub fn draw_piece(painter: &egui::Painter, center: Pos2, size: f32, piece: Piece, set: PieceSet) {
    let solid = Piece::new(Color::Black, piece.role).unicode();
    let outline = Piece::new(Color::White, piece.role).unicode();
    let font = match set {
        PieceSet::Standard => FontId::proportional(size * 0.82),
        PieceSet::Classic => FontId::new(size * 0.8, egui::FontFamily::Name(super::fonts::CLASSIC_PIECES.into())),
    };
    // The glyphs sit a little high in their line box.
    let at = center + Vec2::new(0.0, size * 0.03);
    let edge = Color32::from_gray(10);
    match piece.color {
        Color::White => {
            // The bishop and king, without the outline glyph, take a wider
            // outline.
            let solid_only = match set {
                PieceSet::Standard => matches!(piece.role, chess_core::Role::Bishop | chess_core::Role::King),
                PieceSet::Classic => piece.role == chess_core::Role::King,
            };
            let r = (size * if solid_only { 0.026 } else { 0.012 }).max(0.8);
            for (dx, dy) in [
                (1.0, 0.0),
                (-1.0, 0.0),
                (0.0, 1.0),
                (0.0, -1.0),
                (0.7, 0.7),
                (-0.7, 0.7),
                (0.7, -0.7),
                (-0.7, -0.7),
            ] {
                painter.text(
                    at + Vec2::new(dx * r, dy * r),
                    Align2::CENTER_CENTER,
                    solid,
                    font.clone(),
                    edge,
                );
            }
            painter.text(at, Align2::CENTER_CENTER, solid, font.clone(), Color32::WHITE);
            if !solid_only {
                painter.text(at, Align2::CENTER_CENTER, outline, font, edge);
            }
        }
        Color::Black => {
            painter.text(at, Align2::CENTER_CENTER, solid, font.clone(), edge);
            painter.text(at, Align2::CENTER_CENTER, outline, font, edge);
        }
    }
}

fn draw_dragged(ui: &egui::Ui, drag: &Drag, size: f32, set: PieceSet) {
    let layer = egui::LayerId::new(egui::Order::Tooltip, Id::unique("dragged piece"));
    let painter = ui.ctx().layer_painter(layer);
    draw_piece(&painter, drag.pos, size * 1.05, drag.piece, set);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hue of a colour, in degrees.
    fn hue(c: Color32) -> f32 {
        egui::ecolor::Hsva::from(c).h * 360.0
    }

    #[test]
    fn the_engines_arrows_are_not_the_colour_a_person_draws() {
        let drawn = annotation_color('G');
        let apart = (hue(ARROW) - hue(drawn)).abs();
        assert!(apart.min(360.0 - apart) > 60.0, "{} against {}", hue(ARROW), hue(drawn));
        // Lichess's pale blue: blue at 40%.
        assert_eq!(ARROW.a(), 102);
    }
}
