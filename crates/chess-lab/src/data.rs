//! The lines `chess-lab datagen` writes, as `tune` and `train-net` read
//! them: `FEN | score | result`, the score in centipawns and the result
//! (1, 0.5 or 0), both from White's point of view.

use chess_core::Position;

/// A line's FEN, score and result; `None` when the line does not read.
pub fn split_line(line: &str) -> Option<(&str, f64, f64)> {
    let mut parts = line.split('|').map(str::trim);
    let (fen, score, result) = (parts.next()?, parts.next()?, parts.next()?);
    Some((fen, score.parse().ok()?, result.parse().ok()?))
}

/// The position of a line's FEN, standard or Chess960.
pub fn read_fen(fen: &str) -> Option<Position> {
    fen.parse::<Position>().or_else(|_| Position::from_fen_960(fen)).ok()
}

/// The lines of the files at `paths`, in order, and how many could not be
/// read as text; an error names a file that cannot be opened.
pub fn read_lines(paths: &[String]) -> Result<(Vec<String>, usize), String> {
    use std::io::BufRead;
    let mut lines = Vec::new();
    let mut bad = 0;
    for path in paths {
        let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for line in std::io::BufReader::new(file).lines() {
            match line {
                Ok(line) => lines.push(line),
                Err(_) => bad += 1,
            }
        }
    }
    Ok((lines, bad))
}
