//! The figures of `docs/collections.md`: a collection shaped like real
//! files (half online games with clock comments, half over-the-board games
//! wrapped at 80 columns; real tag sets; openings from the ECO table, as
//! real games share them) is made once and kept, then measured:
//!
//! - the PGN replay on 1 and 2 threads (the core's `ParallelReader`), the
//!   yardstick for building the index;
//! - building the index on 1 and 2 threads (the `chess-db index` program,
//!   its peak memory too), from the plain file and from its `.zst`;
//! - the index's size;
//! - queries on the open index: positions of the first 20 plies and deeper
//!   ones (count and first 1,000), the explorer, filters, material;
//! - `pgn-extract -H` (Debian's) on the same file and positions, where it
//!   is installed.
//!
//! `cargo build --release -p chess-db --bins --examples && target/release/examples/collection_figures [GAMES] [DIR]`
//! (default 100,000 games in `target/collections`); with `--make-only`
//! after them, only the collection is made (for the app's figures); with
//! `--queries-only`, only the queries are measured (on the index the last
//! full run built, or one built now); `--memory MIB` sets how many decoded
//! columns the open index keeps between queries (default: the library's).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use chess_core::Position;
use chess_core::pgn::{ParallelReader, Visitor};
use chess_db::header::{Date, GameResult};
use chess_db::{Database, Filter, Material, Options};

#[path = "../../chess-core/benches/support/corpora.rs"]
mod corpora;

/// Writes the collection of `games` games to `path` (on every core, in
/// chunks made from their own seeds, written in order).
fn make_collection(path: &Path, games: usize) {
    const CHUNK: usize = 2_000;
    let chunks = games.div_ceil(CHUNK);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut file = std::io::BufWriter::new(std::fs::File::create(path).expect("create the collection"));
    let started = Instant::now();
    for wave in (0..chunks).collect::<Vec<_>>().chunks(threads) {
        let texts: Vec<String> = std::thread::scope(|scope| {
            let handles: Vec<_> = wave
                .iter()
                .map(|&chunk| {
                    scope.spawn(move || {
                        let mut rng =
                            corpora::Rng(0x5eed_c011 ^ (chunk as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
                        let mut out = String::new();
                        let count = CHUNK.min(games - chunk * CHUNK);
                        for i in 0..count {
                            if (chunk * CHUNK + i).is_multiple_of(2) {
                                corpora::online_game(&mut out, &mut rng, true);
                            } else {
                                corpora::otb_game(&mut out, &mut rng, true);
                            }
                        }
                        out
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a chunk")).collect()
        });
        for text in texts {
            file.write_all(text.as_bytes()).expect("write");
        }
        eprint!(
            "\rmaking the collection: {} of {chunks} chunks",
            wave.last().map_or(0, |c| c + 1)
        );
    }
    file.flush().expect("write");
    eprintln!(" in {:.0} s", started.elapsed().as_secs_f64());
}

/// Counts moves: the PGN replay the index build is measured against.
#[derive(Default)]
struct Count(u64);

impl Visitor for Count {
    type Output = u64;
    fn play(&mut self, _before: &Position, _m: chess_core::Move) {
        self.0 += 1;
    }
    fn end_game(&mut self, _result: Option<chess_core::Outcome>) -> u64 {
        std::mem::take(&mut self.0)
    }
}

fn replay(path: &Path, threads: usize) -> (Duration, u64) {
    let started = Instant::now();
    let mut plies = 0;
    let source = chess_db::source::open(path).expect("open");
    ParallelReader::new(source.reader)
        .threads(threads)
        .visit_games(Count::default, |_, n| plies += n.unwrap_or(0));
    (started.elapsed(), plies)
}

/// Whether `taskset` can hold a program to one core here.
fn have_taskset() -> bool {
    Command::new("taskset")
        .args(["-c", "0", "true"])
        .status()
        .is_ok_and(|s| s.success())
}

/// The command `program`, held to core 0 when `one_core`.
fn command(program: &Path, one_core: bool) -> Command {
    if one_core {
        let mut c = Command::new("taskset");
        c.args(["-c", "0"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

/// The PGN replay on one core (the `pgn_stats --visit` example, held to
/// core 0 with `taskset`): its wall time.
fn replay_one_core(pgn_stats: &Path, pgn: &Path) -> Duration {
    let started = Instant::now();
    let status = command(pgn_stats, true)
        .args(["--visit", "--threads", "1"])
        .arg(pgn)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("run pgn_stats");
    assert!(status.success());
    started.elapsed()
}

/// Runs `chess-db index` on `pgn` with a fresh index at `index` (on one
/// core when `one_core`): its wall time and peak memory (kB).
fn build(chess_db: &Path, pgn: &Path, index: &Path, threads: usize, one_core: bool) -> (Duration, u64) {
    let _ = std::fs::remove_file(index);
    let started = Instant::now();
    let mut child = command(chess_db, one_core)
        .args(["index", "--quiet", "--threads", &threads.to_string(), "--index"])
        .arg(index)
        .arg(pgn)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("run chess-db");
    let mut peak = 0;
    loop {
        if let Ok(status) = std::fs::read_to_string(format!("/proc/{}/status", child.id()))
            && let Some(kb) = status
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse::<u64>().ok())
        {
            peak = peak.max(kb);
        }
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    (started.elapsed(), peak)
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The median and the largest of some times, in ms.
fn spread(mut times: Vec<Duration>) -> (f64, f64) {
    times.sort();
    (
        millis(times[times.len() / 2]),
        millis(*times.last().unwrap_or(&Duration::ZERO)),
    )
}

/// Positions of the collection: `count` games' positions at plies drawn
/// from `plies`.
fn sample_positions(db: &Database, count: usize, plies: std::ops::Range<usize>, seed: u64) -> Vec<Position> {
    let mut rng = corpora::Rng(seed);
    let games = db.game_count();
    let mut out = Vec::new();
    while out.len() < count {
        let n = rng.range(1, games + 1);
        let Ok(game) = db.read_game(n) else { continue };
        let line = game.mainline();
        let ply = rng.range(plies.start as u64, plies.end as u64) as usize;
        if ply == 0 {
            out.push(game.start_position().clone());
        } else if let Some(&node) = line.get(ply - 1) {
            out.push(game.position_at(node).clone());
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let dir = args
        .get(2)
        .map_or_else(|| PathBuf::from("target/collections"), PathBuf::from);
    std::fs::create_dir_all(&dir).expect("the directory");
    let pgn = dir.join(format!("collection-{games}.pgn"));
    if !pgn.exists() {
        make_collection(&pgn, games);
    }
    // Only the file, for the app's figures (chess-gui's collection_figures).
    if args.iter().any(|a| a == "--make-only") {
        println!("{}", pgn.display());
        return;
    }
    let chess_db = std::env::current_exe()
        .expect("this program")
        .parent()
        .and_then(|p| p.parent())
        .map(|p| p.join("chess-db"))
        .expect("target/release");
    assert!(
        chess_db.exists(),
        "build chess-db first: cargo build --release -p chess-db"
    );
    let queries_only = args.iter().any(|a| a == "--queries-only");
    let zst = dir.join(format!("collection-{games}.pgn.zst"));
    if !queries_only {
        make_zst(&pgn, &zst);
    }
    let mb = std::fs::metadata(&pgn).map_or(0, |m| m.len()) as f64 / 1e6;
    let zst_mb = std::fs::metadata(&zst).map_or(0, |m| m.len()) as f64 / 1e6;
    println!(
        "collection: {games} games, {mb:.0} MB ({zst_mb:.0} MB as .zst), {}",
        pgn.display()
    );

    let index = dir.join(format!("collection-{games}.sqlite"));
    let memory_limit = args
        .iter()
        .position(|a| a == "--memory")
        .and_then(|k| args.get(k + 1))
        .and_then(|m| m.parse::<usize>().ok())
        .map(|mib| mib << 20);
    let build_time = if queries_only {
        None
    } else {
        Some(measure_building(games, &pgn, &zst, &index, &chess_db, mb))
    };
    measure_queries(&pgn, &index, memory_limit, &chess_db, build_time);
}

/// The collection compressed with zstd (the `zstd` program where it is
/// installed, else the library), for the build from a `.zst`.
fn make_zst(pgn: &Path, zst: &Path) {
    if !zst.exists() {
        let status = Command::new("zstd")
            .args(["-q", "-3", "-T0", "-f"])
            .arg(pgn)
            .arg("-o")
            .arg(zst)
            .status();
        if !status.is_ok_and(|s| s.success()) {
            let text = std::fs::read(pgn).expect("read");
            std::fs::write(zst, zstd::encode_all(&text[..], 3).expect("zstd")).expect("write");
        }
    }
}

/// The replay and the builds (the last leaves its index at `index`); the
/// time of the build on two threads.
fn measure_building(games: usize, pgn: &Path, zst: &Path, index: &Path, chess_db: &Path, mb: f64) -> Duration {
    let dir = index.parent().unwrap_or(Path::new("."));
    // The yardstick: replaying the PGN.
    let (t1, plies) = replay(pgn, 1);
    let (t2, _) = replay(pgn, 2);
    println!(
        "PGN replay: 1 thread {:.1} s ({:.0} MB/s), 2 threads {:.1} s ({:.0} MB/s); {plies} plies",
        t1.as_secs_f64(),
        mb / t1.as_secs_f64(),
        t2.as_secs_f64(),
        mb / t2.as_secs_f64()
    );
    let (b1, rss1) = build(chess_db, pgn, index, 1, false);
    let (b2, rss2) = build(chess_db, pgn, index, 2, false);
    let zst_index = dir.join(format!("collection-{games}-zst.sqlite"));
    let (bz, rssz) = build(chess_db, zst, &zst_index, 2, false);
    println!(
        "index build: 1 thread {:.1} s ({:.0} MB/s, {:.0} games/s, peak {} MB), 2 threads {:.1} s ({:.0} MB/s, peak {} MB): {:.2}x; \
         from .zst on 2 threads {:.1} s ({:.0} MB/s of text, peak {} MB): {:.0}% of the plain file's speed",
        b1.as_secs_f64(),
        mb / b1.as_secs_f64(),
        games as f64 / b1.as_secs_f64(),
        rss1 / 1024,
        b2.as_secs_f64(),
        mb / b2.as_secs_f64(),
        rss2 / 1024,
        b1.as_secs_f64() / b2.as_secs_f64(),
        bz.as_secs_f64(),
        mb / bz.as_secs_f64(),
        rssz / 1024,
        100.0 * b2.as_secs_f64() / bz.as_secs_f64()
    );
    println!(
        "index vs replay on the same threads: 1 thread {:.2}x, 2 threads {:.2}x",
        t1.as_secs_f64() / b1.as_secs_f64(),
        t2.as_secs_f64() / b2.as_secs_f64()
    );
    // One core against two: `--threads 1` above still has the reading,
    // the collecting and the writing on other cores.
    let pgn_stats = chess_db.parent().map(|p| p.join("examples/pgn_stats"));
    match pgn_stats.filter(|p| p.exists() && have_taskset()) {
        Some(pgn_stats) => {
            let r1 = replay_one_core(&pgn_stats, pgn);
            let (c1, _) = build(chess_db, pgn, index, 1, true);
            println!(
                "on one core (taskset -c 0): PGN replay {:.1} s ({:.0} MB/s), index build {:.1} s ({:.0} MB/s): {:.2}x the replay; \
                 two cores build {:.2}x as fast as one",
                r1.as_secs_f64(),
                mb / r1.as_secs_f64(),
                c1.as_secs_f64(),
                mb / c1.as_secs_f64(),
                r1.as_secs_f64() / c1.as_secs_f64(),
                c1.as_secs_f64() / b2.as_secs_f64()
            );
        }
        None => println!("one core: skipped (needs taskset and the pgn_stats example built)"),
    }
    b2
}

/// The index's size and the queries on the open index (`build_time`: the
/// build's on two threads, when it was measured).
fn measure_queries(
    pgn: &Path,
    index: &Path,
    memory_limit: Option<usize>,
    chess_db: &Path,
    build_time: Option<Duration>,
) {
    let dir = index.parent().unwrap_or(Path::new("."));
    let options = Options {
        index: Some(index.to_path_buf()),
        memory_limit,
        ..Options::default()
    };
    let db = Database::open(pgn, &options).expect("open");
    db.wait().expect("indexed");
    let stats = db.stats().expect("stats");
    let size = std::fs::metadata(index).map_or(0, |m| m.len()) as f64;
    let games = db.game_count();
    println!(
        "index size: {:.1} MB, {:.1} bytes a game, {:.2} bytes a ply ({} plies); budget 2 bytes a ply + 64 a game = {:.1} MB; \
         opening table {} positions, {} entries",
        size / 1e6,
        size / games as f64,
        size / stats.plies as f64,
        stats.plies,
        (2 * stats.plies + 64 * stats.games) as f64 / 1e6,
        stats.opening_positions,
        stats.opening_entries
    );

    // Queries on the open index (the columns read once, as an app or a C
    // program holds them), then the program's whole run.
    let warm = Instant::now();
    let _ = db.search_position(&Position::new(), None, None);
    let _ = db.filter(&Filter {
        min_elo: Some(1),
        ..Filter::default()
    });
    println!("first query (reading the columns): {:.0} ms", millis(warm.elapsed()));
    for (what, plies) in [("plies 0-20", 0..21), ("plies 21-100", 21..101)] {
        let positions = sample_positions(&db, 40, plies, 7);
        let mut search = Vec::new();
        let mut explore = Vec::new();
        let mut found = 0;
        for pos in &positions {
            let started = Instant::now();
            let matches = db.search_position(pos, None, None).expect("search");
            let _first: Vec<u64> = matches.iter().take(1000).map(|m| m.game).collect();
            search.push(started.elapsed());
            found += matches.len();
            let started = Instant::now();
            let _ = db.explore(pos, None).expect("explore");
            explore.push(started.elapsed());
        }
        let slowest = (0..positions.len())
            .max_by_key(|&k| search[k])
            .map(|k| positions[k].fen());
        let (s_med, s_max) = spread(search);
        let (e_med, e_max) = spread(explore);
        println!(
            "positions of {what} (40 from the games, {:.0} games each on average): search median {s_med:.1} ms, max {s_max:.1} ms; \
             explorer median {e_med:.1} ms, max {e_max:.1} ms; the slowest search: {}",
            found as f64 / 40.0,
            slowest.unwrap_or_default()
        );
    }
    let filters = [
        (
            "a player",
            Filter {
                player: Some("carlsen".into()),
                ..Filter::default()
            },
        ),
        (
            "ratings 2400-2600",
            Filter {
                min_elo: Some(2400),
                max_elo: Some(2600),
                ..Filter::default()
            },
        ),
        (
            "2010-2015, draws",
            Filter {
                from: Some(Date::parse("2010")),
                to: Some(Date::parse("2015")),
                result: Some(GameResult::Draw),
                ..Filter::default()
            },
        ),
        (
            "ECO B20-B99, blitz",
            Filter {
                eco: Some((120, 199)),
                time_control: Some("blitz".into()),
                ..Filter::default()
            },
        ),
    ];
    for (what, filter) in &filters {
        let started = Instant::now();
        let n = db.filter(filter).expect("filter").len();
        println!("filter {what}: {n} games in {:.1} ms", millis(started.elapsed()));
    }
    for material in ["KRPkr", "KRkr", "KQkq"] {
        let target = Material::parse(material).expect("material");
        let started = Instant::now();
        let n = db.search_material(&target, 1, None).expect("material").len();
        println!("material {material}: {n} games in {:.0} ms", millis(started.elapsed()));
    }

    // The program, run as a user runs it (opening the index each time).
    let probe = sample_positions(&db, 3, 8..12, 11);
    for pos in &probe {
        let started = Instant::now();
        let out = Command::new(chess_db)
            .args(["search", "--count", "--index"])
            .arg(index)
            .arg(pgn)
            .args(["--fen", &pos.fen()])
            .output()
            .expect("chess-db");
        let ours = started.elapsed();
        let count = String::from_utf8_lossy(&out.stdout).trim().to_string();
        print!(
            "chess-db search (whole program) {}: {count} games in {:.0} ms",
            pos.fen(),
            millis(ours)
        );
        // pgn-extract -H: the Polyglot key of the position (its main
        // lines and variations, any ply).
        let pgn_extract = ["pgn-extract", "/usr/games/pgn-extract"]
            .into_iter()
            .find(|p| Command::new(p).arg("-h").output().is_ok());
        if let Some(pgn_extract) = pgn_extract {
            // The same key: this toolkit's Zobrist keys are Polyglot's.
            let found = dir.join("pgn-extract-found.pgn");
            let started = Instant::now();
            Command::new(pgn_extract)
                .arg(format!("-H{:016x}", pos.zobrist()))
                .arg("-s")
                .arg("-o")
                .arg(&found)
                .arg(pgn)
                .output()
                .expect("pgn-extract");
            let t = started.elapsed();
            // The games it wrote, to check it found what we did.
            let counted = std::fs::read_to_string(&found)
                .map_or(0, |text| text.lines().filter(|l| l.starts_with("[Event ")).count());
            let _ = std::fs::remove_file(&found);
            let with_build = build_time.map_or_else(
                || "the build not measured".to_string(),
                |b| {
                    format!(
                        "{:.1}x with our index built in the same run",
                        t.as_secs_f64() / (ours + b).as_secs_f64()
                    )
                },
            );
            println!(
                "; pgn-extract -H {:.2} s ({counted} games): {:.0}x slower ({with_build})",
                t.as_secs_f64(),
                t.as_secs_f64() / ours.as_secs_f64(),
            );
        } else {
            println!("; pgn-extract not installed");
        }
    }
}
