//! The UGI commands a runner sends, read from one input line each.
//!
//! Reading never fails silently: a line that is not a command becomes a
//! [`CommandError`] whose text the session prints as
//! `info string error ...`.

use std::fmt;

/// Where `position` starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The start position of the current rules.
    StartPos,
    /// A position in the game's compact text form (every token between
    /// `fen` and `moves`, joined by single spaces).
    Fen(String),
}

/// What `go` may be limited by. Times are in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    /// Player one's clock.
    pub p1time: Option<u64>,
    /// Player two's clock.
    pub p2time: Option<u64>,
    /// Player one's increment per move.
    pub p1inc: Option<u64>,
    /// Player two's increment per move.
    pub p2inc: Option<u64>,
    /// A fixed time for this move.
    pub movetime: Option<u64>,
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The most nodes.
    pub nodes: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
}

impl GoLimits {
    /// Whether `go` came with no limit at all (the `level` option decides).
    pub fn is_empty(&self) -> bool {
        *self == GoLimits::default()
    }
}

/// The questions of `query`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `query gameover`: `response true|false`.
    GameOver,
    /// `query p1turn`: `response true|false`.
    P1Turn,
    /// `query result`: `response p1win|p2win|draw|none`.
    Result,
}

/// One command of the runner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ugi`: identify and list the options.
    Ugi,
    /// `isready`.
    IsReady,
    /// `setoption name X value Y`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its new value (empty if none was given).
        value: String,
    },
    /// `uginewgame`.
    NewGame,
    /// `position startpos|fen F [moves M...]`.
    Position {
        /// Where from.
        start: Start,
        /// Moves in the game's notation, played from there.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(GoLimits),
    /// `stop`.
    Stop,
    /// `quit`.
    Quit,
    /// `query ...`.
    Query(Query),
}

/// A line that is not a command, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn error<T>(text: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError(text.into()))
}

/// Reads one input line. `Ok(None)` for a blank line, which is ignored.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&word, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    let command = match word {
        "ugi" => no_arguments(Command::Ugi, word, rest)?,
        "isready" => no_arguments(Command::IsReady, word, rest)?,
        "uginewgame" => no_arguments(Command::NewGame, word, rest)?,
        "stop" => no_arguments(Command::Stop, word, rest)?,
        "quit" => no_arguments(Command::Quit, word, rest)?,
        "setoption" => parse_setoption(rest)?,
        "position" => parse_position(rest)?,
        "go" => Command::Go(parse_go(rest)?),
        "query" => Command::Query(parse_query(rest)?),
        other => return error(format!("unknown command `{other}`")),
    };
    Ok(Some(command))
}

fn no_arguments(command: Command, word: &str, rest: &[&str]) -> Result<Command, CommandError> {
    if rest.is_empty() {
        Ok(command)
    } else {
        error(format!("`{word}` takes no arguments, got `{}`", rest.join(" ")))
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    let usage = "expected `setoption name X value Y`";
    if rest.first() != Some(&"name") {
        return error(usage);
    }
    let value_at = rest.iter().position(|&t| t == "value");
    let name_tokens = &rest[1..value_at.unwrap_or(rest.len())];
    if name_tokens.is_empty() {
        return error(format!("{usage}: the name is missing"));
    }
    let value = value_at.map(|i| rest[i + 1..].join(" ")).unwrap_or_default();
    Ok(Command::SetOption { name: name_tokens.join(" "), value })
}

fn parse_position(rest: &[&str]) -> Result<Command, CommandError> {
    let usage = "expected `position startpos [moves M...]` or `position fen F [moves M...]`";
    let moves_at = rest.iter().position(|&t| t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&rest[..i], rest[i + 1..].iter().map(|m| m.to_string()).collect()),
        None => (rest, Vec::new()),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"startpos", extra)) => {
            return error(format!("{usage}: unexpected `{}` after startpos", extra.join(" ")));
        }
        Some((&"fen", [])) => return error(format!("{usage}: the fen is missing")),
        Some((&"fen", fen)) => Start::Fen(fen.join(" ")),
        _ => return error(usage),
    };
    Ok(Command::Position { start, moves })
}

fn parse_go(rest: &[&str]) -> Result<GoLimits, CommandError> {
    let mut limits = GoLimits::default();
    let mut tokens = rest.iter();
    while let Some(&word) = tokens.next() {
        if word == "infinite" {
            limits.infinite = true;
            continue;
        }
        let slot_u64 = match word {
            "p1time" => Some(&mut limits.p1time),
            "p2time" => Some(&mut limits.p2time),
            "p1inc" => Some(&mut limits.p1inc),
            "p2inc" => Some(&mut limits.p2inc),
            "movetime" => Some(&mut limits.movetime),
            "nodes" => Some(&mut limits.nodes),
            "depth" => None,
            other => return error(format!("unknown go parameter `{other}`")),
        };
        let Some(&value) = tokens.next() else {
            return error(format!("go {word}: a number is missing"));
        };
        match slot_u64 {
            Some(slot) => *slot = Some(number(word, value)?),
            None => {
                let depth = number(word, value)?;
                if depth == 0 {
                    return error("go depth: at least 1");
                }
                limits.depth = Some(u32::try_from(depth).unwrap_or(u32::MAX));
            }
        }
    }
    Ok(limits)
}

/// A clock may go negative in some runners when a player oversteps; such a
/// value counts as no time left.
fn number(word: &str, text: &str) -> Result<u64, CommandError> {
    if let Ok(n) = text.parse::<u64>() {
        return Ok(n);
    }
    if text.parse::<i64>().is_ok() {
        return Ok(0);
    }
    error(format!("go {word}: `{text}` is not a whole number"))
}

fn parse_query(rest: &[&str]) -> Result<Query, CommandError> {
    match rest {
        ["gameover"] => Ok(Query::GameOver),
        ["p1turn"] => Ok(Query::P1Turn),
        ["result"] => Ok(Query::Result),
        _ => error(format!("unknown query `{}`: expected gameover, p1turn or result", rest.join(" "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    #[test]
    fn simple_commands_and_blank_lines() {
        assert_eq!(ok("ugi"), Command::Ugi);
        assert_eq!(ok("  isready  "), Command::IsReady);
        assert_eq!(ok("uginewgame"), Command::NewGame);
        assert_eq!(ok("stop"), Command::Stop);
        assert_eq!(ok("quit"), Command::Quit);
        assert_eq!(parse("   ").unwrap(), None);
        assert!(parse("isready now").is_err());
        assert!(parse("uci").unwrap_err().0.contains("unknown command `uci`"));
    }

    #[test]
    fn positions_take_the_fen_up_to_the_moves_keyword() {
        assert_eq!(ok("position startpos"), Command::Position { start: Start::StartPos, moves: vec![] });
        assert_eq!(
            ok("position startpos moves 3 6"),
            Command::Position { start: Start::StartPos, moves: vec!["3".into(), "6".into()] }
        );
        let fen = "4 4 4 4 4 4 [0] / 4 4 4 4 4 4 [0] : first";
        assert_eq!(
            ok(&format!("position fen {fen} moves 1")),
            Command::Position { start: Start::Fen(fen.into()), moves: vec!["1".into()] }
        );
        assert_eq!(
            ok("position fen ......../...x   x"),
            Command::Position { start: Start::Fen("......../...x x".into()), moves: vec![] }
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position fen moves 1").is_err());
        assert!(parse("position startpos 1 2").is_err());
        assert!(parse("position here").is_err());
    }

    #[test]
    fn go_reads_every_limit() {
        let Command::Go(limits) =
            ok("go p1time 1000 p2time 2000 p1inc 10 p2inc 20 movetime 50 depth 4 nodes 99")
        else {
            panic!("not go");
        };
        assert_eq!(
            limits,
            GoLimits {
                p1time: Some(1000),
                p2time: Some(2000),
                p1inc: Some(10),
                p2inc: Some(20),
                movetime: Some(50),
                depth: Some(4),
                nodes: Some(99),
                infinite: false,
            }
        );
        assert!(matches!(ok("go infinite"), Command::Go(GoLimits { infinite: true, .. })));
        assert!(matches!(ok("go"), Command::Go(l) if l.is_empty()));
        assert!(matches!(ok("go p1time -5"), Command::Go(GoLimits { p1time: Some(0), .. })));
        assert!(parse("go depth").is_err());
        assert!(parse("go depth x").is_err());
        assert!(parse("go depth 0").is_err());
        assert!(parse("go ponder").is_err());
    }

    #[test]
    fn setoption_and_query() {
        assert_eq!(
            ok("setoption name pits value 5"),
            Command::SetOption { name: "pits".into(), value: "5".into() }
        );
        assert_eq!(
            ok("setoption name level"),
            Command::SetOption { name: "level".into(), value: String::new() }
        );
        assert!(parse("setoption pits 5").is_err());
        assert!(parse("setoption name value 5").is_err());
        assert_eq!(ok("query gameover"), Command::Query(Query::GameOver));
        assert_eq!(ok("query p1turn"), Command::Query(Query::P1Turn));
        assert_eq!(ok("query result"), Command::Query(Query::Result));
        assert!(parse("query").is_err());
        assert!(parse("query score").is_err());
    }
}
