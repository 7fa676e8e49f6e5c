//! Every query of an index agrees with a brute-force replay of the same
//! games through the core's PGN reader (every game, every ply of its main
//! line), on random collections with FEN games, Chess960 games, games with
//! errors (skipped, counted, listed), games without a result and games with
//! variations.

mod common;

use chess_core::{Color, Position};
use chess_db::header::GameResult;
use chess_db::{Filter, Material};
use common::*;
use proptest::prelude::*;

/// Positions worth asking for: every position of some games' main lines
/// (of the opening, the middle and the end), and one no game reaches.
fn targets(games: &[Option<chess_core::Game>], seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = vec![Position::new(), "8/8/8/8/8/8/k7/7K w - - 0 1".parse().unwrap()];
    for _ in 0..12 {
        let Some(Some(game)) = games.get(rng.below(games.len() as u64) as usize) else {
            continue;
        };
        let line = mainline(game);
        let ply = rng.below(line.len() as u64) as usize;
        out.push(line[ply].clone());
        out.push(line[ply.min(5)].clone());
    }
    out
}

fn check_collection(seed: u64, count: usize) {
    let text = collection(seed, count);
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", text.as_bytes());
    let db = open(&pgn, dir.path());
    let games = games(&text);
    assert_eq!(db.game_count(), games.len() as u64);
    let errors: Vec<u64> = db.unreadable().unwrap().iter().map(|e| e.game).collect();
    let expected: Vec<u64> = (1..=games.len() as u64)
        .filter(|&n| games[n as usize - 1].is_none())
        .collect();
    assert_eq!(errors, expected, "the unreadable games");
    // Each game's offset is where its text begins in the file.
    let numbers: Vec<u64> = (1..=games.len() as u64).collect();
    let offsets = db.offsets(&numbers).unwrap();
    for (&n, &offset) in numbers.iter().zip(&offsets) {
        let own = db.game_text(n).unwrap();
        assert!(text.as_bytes()[offset as usize..].starts_with(&own), "game {n}");
    }
    assert!(offsets.windows(2).all(|w| w[0] < w[1]));
    assert!(db.offsets(&[0]).is_err() && db.offsets(&[games.len() as u64 + 1]).is_err());

    for (k, target) in targets(&games, seed).iter().enumerate() {
        let max_ply = (k % 3 == 0).then_some(6);
        let found: Vec<(u64, u32)> = db
            .search_position(target, max_ply, None)
            .unwrap()
            .iter()
            .map(|m| (m.game, m.ply))
            .collect();
        assert_eq!(
            found,
            reaching(&games, target, max_ply),
            "{} within {max_ply:?}",
            target.fen()
        );
        // The explorer counts the same games.
        let explorer = db.explore(target, None).unwrap();
        let total: u64 = explorer.moves.iter().map(|m| m.games).sum();
        assert!(total <= explorer.games);
        assert_eq!(explorer.games as usize, reaching(&games, target, None).len());
        for row in &explorer.moves {
            let m = target.parse_uci(&row.uci).unwrap();
            let mut after = target.clone();
            after.play(m).unwrap();
            assert!(row.white + row.draws + row.black <= row.games);
        }
    }

    for text in ["KRkr", "KPk", "KQkq", "KRPkr", "KNBk"] {
        let target = Material::parse(text).unwrap();
        for plies in [1, 3] {
            let found: Vec<(u64, u32)> = db
                .search_material(&target, plies, None)
                .unwrap()
                .iter()
                .map(|m| (m.game, m.ply))
                .collect();
            assert_eq!(found, with_material(&games, &target, plies), "{text} for {plies}");
        }
    }

    // Filters, against the games' tags and results as the file records
    // them (the result marker, or else the Result tag).
    struct Recorded(GameResult);
    impl chess_core::pgn::Visitor for Recorded {
        type Output = GameResult;
        fn tag(&mut self, name: &[u8], value: chess_core::pgn::RawTag<'_>) {
            if name == b"Result" {
                self.0 = GameResult::parse(&value.text());
            }
        }
        fn end_game(&mut self, result: Option<chess_core::Outcome>) -> GameResult {
            let tag = std::mem::take(&mut self.0);
            result.map_or(tag, |o| GameResult::parse(o.result()))
        }
    }
    let mut reader = chess_core::pgn::PgnReader::new(text.as_bytes());
    let mut recorded = Vec::new();
    let mut visitor = Recorded(GameResult::Unknown);
    while let Some(r) = reader.visit_game(&mut visitor) {
        recorded.push(r.unwrap_or_default());
        visitor.0 = GameResult::Unknown;
    }
    let filters = [
        Filter {
            player: Some("carlsen".into()),
            ..Filter::default()
        },
        Filter {
            white: Some("Ding".into()),
            min_elo: Some(2000),
            ..Filter::default()
        },
        Filter {
            result: Some(GameResult::Draw),
            ..Filter::default()
        },
        Filter {
            eco: Some((100, 199)),
            ..Filter::default()
        },
        Filter {
            from: Some(chess_db::header::Date::parse("2000")),
            to: Some(chess_db::header::Date::parse("2010.06")),
            ..Filter::default()
        },
        Filter {
            time_control: Some("blitz".into()),
            min_moves: Some(10),
            ..Filter::default()
        },
        Filter {
            event: Some("open 1".into()),
            site: Some("2".into()),
            ..Filter::default()
        },
        Filter::default(),
    ];
    for filter in &filters {
        let found = db.filter(filter).unwrap();
        let expected: Vec<u64> = games
            .iter()
            .enumerate()
            .filter(|(i, g)| g.as_ref().is_some_and(|g| passes(g, recorded[*i], filter)))
            .map(|(i, _)| i as u64 + 1)
            .collect();
        assert_eq!(found, expected, "{filter:?}");
        // Combined with a position: both must hold.
        let start = Position::new();
        let combined: Vec<u64> = db
            .search_position(&start, None, Some(filter))
            .unwrap()
            .iter()
            .map(|m| m.game)
            .collect();
        let both: Vec<u64> = reaching(&games, &start, None)
            .iter()
            .map(|&(g, _)| g)
            .filter(|g| expected.contains(g))
            .collect();
        assert_eq!(combined, both, "{filter:?} and the start position");
    }
}

/// Brute force: whether a game's tags pass `filter`.
fn passes(game: &chess_core::Game, recorded: GameResult, f: &Filter) -> bool {
    let tag = |name: &str| game.tags.get(name).unwrap_or("").to_string();
    let has = |value: String, part: &Option<String>| {
        part.as_ref()
            .is_none_or(|p| value.to_lowercase().contains(&p.to_lowercase()))
    };
    if let Some(p) = &f.player {
        let p = p.to_lowercase();
        if !tag("White").to_lowercase().contains(&p) && !tag("Black").to_lowercase().contains(&p) {
            return false;
        }
    }
    if !has(tag("White"), &f.white)
        || !has(tag("Black"), &f.black)
        || !has(tag("Event"), &f.event)
        || !has(tag("Site"), &f.site)
    {
        return false;
    }
    let elos = [
        tag("WhiteElo").parse::<u16>().unwrap_or(0),
        tag("BlackElo").parse::<u16>().unwrap_or(0),
    ];
    if f.min_elo.is_some_and(|m| elos.iter().any(|&e| e == 0 || e < m))
        || f.max_elo.is_some_and(|m| elos.iter().any(|&e| e == 0 || e > m))
    {
        return false;
    }
    if f.from.is_some() || f.to.is_some() {
        let Some((first, last)) = chess_db::header::Date::parse(&tag("Date")).span() else {
            return false;
        };
        if f.from.and_then(|d| d.span()).is_some_and(|(from, _)| first < from)
            || f.to.and_then(|d| d.span()).is_some_and(|(_, to)| last > to)
        {
            return false;
        }
    }
    if f.result.is_some_and(|r| r != recorded) {
        return false;
    }
    if let Some((lo, hi)) = f.eco {
        match chess_db::header::parse_eco(&tag("ECO")) {
            Some(e) if e >= lo && e <= hi => {}
            _ => return false,
        }
    }
    let moves = (game.mainline().len() as u32).div_ceil(2);
    if f.min_moves.is_some_and(|m| moves < m) || f.max_moves.is_some_and(|m| moves > m) {
        return false;
    }
    if let Some(tc) = &f.time_control {
        let ok = match chess_db::TimeClass::parse(tc) {
            Some(class) => chess_db::TimeClass::of(&tag("TimeControl")) == Some(class),
            None => tag("TimeControl") == *tc,
        };
        if !ok {
            return false;
        }
    }
    true
}

#[test]
fn a_collection_of_every_kind_of_game_answers_as_brute_force_does() {
    check_collection(7, 400);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn random_collections_answer_as_brute_force_does(seed in any::<u64>(), count in 1usize..160) {
        check_collection(seed, count);
    }
}

#[test]
fn material_is_read_and_written_as_players_write_it() {
    let m = Material::parse("KRPkr").unwrap();
    assert_eq!(m.pawns(Color::White), 1);
    assert_eq!(m.total(Color::Black), 1);
}

/// The opening table lists the games that reach a position by ply 20; a
/// game that first gets there later (here after ten plies of knights going
/// out and back) is found too, by the search and by the explorer, and the
/// games that stay on the trodden path are not replayed for it.
#[test]
fn a_game_that_reaches_an_opening_position_late_is_found_too() {
    let mut text = String::new();
    // Forty: enough for the row to keep the explorer's counts, which must
    // not be taken as the whole answer either.
    for k in 0..40 {
        let result = ["1-0", "0-1", "1/2-1/2", "1-0"][k % 4];
        text.push_str(&format!(
            "[White \"A{k}\"]\n[Result \"{result}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {result}\n\n"
        ));
    }
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 \
                   7. Nf3 Nf6 8. Ng1 Ng8 9. Nf3 Nf6 10. Ng1 Ng8";
    text.push_str(&format!(
        "[White \"Late\"]\n[Result \"0-1\"]\n\n{shuffle} 11. e4 e5 12. Nf3 Nc6 13. Bc4 0-1\n\n"
    ));
    // And one that does not get there at all.
    text.push_str("[White \"Other\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n");
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", text.as_bytes());
    let db = open(&pgn, dir.path());
    let mut pos = Position::new();
    for san in ["e4", "e5", "Nf3", "Nc6"] {
        let m = pos.parse_san(san).unwrap();
        pos.play(m).unwrap();
    }
    let found: Vec<(u64, u32)> = db
        .search_position(&pos, None, None)
        .unwrap()
        .iter()
        .map(|m| (m.game, m.ply))
        .collect();
    let expected: Vec<(u64, u32)> = (1..=40).map(|g| (g, 4)).chain([(41, 24)]).collect();
    assert_eq!(found, expected);
    assert_eq!(found, reaching(&games(&text), &pos, None));
    let within: Vec<u64> = db
        .search_position(&pos, Some(20), None)
        .unwrap()
        .iter()
        .map(|m| m.game)
        .collect();
    assert_eq!(within, (1..=40).collect::<Vec<u64>>());
    let explorer = db.explore(&pos, None).unwrap();
    assert_eq!(explorer.games, 41);
    let moves: Vec<(&str, u64)> = explorer.moves.iter().map(|m| (m.san.as_str(), m.games)).collect();
    assert_eq!(moves, [("Bb5", 40), ("Bc4", 1)]);
    assert_eq!(explorer.black, 11);
}

/// An opening position that many games of a segment reach keeps its
/// explorer counts in the index: the explorer answers from them exactly
/// as it does by counting the games (which a filter that lets every game
/// through makes it do), top games included.
#[test]
fn the_explorer_counts_kept_in_the_index_are_the_counted_ones() {
    let text = collection(31, 400);
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", text.as_bytes());
    let db = open(&pgn, dir.path());
    let games = games(&text);
    let every_game = Filter {
        min_moves: Some(0),
        ..Filter::default()
    };
    let mut popular = 0;
    for game in games.iter().flatten().take(40) {
        for pos in mainline(game).iter().take(6) {
            let kept = db.explore(pos, None).unwrap();
            let counted = db.explore(pos, Some(&every_game)).unwrap();
            assert_eq!(kept, counted, "{}", pos.fen());
            assert_eq!(kept.games as usize, reaching(&games, pos, None).len());
            popular += usize::from(kept.games >= 100);
        }
    }
    assert!(popular > 0, "some positions are reached by many games");
}
