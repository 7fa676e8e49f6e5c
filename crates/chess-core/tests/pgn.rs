//! PGN reading and writing: real-world quirks, errors that name the game,
//! line and column, recovery, round trips, and the export format.

use chess_core::pgn::{Arrow, Eval, Highlight, PgnErrorKind, PgnReader, clock, commands, read_game, write_game};
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
        &lines[..8],
        [
            "[Event \"Quote \\\"test\\\" and \\\\ back\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[White \"A\"]",
            "[Black \"B\"]",
            "[Result \"1-0\"]",
            "",
        ]
    );
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
    let movetext = lines[8..].join(" ");
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
