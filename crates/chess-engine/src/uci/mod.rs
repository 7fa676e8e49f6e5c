//! The UCI protocol (Universal Chess Interface): what a GUI says to an
//! engine ([`Command`]) and what an engine answers ([`EngineMessage`]), read
//! from and written as text lines.
//!
//! Reading is lenient where the protocol asks for it (unknown words are
//! skipped, as the specification says an engine should) and strict where a
//! mistake would mislead: a bad number or a bad FEN is an error that names
//! the token.

mod command;
mod engine_line;
mod moves;
mod output;

pub use command::{Command, CommandError, Go, parse_command, parse_command_in};
pub use engine_line::{EngineMessage, InfoLine, parse_engine_line};
pub use moves::{Played, play_moves};
pub use output::{format_bestmove, format_info};

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use chess_core::Position;

    use super::*;
    use crate::search::Score;

    #[test]
    fn commands() {
        assert_eq!(parse_command("uci"), Ok(Command::Uci));
        assert_eq!(parse_command("  isready  "), Ok(Command::IsReady));
        assert_eq!(parse_command("xyzzy debug on"), Ok(Command::Debug(true)));
        assert!(matches!(parse_command("hello"), Err(CommandError::UnknownCommand(_))));
        assert!(matches!(parse_command(""), Err(CommandError::UnknownCommand(_))));
        assert_eq!(
            parse_command("setoption name Skill Level value 3"),
            Ok(Command::SetOption {
                name: "Skill Level".into(),
                value: Some("3".into())
            })
        );
        assert_eq!(parse_command("setoption value 3"), Err(CommandError::MissingOptionName));
        let Ok(Command::Position { start, moves }) = parse_command("position startpos moves e2e4 e7e5") else {
            panic!()
        };
        assert_eq!(start, Position::new());
        assert_eq!(moves, ["e2e4", "e7e5"]);
        let Ok(Command::Position { start, moves }) = parse_command("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1") else {
            panic!()
        };
        assert_eq!(start.fen(), "8/8/8/8/8/8/8/K1k5 w - - 0 1");
        assert!(moves.is_empty());
        assert!(matches!(
            parse_command("position fen 9/8 w"),
            Err(CommandError::BadFen { .. })
        ));
        assert_eq!(parse_command("position"), Err(CommandError::MissingPosition));
    }

    #[test]
    fn go_parameters() {
        let Ok(Command::Go(go)) =
            parse_command("go wtime -5 btime 2000 winc 10 binc 20 searchmoves e2e4 d2d4 depth 7 nodes 100 infinite")
        else {
            panic!()
        };
        assert_eq!(go.wtime, Some(Duration::ZERO));
        assert_eq!(go.binc, Some(Duration::from_millis(20)));
        assert_eq!(go.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!((go.depth, go.nodes, go.infinite), (Some(7), Some(100), true));
        assert_eq!(
            parse_command("go movetime"),
            Err(CommandError::BadNumber {
                keyword: "movetime".into(),
                found: String::new()
            })
        );
        // Written back, it reads the same.
        assert_eq!(parse_command(&go.to_string()), Ok(Command::Go(go)));
    }

    #[test]
    fn engine_lines() {
        let EngineMessage::Info(info) = parse_engine_line(
            "info depth 20 seldepth 31 multipv 2 score cp -35 upperbound nodes 123 nps 456 time 78 pv e7e5 g1f3 string x",
        ) else {
            panic!()
        };
        assert_eq!(info.depth, Some(20));
        assert_eq!(info.multipv, Some(2));
        assert_eq!(info.score, Some(Score::Cp(-35)));
        assert!(info.bound);
        assert_eq!(info.pv, ["e7e5", "g1f3"]);
        assert_eq!(info.string.as_deref(), Some("x"));
        assert_eq!(
            parse_engine_line("bestmove e2e4 ponder e7e5"),
            EngineMessage::BestMove {
                best: Some("e2e4".into()),
                ponder: Some("e7e5".into())
            }
        );
        assert_eq!(
            parse_engine_line("bestmove (none)"),
            EngineMessage::BestMove {
                best: None,
                ponder: None
            }
        );
        assert_eq!(
            parse_engine_line("id name Stockfish 16"),
            EngineMessage::Name("Stockfish 16".into())
        );
        assert!(matches!(parse_engine_line(""), EngineMessage::Other(_)));
    }
}
