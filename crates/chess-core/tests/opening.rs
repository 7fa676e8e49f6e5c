//! Opening names: every line of the table names its own end position (or
//! the position is named by an earlier line reaching it too);
//! transpositions share a name; a game is named by its deepest named
//! position.

use chess_core::{Game, Position, opening};

fn after(moves: &[&str]) -> Position {
    let mut game = Game::new();
    for san in moves {
        game.play_san(san).unwrap();
    }
    game.position().clone()
}

#[test]
fn every_line_names_its_end_position() {
    let all = opening::all();
    assert!(all.len() > 3700, "{}", all.len());
    for o in all {
        let mut pos = Position::new();
        for word in o
            .pgn
            .split_whitespace()
            .filter(|w| !w.starts_with(|c: char| c.is_ascii_digit()))
        {
            pos.play(pos.parse_san(word).unwrap_or_else(|e| panic!("{}: {word}: {e}", o.pgn)))
                .unwrap();
        }
        let named = opening::lookup(&pos).unwrap_or_else(|| panic!("{} {} unnamed", o.eco, o.name));
        if named != *o {
            // Another line reaches the same position: it came first.
            let first = all.iter().position(|x| x == &named).unwrap();
            let this = all.iter().position(|x| x == o).unwrap();
            assert!(first < this, "{} named {} {}", o.name, named.eco, named.name);
        }
    }
}

#[test]
fn a_transposition_has_the_same_name() {
    let a = opening::lookup(&after(&["Nf3", "d5", "d4"])).unwrap();
    let b = opening::lookup(&after(&["d4", "d5", "Nf3"])).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.eco, "D02");
}

#[test]
fn known_names() {
    let name = |moves: &[&str]| opening::lookup(&after(moves)).map(|o| format!("{} {}", o.eco, o.name));
    assert_eq!(
        name(&["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6"]).as_deref(),
        Some("C65 Ruy Lopez: Berlin Defense")
    );
    assert_eq!(name(&["e4", "c5"]).as_deref(), Some("B20 Sicilian Defense"));
    assert_eq!(name(&[]), None, "the start position has no name");
    assert_eq!(name(&["a3", "h6", "h3"]), None);
}

#[test]
fn a_game_is_named_by_its_deepest_named_position() {
    let mut game = Game::new();
    for san in [
        "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Qd3", "Qb6",
    ] {
        game.play_san(san).unwrap();
    }
    let named = game.opening().unwrap();
    assert_eq!(named.name, "Sicilian Defense: Najdorf Variation");
    assert!(Game::new().opening().is_none());
    // Chess960 games have none.
    let mut game = Game::new_960(518).unwrap();
    game.play_san("e4").unwrap();
    assert!(game.opening().is_none());
}

#[test]
fn pgn_names_the_opening_unless_the_game_does() {
    let mut game = Game::new();
    for san in ["e4", "c5"] {
        game.play_san(san).unwrap();
    }
    let pgn = game.to_pgn();
    assert!(pgn.contains("[ECO \"B20\"]\n[Opening \"Sicilian Defense\"]\n"), "{pgn}");
    game.tags.set("ECO", "B21");
    let pgn = game.to_pgn();
    assert!(pgn.contains("[ECO \"B21\"]") && !pgn.contains("[Opening"), "{pgn}");
    // A game that left the book keeps the name of where it left (1. a3 is
    // Anderssen's Opening); an ending has none.
    let mut odd = Game::new();
    for san in ["a3", "h6", "h3"] {
        odd.play_san(san).unwrap();
    }
    assert!(
        odd.to_pgn().contains("[Opening \"Anderssen's Opening\"]"),
        "{}",
        odd.to_pgn()
    );
    let mut ending = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    ending.play_san("O-O").unwrap();
    assert!(!ending.to_pgn().contains("[ECO"));
}
