//! What an engine says to a GUI about its search: `info` and `bestmove`.

use chess_core::Move;

use crate::search::{Info, Score};

/// The `info` line for a search report (`info depth 12 seldepth 20 multipv
/// 1 score cp 35 nodes ... pv e2e4 e7e5`).
pub fn format_info(info: &Info) -> String {
    let score = match info.line.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let pv: Vec<String> = info.line.pv.iter().map(|m| m.uci()).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth.max(info.depth),
        info.multipv,
        score,
        info.nodes,
        info.nps(),
        info.hashfull,
        info.time.as_millis(),
        pv.join(" ")
    )
}

/// The `bestmove` line (`bestmove 0000` when there is no legal move).
pub fn format_bestmove(best: Option<Move>, ponder: Option<Move>) -> String {
    match (best, ponder) {
        (Some(b), Some(p)) => format!("bestmove {} ponder {}", b.uci(), p.uci()),
        (Some(b), None) => format!("bestmove {}", b.uci()),
        (None, _) => "bestmove 0000".to_owned(),
    }
}
