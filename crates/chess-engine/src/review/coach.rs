//! The coach: what went wrong with a move, in words, from the position, the
//! engine's best line and its refutation of the move played.
//!
//! Nothing here is canned per game: each sentence comes from the rules and
//! attack information of [`chess_core`] and from [`see`] and
//! material counts along the engine's lines. In order of priority:
//!
//! | kind | example |
//! |------|---------|
//! | missed mate | misses mate in 2: Qxf7+ Kh8 Qf8# |
//! | allowed mate | allows mate in 3: Qh7+ Kf8 Qh8#; allows a back-rank mate: Re8# |
//! | fork | walks into a fork: Nc7+ attacks the king and the rook on a8 |
//! | pin | allows a pin: Bb5 pins the knight on c6 to the king |
//! | skewer | allows a skewer: Bb5+ attacks the king, and the rook on e8 behind it falls |
//! | hanging piece | hangs the knight on f6 to Bxf6 (the pawn on g7 that defends it is pinned) |
//! | lost material | loses the exchange after Bxe8 Rxe8 |
//! | missed material | misses Nxe5, which wins a pawn |

use chess_core::pgn::Eval;
use chess_core::{Color, Move, Piece, Position, Role, Square};

use super::tunables::{HANGING_DROP_PERCENT, MATERIAL_GAIN, MATERIAL_PLIES, TACTIC_GAIN};
use crate::see;

/// What the coach is told about one move.
#[derive(Clone, Debug)]
pub struct Context<'a> {
    /// The position before the move (the mover to move).
    pub before: &'a Position,
    /// The move played.
    pub played: Move,
    /// The engine's best line from `before`.
    pub best_line: &'a [Move],
    /// The evaluation of `before`, from White's side.
    pub best_eval: Eval,
    /// The engine's best line after the move played: its refutation.
    pub reply_line: &'a [Move],
    /// The evaluation after the move played, from White's side.
    pub reply_eval: Eval,
}

/// A sentence saying what went wrong with `cx.played`, without the
/// judgement ("hangs the knight on f6 to Bxf6"), or `None` when the mover
/// was lost whatever it played (or no evaluation says what changed).
///
/// ```
/// use chess_core::{Position, pgn::Eval};
/// use chess_engine::review::coach::{Context, explain};
/// // Black's queen goes to g5, where the knight on f3 takes it.
/// let before: Position = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2".parse()?;
/// let played = before.parse_san("Qg5")?;
/// let reply = before.after(played)?.parse_san("Nxg5")?;
/// let cx = Context {
///     before: &before,
///     played,
///     best_line: &[],
///     best_eval: Eval::Centipawns(-30),
///     reply_line: &[reply],
///     reply_eval: Eval::Centipawns(900),
/// };
/// assert_eq!(explain(&cx).as_deref(), Some("hangs the queen on g5 to Nxg5"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explain(cx: &Context<'_>) -> Option<String> {
    let mover = cx.before.turn();
    let after = cx.before.after(cx.played).ok()?;
    let mated_anyway = |e| mate_for(e, mover).is_some_and(|n| n < 0);
    if mated_anyway(cx.best_eval) && mated_anyway(cx.reply_eval) {
        return None; // nothing better was there
    }
    // What the refutation wins, counted once for every kind that asks.
    let won = material_gain(&after, cx.reply_line);
    missed_mate(cx, mover)
        .or_else(|| allowed_mate(cx, &after, mover))
        .or_else(|| tactic(cx, &after, won, mover))
        .or_else(|| hanging(cx, &after, won, mover))
        .or_else(|| lost_material(cx, &after, won))
        .or_else(|| missed_material(cx, won))
        .or_else(|| worse_position(cx, &after, mover))
}

/// No tactic, no material: the position itself gets worse. Says how much
/// and shows the line that makes it so. The evaluations are given from
/// White's side, as the bar, the graph and lichess give them, whoever moved.
fn worse_position(cx: &Context<'_>, after: &Position, mover: Color) -> Option<String> {
    let white_pawns = |e: Eval| match e {
        Eval::Centipawns(cp) => Some(f64::from(cp) / 100.0),
        Eval::Mate(_) => None,
    };
    let (before, now) = (white_pawns(cx.best_eval)?, white_pawns(cx.reply_eval)?);
    let line = san_line(after, cx.reply_line, 3);
    let shown = |v: f64| format!("{}{:.1}", if v >= 0.0 { "+" } else { "" }, v);
    let drop = format!("from {} to {}", shown(before), shown(now));
    // How the mover stands now, from the mover's side.
    let now = if mover == Color::White { now } else { -now };
    let standing = if now < -0.5 {
        format!("{} stands worse", mover.name())
    } else if now <= 0.5 {
        "the advantage is gone".to_string()
    } else {
        format!("{} keeps less of its advantage", mover.name())
    };
    Some(if line.is_empty() {
        format!("{standing} ({drop})")
    } else {
        format!("after {line}, {standing} ({drop})")
    })
}

/// Material values for words (not the search's), in centipawns: what
/// players count ([`Role::value`]), the king priceless.
fn value(role: Role) -> i32 {
    match role {
        Role::King => 100_000,
        _ => role.value() * 100,
    }
}

/// "the knight on f6"; "the king" for a king.
fn piece_on(piece: Piece, sq: Square) -> String {
    match piece.role {
        Role::King => "the king".to_string(),
        role => format!("the {} on {}", role.name(), sq.name()),
    }
}

/// An amount of material in words: "a pawn", "the exchange", "a piece".
fn amount(gain: i32, rook_for_minor: bool) -> &'static str {
    match gain {
        800.. => "the queen",
        450.. => "a rook",
        250.. => "a piece",
        150.. if rook_for_minor => "the exchange",
        150.. => "two pawns",
        _ => "a pawn",
    }
}

/// The moves of `line` from `pos` in SAN, at most `plies` of them
/// ("Qh7+ Kf8 Qh8#"); stops at a move that is not legal.
fn san_line(pos: &Position, line: &[Move], plies: usize) -> String {
    pos.san_moves(&line[..plies.min(line.len())]).join(" ")
}

fn san(pos: &Position, m: Move) -> Option<String> {
    pos.san(m).ok()
}

/// The piece `m` captures in `pos`, with its square (en passant included).
fn captured(pos: &Position, m: Move) -> Option<(Piece, Square)> {
    let mover = pos.piece_at(m.from())?;
    if m.flags() & Move::EN_PASSANT != 0 {
        let sq = Square::new(m.to().file(), m.from().rank());
        return pos.piece_at(sq).map(|p| (p, sq));
    }
    pos.piece_at(m.to())
        .filter(|p| p.color != mover.color)
        .map(|p| (p, m.to()))
}

/// What the side to move in `pos` gains in material along the first
/// `MATERIAL_PLIES` moves of `line` (negative: it loses), and whether the
/// line takes a rook for a minor piece. When the line stops just after a
/// capture, the best recapture on that square is counted as well.
fn material_gain(pos: &Position, line: &[Move]) -> (i32, bool) {
    let me = pos.turn();
    let mut pos = pos.clone();
    let mut gain = 0;
    let (mut rooks_taken, mut minors_taken) = ([0; 2], [0; 2]);
    let mut last_capture = None;
    for &m in line.iter().take(MATERIAL_PLIES) {
        let Some(m) = pos.legal_move(m) else { break };
        let sign = if pos.turn() == me { 1 } else { -1 };
        last_capture = captured(&pos, m);
        if let Some((p, _)) = last_capture {
            gain += sign * value(p.role);
            match p.role {
                Role::Rook => rooks_taken[pos.turn().index()] += 1,
                Role::Knight | Role::Bishop => minors_taken[pos.turn().index()] += 1,
                _ => {}
            }
        }
        if let Some(promotion) = m.promotion() {
            gain += sign * (value(promotion) - value(Role::Pawn));
        }
        pos.play_unchecked(m);
    }
    if let Some((_, sq)) = last_capture {
        let sign = if pos.turn() == me { 1 } else { -1 };
        let best = pos
            .legal_moves()
            .iter()
            .filter(|m| m.to() == sq)
            .map(|&m| see(&pos, m))
            .max()
            .unwrap_or(0);
        gain += sign * best.max(0);
    }
    let i = me.index();
    let rook_for_minor = rooks_taken[i] > rooks_taken[1 - i] && minors_taken[1 - i] > minors_taken[i];
    (gain, rook_for_minor)
}

/// A White-side evaluation as `color` sees it: mate in `n` for `color` is
/// `Some(n)`, mate against it `Some(-n)`.
fn mate_for(eval: Eval, color: Color) -> Option<i32> {
    match eval {
        Eval::Mate(n) if color == Color::White => Some(n),
        Eval::Mate(n) => Some(-n),
        Eval::Centipawns(_) => None,
    }
}

fn missed_mate(cx: &Context<'_>, mover: Color) -> Option<String> {
    let n = mate_for(cx.best_eval, mover).filter(|&n| n > 0)?;
    // Still mating after the move played (a slower mate, or mate itself)?
    match cx.reply_eval {
        Eval::Mate(0) => return None,
        e if mate_for(e, mover).is_some_and(|m| m > 0) => return None,
        _ => {}
    }
    let line = san_line(cx.before, cx.best_line, (2 * n - 1) as usize);
    Some(if line.is_empty() {
        format!("misses a mate in {n}")
    } else {
        format!("misses mate in {n}: {line}")
    })
}

fn allowed_mate(cx: &Context<'_>, after: &Position, mover: Color) -> Option<String> {
    let n = -mate_for(cx.reply_eval, mover).filter(|&n| n < 0)?;
    if mate_for(cx.best_eval, mover).is_some_and(|m| m < 0) {
        return None; // it was mated anyway
    }
    let plies = (2 * n - 1) as usize;
    let line = san_line(after, cx.reply_line, plies);
    if line.is_empty() {
        return Some(format!("allows mate in {n}"));
    }
    if is_back_rank_mate(after, &cx.reply_line[..plies.min(cx.reply_line.len())]) {
        return Some(format!("allows a back-rank mate: {line}"));
    }
    Some(format!("allows mate in {n}: {line}"))
}

/// Whether `line` ends in a back-rank mate: the mated king on its first
/// rank, checked along it by a rook or queen, with its own pieces in front.
fn is_back_rank_mate(pos: &Position, line: &[Move]) -> bool {
    let mut pos = pos.clone();
    for &m in line {
        if pos.play(m).is_err() {
            return false;
        }
    }
    if !pos.is_checkmate() {
        return false;
    }
    let mated = pos.turn();
    let king = pos.king(mated);
    let back = if mated == Color::White { 0 } else { 7 };
    let checkers = pos.checkers();
    let Some(checker) = checkers.first() else { return false };
    let along_rank = checker.rank() == king.rank()
        && pos
            .piece_at(checker)
            .is_some_and(|p| matches!(p.role, Role::Rook | Role::Queen));
    let forward: i8 = if mated == Color::White { 1 } else { -1 };
    let walled = [-1, 0, 1]
        .iter()
        .filter_map(|&files| king.try_offset(files, forward))
        .any(|sq| pos.piece_at(sq).is_some_and(|p| p.color == mated));
    king.rank().index() == back && checkers.is_single() && along_rank && walled
}

/// A fork, pin or skewer made by the refutation's first move, which wins
/// `won` (material, rook for minor) along its line.
fn tactic(cx: &Context<'_>, after: &Position, won: (i32, bool), mover: Color) -> Option<String> {
    let &reply = cx.reply_line.first()?;
    if won.0 < TACTIC_GAIN {
        return None;
    }
    let reply_san = san(after, reply)?;
    let mut pos2 = after.clone();
    pos2.play(reply).ok()?;
    let at = reply.to();
    let forker = pos2.piece_at(at)?;
    // Fork: the moved piece attacks two targets worth attacking.
    let mut targets: Vec<(Piece, Square)> = pos2
        .pieces_of(mover)
        .into_iter()
        .filter(|&sq| pos2.attackers_of(sq, !mover).contains(at))
        .filter_map(|sq| pos2.piece_at(sq).map(|p| (p, sq)))
        .filter(|&(p, sq)| {
            p.role == Role::King || value(p.role) > value(forker.role) || pos2.attackers_of(sq, mover).is_empty()
        })
        .filter(|&(p, _)| p.role != Role::Pawn)
        .collect();
    if targets.len() >= 2 {
        targets.sort_by_key(|&(p, _)| -value(p.role));
        let names: Vec<String> = targets.iter().map(|&(p, sq)| piece_on(p, sq)).collect();
        let list = match names.as_slice() {
            [a, b] => format!("{a} and {b}"),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
            [] => unreachable!(),
        };
        return Some(format!("walks into a fork: {reply_san} attacks {list}"));
    }
    // Pin and skewer: a line piece, two of the mover's pieces in a row.
    const DIAGONAL: [(i8, i8); 4] = [(-1, 1), (1, 1), (1, -1), (-1, -1)];
    const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let steps: &[(i8, i8)] = match forker.role {
        Role::Bishop => &DIAGONAL,
        Role::Rook => &ORTHOGONAL,
        Role::Queen => &[(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, 1), (1, -1), (-1, -1)],
        _ => &[],
    };
    for &(files, ranks) in steps {
        let mut on_line = Vec::new();
        let mut sq = at;
        while let Some(next) = sq.try_offset(files, ranks) {
            sq = next;
            if let Some(p) = pos2.piece_at(sq) {
                on_line.push((p, sq));
                if on_line.len() == 2 {
                    break;
                }
            }
        }
        let [(front, front_sq), (back, back_sq)] = on_line[..] else {
            continue;
        };
        if front.color != mover || back.color != mover {
            continue;
        }
        if front.role != Role::King && value(back.role) > value(front.role) && front.role != Role::Pawn {
            return Some(format!(
                "allows a pin: {reply_san} pins {} to {}",
                piece_on(front, front_sq),
                piece_on(back, back_sq)
            ));
        }
        if (front.role == Role::King || value(front.role) > value(back.role)) && back.role != Role::Pawn {
            return Some(format!(
                "allows a skewer: {reply_san} attacks {}, and {} behind it falls",
                piece_on(front, front_sq),
                piece_on(back, back_sq)
            ));
        }
    }
    None
}

/// The refutation takes a piece that cannot be taken back with profit.
fn hanging(cx: &Context<'_>, after: &Position, won: (i32, bool), mover: Color) -> Option<String> {
    let &reply = cx.reply_line.first()?;
    let (piece, sq) = captured(after, reply)?;
    if piece.role == Role::Pawn {
        return None;
    }
    // Hanging: the line wins the whole piece (a pinned defender cannot
    // take back, which SEE alone would not see), or the capture wins it by
    // SEE and the evaluation drops by a good part of it (the line may give
    // some back later, by the winner's choice: a sacrifice for an attack).
    let whole = value(piece.role) - 50;
    let free = || {
        let drop =
            super::centipawns_for(cx.best_eval, mover, mover) - super::centipawns_for(cx.reply_eval, !mover, mover);
        see(after, reply) >= whole && drop * 100 >= value(piece.role) * HANGING_DROP_PERCENT
    };
    if won.0 < whole && !free() {
        return None;
    }
    let reply_san = san(after, reply)?;
    let mut pos2 = after.clone();
    pos2.play(reply).ok()?;
    // Was a defender of the square pinned, so it cannot take back?
    let pinned_defender = pos2
        .attackers_of(sq, mover)
        .into_iter()
        .find(|&d| pos2.pinned().contains(d))
        .and_then(|d| pos2.piece_at(d).map(|p| piece_on(p, d)));
    // Already hanging before the move, and not the piece moved?
    let was_hanging = sq != cx.played.to() && !cx.before.is_check() && {
        let mut passed = cx.before.clone();
        let undo = passed.play_null();
        let already = passed
            .legal_moves()
            .iter()
            .any(|&m| m.to() == sq && see(&passed, m) >= whole);
        passed.undo_null(undo);
        already
    };
    let what = piece_on(piece, sq);
    let mut text = if was_hanging {
        format!("leaves {what} hanging to {reply_san}")
    } else {
        format!("hangs {what} to {reply_san}")
    };
    if let Some(defender) = pinned_defender {
        text.push_str(&format!(" ({defender} that defends it is pinned)"));
    }
    Some(text)
}

/// The refutation wins material by a sequence of moves.
fn lost_material(cx: &Context<'_>, after: &Position, (gain, rook_for_minor): (i32, bool)) -> Option<String> {
    if gain < MATERIAL_GAIN {
        return None;
    }
    let line = san_line(after, cx.reply_line, 4);
    Some(format!("loses {} after {line}", amount(gain, rook_for_minor)))
}

/// The best move won material and the move played did not.
fn missed_material(cx: &Context<'_>, (reply_gain, _): (i32, bool)) -> Option<String> {
    let &best = cx.best_line.first()?;
    let (best_gain, rook_for_minor) = material_gain(cx.before, cx.best_line);
    // What the move played won, seen from the mover: minus the reply's gain,
    // plus what the move itself took.
    let played_gain = captured(cx.before, cx.played).map_or(0, |(p, _)| value(p.role)) - reply_gain;
    if best_gain < MATERIAL_GAIN || best_gain - played_gain < MATERIAL_GAIN {
        return None;
    }
    let best_san = san(cx.before, best)?;
    Some(format!(
        "misses {best_san}, which wins {}",
        amount(best_gain, rook_for_minor)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The coach's sentence for `played` (SAN) in `fen`, with the engine's
    /// best line and refutation given in SAN and evaluations from White's side.
    fn coach(
        fen: &str,
        played: &str,
        best: &[&str],
        best_eval: Eval,
        reply: &[&str],
        reply_eval: Eval,
    ) -> Option<String> {
        let before: Position = fen.parse().unwrap();
        let line = |pos: &Position, sans: &[&str]| {
            let mut pos = pos.clone();
            sans.iter()
                .map(|s| {
                    let m = pos.parse_san(s).unwrap_or_else(|e| panic!("{s}: {e}"));
                    pos.play(m).unwrap();
                    m
                })
                .collect::<Vec<_>>()
        };
        let played = before.parse_san(played).unwrap();
        let after = before.after(played).unwrap();
        let best_line = line(&before, best);
        let reply_line = line(&after, reply);
        explain(&Context {
            before: &before,
            played,
            best_line: &best_line,
            best_eval,
            reply_line: &reply_line,
            reply_eval,
        })
    }

    const CP: fn(i32) -> Eval = Eval::Centipawns;

    #[test]
    fn a_hanging_piece() {
        // Black's queen goes to g5, where the knight on f3 takes it.
        let s = coach(
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            "Qg5",
            &["Nc6"],
            CP(-30),
            &["Nxg5"],
            CP(900),
        );
        assert_eq!(s.as_deref(), Some("hangs the queen on g5 to Nxg5"));
    }

    #[test]
    fn a_hanging_piece_the_winner_gives_some_back_for_an_attack() {
        // White takes the queen, then gives a knight for f7 and an attack:
        // the queen still hung (the line alone counts 7 pawns, not 9).
        let s = coach(
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            "Qg5",
            &["Nc6"],
            CP(-30),
            &["Nxg5", "h6", "Nxf7", "Kxf7", "Qh5+", "g6"],
            CP(800),
        );
        assert_eq!(s.as_deref(), Some("hangs the queen on g5 to Nxg5"));
    }

    #[test]
    fn a_piece_won_back_by_a_fork_does_not_hang() {
        // The fork trick: 3...Nxe4 4.Nxe4 d5 wins the piece back. The knight
        // on e4 is free by SEE, but the evaluation hardly moves.
        let s = coach(
            "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/2N5/PPPP1PPP/R1BQK1NR b KQkq - 3 3",
            "Nxe4",
            &["Nc6"],
            CP(20),
            &["Nxe4", "d5", "Bd3", "dxe4", "Bxe4"],
            CP(40),
        );
        assert!(!s.as_deref().unwrap_or("").starts_with("hangs"), "{s:?}");
    }

    #[test]
    fn a_piece_left_hanging() {
        // Black's knight on e5 was already attacked; Black moves a pawn.
        let s = coach(
            "r1bqkbnr/pppp1ppp/8/4n3/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 3",
            "a6",
            &["Nxf3+"],
            CP(0),
            &["Nxe5"],
            CP(300),
        );
        assert_eq!(s.as_deref(), Some("leaves the knight on e5 hanging to Nxe5"));
    }

    #[test]
    fn a_hanging_piece_whose_defender_is_pinned() {
        // The knight on f3 looks defended by the pawn on g2, but the rook on
        // a2 pins that pawn to the king on h2.
        let s = coach(
            "7k/1b6/8/8/8/8/r5PK/4N3 w - - 0 1",
            "Nf3",
            &["Kg1"],
            CP(-500),
            &["Bxf3"],
            CP(-800),
        );
        assert_eq!(
            s.as_deref(),
            Some("hangs the knight on f3 to Bxf3 (the pawn on g2 that defends it is pinned)")
        );
    }

    #[test]
    fn a_piece_for_a_pawn() {
        // The knight on d5 is defended, but a pawn takes it: a piece for a
        // pawn, two pawns' worth, not "hangs".
        let s = coach(
            "r1bqkbnr/pppp1ppp/2n1p3/8/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3",
            "Nd5",
            &["Nf3"],
            CP(30),
            &["exd5"],
            CP(-200),
        );
        assert_eq!(s.as_deref(), Some("loses two pawns after exd5"));
    }

    #[test]
    fn allows_mate_and_a_back_rank_mate() {
        // The rook leaves the back rank; Re1# follows.
        let s = coach(
            "4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
            "Rd7",
            &["Kf1"],
            CP(0),
            &["Re1#"],
            Eval::Mate(-1),
        );
        assert_eq!(s.as_deref(), Some("allows a back-rank mate: Re1#"));
        // Black can mate at once (fool's mate) and plays another move.
        let s = coach(
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
            "Nc6",
            &["Qh4#"],
            Eval::Mate(-1),
            &["e4"],
            CP(-100),
        );
        assert_eq!(s.as_deref(), Some("misses mate in 1: Qh4#"));
        // Black opens the diagonal to the king: Qh5#, not on the back rank.
        let s = coach(
            "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
            "Nc6",
            &["e5"],
            CP(0),
            &["Qh5#"],
            Eval::Mate(1),
        );
        assert_eq!(s.as_deref(), Some("allows mate in 1: Qh5#"));
    }

    #[test]
    fn allows_mate_in_two_shows_the_line() {
        // The bishop leaves d7; Ra8+ Bc8 Rxc8# follows, along the back rank.
        let s = coach(
            "6k1/3b1ppp/8/8/8/8/5PPP/R5K1 b - - 0 1",
            "Bh3",
            &["Kf8"],
            CP(-200),
            &["Ra8+", "Bc8", "Rxc8#"],
            Eval::Mate(2),
        );
        assert_eq!(s.as_deref(), Some("allows a back-rank mate: Ra8+ Bc8 Rxc8#"));
        // A mate White had anyway is not Black's fault.
        let s = coach(
            "6k1/3b1ppp/8/8/8/8/5PPP/R5K1 b - - 0 1",
            "Bh3",
            &["Kf8"],
            Eval::Mate(3),
            &["Ra8+", "Bc8", "Rxc8#"],
            Eval::Mate(2),
        );
        assert_eq!(s, None);
    }

    #[test]
    fn walks_into_a_fork() {
        // Black develops the bishop; the knight on b5 takes on c7 with
        // check, attacking the king on e8 and the rook on a8.
        let s = coach(
            "r3kbnr/ppp2ppp/8/1N6/8/8/PPP2PPP/R3KBNR b KQkq - 0 1",
            "Bd6",
            &["Kd7"],
            CP(-50),
            &["Nxc7+", "Bxc7", "Rd1"],
            CP(400),
        );
        // The bishop on d6 takes the knight: no fork, the position is what
        // went wrong.
        assert_eq!(
            s.as_deref(),
            // From White's side, as the bar and the graph say it.
            Some("after Nxc7+ Bxc7 Rd1, Black stands worse (from -0.5 to +4.0)")
        );
        let s = coach(
            "r3kbnr/ppp2ppp/8/1N6/8/8/PPP2PPP/R3KBNR b KQkq - 0 1",
            "Nf6",
            &["Kd7"],
            CP(-50),
            &["Nxc7+", "Kd7", "Nxa8"],
            CP(400),
        );
        assert_eq!(
            s.as_deref(),
            Some("walks into a fork: Nxc7+ attacks the king and the rook on a8")
        );
    }

    #[test]
    fn allows_a_pin() {
        // The knight steps onto the king's file; Re1 pins it and takes it.
        let s = coach(
            "4k3/8/8/8/2n5/8/5P2/3R2K1 b - - 0 1",
            "Ne5",
            &["Kf7"],
            CP(0),
            &["Re1", "Kf7", "Rxe5"],
            CP(300),
        );
        assert_eq!(
            s.as_deref(),
            Some("allows a pin: Re1 pins the knight on e5 to the king")
        );
    }

    #[test]
    fn allows_a_skewer() {
        // The king steps onto the long diagonal in front of its rook.
        let s = coach(
            "r7/8/4k3/8/8/8/4B3/6K1 b - - 0 1",
            "Kd5",
            &["Kf6"],
            CP(0),
            &["Bf3+", "Kc5", "Bxa8"],
            CP(500),
        );
        assert_eq!(
            s.as_deref(),
            Some("allows a skewer: Bf3+ attacks the king, and the rook on a8 behind it falls")
        );
        // The same check without a win of material names nothing.
        let s = coach(
            "r7/8/4k3/8/8/8/4B3/6K1 b - - 0 1",
            "Kd5",
            &["Kf6"],
            CP(0),
            &["Bf3+", "Kc5"],
            CP(0),
        );
        assert!(!s.as_deref().unwrap_or("").starts_with("allows a skewer"), "{s:?}");
    }

    #[test]
    fn loses_the_exchange() {
        let s = coach(
            "3k4/8/5b2/8/8/8/4R3/4K2R w - - 0 1",
            "Re5",
            &["Kf2"],
            CP(300),
            &["Bxe5"],
            CP(-300),
        );
        assert_eq!(s.as_deref(), Some("hangs the rook on e5 to Bxe5"));
        // Taken back: a rook for a bishop.
        let s = coach(
            "3k4/8/5b2/8/8/8/4R3/4R1K1 w - - 0 1",
            "R2e5",
            &["Kg2"],
            CP(300),
            &["Bxe5", "Rxe5"],
            CP(100),
        );
        assert_eq!(s.as_deref(), Some("loses the exchange after Bxe5 Rxe5"));
    }

    #[test]
    fn misses_a_win_of_material() {
        // The knight on e5 hangs; White plays a quiet move instead of Nxe5.
        let s = coach(
            "rnbqkb1r/pppp1ppp/8/4n3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 3",
            "d3",
            &["Nxe5"],
            CP(300),
            &["Nxf3+", "exf3"],
            CP(0),
        );
        assert_eq!(s.as_deref(), Some("misses Nxe5, which wins a piece"));
    }
}
