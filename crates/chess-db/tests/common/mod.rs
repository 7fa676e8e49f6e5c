//! What the collection tests share: random collections shaped like real
//! files, and the brute-force answers the index's are checked against.
#![allow(dead_code)] // each test file uses part of this module

use std::path::{Path, PathBuf};

use chess_core::pgn::PgnReader;
use chess_core::{Game, Position};
use chess_db::{Database, Material, Options};

/// A small deterministic generator.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A collection of `games` games: most from the start position (sharing
/// openings, as real collections do), some from a FEN, some Chess960, a few
/// broken, some without a result; tags of every kind.
pub fn collection(seed: u64, games: usize) -> String {
    let mut rng = Rng(seed);
    let openings = [
        "e2e4 e7e5 g1f3 b8c6",
        "d2d4 d7d5 c2c4",
        "e2e4 c7c5",
        "g1f3 g8f6 c2c4",
        "e2e4 e7e6 d2d4 d7d5",
    ];
    let players = ["Carlsen, M", "Caruana, F", "Nakamura, H", "Firouzja, A", "Ding, L"];
    let mut out = String::new();
    for n in 0..games {
        let kind = rng.below(20);
        let (mut pos, fen_tags) = match kind {
            0 => {
                let fen = [
                    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
                    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                    "8/8/4k3/8/2R5/8/4K3/8 b - - 3 40",
                ][rng.below(3) as usize];
                (
                    Position::from_fen(fen).unwrap(),
                    format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"),
                )
            }
            1 => {
                let number = rng.below(960) as u32;
                let pos = Position::new_960(number).unwrap();
                let tags = format!("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n", pos.fen());
                (pos, tags)
            }
            _ => (Position::new(), String::new()),
        };
        let mut sans = Vec::new();
        if kind >= 2 {
            for uci in openings[rng.below(openings.len() as u64) as usize].split(' ') {
                if rng.below(8) == 0 {
                    break;
                }
                let m = pos.parse_uci(uci).unwrap();
                sans.push(pos.san(m).unwrap());
                pos.play(m).unwrap();
            }
        }
        let long = rng.below(4) == 0;
        let plies = rng.below(if long { 140 } else { 40 });
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Captures first now and then, so material comes off.
            let captures: Vec<_> = moves.iter().copied().filter(|m| m.is_capture()).collect();
            let m = if !captures.is_empty() && rng.below(3) > 0 {
                captures[rng.below(captures.len() as u64) as usize]
            } else {
                moves[rng.below(moves.len() as u64) as usize]
            };
            sans.push(pos.san(m).unwrap());
            pos.play(m).unwrap();
        }
        let result = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4) as usize];
        out.push_str(&format!("[Event \"Open {}\"]\n", n % 3));
        out.push_str(&format!("[Site \"Site {}\"]\n", rng.below(3)));
        out.push_str(&format!(
            "[Date \"{}.{:02}.??\"]\n",
            1990 + rng.below(35),
            1 + rng.below(12)
        ));
        out.push_str(&format!("[White \"{}\"]\n", players[rng.below(5) as usize]));
        out.push_str(&format!("[Black \"{}\"]\n", players[rng.below(5) as usize]));
        if rng.below(5) > 0 {
            out.push_str(&format!(
                "[WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n",
                1500 + rng.below(1300),
                1500 + rng.below(1300)
            ));
        }
        out.push_str(&format!(
            "[ECO \"{}{:02}\"]\n",
            ["A", "B", "C", "D", "E"][rng.below(5) as usize],
            rng.below(100)
        ));
        out.push_str(&format!(
            "[TimeControl \"{}\"]\n",
            ["180+2", "600+0", "60+0", "5400+30"][rng.below(4) as usize]
        ));
        let with_result_tag = rng.below(6) > 0;
        if with_result_tag {
            out.push_str(&format!("[Result \"{result}\"]\n"));
        }
        out.push_str(&fen_tags);
        out.push('\n');
        let mut text = sans.join(" ");
        if kind == 3 && !sans.is_empty() {
            // A broken game: a move that is no move.
            text.push_str(" Qz9");
        }
        if kind == 4 && sans.len() > 2 {
            // A variation, which the index leaves out.
            text = format!("{} ({} ) {}", sans[0], sans[0], sans[1..].join(" "));
        }
        out.push_str(&text);
        if rng.below(7) > 0 {
            out.push_str(&format!(" {result}"));
        }
        out.push_str("\n\n");
    }
    out
}

/// Writes `text` as `name` in `dir`.
pub fn write(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Opens `pgn` with its index in `dir`, and waits for it. Segments of 97
/// games, so that small collections have several, and their ends are met.
pub fn open(pgn: &Path, dir: &Path) -> Database {
    let options = Options {
        index: Some(dir.join("index.sqlite")),
        threads: Some(2),
        segment_games: Some(97),
        ..Options::default()
    };
    let db = Database::open(pgn, &options).unwrap();
    db.wait().unwrap();
    db
}

/// Every game of `text` as the reader reads it (errors as `None`).
pub fn games(text: &str) -> Vec<Option<Game>> {
    PgnReader::new(text.as_bytes()).map(Result::ok).collect()
}

/// The positions of a game's main line, from its start.
pub fn mainline(game: &Game) -> Vec<Position> {
    let mut out = vec![game.start_position().clone()];
    for node in game.mainline() {
        out.push(game.position_at(node).clone());
    }
    out
}

/// Brute force: the games (number, first ply) reaching `target`.
pub fn reaching(games: &[Option<Game>], target: &Position, max_ply: Option<u32>) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let Some(game) = game else { continue };
        for (ply, pos) in mainline(game).iter().enumerate() {
            if max_ply.is_some_and(|m| ply as u32 > m) {
                break;
            }
            if pos.same_for_repetition(target) {
                out.push((i as u64 + 1, ply as u32));
                break;
            }
        }
    }
    out
}

/// Brute force: the games (number, first ply of the run) with `target`
/// material for `plies` positions in a row.
pub fn with_material(games: &[Option<Game>], target: &Material, plies: u32) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let Some(game) = game else { continue };
        let mut run = None;
        for (ply, pos) in mainline(game).iter().enumerate() {
            if Material::of(pos) == *target {
                let start = *run.get_or_insert(ply as u32);
                if ply as u32 + 1 - start >= plies {
                    out.push((i as u64 + 1, start));
                    break;
                }
            } else {
                run = None;
            }
        }
    }
    out
}
