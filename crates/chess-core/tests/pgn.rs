//! PGN reading and writing: real-world quirks, errors that name the game,
//! line and column, recovery, round trips, and the export format.

use chess_core::pgn::{
    Arrow, Eval, Highlight, PgnErrorKind, PgnReader, PgnWarningKind, clock, commands, read_game, write_game,
};
use chess_core::{Color, Game, NodeId, Outcome, WinReason};

fn games(text: &str) -> Vec<Result<Game, chess_core::pgn::PgnError>> {
    PgnReader::new(text.as_bytes()).collect()
}

const QUIRKS: &str = "\u{feff}[Event \"Quote \\\"test\\\" and \\\\ back\"]\r\n\
[Site \"?\"]\r\n\
[White \"A\"]\r\n\
[Black \"B\"]\r\n\
[Result \"1-0\"]\r\n\
\r\n\
{A comment before the first move.} 1.e4 e5!? 2.Nf3 $1 {[%clk 0:03:00] [%eval 0.25]} Nc6 \r\n\
% an escaped line that is not movetext\r\n\
3.Bb5 (3.Bc4 Bc5 (3...Nf6 4.Ng5) 4.c3) 3...a6 ; to the end of the line\r\n\
4.Ba4 Nf6 5.O-O 1-0 {a comment after the result}\r\n\
\r\n\
[Event \"Setup\"]\r\n\
[SetUp \"1\"]\r\n\
[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\r\n\
\r\n\
1. O-O Kd7 *\r\n\
\r\n\
[Event \"No moves\"]\r\n\
[Result \"1/2-1/2\"]\r\n\
\r\n\
1/2-1/2\r\n";

#[test]
fn real_world_quirks() {
    let read = games(QUIRKS);
    assert_eq!(read.len(), 3);
    let game = read[0].as_ref().unwrap();
    assert_eq!(game.tags.get("Event"), Some("Quote \"test\" and \\ back"));
    assert_eq!(game.comment(NodeId::ROOT), "A comment before the first move.");
    let main = game.mainline();
    assert_eq!(main.len(), 9);
    assert_eq!(game.nags(main[1]), &[5], "!? is NAG 5");
    assert_eq!(game.nags(main[2]), &[1]);
    assert_eq!(clock(game.comment(main[2])), Some(std::time::Duration::from_secs(180)));
    assert_eq!(Eval::of(game.comment(main[2])), Some(Eval::Centipawns(25)));
    assert_eq!(game.comment(main[5]), "to the end of the line");
    assert_eq!(game.comment(main[8]), "a comment after the result");
    // 3.Bb5 has a variation 3.Bc4 with a nested 3...Nf6.
    let bb5 = main[4];
    let variations = game.children(game.parent(bb5).unwrap());
    assert_eq!(variations.len(), 2);
    let bc4 = variations[1];
    assert_eq!(game.san_at(bc4).as_deref(), Some("Bc4"));
    let nested = game.children(bc4);
    assert_eq!(
        nested.iter().map(|&n| game.san_at(n).unwrap()).collect::<Vec<_>>(),
        ["Bc5", "Nf6"]
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Recorded
        })
    );

    let setup = read[1].as_ref().unwrap();
    assert_eq!(setup.start_position().fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(setup.mainline().len(), 2);

    let empty = read[2].as_ref().unwrap();
    assert!(empty.mainline().is_empty());
    assert_eq!(empty.outcome().map(|o| o.result()), Some("1/2-1/2"));
}

#[test]
fn a_bad_game_names_game_line_and_column_and_the_next_one_is_read() {
    let text =
        "[Event \"one\"]\n\n1. e4 e5 *\n\n[Event \"two\"]\n\n1. e4 e5 2. Ke3 Nf6 *\n\n[Event \"three\"]\n\n1. d4 *\n";
    let read = games(text);
    assert_eq!(read.len(), 3);
    assert!(read[0].is_ok());
    let err = read[1].as_ref().unwrap_err();
    assert_eq!((err.game, err.line, err.column), (2, 7, 13));
    assert!(matches!(err.kind, PgnErrorKind::BadMove(_)));
    assert_eq!(
        err.to_string(),
        "game 2, line 7, column 13: illegal move Ke3: a king cannot move from e1 to e3"
    );
    assert_eq!(read[2].as_ref().unwrap().tags.get("Event"), Some("three"));

    // Other kinds of trouble.
    let bad = |text: &str| games(text).into_iter().next().unwrap().unwrap_err().kind;
    assert!(matches!(bad("1. e4 ) e5"), PgnErrorKind::BadVariation));
    assert!(matches!(bad("1. e4 (1. d4"), PgnErrorKind::BadVariation));
    assert!(matches!(bad("( 1. e4 )"), PgnErrorKind::BadVariation));
    assert!(matches!(bad("1. e4 {never closed"), PgnErrorKind::UnclosedComment));
    assert!(matches!(bad("[FEN \"not a fen\"]\n1. e4"), PgnErrorKind::BadFen(_)));
    assert!(matches!(bad("1. e4 } e5"), PgnErrorKind::Unexpected(_)));
}

#[test]
fn games_without_tags_or_results_are_split() {
    let read = games("1. e4 e5 1-0\n1. d4 d5 0-1\n[Event \"x\"]\n1. c4\n[Event \"y\"]\n1. Nf3 *");
    let firsts: Vec<String> = read
        .iter()
        .map(|g| {
            let g = g.as_ref().unwrap();
            g.san_at(g.mainline()[0]).unwrap()
        })
        .collect();
    assert_eq!(firsts, ["e4", "d4", "c4", "Nf3"]);
}

#[test]
fn headers_only_scan() {
    let mut reader = PgnReader::new(QUIRKS.as_bytes());
    let mut events = Vec::new();
    while let Some(tags) = reader.read_tags() {
        events.push(tags.get("Event").unwrap_or("").to_string());
    }
    assert_eq!(events, ["Quote \"test\" and \\ back", "Setup", "No moves"]);
}

#[test]
fn writing_then_reading_returns_the_same_game() {
    let original = games(QUIRKS).remove(0).unwrap();
    let text = write_game(&original);
    let again = read_game(&text).unwrap();
    assert_eq!(write_game(&again), text);
    assert_eq!(again.tags.get("Event"), original.tags.get("Event"));
    assert_eq!(again.nodes().len(), original.nodes().len());
    for (a, b) in original.nodes().into_iter().zip(again.nodes()) {
        assert_eq!(original.move_at(a), again.move_at(b));
        assert_eq!(original.comment(a), again.comment(b));
        assert_eq!(original.starting_comment(a), again.starting_comment(b));
        assert_eq!(original.nags(a), again.nags(b));
    }
    assert_eq!(again.outcome(), original.outcome());
}

#[test]
fn export_format() {
    let game = games(QUIRKS).remove(0).unwrap();
    let text = write_game(&game);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..10],
        [
            "[Event \"Quote \\\"test\\\" and \\\\ back\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[White \"A\"]",
            "[Black \"B\"]",
            "[Result \"1-0\"]",
            // Named from the main line, the game having no such tags.
            "[ECO \"C78\"]",
            "[Opening \"Ruy Lopez: Morphy Defense\"]",
            "",
        ]
    );
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
    let movetext = lines[10..].join(" ");
    assert_eq!(
        movetext,
        "{A comment before the first move.} 1. e4 e5 $5 2. Nf3 $1 {[%clk 0:03:00] [%eval 0.25]} \
         2... Nc6 3. Bb5 (3. Bc4 Bc5 (3... Nf6 4. Ng5) 4. c3) 3... a6 {to the end of the line} \
         4. Ba4 Nf6 5. O-O {a comment after the result} 1-0"
    );
    // A game from a position writes SetUp and FEN.
    let setup = games(QUIRKS).remove(1).unwrap();
    let text = write_game(&setup);
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n"));
    assert!(text.ends_with("\n1. O-O Kd7 *\n"));
}

#[test]
fn long_games_wrap_at_80_columns() {
    let mut game = Game::new();
    for _ in 0..20 {
        for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            if game.outcome().is_none() {
                game.play_san(san).unwrap();
            }
        }
    }
    game.set_comment(game.mainline()[3], "a rather long comment ".repeat(8));
    let text = write_game(&game);
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    let again = read_game(&text).unwrap();
    assert_eq!(write_game(&again), text);
    assert_eq!(
        again.comment(again.mainline()[3]),
        "a rather long comment ".repeat(8).trim()
    );
}

#[test]
fn black_to_move_start_and_comment_commands() {
    let game =
        read_game("[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 10\"]\n\n10... Kd7 {[%csl Gd7,Re1] [%cal Ge1g1]} 11. O-O *")
            .unwrap();
    let text = write_game(&game);
    assert!(text.contains("10... Kd7"), "{text}");
    let comment = game.comment(game.mainline()[0]);
    assert_eq!(commands(comment).len(), 2);
    assert_eq!(Highlight::of(comment).len(), 2);
    assert_eq!(Arrow::of(comment).len(), 1);
}

#[test]
fn comment_words_that_look_like_parentheses_keep_their_spaces() {
    // Found by fuzzing: a comment word "(" was glued to the next word.
    let mut game = Game::new();
    game.set_comment(NodeId::ROOT, "a ( b ) c  (  d");
    let again = read_game(&write_game(&game)).unwrap();
    assert_eq!(again.comment(NodeId::ROOT), "a ( b ) c  (  d");
}

#[test]
fn a_comment_word_starting_with_percent_never_starts_a_line() {
    // Found by fuzzing: wrapped so that "%" began a line, the comment lost
    // its end to the escape rule.
    let mut game = Game::new();
    game.set_comment(NodeId::ROOT, format!("{} %escape", "x".repeat(75)));
    let text = write_game(&game);
    assert!(text.lines().all(|l| !l.starts_with('%')), "{text}");
    assert_eq!(
        read_game(&text).unwrap().comment(NodeId::ROOT),
        game.comment(NodeId::ROOT)
    );
}

// --- What real files get wrong: each read as python-chess, lichess and
// ChessX read it, with a warning saying what was repaired and where. ---

/// The warnings of the first game of `text`, as text.
fn warnings(text: &str) -> Vec<String> {
    read_game(text)
        .unwrap()
        .warnings()
        .iter()
        .map(|w| w.to_string())
        .collect()
}

#[test]
fn a_tag_value_with_unescaped_quotes_runs_to_the_last_quote_before_the_bracket() {
    let text =
        "[White \"\"Socrates Expert\"\"]\n[Event \"The \"Big\" Open\"]\n[Black \"Kasparov, \\\"Garry\\\"\"]\n\n1. e4 *";
    let game = read_game(text).unwrap();
    assert_eq!(game.tags.get("White"), Some("\"Socrates Expert\""));
    assert_eq!(game.tags.get("Event"), Some("The \"Big\" Open"));
    assert_eq!(game.tags.get("Black"), Some("Kasparov, \"Garry\""), "escapes as before");
    assert_eq!(
        warnings(text),
        [
            "line 1, column 1: the White tag has quotes inside that are not escaped: read as \"\\\"Socrates Expert\\\"\"",
            "line 2, column 1: the Event tag has quotes inside that are not escaped: read as \"The \\\"Big\\\" Open\"",
        ]
    );
    // Two tags on one line still split at the first quote before a bracket.
    let two = read_game("[White \"A\"] [Black \"B\"]\n\n1. e4 *").unwrap();
    assert_eq!((two.tags.get("White"), two.tags.get("Black")), (Some("A"), Some("B")));
    assert!(two.warnings().is_empty());
}

#[test]
fn a_fen_tag_with_castling_rights_the_position_cannot_have_loads_without_them() {
    // No rook on h1 for K, no black king on e8 for kq.
    let text = "[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1\"]\n\n1. O-O-O *";
    let game = read_game(text).unwrap();
    assert_eq!(game.start_position().fen(), "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1");
    assert_eq!(
        warnings(text),
        ["line 2, column 1: the FEN tag gives castling rights K without king and rook on their squares: dropped"]
    );
    // Other impossible positions stay errors.
    let bad = read_game("[FEN \"8/8/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. Kb1 *").unwrap_err();
    assert_eq!(
        bad.to_string(),
        "game 1, line 1, column 1: bad FEN tag: illegal position: Black has no king"
    );
    let both = read_game("[FEN \"4k3/8/8/8/8/8/8/K7 w K - 0 1\"]\n\n1. Kb1 *").unwrap();
    assert_eq!(both.start_position().castling().to_string(), "-");
}

#[test]
fn a_fen_with_move_number_zero_reads_as_move_one() {
    let text = "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 0\"]\n\n1. O-O *";
    let game = read_game(text).unwrap();
    assert_eq!(game.start_position().fullmoves(), 1);
    assert_eq!(
        warnings(text),
        ["line 1, column 1: the FEN tag's move number is 0: read as 1"]
    );
}

#[test]
fn moves_written_off_the_standard_are_read_with_a_warning() {
    let cases = [
        // (movetext, the moves in standard SAN, the warnings' written forms)
        ("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *", "O-O", "0-0"),
        ("1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. 0-0-0 *", "O-O-O", "0-0-0"),
        ("1. Ng1f3 d5 *", "Nf3", "Ng1f3"),
        ("1. e4 e5 2. Nge2 *", "Ne2", "Nge2"),
        ("1. e4 d5 2. ed5 *", "exd5", "ed5"),
        ("1. e4 d5 2. exd5 Qd5 *", "Qxd5", "Qd5"),
        ("[FEN \"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. e8Q *", "e8=Q", "e8Q"),
    ];
    for (text, standard, written) in cases {
        let game = read_game(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let sans: Vec<String> = game.mainline().iter().map(|&n| game.san_at(n).unwrap()).collect();
        assert!(
            sans.iter().any(|s| s.trim_end_matches('+') == standard),
            "{text}: {sans:?}"
        );
        let found = game.warnings();
        assert_eq!(found.len(), 1, "{text}: {found:?}");
        assert_eq!(
            found[0].kind,
            PgnWarningKind::NonStandardMove {
                written: written.to_string(),
                standard: standard.to_string()
            }
        );
    }
    // The standard forms give no warning, also with check marks and !?.
    let clean = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 8. Nb3 Qxd1 \
                 9. Rxd1 Bg4 10. f3 Be6 11. Nc3 Bd6 12. Be3 b6 13. a4 O-O-O 14. a5 Kb7 15. e5!? fxe5 16. Ne4 *";
    assert!(warnings(clean).is_empty(), "{:?}", warnings(clean));
}

#[test]
fn a_null_move_in_a_variation_leaves_the_rest_of_the_variation_out() {
    let text = "1. e4 e5 (1... d5 2. -- Nf6 (2... c6 3. d4) 3. c4) 2. Nf3 (2. Z0 Nc6) 2... Nc6 *";
    let game = read_game(text).unwrap();
    let sans: Vec<String> = game.mainline().iter().map(|&n| game.san_at(n).unwrap()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
    // 1... d5 is kept; what followed the null move is not.
    let e4 = game.mainline()[0];
    let replies: Vec<String> = game.children(e4).iter().map(|&n| game.san_at(n).unwrap()).collect();
    assert_eq!(replies, ["e5", "d5"]);
    assert!(game.children(game.children(e4)[1]).is_empty());
    assert_eq!(
        warnings(text),
        [
            "line 1, column 22: a null move cannot be played: the rest of the variation is left out",
            "line 1, column 63: a null move cannot be played: the rest of the variation is left out",
        ]
    );
    // In the main line: the game ends there, the result is kept.
    let main = read_game("1. e4 e5 2. -- Nc6 3. d4 1-0").unwrap();
    assert_eq!(main.mainline().len(), 2);
    assert_eq!(main.outcome().map(|o| o.result()), Some("1-0"));
}

#[test]
fn a_game_without_a_result_at_the_end_of_the_file_is_read() {
    let text = "[Event \"x\"]\n\n1. e4 e5 2. Nf3";
    let game = read_game(text).unwrap();
    assert_eq!(game.mainline().len(), 3);
    assert_eq!(game.outcome(), None);
    assert_eq!(warnings(text), ["line 3, column 16: the game has no result at its end"]);
}

#[test]
fn a_comment_never_closed_is_an_error_at_its_line() {
    let text = "[Event \"x\"]\n\n1. e4 e5\n2. Nf3 {starts here\nand never ends\n\n2... Nc6 *\n";
    let err = read_game(text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "game 1, line 4, column 8: a comment opened with { is never closed"
    );
    // When the next game starts, the comment ends there: one game lost.
    let two = format!("{text}\n[Event \"next\"]\n\n1. d4 *\n");
    let read = games(&two);
    assert_eq!(read.len(), 2);
    assert!(matches!(
        read[0].as_ref().unwrap_err().kind,
        PgnErrorKind::UnclosedComment
    ));
    assert_eq!(read[1].as_ref().unwrap().tags.get("Event"), Some("next"));
    // A line that only begins like a tag (`[Event "` cut short) is not the
    // next game, in a comment as when skipping a bad game: the comment
    // runs on to the next whole `[Event` line.
    let cut = format!("{text}\n[Event \"\n[White \"B\"]\n\n1. e4 *\n\n[Event \"whole\"]\n\n1. c4 *\n");
    let read = games(&cut);
    assert_eq!(read.len(), 2);
    assert!(read[0].is_err());
    assert_eq!(read[1].as_ref().unwrap().tags.get("Event"), Some("whole"));
}

/// Three games around a broken one.
const WITH_A_BAD_GAME: &str = "[Event \"one\"]\n[White \"A\"]\n\n1. e4 e5 *\n\n\
[Event \"two\"]\n[White \"B\"]\n\n1. e4 {[%clk 0:01:00]} e5 2. Ke3 [%clk 0:00:59] Nf6 ( 2... Nc6 1-0 [Site \"x\"]\n3. d4 *\n\n\
[Event \"three\"]\n[White \"C\"]\n\n1. d4 d5 *\n\n\
[Event \"four\"]\n[White \"D\"]\n\n1. c4 *\n";

#[test]
fn after_a_bad_game_the_reader_resumes_at_the_next_game_and_invents_none() {
    let read = games(WITH_A_BAD_GAME);
    let summary: Vec<String> = read
        .iter()
        .map(|g| match g {
            Ok(g) => format!("{} {}", g.tags.get("Event").unwrap(), g.tags.get("White").unwrap()),
            Err(e) => e.to_string(),
        })
        .collect();
    assert_eq!(
        summary,
        [
            "one A",
            "game 2, line 9, column 30: illegal move Ke3: a king cannot move from e1 to e3",
            "three C",
            "four D",
        ]
    );
    // The numbers of later errors stay right.
    let later = WITH_A_BAD_GAME.replace("1. c4 *", "1. c5 *");
    let err = games(&later).pop().unwrap().unwrap_err();
    assert_eq!((err.game, err.line), (4, 20));
}

#[test]
fn no_game_in_the_text_is_an_error() {
    for text in ["", "   \n\t\n", "[Event \"only tags\"]\n", "% an escaped line\n"] {
        let err = read_game(text).unwrap_err();
        assert_eq!(err.kind, PgnErrorKind::NoGame, "{text:?}");
    }
    // Tags and a result are a game (with no moves).
    assert!(read_game("[Event \"x\"]\n\n1/2-1/2").is_ok());
    // In a file, a game of tags alone is a game; the next one keeps its own tags.
    let read = games("[Event \"a\"]\n[Site \"s\"]\n\n[Event \"b\"]\n\n1. e4 *\n");
    assert_eq!(read.len(), 2);
    assert_eq!(read[1].as_ref().unwrap().tags.get("Site"), None);
}

#[test]
fn latin_1_is_read_the_same_by_the_file_and_the_string_reader() {
    // "Müller" and "Café" in Latin-1 (one byte each for ü and é), and a
    // Windows-1252 en dash (0x96); a UTF-8 comment beside them stays UTF-8.
    let bytes: &[u8] =
        b"[White \"M\xfcller\"]\n[Event \"Caf\xe9 \x96 open\"]\n\n1. e4 {d\xe9but} e5 {d\xc3\xa9but} *\n";
    let path = std::env::temp_dir().join(format!("latin1-{}.pgn", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
    let from_file = PgnReader::new(file).next().unwrap().unwrap();
    std::fs::remove_file(&path).unwrap();
    let from_bytes = chess_core::pgn::read_game_bytes(bytes).unwrap();
    for game in [&from_file, &from_bytes] {
        assert_eq!(game.tags.get("White"), Some("Müller"));
        assert_eq!(game.tags.get("Event"), Some("Café – open"));
        let main = game.mainline();
        assert_eq!((game.comment(main[0]), game.comment(main[1])), ("début", "début"));
    }
}

/// The main line's moves in UCI and the result, from a visitor that skips
/// every variation (or every game's moves).
struct Skipping {
    moves: Vec<String>,
    variations: usize,
    skip_moves: bool,
}

impl chess_core::pgn::Visitor for Skipping {
    type Output = (Vec<String>, Option<Outcome>);

    fn begin_moves(&mut self, _start: &chess_core::Position) -> chess_core::pgn::Skip {
        chess_core::pgn::Skip(self.skip_moves)
    }

    fn play(&mut self, _before: &chess_core::Position, m: chess_core::Move) {
        self.moves.push(m.uci());
    }

    fn begin_variation(&mut self) -> chess_core::pgn::Skip {
        self.variations += 1;
        chess_core::pgn::Skip(true)
    }

    fn end_variation(&mut self) {
        panic!("a skipped variation has no end");
    }

    fn end_game(&mut self, result: Option<Outcome>) -> Self::Output {
        (std::mem::take(&mut self.moves), result)
    }
}

fn skipping(skip_moves: bool) -> Skipping {
    Skipping {
        moves: Vec::new(),
        variations: 0,
        skip_moves,
    }
}

#[test]
fn a_visitor_skips_variations_and_reads_the_main_line() {
    let mut reader = PgnReader::new(QUIRKS.as_bytes());
    let mut visitor = skipping(false);
    let (moves, result) = reader.visit_game(&mut visitor).unwrap().unwrap();
    let game = read_game(QUIRKS).unwrap();
    let mainline: Vec<String> = game.mainline_moves().iter().map(|m| m.uci()).collect();
    assert_eq!(moves, mainline);
    assert_eq!(
        result,
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Recorded
        })
    );
    assert_eq!(
        visitor.variations, 1,
        "the inner variation is skipped with its outer one"
    );
    // The next games read as usual.
    let (moves, _) = reader.visit_game(&mut visitor).unwrap().unwrap();
    assert_eq!(moves, ["e1g1", "e8d7"]);
}

#[test]
fn a_skipped_variation_is_not_checked_but_must_be_closed() {
    // Nothing in a skipped variation is resolved: an illegal move there
    // passes (as in pgn-reader), an unclosed one is still an error.
    let text = "1. e4 (1. Ke3 Qxz9) e5 1-0\n\n1. e4 (1. d4 d5 1-0\n";
    let mut reader = PgnReader::new(text.as_bytes());
    let (moves, _) = reader.visit_game(&mut skipping(false)).unwrap().unwrap();
    assert_eq!(moves, ["e2e4", "e7e5"]);
    let error = reader.visit_game(&mut skipping(false)).unwrap().unwrap_err();
    assert_eq!(error.kind, PgnErrorKind::BadVariation);
    assert_eq!((error.game, error.line), (2, 3));
}

#[test]
fn a_visitor_skips_the_moves_and_still_gets_each_result() {
    let mut reader = PgnReader::new(QUIRKS.as_bytes());
    let mut results = Vec::new();
    while let Some(read) = reader.visit_game(&mut skipping(true)) {
        let (moves, result) = read.unwrap();
        assert!(moves.is_empty());
        results.push(result.map(|r| r.result()));
    }
    assert_eq!(results, [Some("1-0"), None, Some("1/2-1/2")]);
}

/// A visitor hears of each game's start, also after a game that could not
/// be read (which ends with an error, not `end_game`).
#[test]
fn each_game_begins_also_after_a_broken_one() {
    struct Begins(usize, usize);
    impl chess_core::pgn::Visitor for Begins {
        type Output = ();
        fn begin_game(&mut self) {
            self.0 += 1;
            self.1 = 0;
        }
        fn play(&mut self, _before: &chess_core::Position, _m: chess_core::Move) {
            self.1 += 1;
        }
        fn end_game(&mut self, _result: Option<Outcome>) {}
    }
    let text = "1. e4 e5 2. Qz9 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    let mut reader = PgnReader::new(text.as_bytes());
    let mut visitor = Begins(0, 0);
    assert!(reader.visit_game(&mut visitor).unwrap().is_err());
    assert!(reader.visit_game(&mut visitor).unwrap().is_ok());
    assert_eq!(
        (visitor.0, visitor.1),
        (2, 1),
        "the second game's one move, not the first's two"
    );
}

/// What a file recorded is written back as recorded: a study's `*` stays
/// `*` though its line ends in mate.
#[test]
fn a_recorded_result_is_kept_on_export() {
    let text = "[Event \"Study: chapter 1\"]\n[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n";
    let game = read_game(text).unwrap();
    let written = chess_core::pgn::write_game(&game);
    assert!(written.contains("[Result \"*\"]"), "{written}");
    assert!(written.ends_with("Qh4# *\n"), "{written}");
    // A game without a Result tag is written with its outcome.
    let mut played = chess_core::Game::new();
    for san in ["f3", "e5", "g4", "Qh4#"] {
        played.play_san(san).unwrap();
    }
    let written = chess_core::pgn::write_game(&played);
    assert!(
        written.contains("[Result \"0-1\"]") && written.ends_with("0-1\n"),
        "{written}"
    );
}

/// A date nobody knows is the UTC date when the game has one (lichess
/// writes both).
#[test]
fn an_unknown_date_is_the_utc_date() {
    let text = "[Event \"Casual\"]\n[Date \"????.??.??\"]\n[UTCDate \"2026.11.20\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let written = chess_core::pgn::write_game(&read_game(text).unwrap());
    assert!(written.contains("[Date \"2026.11.20\"]"), "{written}");
    assert!(written.contains("[UTCDate \"2026.11.20\"]"), "{written}");
}

/// One bad move in a side variation costs the rest of that variation,
/// not the game: the game is read, the variation kept up to the bad move,
/// a warning says where; the main line stays exact, and a bad move there
/// is still an error.
#[test]
fn a_bad_move_in_a_variation_cuts_the_variation_not_the_game() {
    let text = "[Event \"Study\"]\n\n1. e4 e5 (1... c5 2. Nf3 Ke7?? 3. d4) (1... d5) 2. Nf3 Nc6 *\n";
    let game = read_game(text).unwrap();
    let sans: Vec<String> = game.mainline().iter().map(|&n| game.san_at(n).unwrap()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
    let e4 = game.mainline()[0];
    let replies: Vec<String> = game.children(e4).iter().map(|&n| game.san_at(n).unwrap()).collect();
    assert_eq!(replies, ["e5", "c5", "d5"], "both variations kept");
    let c5 = game.children(e4)[1];
    let nf3 = game.children(c5)[0];
    assert_eq!(game.san_at(nf3).as_deref(), Some("Nf3"));
    assert!(game.children(nf3).is_empty(), "cut at the bad move");
    let warnings: Vec<String> = game.warnings().iter().map(ToString::to_string).collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].starts_with("line 3, column ") && warnings[0].contains("Ke7?? cannot be played in its variation"),
        "{warnings:?}"
    );
    // In the main line it is an error.
    assert!(read_game("1. e4 e5 2. Ke7 *").is_err());
}

#[test]
fn a_game_with_an_illegal_move_opens_up_to_it_with_the_rest_kept() {
    use chess_core::pgn::read_game_up_to_error;
    let text = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n\
                1. e4 {best by test} e5 2. Nf3 Nc6\n3. Bb5 a6 4. Bxf7 Nf6 {a comment} 5. O-O 1-0\n";
    let (game, problem) = read_game_up_to_error(text.as_bytes()).unwrap();
    let problem = problem.expect("4. Bxf7 cannot be played");
    assert_eq!((problem.line, problem.column), (7, 14));
    let sans: Vec<String> = game.mainline().iter().map(|&n| game.san_at(n).unwrap()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(game.comment(game.mainline()[0]), "best by test");
    let note = game.comment(game.mainline()[5]);
    assert!(note.starts_with("line 7, column 14: illegal move Bxf7"), "{note}");
    assert!(note.ends_with("Bxf7 Nf6 {a comment} 5. O-O 1-0"), "{note}");
    assert_eq!(game.tags.get("White"), Some("Ann"));
    // And a warning says so, where.
    let warning = game.warnings().last().unwrap();
    assert_eq!((warning.line, warning.column), (7, 14));
    assert!(matches!(&warning.kind, PgnWarningKind::MainLineCut { reason } if reason.starts_with("illegal move Bxf7")));
    // Written and read back: the same moves, the note kept.
    let again = chess_core::pgn::read_game(&game.to_pgn()).unwrap();
    assert_eq!(again.mainline().len(), 6);
    assert!(again.comment(again.mainline()[5]).contains("illegal move Bxf7"));

    // A game that reads is given whole, with no problem.
    let (whole, none) = read_game_up_to_error(b"1. e4 e5 2. Nf3 *").unwrap();
    assert!(none.is_none());
    assert_eq!(whole.mainline().len(), 3);
    // A bad first move: no move, the whole movetext kept.
    let (empty, problem) = read_game_up_to_error(b"1. e5 e4 *").unwrap();
    assert!(problem.is_some());
    assert!(empty.mainline().is_empty());
    assert!(
        empty.comment(NodeId::ROOT).ends_with("e5 e4 *"),
        "{}",
        empty.comment(NodeId::ROOT)
    );
    // Bad tags, or no game: still errors.
    assert!(read_game_up_to_error(b"[FEN \"not a fen\"]\n\n1. e4 *").is_err());
    assert!(read_game_up_to_error(b"").is_err());
    // Only this game's text, not the next one's.
    let (first, _) = read_game_up_to_error(b"1. e4 e5 2. Ke3 *\n\n[Event \"next\"]\n\n1. d4 *\n").unwrap();
    assert!(first.comment(first.mainline()[1]).ends_with("Ke3 *"));
}

/// A game's result has one source: the `Result` tag when it gives one,
/// else the termination marker (as python-chess reads them); a
/// disagreement is a warning; the writer writes the result read, so a game
/// read, written and read again keeps it (a `*` tag with a `0-1` marker
/// was read as Black's win and written back as `*`).
#[test]
fn the_result_tag_and_the_marker_give_one_result() {
    let read = |tag: Option<&str>, marker: &str| {
        let tags = tag.map_or(String::new(), |t| format!("[Result \"{t}\"]\n"));
        read_game(&format!("[Event \"x\"]\n{tags}\n1. e4 e5 {marker}\n")).unwrap()
    };
    let result = |g: &Game| g.outcome_at(g.mainline_end()).map(|o| o.result());
    let disagreement = |g: &Game| {
        g.warnings()
            .iter()
            .find(|w| matches!(w.kind, PgnWarningKind::ResultsDisagree { .. }))
            .map(|w| w.to_string())
    };
    for (tag, marker, expected, warned) in [
        (Some("*"), "0-1", Some("0-1"), true),
        (Some("1-0"), "0-1", Some("1-0"), true),
        (Some("1/2-1/2"), "*", Some("1/2-1/2"), true),
        (None, "0-1", Some("0-1"), false),
        (Some("0-1"), "0-1", Some("0-1"), false),
        (Some("*"), "*", None, false),
        (Some("1:0"), "1-0", Some("1-0"), false),
    ] {
        let game = read(tag, marker);
        assert_eq!(result(&game), expected, "tag {tag:?}, marker {marker}");
        assert_eq!(disagreement(&game).is_some(), warned, "tag {tag:?}, marker {marker}");
        let written = game.to_pgn();
        let again = read_game(&written).unwrap();
        assert_eq!(result(&again), expected, "tag {tag:?}, marker {marker}: {written}");
        assert!(disagreement(&again).is_none(), "written back agreeing: {written}");
        let tag_written = written.lines().find(|l| l.starts_with("[Result ")).unwrap();
        assert_eq!(tag_written, format!("[Result \"{}\"]", expected.unwrap_or("*")));
        assert!(written.trim_end().ends_with(expected.unwrap_or("*")), "{written}");
    }
    let game = read(Some("*"), "0-1");
    assert_eq!(
        disagreement(&game).unwrap(),
        "line 4, column 10: the Result tag says * but the moves end in 0-1: read as 0-1"
    );
}

/// A game lost on time is written with lichess's `[Termination "Time
/// forfeit"]`, and read back it is a loss on time again.
#[test]
fn a_loss_on_time_is_written_and_read_as_one() {
    let mut game = Game::new();
    game.play_san("e4").unwrap();
    game.set_result(Some(Outcome::Win {
        winner: Color::White,
        reason: WinReason::Timeout,
    }));
    let pgn = game.to_pgn();
    assert!(pgn.contains("[Termination \"Time forfeit\"]\n"), "{pgn}");
    assert!(pgn.trim_end().ends_with("1. e4 1-0"), "{pgn}");
    let again = read_game(&pgn).unwrap();
    assert_eq!(
        again.outcome_at(again.mainline_end()),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Timeout
        })
    );
    assert_eq!(again.to_pgn(), pgn, "written once");
    // A lichess game: its Termination tag read the same way.
    let lichess = read_game("[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n\n1. e4 e5 0-1\n").unwrap();
    assert!(matches!(
        lichess.outcome_at(lichess.mainline_end()),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Timeout
        })
    ));
}
