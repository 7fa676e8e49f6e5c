//! Property tests along random legal playouts, from the start and from the
//! perft suite's positions:
//! - unmake restores the exact position, and the incremental Zobrist key
//!   equals the key computed from scratch;
//! - the FEN of every reached position reads back to the same position;
//! - legal moves, FEN, status and keys agree with shakmaty, an established
//!   library, at every step;
//! - the SAN of every legal move is shakmaty's, and parses back to the move,
//!   as text and as a `San` value;
//! - no text makes the FEN parser panic.

mod common;

use chess_core::{EnPassantMode, Move, Position, Setup};
use common::{check_against_shakmaty, play_checked, shakmaty_of};
use proptest::prelude::*;
use shakmaty::CastlingMode;

const SUITE: &str = include_str!("data/perftsuite.epd");

fn start_positions() -> Vec<String> {
    SUITE
        .lines()
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect()
}

/// Every SAN naming one of our pieces and any target square either parses to
/// a legal move or fails: the parser never accepts an illegal move.
fn san_never_accepts_illegal_moves(pos: &Position) {
    let legal = pos.legal_moves();
    for from in pos.pieces_of(pos.turn()) {
        let piece = pos.piece_at(from).unwrap();
        let letter = if piece.role == chess_core::Role::Pawn {
            String::new()
        } else {
            piece.role.upper_char().to_string()
        };
        for to in chess_core::Square::all() {
            for promotion in ["", "=Q", "=N"] {
                let file = &from.to_string()[..1];
                for text in [
                    format!("{letter}{from}{to}{promotion}"),
                    format!("{letter}{to}{promotion}"),
                    format!("{letter}{file}x{to}{promotion}"),
                ] {
                    if let Ok(m) = pos.parse_san(&text) {
                        assert!(legal.contains(&m), "{text} parsed to illegal {m} in {}", pos.fen());
                    }
                }
            }
        }
    }
}

fn playout(start: usize, choices: &[u16]) {
    let fens = start_positions();
    let fen = &fens[start % fens.len()];
    let mut pos: Position = fen.parse().unwrap();
    let mut theirs = shakmaty_of(fen, CastlingMode::Standard);
    for (ply, &choice) in choices.iter().enumerate() {
        check_against_shakmaty(&pos, &theirs, CastlingMode::Standard);
        if ply % 8 == 0 {
            san_never_accepts_illegal_moves(&pos);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m: Move = moves[choice as usize % moves.len()];
        play_checked(&mut pos, &mut theirs, m, Position::from_fen);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_playouts(start in 0usize..1000, choices in prop::collection::vec(any::<u16>(), 1..120)) {
        playout(start, &choices);
    }

    #[test]
    fn fen_parser_never_panics(text in ".{0,100}") {
        let _ = Setup::from_fen(&text);
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn move_parsers_never_panic(text in ".{0,40}", san_like in "[KQRBNPa-h1-8xX=+#!?()O0o.-]{0,12}") {
        let pos = Position::new();
        let _ = pos.parse_san(&text);
        let _ = pos.parse_uci(&text);
        let _ = pos.parse_san(&san_like);
        let endgame: Position = "1r2k3/P7/8/3pP3/8/8/8/R3K2R w KQ d6 0 1".parse().unwrap();
        let _ = endgame.parse_san(&san_like);
    }

    #[test]
    fn pgn_reader_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        for game in chess_core::pgn::PgnReader::new(bytes.as_slice()) {
            let _ = game.map(|g| g.to_pgn());
        }
    }

    #[test]
    fn pgn_like_text_never_panics(text in r#"(\[[A-Za-z]{1,5} "[^"\n]{0,10}"\]\n){0,3}([0-9]{1,2}\.{1,3} |[KQRBN]?[a-h]?x?[a-h][1-8](=[QRBN])?[+#!?]{0,2} |\{[^}]{0,10}\} |\( |\) |\$[0-9]{1,3} |1-0 |\* |; [a-z ]{0,8}\n){0,40}"#) {
        // Whatever reads, writes and reads back the same.
        for game in chess_core::pgn::PgnReader::new(text.as_bytes()).flatten() {
            let again = chess_core::pgn::read_game(&game.to_pgn()).unwrap();
            prop_assert_eq!(again.to_pgn(), game.to_pgn());
        }
    }

    #[test]
    fn pgn_reads_the_same_whatever_pieces_the_input_comes_in(
        text in r#"(\u{feff})?(\[[A-Za-z]{1,5} "[^"\n]{0,10}"\]\r?\n){0,3}(%[^\n]{0,6}\n|[0-9]{1,2}\.{1,3} |[KQRBN]?[a-h]?x?[a-h][1-8](=[QRBN])?[+#!?]{0,2} |\{[^}]{0,12}\}|\{[^}]{0,8}|\( |\)|\$[0-9]{1,3} |1-0|\* |; [a-z ]{0,8}\r?\n|\r?\n| |[^\n]{0,3}){0,40}"#,
        chunk in 1usize..9,
    ) {
        // A reader that hands out `chunk` bytes at a time.
        struct Trickle<'a>(&'a [u8], usize);
        impl std::io::Read for Trickle<'_> {
            fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
                let n = self.0.len().min(self.1).min(out.len());
                out[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        fn read<R: std::io::BufRead>(games: chess_core::pgn::PgnReader<R>) -> Vec<Result<String, chess_core::pgn::PgnError>> {
            games.map(|g| g.map(|g| g.to_pgn())).collect()
        }
        let whole = read(chess_core::pgn::PgnReader::new(text.as_bytes()));
        let trickled = read(chess_core::pgn::PgnReader::new(std::io::BufReader::with_capacity(
            chunk,
            Trickle(text.as_bytes(), chunk),
        )));
        prop_assert_eq!(whole, trickled);
    }

    #[test]
    fn fen_like_text_never_panics(text in "[1-9kqrbnpKQRBNP/]{1,80}( [wb-]( [KQkq-]{1,5}( [a-h1-8-]{1,3}( [0-9]{1,4}( [0-9]{1,4})?)?)?)?)?") {
        if let Ok(setup) = Setup::from_fen(&text) {
            let problems = setup.problems();
            match Position::from_setup(setup) {
                Ok(pos) => {
                    prop_assert!(problems.iter().all(|p| !p.is_error()));
                    // Whatever is legal can be searched without panicking.
                    let _ = pos.perft(2);
                    let _ = pos.status();
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }
}

/// A random setup: a king each most of the time, up to 19 other pieces
/// (pawns anywhere, so some stand on the back ranks), random castling
/// rights and en passant square, either side to move.
fn random_setup() -> impl Strategy<Value = Setup> {
    (
        prop::collection::vec((0u8..64, 0usize..10), 0..20),
        0usize..5,
        prop_oneof![Just(0u8), 0u8..16],
        prop::option::weighted(0.2, 0u8..64),
        any::<bool>(),
    )
        .prop_map(|(pieces, kings, castling, ep, white)| {
            use chess_core::{CastlingRights, Color, Piece, Role, Square};
            let mut setup = Setup::empty();
            // 0..5 White's pawn to queen, 5..10 Black's.
            let piece = |i: usize| {
                let color = if i < 5 { Color::White } else { Color::Black };
                Piece::new(color, Role::ALL[i % 5])
            };
            for (sq, p) in pieces {
                setup.board.set(Square::from_index(sq).unwrap(), Some(piece(p)));
            }
            // A king each on its home square (so castling can be right),
            // but in two cases of five one is missing.
            if kings != 0 {
                setup.board.set(Square::E1, Some(Piece::new(Color::White, Role::King)));
            }
            if kings != 1 {
                setup.board.set(Square::E8, Some(Piece::new(Color::Black, Role::King)));
            }
            let mut rights = CastlingRights::NONE;
            for (i, (color, side)) in CastlingRights::ALL.iter().enumerate() {
                rights.set(color, side, castling >> i & 1 != 0);
            }
            setup.castling = rights;
            setup.ep_square = ep.and_then(Square::from_index);
            setup.turn = if white { Color::White } else { Color::Black };
            setup
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// The quick legality test agrees with the full list of problems: a
    /// position loads exactly when the list has no error, and a refused one
    /// reports that list (errors first), by FEN and by setup alike.
    #[test]
    fn validation_agrees_with_the_full_list_of_problems(setup in random_setup()) {
        let problems = setup.problems();
        let legal = problems.iter().all(|p| !p.is_error());
        let (mut expected, warnings): (Vec<_>, Vec<_>) = problems.iter().cloned().partition(|p| p.is_error());
        expected.extend(warnings);
        let by_fen = Position::from_fen(&setup.to_fen());
        match Position::from_setup(setup.clone()) {
            Ok(pos) => {
                prop_assert!(legal, "{} loaded with {:?}", setup.to_fen(), problems);
                prop_assert_eq!(by_fen, Ok(pos));
            }
            Err(e) => {
                prop_assert!(!legal);
                prop_assert_eq!(e.problems(), &expected[..]);
                prop_assert_eq!(by_fen, Err(chess_core::Error::Position(e)));
            }
        }
    }
}

/// SAN reading agrees with shakmaty's, move for move, on every position of
/// the perft suites and every position one move on (pins along every line,
/// en passant exposing the king, promotions, checks to answer): each text
/// a piece could be written with (`Nf3`, `Ng1f3`, `Nxf3`, with and without
/// promotion) is read as the same legal move by both, or refused by both.
#[test]
fn san_reading_agrees_with_shakmaty_on_the_perft_suites() {
    let mut fens = Vec::new();
    for suite in [include_str!("data/perftsuite.epd"), include_str!("data/cpw-perft.epd")] {
        for line in suite.lines().filter(|l| !l.trim().is_empty()) {
            let fen = line.split(';').next().unwrap().trim();
            let pos: Position = fen.parse().unwrap();
            // Every en passant square kept, legal capture or not.
            fens.push(pos.fen_with(EnPassantMode::Always));
            for &m in &pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                fens.push(child.fen_with(EnPassantMode::Always));
            }
        }
    }
    let mut read = 0;
    for fen in &fens {
        let pos: Position = fen.parse().unwrap();
        let theirs = shakmaty_of(fen, CastlingMode::Standard);
        for from in pos.pieces_of(pos.turn()) {
            let role = pos.piece_at(from).unwrap().role;
            let letter = if role == chess_core::Role::Pawn {
                String::new()
            } else {
                role.upper_char().to_string()
            };
            let file = &from.to_string()[..1];
            for to in chess_core::Square::all() {
                // Whether `x` is written or not, we read the move (real
                // files miss it or add it); shakmaty is strict, so it is
                // told the truth.
                let capture = pos.piece_at(to).is_some()
                    || (role == chess_core::Role::Pawn && pos.ep_square(EnPassantMode::Always) == Some(to));
                let x = if capture { "x" } else { "" };
                let promotions: &[&str] = if role == chess_core::Role::Pawn {
                    &["", "=Q", "=N"]
                } else {
                    &[""]
                };
                for promotion in promotions {
                    for (bare, text) in [
                        (true, format!("{letter}{to}{promotion}")),
                        (false, format!("{letter}{file}{x}{to}{promotion}")),
                        (false, format!("{letter}{from}{x}{to}{promotion}")),
                    ] {
                        if role == chess_core::Role::Pawn && capture && bare {
                            // A pawn capture names its file ("h3" for gxh3
                            // is refused, though shakmaty takes it).
                            continue;
                        }
                        let ours = pos.parse_san(&text).ok().map(|m| m.uci());
                        let mut san = shakmaty::san::San::from_ascii(text.as_bytes()).unwrap();
                        if let shakmaty::san::San::Normal { capture: marked, .. } = &mut san {
                            *marked = capture;
                        }
                        let expected = san
                            .to_move(&theirs)
                            .ok()
                            .map(|m| m.to_uci(CastlingMode::Standard).to_string());
                        assert_eq!(ours, expected, "{text} in {fen}");
                        read += ours.is_some() as usize;
                    }
                }
            }
        }
    }
    assert!(read > 10_000, "only {read} moves read");
}

/// Games of every shape (tags, FEN, comments over lines, variations, NAGs,
/// escapes, a game of tags and result only), each with its own `Event`.
const GAMES: [&str; 6] = [
    "[Event \"g1\"]\n[Site \"Riga\"]\n[White \"Tal, Mikhail\"]\n[Black \"Botvinnik\"]\n[Result \"1-0\"]\n\n\
     1. e4 e6 2. d4 d5 3. Nc3 Bb4 4. e5 c5 5. a3 Bxc3+ 6. bxc3 Ne7 7. Qg4 O-O 8. Bd3 f5 1-0\n",
    "[Event \"g2\"]\n[SetUp \"1\"]\n[FEN \"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4\"]\n\n\
     4. Ng5 {the Fried Liver\nattack} d5 (4... Bc5 5. Nxf7 $2) 5. exd5 Nxd5?! 6. Nxf7 Kxf7 7. Qf3+ Ke6 *\n",
    "[Event \"g3\"]\n[White \"A \\\"quoted\\\" name\"]\n\n{A study} 1. d4 Nf6 2. c4 e6 (2... g6 3. Nc3 Bg7 \
     (3... d5 4. cxd5 Nxd5) 4. e4) 3. Nf3 b6 4. g3 {[%clk 0:05:00] [%cal Gc1b2]} Bb7 5. Bg2 Be7 1/2-1/2\n",
    "[Event \"g4\"]\n[Result \"0-1\"]\n\n0-1\n",
    "[Event \"g5\"]\n[White \"B\"]\n[Black \"C\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    "[Event \"g6\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Bg5 e6 7. f4 Qb6 8. Qd2 Qxb2 \
     9. Rb1 Qa3 10. f5 Nc6 11. fxe6 fxe6 12. Nxc6 bxc6 13. e5 dxe5 14. Bxf6 gxf6 15. Ne4 Qxa2 *\n",
];

/// What a read game is for the comparison: its tags and its PGN.
fn summary(game: &chess_core::Game) -> (Vec<(String, String)>, String) {
    let tags = game.tags.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
    (tags, game.to_pgn())
}

proptest! {
    /// A file with one game cut somewhere (a piece of it gone, from a
    /// byte to all of it): every other game is read as it is alone, with
    /// its own tags, in its place. What is left of the broken one gives at
    /// most two entries (two when the cut leaves a blank line among its
    /// tags, which then read as a game of tags and a game).
    #[test]
    fn one_broken_game_costs_at_most_that_game(broken in 0usize..6, from in 0.0f64..1.0, len in 0.0f64..1.0) {
        let alone: Vec<_> = GAMES.iter().map(|g| summary(&chess_core::pgn::read_game(g).unwrap())).collect();
        let mut text = String::new();
        for (i, game) in GAMES.iter().enumerate() {
            if i == broken {
                let bytes = game.as_bytes();
                let a = (from * bytes.len() as f64) as usize;
                let b = (a + (len * (bytes.len() - a) as f64) as usize).min(bytes.len());
                let mut cut = bytes[..a].to_vec();
                cut.extend_from_slice(&bytes[b..]);
                text.push_str(&String::from_utf8_lossy(&cut));
            } else {
                text.push_str(game);
            }
            text.push('\n');
        }
        let read: Vec<_> = chess_core::pgn::PgnReader::new(text.as_bytes()).collect();
        prop_assert!((5..=7).contains(&read.len()), "{} entries for 6 games, one broken:\n{}", read.len(), text);
        let after = 5 - broken;
        let kept = read[..broken].iter().zip(0..broken).chain(read[read.len() - after..].iter().zip(broken + 1..6));
        for (game, i) in kept {
            let game = game.as_ref().map_err(|e| TestCaseError::fail(format!("game {i}: {e}\n{text}")))?;
            prop_assert_eq!(&summary(game), &alone[i], "game {}", i);
        }
    }
}

/// A game as text for comparing readers: its PGN and warnings, or its error.
fn outcome_text(read: Result<chess_core::Game, chess_core::pgn::PgnError>) -> String {
    match read {
        Ok(game) => {
            let warnings: Vec<String> = game.warnings().iter().map(|w| w.to_string()).collect();
            format!("{}\n{warnings:?}", game.to_pgn())
        }
        Err(e) => e.to_string(),
    }
}

proptest! {
    /// Read on several threads in pieces, a file gives exactly what the
    /// sequential reader gives: the same games, errors and warnings, with
    /// the same numbers, lines and columns, in the same order. The files
    /// are games of every shape, some broken (a piece cut out), in any
    /// order, cut into pieces as small as a game.
    #[test]
    fn reading_on_threads_gives_what_reading_in_order_gives(
        order in prop::collection::vec((0usize..6, any::<bool>(), 0.0f64..1.0, 0.0f64..0.3), 1..24),
        threads in 1usize..4,
        piece_bytes in 1usize..400,
    ) {
        let mut text = String::new();
        for (i, broken, from, len) in order {
            let game = GAMES[i].as_bytes();
            if broken {
                let a = (from * game.len() as f64) as usize;
                let b = (a + (len * game.len() as f64) as usize).min(game.len());
                text.push_str(&String::from_utf8_lossy(&[&game[..a], &game[b..]].concat()));
            } else {
                text.push_str(GAMES[i]);
            }
            text.push('\n');
        }
        let sequential: Vec<String> = chess_core::pgn::PgnReader::new(text.as_bytes()).map(outcome_text).collect();
        let mut parallel = Vec::new();
        chess_core::pgn::ParallelReader::new(text.as_bytes())
            .threads(threads)
            .piece_bytes(piece_bytes)
            .read_games(|number, game| {
                parallel.push(outcome_text(game));
                assert_eq!(number, parallel.len());
            });
        prop_assert_eq!(parallel, sequential, "{}", text);

        // Where each game starts, read in order and on threads (also from
        // the middle of a larger text): the same.
        struct Nothing;
        impl chess_core::pgn::Visitor for Nothing {
            type Output = ();
            fn end_game(&mut self, _result: Option<chess_core::Outcome>) {}
        }
        let mut reader = chess_core::pgn::PgnReader::new(text.as_bytes());
        let mut in_order = Vec::new();
        while reader.visit_game(&mut Nothing).is_some() {
            in_order.push(reader.game_start());
        }
        let mut on_threads = Vec::new();
        chess_core::pgn::ParallelReader::new(text.as_bytes())
            .threads(threads)
            .piece_bytes(piece_bytes)
            .visit_games_at(|| Nothing, |at, _| on_threads.push((at.offset, at.line)));
        prop_assert_eq!(&on_threads, &in_order);
        if let Some(&(second, line)) = in_order.get(1) {
            let mut resumed = Vec::new();
            chess_core::pgn::ParallelReader::new(&text.as_bytes()[second as usize..])
                .threads(threads)
                .starting_at(second, line)
                .visit_games_at(|| Nothing, |at, _| resumed.push((at.offset, at.line)));
            prop_assert_eq!(&resumed[..], &in_order[1..]);
        }
    }
}
