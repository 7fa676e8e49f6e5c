//! A review written into a game, and evaluations read back from one, in
//! the form lichess exports an analysed game: `[%eval 0.35]` / `[%eval #-3]`
//! in each move's comment (White's side, after the move), `?!`/`?`/`??` as
//! NAGs, and a sentence for each mistake and blunder.

use chess_core::pgn::Eval;
use chess_core::{Game, Status};

use super::{Judgement, PositionEval, Review};

/// `0.35`, `-1.50`, `#3`, `#-2`: the argument of `[%eval]`.
pub fn format_eval(eval: Eval) -> String {
    match eval {
        Eval::Centipawns(cp) => format!("{:.2}", f64::from(cp) / 100.0),
        Eval::Mate(n) => format!("#{n}"),
    }
}

/// `comment` without the sentence a review wrote at its start:
/// "Mistake: hangs ... Nd4 was best." or "Inaccuracy." (its own sentence
/// has no full stop inside; the better move is one SAN word).
fn without_review_sentence(comment: &str) -> &str {
    for judgement in [Judgement::Inaccuracy, Judgement::Mistake, Judgement::Blunder] {
        let Some(rest) = comment.strip_prefix(judgement.name()) else {
            continue;
        };
        if !rest.starts_with([':', '.']) {
            continue;
        }
        let Some(stop) = rest.find('.') else { continue };
        let rest = rest[stop + 1..].trim_start();
        let rest = match rest.split_once(' ') {
            Some((_, after)) if after.starts_with("was best.") => &after["was best.".len()..],
            _ => rest,
        };
        return rest.trim_start();
    }
    comment
}

/// Writes `review` into the main line of `game`: each move's `[%eval]`,
/// its judgement as a NAG (replacing an earlier `?!`, `?` or `??`), and for
/// a mistake or blunder "Mistake: hangs the knight on f6 to Bxf6. Nd4 was
/// best." The rest of each comment is kept; a second review replaces the
/// first.
pub fn annotate(game: &mut Game, review: &Review) {
    let line = game.mainline();
    let mut pos = game.start_position().clone();
    for (&id, m) in line.iter().zip(&review.moves) {
        let kept = chess_core::pgn::without_command(game.comment(id), "eval");
        let kept = without_review_sentence(&kept).to_string();
        let mut comment = String::new();
        if !matches!(m.eval, Eval::Mate(0)) {
            comment = format!("[%eval {}]", format_eval(m.eval));
        }
        if let Some(judgement) = m.judgement {
            let mut sentence = judgement.name().to_string();
            if let Some(coach) = &m.coach {
                sentence.push_str(": ");
                sentence.push_str(coach);
            }
            sentence.push('.');
            if let Some(best) = m.best.and_then(|b| pos.san(b).ok()) {
                sentence.push_str(&format!(" {best} was best."));
            }
            comment.push(' ');
            comment.push_str(&sentence);
        }
        if !kept.is_empty() {
            comment.push(' ');
            comment.push_str(&kept);
        }
        game.set_comment(id, comment.trim());
        let mut nags: Vec<u8> = game
            .nags(id)
            .iter()
            .copied()
            .filter(|&n| Judgement::of_nag(n).is_none())
            .collect();
        if let Some(judgement) = m.judgement {
            nags.insert(0, judgement.nag());
        }
        game.set_nags(id, nags);
        if pos.play(m.played).is_err() {
            break;
        }
    }
}

/// The evaluations of a game's main line read from its `[%eval]` comments
/// (one per position, the start included), when every move has one; a
/// mating or stalemating move needs none. The start counts as level unless
/// the game's first comment says otherwise. Lines are empty: a file holds
/// no refutations, so a review from these has marks and accuracy but no
/// coach sentences.
pub fn evals_of(game: &Game) -> Option<Vec<PositionEval>> {
    let line = game.mainline();
    if line.is_empty() {
        return None;
    }
    let start = Eval::of(game.starting_comment(line[0])).unwrap_or(Eval::Centipawns(0));
    let mut out = vec![PositionEval {
        eval: start,
        pv: Vec::new(),
    }];
    for &id in &line {
        let eval = match Eval::of(game.comment(id)) {
            Some(eval) => eval,
            None => match game.position_at(id).status() {
                Status::Checkmate => Eval::Mate(0),
                Status::Ongoing => return None,
                _ => Eval::Centipawns(0),
            },
        };
        out.push(PositionEval { eval, pv: Vec::new() });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_review_replaces_the_first_and_keeps_the_players_words() {
        assert_eq!(
            without_review_sentence("Mistake: hangs the knight on f6 to Bxf6. Nd4 was best. I was short of time"),
            "I was short of time"
        );
        assert_eq!(without_review_sentence("Inaccuracy. Nf3 was best."), "");
        assert_eq!(without_review_sentence("Blunder."), "");
        assert_eq!(
            without_review_sentence("Mistakes were made here"),
            "Mistakes were made here"
        );
    }

    #[test]
    fn evaluations_are_written_as_lichess_writes_them() {
        assert_eq!(format_eval(Eval::Centipawns(35)), "0.35");
        assert_eq!(format_eval(Eval::Centipawns(-150)), "-1.50");
        assert_eq!(format_eval(Eval::Mate(-3)), "#-3");
    }
}
