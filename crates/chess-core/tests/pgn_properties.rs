//! Property: a game read from PGN, written and read again, is the same game
//! (its moves, tags, comments, clocks, marks and result), for games as real
//! files have them: tags missing, duplicated, misspelt and broken, results
//! whose tag and termination marker disagree, comments with clocks and
//! evaluations, variations.

use chess_core::pgn::{clock, read_game};
use chess_core::{Game, NodeId, Position};
use proptest::prelude::*;

/// A game's movetext from `choices` (each picks one legal move of the
/// position it is played in), with a comment, a clock, a mark or a
/// variation here and there.
fn movetext(choices: &[(u16, u8)]) -> String {
    let mut pos = Position::new();
    let mut out = String::new();
    for (ply, &(pick, extra)) in choices.iter().enumerate() {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[pick as usize % moves.len()];
        if ply % 2 == 0 {
            out.push_str(&format!("{}. ", ply / 2 + 1));
        }
        out.push_str(&pos.san(m).unwrap());
        out.push(' ');
        match extra % 8 {
            0 => out.push_str(&format!("{{[%clk 0:0{}:{:02}]}} ", extra % 10, extra % 60)),
            1 => out.push_str("{A comment: with \"quotes\", a ; and [brackets].} "),
            2 => out.push_str("$1 "),
            3 => out.push_str(&format!("{{[%eval {}.{}] Good.}} ", extra % 5, extra % 10)),
            4 if ply > 0 => {
                // A variation: another move instead of this one.
                let alt = moves[(pick as usize + 1) % moves.len()];
                if alt != m {
                    let number = if ply % 2 == 0 {
                        format!("{}. ", ply / 2 + 1)
                    } else {
                        format!("{}... ", ply / 2 + 1)
                    };
                    out.push_str(&format!("({number}{}) ", pos.san(alt).unwrap()));
                }
            }
            _ => {}
        }
        pos.play(m).unwrap();
    }
    out
}

/// Tags as files have them: some missing, a `Result` that may be any
/// result, broken, duplicated or misspelt.
fn tags(kinds: &[u8]) -> String {
    let mut out = String::new();
    for (i, &k) in kinds.iter().enumerate() {
        out.push_str(&match k % 9 {
            0 => "[Event \"Open\"]\n".to_string(),
            1 => format!("[White \"Player {i}\"]\n"),
            2 => "[Black \"Other, A.\"]\n".to_string(),
            3 => "[Result \"1-0\"]\n".to_string(),
            4 => "[Result \"0-1\"]\n".to_string(),
            5 => "[Result \"1/2-1/2\"]\n".to_string(),
            6 => "[Result \"*\"]\n".to_string(),
            7 => "[Result \"1:0\"]\n".to_string(),
            _ => "[result \"0-1\"]\n".to_string(),
        });
    }
    out
}

/// Everything a game holds that a round trip must keep.
#[derive(Debug, PartialEq)]
struct Contents {
    moves: Vec<String>,
    variations: usize,
    comments: Vec<String>,
    clocks: Vec<Option<u64>>,
    nags: Vec<Vec<u8>>,
    tags: Vec<(String, String)>,
    result: Option<&'static str>,
}

fn contents(game: &Game) -> Contents {
    let line = game.mainline();
    let mut tags: Vec<(String, String)> = game
        .tags
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        // What the writer adds of its own: the roster's defaults and the
        // opening's name; the result is compared as the game reports it.
        .filter(|(k, v)| !(v == "?" || v == "????.??.??" || k == "ECO" || k == "Opening" || k == "Result"))
        .collect();
    tags.sort();
    Contents {
        moves: line.iter().map(|&n| game.san_at(n).unwrap()).collect(),
        variations: line
            .iter()
            .map(|&n| game.children(game.parent(n).unwrap_or(NodeId::ROOT)).len() - 1)
            .sum(),
        comments: line.iter().map(|&n| game.comment(n).to_string()).collect(),
        clocks: line
            .iter()
            .map(|&n| clock(game.comment(n)).map(|d| d.as_millis() as u64))
            .collect(),
        nags: line.iter().map(|&n| game.nags(n).to_vec()).collect(),
        tags,
        result: game.outcome_at(game.mainline_end()).map(|o| o.result()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_game_read_written_and_read_again_is_the_same_game(
        choices in proptest::collection::vec((any::<u16>(), any::<u8>()), 0..40),
        tag_kinds in proptest::collection::vec(any::<u8>(), 0..6),
        marker in 0usize..5,
    ) {
        let marker = ["1-0", "0-1", "1/2-1/2", "*", ""][marker];
        let text = format!("{}\n{}{}\n", tags(&tag_kinds), movetext(&choices), marker);
        let Ok(first) = read_game(&text) else {
            // Only games the reader reads are the property's (a checkmate
            // followed by a contradicting tag is still read: the rules win).
            return Ok(());
        };
        let written = first.to_pgn();
        let second = read_game(&written).map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
        prop_assert_eq!(contents(&first), contents(&second), "{}\n---\n{}", text, written);
        // And a second round changes nothing in the text.
        prop_assert_eq!(second.to_pgn(), written);
    }
}
