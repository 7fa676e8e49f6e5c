//! `chess-db`: search a PGN file of any size (plain, `.zst`, `.gz`, `.bz2`)
//! by position, material and header, and explore its openings. The first
//! run on a file builds its index (a cache; see `chess-db index --help`);
//! later runs answer at once.
//!
//! Like a Unix tool: results on standard output (game numbers, or the games
//! as PGN, exactly as the file has them, to pipe on), progress and errors
//! on standard error, exit status 0 on success, 1 when something failed
//! (a missing file, a damaged index that could not be rebuilt), 2 for a
//! command that is not one (a bad FEN, material or option).

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use chess_core::Position;
use chess_db::{Database, Error, Explorer, Filter, Material, Options};
use clap::{Args, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "chess-db",
    version,
    about = "Search PGN files of any size by position, material and header; explore their openings."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build or refresh the index of a PGN file, and say what it holds.
    ///
    /// The index is a cache in $XDG_CACHE_HOME/chess-toolkit/db (or
    /// --index): safe to delete, rebuilt when the file changes, extended
    /// when games were only appended.
    Index {
        #[command(flatten)]
        common: Common,
        /// List every game that cannot be read, with its line and reason.
        #[arg(long, short)]
        verbose: bool,
    },
    /// List the games whose main line reaches a position (one game number
    /// a line, from 1, in file order), or write them as PGN.
    Search {
        #[command(flatten)]
        common: Common,
        /// The position, as FEN (placement, side to move, castling rights
        /// and legal en passant count, as for repetitions).
        #[arg(long)]
        fen: String,
        /// Only within the first N plies.
        #[arg(long, value_name = "N")]
        max_ply: Option<u32>,
        /// Also print the ply where each game first reaches it.
        #[arg(long)]
        ply: bool,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        filter: FilterArgs,
    },
    /// List the games that come to have some material (KRPkr: king, rook
    /// and pawn against king and rook), or write them as PGN.
    Material {
        #[command(flatten)]
        common: Common,
        /// The material: White's pieces in capitals, Black's small, a king
        /// each.
        material: String,
        /// For at least N plies in a row.
        #[arg(long, value_name = "N", default_value_t = 1)]
        min_plies: u32,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        filter: FilterArgs,
    },
    /// The moves played from a position: games, White wins, draws, Black
    /// wins, average rating and last year of each; then the top games.
    Explore {
        #[command(flatten)]
        common: Common,
        /// The position, as FEN (the start position when none is given).
        #[arg(long)]
        fen: Option<String>,
        /// As JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        filter: FilterArgs,
    },
    /// List the games whose header holds what is asked (every filter given
    /// must hold), or write them as PGN.
    Filter {
        #[command(flatten)]
        common: Common,
        /// Only the games that reach this position (FEN).
        #[arg(long)]
        fen: Option<String>,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        filter: FilterArgs,
    },
    /// Write the collection as Parquet, for DuckDB, Spark, Polars or pandas:
    /// OUT/games/*.parquet (a row a game: header, moves in UCI) and
    /// OUT/positions/*.parquet (a row a position: game, ply, Polyglot key,
    /// move played), one file of each for every 65,536 games.
    ///
    /// Needs chess-db built with the `parquet` feature
    /// (cargo build --release -p chess-db --features parquet).
    Export {
        #[command(flatten)]
        common: Common,
        /// The folder to write the tables into.
        #[arg(long, value_name = "OUT")]
        parquet: PathBuf,
        /// The positions of each game up to this ply (0: start positions only).
        #[arg(long, value_name = "N", default_value_t = 40)]
        plies: u32,
    },
    /// List the indexes kept in the cache folder, least recently used
    /// first, with what became of their files; tidy or clear it.
    ///
    /// The folder is $CHESS_DB_CACHE, else $XDG_CACHE_HOME/chess-toolkit/db.
    /// Its size limit is $CHESS_DB_CACHE_LIMIT (500M, 20G; default 32G):
    /// indexes of files gone or changed are removed, then the least
    /// recently used past the limit, whenever an index is built there (and
    /// at most hourly otherwise).
    Cache {
        /// Remove the indexes of files gone or changed, then the least
        /// recently used past the limit.
        #[arg(long)]
        tidy: bool,
        /// Remove every index (they are rebuilt when next needed).
        #[arg(long, conflicts_with = "tidy")]
        clear: bool,
        /// The size limit for --tidy (500M, 20G), instead of
        /// $CHESS_DB_CACHE_LIMIT.
        #[arg(long, value_name = "SIZE", requires = "tidy")]
        limit: Option<String>,
    },
}

#[derive(Args)]
struct Common {
    /// The PGN file (plain, .zst, .gz or .bz2: told by its content), or a
    /// folder: its PGN files (.pgn, .pgn.zst, .pgn.gz, .pgn.bz2, in its
    /// folders too) asked as one collection, each game named by its file.
    file: PathBuf,
    /// Keep the index here instead of the cache directory.
    #[arg(long, value_name = "PATH")]
    index: Option<PathBuf>,
    /// Read the file on this many threads (default: one a core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Keep at most this much of the index decoded in memory between
    /// queries (default 64M): a query's memory stays the same whatever
    /// the collection's size.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    memory: Option<u64>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

fn parse_size(text: &str) -> Result<u64, String> {
    chess_db::cache::parse_size(text).ok_or_else(|| "say 500M, 2G or a number of bytes".to_string())
}

#[derive(Args)]
struct Output {
    /// Write the games as PGN, exactly as the file has them.
    #[arg(long)]
    pgn: bool,
    /// Print only how many games there are.
    #[arg(long)]
    count: bool,
}

#[derive(Args, Default)]
struct FilterArgs {
    /// Either player's name holds this (any case).
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// White's name holds this.
    #[arg(long, value_name = "NAME")]
    white: Option<String>,
    /// Black's name holds this.
    #[arg(long, value_name = "NAME")]
    black: Option<String>,
    /// Both players rated at least N.
    #[arg(long, value_name = "N")]
    min_elo: Option<u16>,
    /// Both players rated at most N.
    #[arg(long, value_name = "N")]
    max_elo: Option<u16>,
    /// Played on or after this date (2024, 2024.03 or 2024.03.05).
    #[arg(long, value_name = "DATE")]
    from: Option<String>,
    /// Played on or before this date.
    #[arg(long, value_name = "DATE")]
    to: Option<String>,
    /// The result: 1-0, 0-1, 1/2-1/2 (or white, black, draw).
    #[arg(long, value_name = "R")]
    result: Option<String>,
    /// ECO codes: B12, or a range A00-B99.
    #[arg(long, value_name = "CODES")]
    eco: Option<String>,
    /// The event holds this.
    #[arg(long, value_name = "TEXT")]
    event: Option<String>,
    /// The site holds this.
    #[arg(long, value_name = "TEXT")]
    site: Option<String>,
    /// At least N moves.
    #[arg(long, value_name = "N")]
    min_moves: Option<u32>,
    /// At most N moves.
    #[arg(long, value_name = "N")]
    max_moves: Option<u32>,
    /// The TimeControl tag (180+2), or bullet, blitz, rapid, classical.
    #[arg(long, value_name = "TC")]
    time_control: Option<String>,
}

/// What ends the program: how, and what to say.
enum Failure {
    /// Something went wrong (exit 1).
    Run(String),
    /// The command is not one (exit 2).
    Usage(String),
    /// The output was closed (`| head`): stop quietly.
    Closed,
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        match e {
            Error::Query(message) => Failure::Usage(message),
            other => Failure::Run(other.to_string()),
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::Closed
        } else {
            Failure::Run(e.to_string())
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) | Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Run(message)) => {
            eprintln!("chess-db: {message}");
            ExitCode::from(1)
        }
        Err(Failure::Usage(message)) => {
            eprintln!("chess-db: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match command {
        Command::Index { common, verbose } => index(&common, verbose, &mut out)?,
        Command::Cache { tidy, clear, limit } => cache(tidy, clear, limit.as_deref(), &mut out)?,
        Command::Export { common, parquet, plies } => export(&common, &parquet, plies, &mut out)?,
        Command::Search {
            common,
            fen,
            max_ply,
            ply,
            output,
            filter,
        } => {
            let position = parse_fen(&fen)?;
            let filter = filter.filter()?;
            let (db, _) = open(&common)?;
            let found = query(&db, &common, |db| db.search_position(&position, max_ply, Some(&filter)))?;
            let numbers: Vec<u64> = found.iter().map(|m| m.game).collect();
            if ply && !output.pgn && !output.count {
                for m in &found {
                    writeln!(out, "{} {}", game_line(&db, m.game), m.ply)?;
                }
                warn_problems(&db);
            } else {
                print_games(&db, &numbers, &output, &mut out)?;
            }
        }
        Command::Material {
            common,
            material,
            min_plies,
            output,
            filter,
        } => {
            let target =
                Material::parse(&material).map_err(|e| Failure::Usage(format!("bad material {material:?}: {e}")))?;
            let filter = filter.filter()?;
            let (db, _) = open(&common)?;
            let found = query(&db, &common, |db| db.search_material(&target, min_plies, Some(&filter)))?;
            let numbers: Vec<u64> = found.iter().map(|m| m.game).collect();
            print_games(&db, &numbers, &output, &mut out)?;
        }
        Command::Explore {
            common,
            fen,
            json,
            filter,
        } => {
            let position = match &fen {
                Some(fen) => parse_fen(fen)?,
                None => Position::new(),
            };
            let filter = filter.filter()?;
            let (db, _) = open(&common)?;
            let explorer = query(&db, &common, |db| db.explore(&position, Some(&filter)))?;
            if json {
                print_explorer_json(&db, &explorer, &mut out)?;
            } else {
                print_explorer(&db, &explorer, &mut out)?;
            }
            warn_problems(&db);
        }
        Command::Filter {
            common,
            fen,
            output,
            filter,
        } => {
            let position = fen.as_deref().map(parse_fen).transpose()?;
            let filter = filter.filter()?;
            let (db, _) = open(&common)?;
            let numbers = query(&db, &common, |db| match &position {
                Some(p) => Ok(db
                    .search_position(p, None, Some(&filter))?
                    .iter()
                    .map(|m| m.game)
                    .collect()),
                None => db.filter(&filter),
            })?;
            print_games(&db, &numbers, &output, &mut out)?;
        }
    }
    out.flush()?;
    Ok(())
}

fn parse_fen(fen: &str) -> Result<Position, Failure> {
    Position::from_fen(fen)
        .or_else(|e| Position::from_fen_960(fen).map_err(|_| e))
        .map_err(|e| Failure::Usage(format!("bad FEN {fen:?}: {e}")))
}

impl FilterArgs {
    /// The filter, read by the library as any caller's would be.
    fn filter(&self) -> Result<Filter, Failure> {
        let numbers = |n: Option<u32>| n.map(|n| n.to_string());
        let elos = |n: Option<u16>| n.map(|n| n.to_string());
        let given = [
            ("player", self.player.clone()),
            ("white", self.white.clone()),
            ("black", self.black.clone()),
            ("min-elo", elos(self.min_elo)),
            ("max-elo", elos(self.max_elo)),
            ("from", self.from.clone()),
            ("to", self.to.clone()),
            ("result", self.result.clone()),
            ("eco", self.eco.clone()),
            ("event", self.event.clone()),
            ("site", self.site.clone()),
            ("min-moves", numbers(self.min_moves)),
            ("max-moves", numbers(self.max_moves)),
            ("time-control", self.time_control.clone()),
        ];
        let mut filter = Filter::default();
        for (key, value) in given {
            if let Some(value) = value {
                filter.set(key, &value)?;
            }
        }
        Ok(filter)
    }
}

fn options(common: &Common) -> Options {
    Options {
        index: common.index.clone(),
        threads: common.threads,
        memory_limit: common.memory.map(|m| usize::try_from(m).unwrap_or(usize::MAX)),
        ..Options::default()
    }
}

/// Opens the file and waits for its index, with a progress bar while it
/// builds; how long building took, if it did.
fn open(common: &Common) -> Result<(Database, Option<Duration>), Failure> {
    let started = Instant::now();
    let db = Database::open(&common.file, &options(common))?;
    let building = !db.progress().done;
    if building {
        let bar = progress_bar(common.quiet);
        loop {
            let p = db.progress();
            bar.set_length(p.size.max(1));
            bar.set_position(p.bytes.min(p.size));
            bar.set_message(format!("{} games", p.games));
            if p.done {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        bar.finish_and_clear();
    }
    db.wait()?;
    Ok((db, building.then(|| started.elapsed())))
}

fn progress_bar(quiet: bool) -> indicatif::ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(1);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "indexing {bar:40} {percent:>3}% {binary_bytes_per_sec} {msg} ({eta} left)",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// Runs a query; an index found damaged is built again and the query run
/// once more.
fn query<T>(db: &Database, common: &Common, ask: impl Fn(&Database) -> Result<T, Error>) -> Result<T, Failure> {
    match ask(db) {
        Err(Error::Damaged(why)) => {
            eprintln!("chess-db: the index is damaged ({why}): building it again");
            for index in db.index_paths() {
                let _ = std::fs::remove_file(index);
            }
            let (fresh, _) = open(common)?;
            Ok(ask(&fresh)?)
        }
        other => Ok(other?),
    }
}

/// A game as results name it: its number, and for a folder its file
/// (from the folder) and its number there.
fn game_line(db: &Database, number: u64) -> String {
    if !db.is_folder() {
        return number.to_string();
    }
    match db.locate(number) {
        Some((file, local)) => {
            let file = file.strip_prefix(db.pgn_path()).unwrap_or(&file);
            format!("{number} {} {local}", file.display())
        }
        None => number.to_string(),
    }
}

/// The files of a folder left out of the answer, one line each on
/// standard error.
fn warn_problems(db: &Database) {
    for problem in db.problems() {
        eprintln!("chess-db: left out: {problem}");
    }
}

fn print_games(db: &Database, numbers: &[u64], output: &Output, out: &mut impl Write) -> Result<(), Failure> {
    warn_problems(db);
    if output.count {
        writeln!(out, "{}", numbers.len())?;
    } else if output.pgn {
        db.write_pgn(numbers, out).map_err(|e| match e {
            Error::Io(m) if m.contains("Broken pipe") => Failure::Closed,
            other => Failure::from(other),
        })?;
    } else {
        for &n in numbers {
            writeln!(out, "{}", game_line(db, n))?;
        }
    }
    Ok(())
}

fn index(common: &Common, verbose: bool, out: &mut impl Write) -> Result<(), Failure> {
    let (db, built) = open(common)?;
    let stats = db.stats()?;
    let indexes = db.index_paths();
    let size: u64 = indexes
        .iter()
        .map(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .sum();
    let file_size: u64 = db
        .files()
        .iter()
        .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
        .sum();
    writeln!(out, "file      {}", common.file.display())?;
    if db.is_folder() {
        writeln!(out, "files     {}", db.files().len())?;
    }
    writeln!(out, "games     {}", stats.games)?;
    writeln!(out, "plies     {}", stats.plies)?;
    writeln!(out, "unreadable {}", stats.unreadable)?;
    let place = match indexes.as_slice() {
        [one] => one.display().to_string(),
        many => format!("{} indexes", many.len()),
    };
    writeln!(
        out,
        "index     {place} ({:.1} MB, {:.0} bytes a game, {:.2} a ply)",
        size as f64 / 1e6,
        size as f64 / stats.games.max(1) as f64,
        size as f64 / stats.plies.max(1) as f64
    )?;
    writeln!(
        out,
        "openings  {} positions reached by several games, {} entries",
        stats.opening_positions, stats.opening_entries
    )?;
    match built {
        Some(time) => writeln!(
            out,
            "built in  {:.2} s, {:.0} MB/s of file, {:.0} games/s",
            time.as_secs_f64(),
            file_size as f64 / 1e6 / time.as_secs_f64(),
            stats.games as f64 / time.as_secs_f64()
        )?,
        None => writeln!(out, "built     before: up to date")?,
    }
    if verbose {
        for e in db.unreadable()? {
            let (file, local) = db.locate(e.game).unwrap_or_else(|| (common.file.clone(), e.game));
            let file = if db.is_folder() { file } else { common.file.clone() };
            writeln!(
                out,
                "{}:{}:{}: {} (game {})",
                file.display(),
                e.line,
                e.column,
                e.reason,
                local
            )?;
        }
    }
    warn_problems(&db);
    Ok(())
}

/// `chess-db export --parquet OUT`: the collection as Parquet tables.
#[cfg(feature = "parquet")]
fn export(common: &Common, to: &std::path::Path, plies: u32, out: &mut impl Write) -> Result<(), Failure> {
    let (db, _) = open(common)?;
    let started = Instant::now();
    let bar = progress_bar(common.quiet);
    bar.set_length(db.game_count().max(1));
    let written = query(&db, common, |db| {
        db.export_parquet(to, plies, &|games| bar.set_position(games))
    })?;
    bar.finish_and_clear();
    warn_problems(&db);
    let time = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "wrote {} games and {} positions to {} ({} files, {:.1} MB) in {:.2} s, {:.0} games/s",
        written.games,
        written.positions,
        to.display(),
        written.files,
        written.bytes as f64 / 1e6,
        time,
        written.games as f64 / time.max(1e-9)
    )?;
    Ok(())
}

/// Without the `parquet` feature: says how to build with it.
#[cfg(not(feature = "parquet"))]
fn export(_: &Common, _: &std::path::Path, _: u32, _: &mut impl Write) -> Result<(), Failure> {
    Err(Failure::Usage(
        "this chess-db was built without Parquet: cargo build --release -p chess-db --features parquet".into(),
    ))
}

/// `chess-db cache`: lists, tidies or clears the cache folder.
fn cache(tidy: bool, clear: bool, limit: Option<&str>, out: &mut impl Write) -> Result<(), Failure> {
    let dir = chess_db::cache::dir();
    let limit = match limit {
        Some(text) => chess_db::cache::parse_size(text)
            .ok_or_else(|| Failure::Usage(format!("bad size {text:?}: say 500M, 20G or a number of bytes")))?,
        None => chess_db::cache::limit(),
    };
    if clear {
        let removed = chess_db::cache::clear(&dir)?;
        let bytes: u64 = removed.iter().map(|e| e.bytes).sum();
        writeln!(out, "removed {} indexes, {}", removed.len(), size_text(bytes))?;
        return Ok(());
    }
    if tidy {
        let tidied = chess_db::cache::tidy(&dir, limit, &[])?;
        for e in &tidied.removed {
            let why = if e.is_stale() {
                e.state.to_string()
            } else {
                "least recently used".into()
            };
            writeln!(out, "removed {} ({why}, {})", e.index.display(), size_text(e.bytes))?;
        }
        writeln!(
            out,
            "removed {} indexes; {} kept of a limit of {}",
            tidied.removed.len(),
            size_text(tidied.kept_bytes),
            size_text(limit)
        )?;
        return Ok(());
    }
    let entries = chess_db::cache::list(&dir)?;
    writeln!(out, "{} (limit {})", dir.display(), size_text(limit))?;
    writeln!(out, "{:>10}  {:>12}  {:<13}  file", "size", "last used", "state")?;
    let now = std::time::SystemTime::now();
    for e in &entries {
        let age = now.duration_since(e.used).unwrap_or_default();
        let source = e
            .source
            .as_ref()
            .map_or_else(|| e.index.display().to_string(), |s| s.display().to_string());
        writeln!(
            out,
            "{:>10}  {:>12}  {:<13}  {source}",
            size_text(e.bytes),
            age_text(age),
            e.state.to_string()
        )?;
    }
    let total: u64 = entries.iter().map(|e| e.bytes).sum();
    let stale = entries.iter().filter(|e| e.is_stale()).count();
    writeln!(
        out,
        "{} indexes, {}; {stale} of them for files gone or changed (chess-db cache --tidy removes them)",
        entries.len(),
        size_text(total)
    )?;
    Ok(())
}

/// Bytes as people read them, in powers of 1,024 as limits are given:
/// 1.5 GiB, 340.0 MiB, 12 KiB.
fn size_text(bytes: u64) -> String {
    let b = bytes as f64;
    let (k, m, g) = (1024.0, 1024.0 * 1024.0, 1024.0 * 1024.0 * 1024.0);
    if b >= g {
        format!("{:.1} GiB", b / g)
    } else if b >= m {
        format!("{:.1} MiB", b / m)
    } else {
        format!("{:.0} KiB", b / k)
    }
}

/// How long ago, in one unit: 5 s, 3 min, 2 h, 4 days.
fn age_text(age: Duration) -> String {
    let s = age.as_secs();
    match s {
        0..60 => format!("{s} s ago"),
        60..3600 => format!("{} min ago", s / 60),
        3600..86400 => format!("{} h ago", s / 3600),
        _ => format!("{} days ago", s / 86400),
    }
}

fn print_explorer(db: &Database, e: &Explorer, out: &mut impl Write) -> Result<(), Failure> {
    writeln!(
        out,
        "{} games: white {} draws {} black {}",
        e.games, e.white, e.draws, e.black
    )?;
    writeln!(
        out,
        "{:<8} {:>9} {:>8} {:>8} {:>8} {:>7} {:>5}",
        "move", "games", "white", "draws", "black", "avg-elo", "year"
    )?;
    for m in &e.moves {
        let elo = m.average_elo.map_or("-".to_string(), |e| e.to_string());
        let year = m.last_year.map_or("-".to_string(), |y| y.to_string());
        writeln!(
            out,
            "{:<8} {:>9} {:>8} {:>8} {:>8} {:>7} {:>5}",
            m.san, m.games, m.white, m.draws, m.black, elo, year
        )?;
    }
    if !e.top.is_empty() {
        writeln!(out, "top games:")?;
        for g in &e.top {
            let year = g.year.map_or("????".to_string(), |y| y.to_string());
            writeln!(
                out,
                "{:>8}  {} ({}) - {} ({})  {}  {}",
                game_line(db, g.game),
                g.white,
                g.white_elo,
                g.black,
                g.black_elo,
                g.result.pgn(),
                year
            )?;
        }
    }
    Ok(())
}

fn print_explorer_json(db: &Database, e: &Explorer, out: &mut impl Write) -> Result<(), Failure> {
    let moves: Vec<serde_json::Value> = e
        .moves
        .iter()
        .map(|m| {
            serde_json::json!({
                "san": m.san, "uci": m.uci, "games": m.games, "white": m.white, "draws": m.draws,
                "black": m.black, "averageElo": m.average_elo, "lastYear": m.last_year,
            })
        })
        .collect();
    let top: Vec<serde_json::Value> = e
        .top
        .iter()
        .map(|g| {
            let (file, local) = db.locate(g.game).map_or((None, g.game), |(f, n)| (Some(f), n));
            let file = file.filter(|_| db.is_folder()).map(|f| f.display().to_string());
            serde_json::json!({
                "game": g.game, "file": file, "gameInFile": local, "ply": g.ply, "white": g.white, "black": g.black, "whiteElo": g.white_elo,
                "blackElo": g.black_elo, "result": g.result.pgn(), "year": g.year,
            })
        })
        .collect();
    let value = serde_json::json!({
        "games": e.games, "white": e.white, "draws": e.draws, "black": e.black, "moves": moves, "topGames": top,
    });
    writeln!(out, "{value}")?;
    Ok(())
}
