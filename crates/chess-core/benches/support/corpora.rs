#![allow(dead_code)] // each bench uses part of this module
//! PGN corpora with the shapes of the files people really read, made the
//! same in every run (a fixed seed), for the PGN and FEN benchmarks:
//!
//! - **puzzles**: problem collections such as lichess's puzzle exports:
//!   ten tags, every game from a `FEN` (a middlegame or ending reached by
//!   a plausible game), 3 to 10 plies, often Black to move first;
//! - **studies**: annotated studies as lichess exports them: long `{}`
//!   comments of prose with `[%csl]`, `[%cal]`, `[%eval]` and `[%clk]`
//!   commands, nested variations, NAGs, a chapter now and then from a FEN;
//! - **online**: online games (lichess's export): 12 tags, 60 to 120 plies
//!   with a `{ [%clk h:mm:ss] }` comment after every move, all on one line;
//! - **otb**: over-the-board databases as ChessBase and TWIC write them:
//!   no comments, about 80 plies, `1.e4 e5 2.Nf3` wrapped at 80 columns,
//!   with the disambiguations (`Rfd1`, `Nbd7`) that real games are full of.
//!
//! The moves come from a "plausible player" (captures of bigger pieces
//! first, castling, central pawns early, no idle king walks), so material
//! comes off and the positions look like games, not random walks.

use chess_core::{Color, Move, Position, Role, Status};

/// A small deterministic generator (xorshift).
#[derive(Debug)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `lo..hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo)
    }

    /// True with probability `1 / n`.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.next_u64().is_multiple_of(n)
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next_u64() % items.len() as u64) as usize]
    }
}

/// One corpus: its name, what it models, and its PGN text.
#[derive(Debug)]
pub struct Corpus {
    pub name: &'static str,
    pub what: &'static str,
    pub text: String,
}

/// The four corpora, each a few MB.
pub fn all() -> Vec<Corpus> {
    vec![
        Corpus {
            name: "puzzles",
            what: "10 tags, every game from a FEN, 3-10 plies",
            text: puzzles(12_000),
        },
        Corpus {
            name: "studies",
            what: "long comments with [%cal]/[%csl]/[%eval], nested variations, NAGs",
            text: studies(800),
        },
        Corpus {
            name: "online",
            what: "12 tags, 60-120 plies, [%clk] after every move",
            text: online(2_500),
        },
        Corpus {
            name: "otb",
            what: "no comments, ~80 plies, 1.e4 e5 style wrapped at 80 columns",
            text: otb(8_000),
        },
    ]
}

/// A move a club player might make here, or `None` when the game is over.
pub fn plausible_move(pos: &Position, ply: usize, rng: &mut Rng) -> Option<Move> {
    let moves = pos.legal_moves();
    let them = !pos.turn();
    let mut best = None;
    let mut best_score = i32::MIN;
    for &m in moves.iter() {
        let role = pos.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
        let mut score = (rng.next_u64() % 100) as i32;
        if let Some(captured) = pos.piece_at(m.to()) {
            score += 60 + 25 * captured.role.value() - 3 * role.value();
        }
        if m.is_castle() {
            score += 250;
        }
        if let Some(promoted) = m.promotion() {
            score += if promoted == Role::Queen { 400 } else { -200 };
        }
        if role == Role::King && !m.is_castle() && ply < 60 {
            score -= 120;
        }
        if role == Role::Pawn && ply < 12 && matches!(m.to().file().char(), 'c' | 'd' | 'e' | 'f') {
            score += 40;
        }
        if matches!(role, Role::Knight | Role::Bishop) && ply < 16 {
            score += 30;
        }
        // Do not leave the piece where a cheaper one takes it.
        let defended_by_them = pos.attackers_of(m.to(), them);
        if defended_by_them.count() > 0 && role != Role::Pawn {
            score -= 20 * role.value();
        }
        if score > best_score {
            best_score = score;
            best = Some(m);
        }
    }
    best
}

/// Plays a plausible game of up to `plies` from `pos`; returns the SAN of
/// each move (with check marks) and the position reached.
fn plausible_line(mut pos: Position, first_ply: usize, plies: usize, rng: &mut Rng) -> (Vec<String>, Position) {
    let mut sans = Vec::new();
    for ply in first_ply..first_ply + plies {
        if pos.status() != Status::Ongoing {
            break;
        }
        let Some(m) = plausible_move(&pos, ply, rng) else { break };
        sans.push(pos.san(m).expect("legal"));
        pos.play(m).expect("legal");
    }
    (sans, pos)
}

/// A position a plausible game reaches after 16 to 90 plies (a puzzle's
/// or a study chapter's start), still going on.
pub fn puzzle_position(rng: &mut Rng) -> Position {
    loop {
        let plies = rng.range(16, 90) as usize;
        let (_, pos) = plausible_line(Position::new(), 0, plies, rng);
        if pos.status() == Status::Ongoing && pos.count_legal_moves() > 1 {
            return pos;
        }
    }
}

const FIRST: &[&str] = &[
    "Magnus",
    "Hikaru",
    "Alireza",
    "Ding",
    "Fabiano",
    "Ian",
    "Wesley",
    "Anish",
    "Judit",
    "Hou",
    "Vladimir",
    "Garry",
    "José",
    "Péter",
    "Jan-Krzysztof",
    "Nodirbek",
    "Gukesh",
    "Praggnanandhaa",
];
const LAST: &[&str] = &[
    "Carlsen",
    "Nakamura",
    "Firouzja",
    "Liren",
    "Caruana",
    "Nepomniachtchi",
    "So",
    "Giri",
    "Polgar",
    "Yifan",
    "Kramnik",
    "Kasparov",
    "Raúl Capablanca",
    "Lékó",
    "Duda",
    "Abdusattorov",
    "Dommaraju",
    "Rameshbabu",
];
const HANDLES: &[&str] = &[
    "DrNykterstein",
    "penguingim1",
    "Zhigalko_Sergei",
    "nihalsarin2004",
    "RebeccaHarris",
    "FairChess_on_YouTube",
    "Kingscrusher-YouTube",
    "opperwezen",
    "Night-King96",
    "chessbrah",
    "Msb2",
    "BlitzStream",
];
const OPENINGS: &[(&str, &str)] = &[
    ("C65", "Ruy Lopez: Berlin Defense"),
    ("B90", "Sicilian Defense: Najdorf Variation"),
    ("D37", "Queen's Gambit Declined: Three Knights Variation"),
    ("E60", "King's Indian Defense"),
    ("A45", "Indian Defense"),
    ("C00", "French Defense: Normal Variation"),
    ("B12", "Caro-Kann Defense: Advance Variation"),
    ("D85", "Grünfeld Defense: Exchange Variation"),
    ("A04", "Zukertort Opening: Sicilian Invitation"),
    ("C50", "Italian Game: Giuoco Pianissimo"),
];
const WORDS: &[&str] = &[
    "the",
    "a",
    "white",
    "black",
    "knight",
    "bishop",
    "rook",
    "queen",
    "king",
    "pawn",
    "centre",
    "file",
    "diagonal",
    "attack",
    "defends",
    "threatens",
    "weak",
    "square",
    "strong",
    "outpost",
    "pressure",
    "on",
    "against",
    "with",
    "and",
    "but",
    "after",
    "because",
    "this",
    "move",
    "idea",
    "plan",
    "is",
    "was",
    "would",
    "be",
    "better",
    "worse",
    "initiative",
    "counterplay",
    "endgame",
    "structure",
    "isolated",
    "passed",
    "doubled",
    "majority",
    "kingside",
    "queenside",
    "break",
    "sacrifice",
    "exchange",
    "zwischenzug",
    "tempo",
    "development",
    "castles",
    "typical",
    "Grünfeld",
    "Réti",
    "Nimzowitsch",
    "prophylaxis",
    "blockade",
    "for",
    "to",
    "of",
    "in",
    "it",
    "not",
    "only",
];

fn name(rng: &mut Rng) -> String {
    format!("{}, {}", rng.pick(LAST), rng.pick(FIRST))
}

fn date(rng: &mut Rng) -> String {
    format!(
        "{}.{:02}.{:02}",
        rng.range(1990, 2026),
        rng.range(1, 13),
        rng.range(1, 29)
    )
}

fn square_name(rng: &mut Rng) -> String {
    format!("{}{}", (b'a' + rng.range(0, 8) as u8) as char, rng.range(1, 9))
}

/// Prose of about `len` bytes.
fn prose(rng: &mut Rng, len: usize) -> String {
    let mut out = String::new();
    let mut capital = true;
    while out.len() < len {
        let word = rng.pick(WORDS);
        if !out.is_empty() {
            out.push(' ');
        }
        if capital {
            let mut chars = word.chars();
            if let Some(c) = chars.next() {
                out.extend(c.to_uppercase());
                out.push_str(chars.as_str());
            }
            capital = false;
        } else {
            out.push_str(word);
        }
        if rng.one_in(9) {
            out.push_str(if rng.one_in(3) { "!" } else { "." });
            capital = true;
        } else if rng.one_in(12) {
            out.push(',');
        }
    }
    out.push('.');
    out
}

fn clock(seconds: u64) -> String {
    format!("[%clk {}:{:02}:{:02}]", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

fn eval(rng: &mut Rng) -> String {
    if rng.one_in(25) {
        format!("[%eval #{}{}]", if rng.one_in(2) { "-" } else { "" }, rng.range(1, 9))
    } else {
        let cp = rng.range(0, 600) as i64 - 300;
        format!("[%eval {:.2}]", cp as f64 / 100.0)
    }
}

/// `[%csl ...]` and `[%cal ...]` as lichess writes them.
fn shapes(rng: &mut Rng) -> String {
    let colours = ["G", "R", "Y", "B"];
    let mut out = String::new();
    if rng.one_in(2) {
        let n = rng.range(1, 4);
        let squares: Vec<String> = (0..n)
            .map(|_| format!("{}{}", rng.pick(&colours), square_name(rng)))
            .collect();
        out.push_str(&format!("[%csl {}]", squares.join(",")));
    }
    let n = rng.range(1, 4);
    let arrows: Vec<String> = (0..n)
        .map(|_| format!("{}{}{}", rng.pick(&colours), square_name(rng), square_name(rng)))
        .collect();
    out.push_str(&format!("[%cal {}]", arrows.join(",")));
    out
}

/// Writes a move with its number where one is due: `12.`/`12...` (or with
/// a space after the dots when `spaced`).
fn push_move(out: &mut String, pos: &Position, san: &str, need_number: bool, spaced: bool) {
    let n = pos.fullmoves();
    let sep = if spaced { " " } else { "" };
    if pos.turn() == Color::White {
        out.push_str(&format!("{n}.{sep}"));
    } else if need_number {
        out.push_str(&format!("{n}...{sep}"));
    }
    out.push_str(san);
}

fn tag(out: &mut String, name: &str, value: &str) {
    out.push_str(&format!("[{name} \"{value}\"]\n"));
}

fn result_of(pos: &Position, rng: &mut Rng) -> &'static str {
    match pos.status() {
        Status::Checkmate if pos.turn() == Color::White => "0-1",
        Status::Checkmate => "1-0",
        Status::Ongoing => rng.pick(&["1-0", "0-1", "1/2-1/2", "1-0", "0-1"]),
        _ => "1/2-1/2",
    }
}

/// Puzzle collections: every game from a FEN, a short solution.
pub fn puzzles(games: usize) -> String {
    let mut rng = Rng(0x5eed_0001);
    let mut out = String::new();
    for i in 0..games {
        let start = puzzle_position(&mut rng);
        tag(&mut out, "Event", &format!("Puzzle {:05}", i + 1));
        tag(
            &mut out,
            "Site",
            &format!("https://lichess.org/training/{:05x}", rng.next_u64() % 0xfffff),
        );
        tag(&mut out, "Date", "????.??.??");
        tag(&mut out, "Round", "-");
        tag(&mut out, "White", "?");
        tag(&mut out, "Black", "?");
        tag(&mut out, "Result", "*");
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &start.fen());
        tag(&mut out, "Rating", &rng.range(600, 2900).to_string());
        tag(&mut out, "Themes", "crushing hangingPiece middlegame short");
        out.push('\n');
        let plies = rng.range(3, 11) as usize;
        let mut pos = start;
        let mut first = true;
        for ply in 0..plies {
            let Some(m) = plausible_move(&pos, 40 + ply, &mut rng) else {
                break;
            };
            if !first {
                out.push(' ');
            }
            push_move(&mut out, &pos, &pos.san(m).expect("legal"), first, true);
            pos.play(m).expect("legal");
            first = false;
        }
        out.push_str(" *\n\n");
    }
    out
}

/// A line of the ECO table (any of its 3,800), most of it: its moves, and
/// its code and name.
pub fn opening_line(rng: &mut Rng) -> (Vec<Move>, Option<(&'static str, &'static str)>) {
    let all = chess_core::opening::all();
    let opening = all[rng.range(0, all.len() as u64) as usize];
    let game = chess_core::pgn::read_game(opening.pgn).expect("the ECO table reads");
    let mut moves = game.mainline_moves();
    let keep = (moves.len() * rng.range(60, 101) as usize).div_ceil(100);
    moves.truncate(keep.max(1));
    (moves, Some((opening.eco, opening.name)))
}

/// Online games: lichess's export, a clock comment after every move.
pub fn online(games: usize) -> String {
    let mut rng = Rng(0x5eed_0003);
    let mut out = String::new();
    for _ in 0..games {
        online_game(&mut out, &mut rng, false);
    }
    out
}

/// One online game, appended to `out`; with `named_opening`, it starts
/// with (most of) a line of the ECO table, as real games share openings.
pub fn online_game(out: &mut String, rng: &mut Rng, named_opening: bool) {
    let plies = rng.range(60, 121) as usize;
    let mut pos = Position::new();
    let (line, named) = if named_opening {
        opening_line(rng)
    } else {
        (Vec::new(), None)
    };
    let base = rng.pick(&[60u64, 180, 300, 600]);
    let inc = rng.pick(&[0u64, 0, 2, 5]);
    let mut clocks = [base, base];
    let mut movetext = String::new();
    for ply in 0..plies {
        let Some(m) = line.get(ply).copied().or_else(|| plausible_move(&pos, ply, rng)) else {
            break;
        };
        if ply > 0 {
            movetext.push(' ');
        }
        push_move(&mut movetext, &pos, &pos.san(m).expect("legal"), true, true);
        let side = pos.turn().index();
        clocks[side] = (clocks[side] + inc).saturating_sub(rng.range(0, base / 20 + 2));
        movetext.push_str(&format!(" {{ {} }}", clock(clocks[side])));
        pos.play(m).expect("legal");
    }
    let result = result_of(&pos, rng);
    let (eco, opening) = named.unwrap_or_else(|| rng.pick(OPENINGS));
    tag(out, "Event", "Rated Blitz game");
    tag(
        out,
        "Site",
        &format!("https://lichess.org/{:08x}", rng.next_u64() as u32),
    );
    tag(out, "Date", &date(rng));
    tag(out, "White", rng.pick(HANDLES));
    tag(out, "Black", rng.pick(HANDLES));
    tag(out, "Result", result);
    tag(out, "WhiteElo", &rng.range(800, 3000).to_string());
    tag(out, "BlackElo", &rng.range(800, 3000).to_string());
    tag(out, "TimeControl", &format!("{base}+{inc}"));
    tag(out, "ECO", eco);
    tag(out, "Opening", opening);
    tag(out, "Termination", "Normal");
    out.push('\n');
    out.push_str(&movetext);
    out.push(' ');
    out.push_str(result);
    out.push_str("\n\n");
}

/// Over-the-board databases: no comments, ChessBase's `1.e4 e5`, wrapped.
pub fn otb(games: usize) -> String {
    let mut rng = Rng(0x5eed_0004);
    let mut out = String::new();
    for _ in 0..games {
        otb_game(&mut out, &mut rng, false);
    }
    out
}

/// One over-the-board game, appended to `out` (see [`online_game`] for
/// `named_opening`).
pub fn otb_game(out: &mut String, rng: &mut Rng, named_opening: bool) {
    let plies = rng.range(60, 101) as usize;
    let mut pos = Position::new();
    let (line, named) = if named_opening {
        opening_line(rng)
    } else {
        (Vec::new(), None)
    };
    let mut words = Vec::new();
    for ply in 0..plies {
        let Some(m) = line.get(ply).copied().or_else(|| plausible_move(&pos, ply, rng)) else {
            break;
        };
        let mut word = String::new();
        push_move(&mut word, &pos, &pos.san(m).expect("legal"), ply == 0, false);
        words.push(word);
        pos.play(m).expect("legal");
    }
    let result = result_of(&pos, rng);
    words.push(result.to_string());
    let (eco, _) = named.unwrap_or_else(|| rng.pick(OPENINGS));
    tag(
        out,
        "Event",
        &format!("{} Open", rng.pick(&["Wijk aan Zee", "Reykjavik", "Gibraltar", "Biel"])),
    );
    tag(
        out,
        "Site",
        rng.pick(&["Wijk aan Zee NED", "Reykjavik ISL", "Gibraltar ENG", "Biel SUI"]),
    );
    tag(out, "Date", &date(rng));
    tag(out, "Round", &format!("{}.{}", rng.range(1, 14), rng.range(1, 60)));
    tag(out, "White", &name(rng));
    tag(out, "Black", &name(rng));
    tag(out, "Result", result);
    tag(out, "WhiteElo", &rng.range(2000, 2850).to_string());
    tag(out, "BlackElo", &rng.range(2000, 2850).to_string());
    tag(out, "ECO", eco);
    tag(out, "EventDate", &date(rng));
    out.push('\n');
    let mut column = 0;
    for word in words {
        if column > 0 && column + 1 + word.len() > 80 {
            out.push('\n');
            column = 0;
        } else if column > 0 {
            out.push(' ');
            column += 1;
        }
        column += word.len();
        out.push_str(&word);
    }
    out.push_str("\n\n");
}

/// Annotated studies: chapters with long comments, shapes, evaluations,
/// NAGs and nested variations, one in five from a FEN.
pub fn studies(chapters: usize) -> String {
    let mut rng = Rng(0x5eed_0002);
    let mut out = String::new();
    for i in 0..chapters {
        let from_fen = rng.one_in(5);
        let start = if from_fen {
            puzzle_position(&mut rng)
        } else {
            Position::new()
        };
        let (eco, opening) = rng.pick(OPENINGS);
        tag(&mut out, "Event", &format!("{opening}: Chapter {}", i % 20 + 1));
        tag(
            &mut out,
            "Site",
            &format!(
                "https://lichess.org/study/{:08x}/{:08x}",
                rng.next_u64() as u32,
                rng.next_u64() as u32
            ),
        );
        tag(&mut out, "Result", "*");
        tag(&mut out, "UTCDate", &date(&mut rng));
        tag(&mut out, "UTCTime", "12:34:56");
        tag(&mut out, "Variant", "Standard");
        tag(&mut out, "ECO", eco);
        tag(&mut out, "Opening", opening);
        tag(
            &mut out,
            "Annotator",
            &format!("https://lichess.org/@/{}", rng.pick(HANDLES)),
        );
        if from_fen {
            tag(&mut out, "FEN", &start.fen());
            tag(&mut out, "SetUp", "1");
        }
        out.push('\n');
        if rng.one_in(2) {
            out.push_str(&format!("{{ {} }} ", prose(&mut rng, 200)));
        }
        let plies = rng.range(30, 70) as usize;
        study_line(&mut out, start, plies, 0, true, &mut rng);
        out.push_str(" *\n\n");
    }
    out
}

/// One line of a study, with comments, NAGs and variations (nested up to
/// three deep); its first move numbered if `need_number` (or White's).
fn study_line(out: &mut String, mut pos: Position, plies: usize, depth: usize, mut need_number: bool, rng: &mut Rng) {
    for ply in 0..plies {
        if pos.status() != Status::Ongoing {
            return;
        }
        let Some(m) = plausible_move(&pos, ply + depth * 4, rng) else {
            return;
        };
        if ply > 0 {
            out.push(' ');
        }
        push_move(out, &pos, &pos.san(m).expect("legal"), need_number, true);
        need_number = false;
        if rng.one_in(7) {
            out.push_str(&format!(
                " ${}",
                rng.pick(&[1, 2, 3, 4, 5, 6, 10, 13, 14, 15, 16, 18, 19, 36, 40, 132])
            ));
        }
        let before = pos.clone();
        pos.play(m).expect("legal");
        if rng.one_in(3) {
            let mut comment = String::new();
            if depth == 0 && rng.one_in(2) {
                comment.push_str(&clock(rng.range(60, 5400)));
                comment.push(' ');
            }
            if rng.one_in(2) {
                comment.push_str(&eval(rng));
                comment.push(' ');
            }
            if rng.one_in(2) {
                comment.push_str(&shapes(rng));
                comment.push(' ');
            }
            let len = rng.range(20, 300) as usize;
            comment.push_str(&prose(rng, len));
            out.push_str(&format!(" {{ {comment} }}"));
            need_number = true;
        }
        // A variation: another move instead of this one.
        if depth < 3 && rng.one_in(4 + 3 * depth as u64) {
            let alternatives: Vec<Move> = before.legal_moves().iter().copied().filter(|&a| a != m).collect();
            if !alternatives.is_empty() {
                let alternative = rng.pick(&alternatives);
                let mut side = before.clone();
                out.push_str(" (");
                push_move(out, &side, &side.san(alternative).expect("legal"), true, true);
                side.play(alternative).expect("legal");
                let commented = rng.one_in(3);
                if commented {
                    out.push_str(&format!(" {{ {} }}", prose(rng, 60)));
                }
                let rest = rng.range(1, 9) as usize;
                out.push(' ');
                study_line(out, side, rest, depth + 1, commented, rng);
                out.push(')');
                need_number = true;
            }
        }
    }
}
