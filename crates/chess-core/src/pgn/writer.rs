//! Writing PGN in the export format: the Seven Tag Roster first, then the
//! other tags; SAN movetext with move numbers, comments, NAGs and
//! variations; lines of at most 80 characters; the result.

use crate::game::{Game, NodeId};
use crate::position::Position;
use crate::tags::Tags;

const LINE_WIDTH: usize = 80;

/// The `Termination` of a game lost on time, as lichess writes it.
pub(crate) const TIME_FORFEIT: &str = "Time forfeit";

fn default_value(name: &str) -> &'static str {
    match name {
        "Date" => "????.??.??",
        "Result" => "*",
        _ => "?",
    }
}

fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The game as PGN text, ending with a newline. The `Result` tag and the
/// termination marker are the game's `Result` tag when it has one (what was
/// recorded is never changed), else its outcome at the end of the main
/// line; a `Date` nobody knows is the `UTCDate` when there is one; `SetUp`
/// and `FEN` are written when the game does not start from the
/// standard position, and always for Chess960, with `[Variant "Chess960"]`;
/// `ECO` and `Opening` name the game's opening when its tags name none.
///
/// ```
/// let mut game = chess_core::Game::new();
/// game.play_san("e4")?;
/// let pgn = chess_core::pgn::write_game(&game);
/// assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]"));
/// assert!(pgn.ends_with("\n\n1. e4 *\n"));
/// # Ok::<(), chess_core::PlayError>(())
/// ```
pub fn write_game(game: &Game) -> String {
    let mut out = String::new();
    let end = game.mainline_end();
    // A result the game records is kept as recorded (a study's "*" stays
    // "*" though its line ends in mate); without one, the outcome at the end
    // of the main line says it.
    let result = match game.tags.get("Result") {
        Some(tag @ ("1-0" | "0-1" | "1/2-1/2" | "*")) => tag,
        _ => game.outcome_at(end).map_or("*", |o| o.result()),
    };
    let tag = |out: &mut String, name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    };
    // A date nobody knows (`????.??.??`) is the day in UTC when the game
    // says it (lichess writes `UTCDate`).
    let known = |name: &str| game.tags.get(name).filter(|v| v.chars().any(|c| c.is_ascii_digit()));
    for name in Tags::SEVEN_TAG_ROSTER {
        let value = match name {
            "Result" => result,
            "Date" => known("Date")
                .or_else(|| known("UTCDate"))
                .unwrap_or(default_value(name)),
            _ => game.tags.get(name).unwrap_or(default_value(name)),
        };
        tag(&mut out, name, value);
    }
    let start = game.start_position();
    let chess960 = start.is_chess960();
    if chess960 {
        tag(&mut out, "Variant", "Chess960");
    }
    if chess960 || *start != Position::new() {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &start.fen());
    }
    // The opening's name, unless the game names its own.
    if game.tags.get("ECO").is_none()
        && game.tags.get("Opening").is_none()
        && let Some(opening) = game.opening()
    {
        tag(&mut out, "ECO", opening.eco);
        tag(&mut out, "Opening", opening.name);
    }
    // A game lost on time says so, as lichess writes it (read back, its
    // result is a loss on time again).
    let timeout = matches!(
        game.outcome_at(end),
        Some(crate::Outcome::Win {
            reason: crate::WinReason::Timeout,
            ..
        })
    );
    if timeout && game.tags.get("Termination").is_none() {
        tag(&mut out, "Termination", TIME_FORFEIT);
    }
    for (name, value) in game.tags.iter() {
        // Written above, from the game itself.
        let written = Tags::SEVEN_TAG_ROSTER.contains(&name)
            || matches!(name, "SetUp" | "FEN")
            || (chess960 && name == "Variant");
        if !written {
            tag(&mut out, name, value);
        }
    }
    out.push('\n');

    let mut tokens = Vec::new();
    push_comment(&mut tokens, game.comment(NodeId::ROOT));
    if let Some(&first) = game.children(NodeId::ROOT).first() {
        write_line(game, first, &mut tokens);
    }
    tokens.push(Token::Word(result.to_string()));
    wrap(&tokens, &mut out);
    out
}

/// A piece of movetext: a word (move, number, NAG, comment word, result),
/// or a variation's parenthesis, which hugs its neighbour when written.
enum Token {
    Word(String),
    Open,
    Close,
}

impl From<String> for Token {
    fn from(word: String) -> Token {
        Token::Word(word)
    }
}

/// Writes the line that starts with `first`, with the variations along it.
fn write_line(game: &Game, first: NodeId, tokens: &mut Vec<Token>) {
    let mut node = first;
    let mut need_number = true;
    loop {
        let parent = game.parent(node).unwrap_or(NodeId::ROOT);
        let before = game.position_at(parent);
        if !game.starting_comment(node).is_empty() {
            push_comment(tokens, game.starting_comment(node));
            need_number = true;
        }
        if let Some(number) = before.move_number(need_number) {
            tokens.push(number.into());
        }
        need_number = false;
        tokens.push(game.san_at(node).unwrap_or_default().into());
        for nag in game.nags(node) {
            tokens.push(format!("${nag}").into());
        }
        if !game.comment(node).is_empty() {
            push_comment(tokens, game.comment(node));
            need_number = true;
        }
        // The alternatives to this move, if it is the main continuation.
        let siblings = game.children(parent);
        if siblings.first() == Some(&node) {
            for &variation in &siblings[1..] {
                tokens.push(Token::Open);
                write_line(game, variation, tokens);
                tokens.push(Token::Close);
                need_number = true;
            }
        }
        match game.children(node).first() {
            Some(&next) => node = next,
            None => break,
        }
    }
}

/// A comment as tokens, one per word, so long comments wrap. A `}` would end
/// the comment early and is written as `)`.
fn push_comment(tokens: &mut Vec<Token>, text: &str) {
    let text = text.trim().replace('}', ")").replace(['\n', '\r'], " ");
    if text.is_empty() {
        return;
    }
    let words: Vec<&str> = text.split(' ').collect();
    let last = words.len() - 1;
    for (i, word) in words.iter().enumerate() {
        let mut token = String::new();
        if i == 0 {
            token.push('{');
        }
        token.push_str(word);
        if i == last {
            token.push('}');
        }
        tokens.push(Token::Word(token));
    }
}

/// Joins tokens with spaces into lines of at most 80 characters (a longer
/// token gets a line of its own). `(` and `)` hug their neighbours.
fn wrap(tokens: &[Token], out: &mut String) {
    let mut line = String::new();
    let mut started = false;
    let mut glue_next = false;
    for token in tokens {
        let glue = glue_next || matches!(token, Token::Close);
        let opens = matches!(token, Token::Open);
        let token = match token {
            Token::Word(word) => word.as_str(),
            Token::Open => "(",
            Token::Close => ")",
        };
        let width = line.chars().count() + usize::from(!glue && started) + token.chars().count();
        // A line must not start with `%`: readers would skip it as an
        // escape line. Such a token stays on the line (rare: in comments).
        if started && width > LINE_WIDTH && !token.starts_with('%') {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        } else if started && !glue {
            line.push(' ');
        }
        line.push_str(token);
        started = true;
        glue_next = opens;
    }
    out.push_str(&line);
    out.push('\n');
}
