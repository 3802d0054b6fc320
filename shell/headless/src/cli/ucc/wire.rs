//! The lines of the UCC 2012 manager protocol, read and written.
//!
//! Coordinates are the manager's: `x` the column and `y` the row, both
//! 0..9 from the top-left, Red on rows 0..3 (row 0 its back row) and Blue
//! on rows 6..9. That is our board with `x` the file (`a` = 0) and `y` the
//! row (rank 1 = 0): the manager's top line is our rank 1.
//!
//! Both sides of the protocol use these: the bot (`ucc-bot`) writes setups
//! and moves and reads confirmations; the arena (`arena strategy-chess`)
//! reads setups and moves and writes board lines and confirmations.

use strategy_chess::{
    Army, Battle, Clash, Colour, Move, Rank, Seen, Setup, Square, StrategyChessView, setup::SETUP_ROWS,
};
use thiserror::Error;

/// The board is 10 by 10.
pub const SIZE: usize = 10;

/// `RED|BLUE <opponent> 10 10`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartLine {
    /// The bot's colour.
    pub colour: Colour,
    /// The opponent's name.
    pub opponent: String,
}

/// Why a manager's line cannot be read: the start line or a confirmation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WireError {
    /// The start line is not four words.
    #[error("expected `RED|BLUE OPPONENT 10 10`, got `{got}`")]
    StartLine {
        /// The line, trimmed.
        got: String,
    },
    /// The start line's colour is neither word.
    #[error("the colour must be RED or BLUE, not `{found}`")]
    Colour {
        /// The word found.
        found: String,
    },
    /// The start line names another board.
    #[error("only a 10 by 10 board is played, not {width} by {height}")]
    BoardSize {
        /// The width as sent.
        width: String,
        /// The height as sent.
        height: String,
    },
    /// A confirmation line that does not read.
    #[error("{problem} in `{line}`")]
    Confirmation {
        /// What is wrong with it.
        problem: ConfirmationProblem,
        /// The line, trimmed.
        line: String,
    },
}

/// What is wrong with a confirmation line (see [`parse_confirmation`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConfirmationProblem {
    /// Too few words for a move and its outcome.
    #[error("expected `x y DIR [n] OUTCOME`")]
    Shape,
    /// The move's words do not read.
    #[error(transparent)]
    Move(MoveTextError),
    /// A rank that is no rank.
    #[error("unknown rank")]
    UnknownRank,
    /// One rank where two belong.
    #[error("two ranks expected")]
    OneRank,
    /// A move with no outcome.
    #[error("the outcome is missing")]
    NoOutcome,
    /// A battle's outcome without its ranks.
    #[error("the two ranks are missing")]
    NoRanks,
    /// An outcome word the protocol does not have.
    #[error("unknown outcome `{0}`")]
    UnknownOutcome(String),
}

/// Reads the start line.
pub fn parse_start(line: &str) -> Result<StartLine, WireError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let [colour, opponent, width, height] = tokens.as_slice() else {
        return Err(WireError::StartLine { got: line.trim().to_string() });
    };
    let colour = match *colour {
        "RED" => Colour::Red,
        "BLUE" => Colour::Blue,
        other => return Err(WireError::Colour { found: other.to_string() }),
    };
    if *width != "10" || *height != "10" {
        return Err(WireError::BoardSize { width: width.to_string(), height: height.to_string() });
    }
    Ok(StartLine { colour, opponent: opponent.to_string() })
}

/// The manager's character for a rank: `1`..`9` in classic numbering,
/// `s` the Spy, `B` a Bomb, `F` the Flag.
pub fn rank_char(rank: Rank) -> char {
    match rank {
        Rank::Spy => 's',
        Rank::Bomb => 'B',
        Rank::Flag => 'F',
        other => other.token(),
    }
}

/// The rank of a manager's character or token (`10` is also read as the
/// Spy, as older managers wrote it).
pub fn parse_rank(text: &str) -> Option<Rank> {
    match text {
        "10" => Some(Rank::Spy),
        _ => {
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Rank::from_token(c),
                _ => None,
            }
        }
    }
}

/// Whether `line` could be one of the ten board lines.
pub fn looks_like_board_line(line: &str) -> bool {
    let line = line.trim_end();
    line.chars().count() == SIZE && line.chars().all(|c| "123456789sSBFbf#+.".contains(c))
}

/// The manager's square `(x, y)` as ours.
pub fn square(x: usize, y: usize) -> Option<Square> {
    Square::at(x, y)
}

/// The four setup lines, top-down in the manager's orientation.
pub fn setup_lines(setup: &Setup, colour: Colour) -> Vec<String> {
    let mut grid = [['.'; SIZE]; SIZE];
    for (sq, rank) in setup.placements(colour) {
        grid[sq.row()][sq.file()] = rank_char(rank);
    }
    let rows = match colour {
        Colour::Red => 0..4,
        Colour::Blue => 6..10,
    };
    rows.map(|y| grid[y].iter().collect()).collect()
}

/// How a program's text is shown in a message: at most 40 characters,
/// control characters as `?`, so a message stays one short line whatever
/// the program sent.
pub fn shown(text: &str) -> String {
    const MAX: usize = 40;
    let mut out: String = text.chars().take(MAX).map(|c| if c.is_control() { '?' } else { c }).collect();
    if text.chars().nth(MAX).is_some() {
        out.push_str("...");
    }
    out
}

/// Why four setup lines are not a setup.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupLinesError {
    /// Not four lines.
    #[error("{found} setup lines, expected 4")]
    Count {
        /// How many there were.
        found: usize,
    },
    /// A line is not ten characters.
    #[error("setup line {line} `{text}` is {length} characters long, not 10")]
    Width {
        /// The line, from 1.
        line: usize,
        /// The line as sent (shortened, see [`shown`]).
        text: String,
        /// Its length in characters.
        length: usize,
    },
    /// A character that is no piece.
    #[error(
        "setup line {line} `{text}` has `{}` at x {x}: a setup holds only 1-9, s, B, F and .",
        found.escape_debug()
    )]
    Piece {
        /// The line, from 1.
        line: usize,
        /// The line as sent (shortened, see [`shown`]).
        text: String,
        /// The column, from 0.
        x: usize,
        /// The character.
        found: char,
    },
    /// The pieces are not the army of the rules.
    #[error("{0}")]
    Army(String),
}

/// The rank of a setup character: exactly the characters a setup is written
/// with (`1`..`9`, `s`, `B`, `F`), or `None` for `.`; `Err(())` for
/// anything else.
fn setup_char(c: char) -> Result<Option<Rank>, ()> {
    match c {
        '.' => Ok(None),
        '1'..='9' | 's' | 'B' | 'F' => Rank::from_token(c).map(Some).ok_or(()),
        _ => Err(()),
    }
}

/// Reads a program's four setup lines for `colour`, in the manager's
/// orientation (see [`setup_lines`], which writes them), and checks that
/// they hold exactly `army`. Trailing spaces are ignored.
pub fn read_setup(lines: &[String], colour: Colour, army: &Army) -> Result<Setup, SetupLinesError> {
    if lines.len() != SETUP_ROWS {
        return Err(SetupLinesError::Count { found: lines.len() });
    }
    let first_y = match colour {
        Colour::Red => 0,
        Colour::Blue => SIZE - SETUP_ROWS,
    };
    let mut setup = Setup::empty();
    for (i, line) in lines.iter().enumerate() {
        let text = line.trim_end();
        let length = text.chars().count();
        if length != SIZE {
            return Err(SetupLinesError::Width { line: i + 1, text: shown(text), length });
        }
        for (x, c) in text.chars().enumerate() {
            let rank = setup_char(c).map_err(|()| SetupLinesError::Piece {
                line: i + 1,
                text: shown(text),
                x,
                found: c,
            })?;
            let place = square(x, first_y + i).and_then(|sq| Setup::place_of(colour, sq));
            if let Some((row, column)) = place {
                setup.set(row, column, rank);
            }
        }
    }
    setup.check(army).map_err(SetupLinesError::Army)?;
    Ok(setup)
}

/// The ten board lines a player of colour `me` is sent, from its view: its
/// own pieces by rank character, every enemy piece `#` (revealed or not),
/// lakes `+`, empty squares `.`.
pub fn board_lines(view: &StrategyChessView, me: Colour) -> Vec<String> {
    (0..SIZE)
        .map(|y| {
            (0..SIZE)
                .map(|x| match square(x, y).map(|sq| view.seen(sq)) {
                    Some(Seen::Piece(p)) if p.colour == me => p.rank.map_or('?', rank_char),
                    Some(Seen::Piece(_)) => '#',
                    Some(Seen::Lake) => '+',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

/// A move direction of the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards row 9.
    Down,
    /// Towards column 0.
    Left,
    /// Towards column 9.
    Right,
}

impl Direction {
    fn word(self) -> &'static str {
        match self {
            Direction::Up => "UP",
            Direction::Down => "DOWN",
            Direction::Left => "LEFT",
            Direction::Right => "RIGHT",
        }
    }

    fn parse(word: &str) -> Option<Direction> {
        match word {
            "UP" => Some(Direction::Up),
            "DOWN" => Some(Direction::Down),
            "LEFT" => Some(Direction::Left),
            "RIGHT" => Some(Direction::Right),
            _ => None,
        }
    }
}

/// A move as the protocol writes it: `x y DIR [n]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WireMove {
    /// Column of the moving piece.
    pub x: usize,
    /// Row of the moving piece.
    pub y: usize,
    /// Which way.
    pub direction: Direction,
    /// How many squares (1 unless a Scout moves far).
    pub distance: usize,
}

impl WireMove {
    /// Our move as the protocol's, if it is a straight line.
    pub fn from_move(mv: Move) -> Option<WireMove> {
        let (fx, fy, tx, ty) = (mv.from.file(), mv.from.row(), mv.to.file(), mv.to.row());
        let (direction, distance) = if fx == tx && ty < fy {
            (Direction::Up, fy - ty)
        } else if fx == tx && ty > fy {
            (Direction::Down, ty - fy)
        } else if fy == ty && tx < fx {
            (Direction::Left, fx - tx)
        } else if fy == ty && tx > fx {
            (Direction::Right, tx - fx)
        } else {
            return None;
        };
        Some(WireMove { x: fx, y: fy, direction, distance })
    }

    /// The move on our board, if both ends are on it.
    pub fn to_move(self) -> Option<Move> {
        let (x, y, n) = (self.x as isize, self.y as isize, self.distance as isize);
        let (tx, ty) = match self.direction {
            Direction::Up => (x, y - n),
            Direction::Down => (x, y + n),
            Direction::Left => (x - n, y),
            Direction::Right => (x + n, y),
        };
        let to = square(usize::try_from(tx).ok()?, usize::try_from(ty).ok()?)?;
        Some(Move::new(square(self.x, self.y)?, to))
    }

    /// `x y DIR`, with the distance when it is over 1.
    pub fn text(self) -> String {
        let base = format!("{} {} {}", self.x, self.y, self.direction.word());
        if self.distance > 1 { format!("{base} {}", self.distance) } else { base }
    }
}

/// What became of a move, as the manager confirms it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The move was made onto an empty square.
    Ok,
    /// The attacker won; both ranks.
    Kills(Rank, Rank),
    /// The defender won; both ranks.
    Dies(Rank, Rank),
    /// Both died; both ranks.
    BothDie(Rank, Rank),
    /// The Flag was taken (ranks if the manager gave them).
    VictoryFlag(Option<(Rank, Rank)>),
    /// The opponent has nothing left that moves (ranks if given).
    VictoryAttrition(Option<(Rank, Rank)>),
    /// The move was refused and not made.
    Illegal,
}

/// A confirmation line: a move and its outcome, or no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirmation {
    /// `x y DIR [n] OUTCOME [a d]`.
    Move(WireMove, Outcome),
    /// `NO_MOVE` or `SURRENDER` (anything after it is ignored).
    NoMove,
}

/// Why the `x y DIR [n]` words of a move cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MoveTextError {
    /// Fewer words than a move has, or more than a move answer may have.
    #[error("expected `x y DIR [n]` or `SURRENDER`")]
    Shape,
    /// A coordinate that is not 0..9.
    #[error("coordinates must be 0..9")]
    Coordinate,
    /// A direction that is not one of the four words.
    #[error("the direction must be UP, DOWN, LEFT or RIGHT")]
    Direction,
    /// A distance that is not 1..9.
    #[error("the distance must be 1..9")]
    Distance,
}

/// Reads the `x y DIR [n]` words at the start of `words`; the move and the
/// words after it.
fn parse_move_words<'a>(words: &'a [&'a str]) -> Result<(WireMove, &'a [&'a str]), MoveTextError> {
    let [x, y, direction, rest @ ..] = words else {
        return Err(MoveTextError::Shape);
    };
    let coordinate = |t: &str| t.parse::<usize>().ok().filter(|&v| v < SIZE);
    let (Some(x), Some(y)) = (coordinate(x), coordinate(y)) else {
        return Err(MoveTextError::Coordinate);
    };
    let direction = Direction::parse(direction).ok_or(MoveTextError::Direction)?;
    let (distance, rest) = match rest.split_first() {
        Some((n, more)) if n.chars().all(|c| c.is_ascii_digit()) => {
            let n = n.parse::<usize>().ok().filter(|&n| (1..SIZE).contains(&n));
            (n.ok_or(MoveTextError::Distance)?, more)
        }
        _ => (1, rest),
    };
    Ok((WireMove { x, y, direction, distance }, rest))
}

/// A program's answer to its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `x y DIR [n]`.
    Move(WireMove),
    /// `SURRENDER`: the program gives the game up.
    Surrender,
}

/// Reads a program's answer to its turn: `x y DIR [n]` or `SURRENDER`,
/// nothing more on the line (spaces aside).
pub fn parse_answer(line: &str) -> Result<Answer, MoveTextError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words == ["SURRENDER"] {
        return Ok(Answer::Surrender);
    }
    match parse_move_words(&words)? {
        (wire_move, []) => Ok(Answer::Move(wire_move)),
        _ => Err(MoveTextError::Shape),
    }
}

impl Outcome {
    /// The outcome of a move the referee played, as the manager confirms
    /// it: from the move's battle (if it struck a piece), and whether the
    /// move won the game for the mover (by the Flag, or by leaving the
    /// opponent no legal move). As the manager writes them, the two
    /// victories carry no ranks.
    pub fn of_move(battle: Option<Battle>, won: bool) -> Outcome {
        match battle {
            Some(Battle { clash: Clash::FlagCaptured, .. }) => Outcome::VictoryFlag(None),
            _ if won => Outcome::VictoryAttrition(None),
            None => Outcome::Ok,
            Some(Battle { attacker, defender, clash }) => match clash {
                Clash::AttackerWins => Outcome::Kills(attacker, defender),
                Clash::DefenderWins => Outcome::Dies(attacker, defender),
                Clash::BothDie => Outcome::BothDie(attacker, defender),
                Clash::FlagCaptured => Outcome::VictoryFlag(None),
            },
        }
    }

    /// The outcome's words: `OK`, `KILLS a d`, `DIES a d`, `BOTHDIE a d`,
    /// `VICTORY_FLAG`, `VICTORY_ATTRITION` (each victory with its two ranks
    /// if it has them), `ILLEGAL`.
    pub fn text(self) -> String {
        let ranks = |word: &str, (a, d): (Rank, Rank)| format!("{word} {} {}", rank_char(a), rank_char(d));
        match self {
            Outcome::Ok => "OK".into(),
            Outcome::Kills(a, d) => ranks("KILLS", (a, d)),
            Outcome::Dies(a, d) => ranks("DIES", (a, d)),
            Outcome::BothDie(a, d) => ranks("BOTHDIE", (a, d)),
            Outcome::VictoryFlag(None) => "VICTORY_FLAG".into(),
            Outcome::VictoryFlag(Some(both)) => ranks("VICTORY_FLAG", both),
            Outcome::VictoryAttrition(None) => "VICTORY_ATTRITION".into(),
            Outcome::VictoryAttrition(Some(both)) => ranks("VICTORY_ATTRITION", both),
            Outcome::Illegal => "ILLEGAL".into(),
        }
    }
}

impl Confirmation {
    /// The confirmation line: `x y DIR [n] OUTCOME`, or `NO_MOVE`.
    pub fn text(self) -> String {
        match self {
            Confirmation::Move(wire_move, outcome) => format!("{} {}", wire_move.text(), outcome.text()),
            Confirmation::NoMove => "NO_MOVE".into(),
        }
    }
}

/// Reads a confirmation line.
pub fn parse_confirmation(line: &str) -> Result<Confirmation, WireError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if matches!(tokens.first(), Some(&"NO_MOVE") | Some(&"SURRENDER")) {
        return Ok(Confirmation::NoMove);
    }
    let bad =
        |problem: ConfirmationProblem| WireError::Confirmation { problem, line: line.trim().to_string() };
    let (wire_move, rest) = parse_move_words(&tokens).map_err(|e| match e {
        MoveTextError::Shape => bad(ConfirmationProblem::Shape),
        other => bad(ConfirmationProblem::Move(other)),
    })?;
    let ranks = |rest: &[&str]| -> Result<Option<(Rank, Rank)>, WireError> {
        match rest {
            [] => Ok(None),
            [a, d, ..] => match (parse_rank(a), parse_rank(d)) {
                (Some(a), Some(d)) => Ok(Some((a, d))),
                _ => Err(bad(ConfirmationProblem::UnknownRank)),
            },
            _ => Err(bad(ConfirmationProblem::OneRank)),
        }
    };
    let Some((word, after)) = rest.split_first() else {
        return Err(bad(ConfirmationProblem::NoOutcome));
    };
    let both = |after: &[&str]| ranks(after)?.ok_or_else(|| bad(ConfirmationProblem::NoRanks));
    let outcome = match *word {
        "OK" => Outcome::Ok,
        "KILLS" => {
            let (a, d) = both(after)?;
            Outcome::Kills(a, d)
        }
        "DIES" => {
            let (a, d) = both(after)?;
            Outcome::Dies(a, d)
        }
        "BOTHDIE" => {
            let (a, d) = both(after)?;
            Outcome::BothDie(a, d)
        }
        "VICTORY_FLAG" => Outcome::VictoryFlag(ranks(after)?),
        "VICTORY_ATTRITION" => Outcome::VictoryAttrition(ranks(after)?),
        "ILLEGAL" => Outcome::Illegal,
        other => return Err(bad(ConfirmationProblem::UnknownOutcome(other.to_string()))),
    };
    Ok(Confirmation::Move(wire_move, outcome))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::ucc::config::manager_rules;
    use game_core::{Game, Observe, Seat};
    use strategy_chess::{StrategyChess, StrategyChessRules};

    #[test]
    fn start_lines() {
        assert_eq!(
            parse_start("RED vixen 10 10").unwrap(),
            StartLine { colour: Colour::Red, opponent: "vixen".into() }
        );
        assert_eq!(parse_start("BLUE x 10 10").unwrap().colour, Colour::Blue);
        assert!(parse_start("GREEN x 10 10").is_err());
        assert!(parse_start("RED x 8 8").is_err());
        assert!(parse_start("RED").is_err());
    }

    #[test]
    fn setup_lines_follow_the_managers_orientation() {
        let rules = StrategyChessRules::default();
        let mut rng = game_core::rng::seeded(3);
        for (seat, colour) in [(Seat::FIRST, Colour::Red), (Seat::SECOND, Colour::Blue)] {
            let setup = StrategyChess::random_setup(&rules, seat, true, &mut rng);
            let lines = setup_lines(&setup, colour);
            assert_eq!(lines.len(), 4);
            assert!(lines.iter().all(|l| l.len() == 10 && !l.contains('.')), "{lines:?}");
            let flags = lines.concat().matches('F').count();
            assert_eq!(flags, 1);
            // Red's first line is its back row (rank 1), Blue's its front row (rank 7).
            let (first_row, file0) = if colour == Colour::Red { (0, 0) } else { (6, 0) };
            let sq = Square::at(file0, first_row).unwrap();
            let rank = setup.placements(colour).find(|(s, _)| *s == sq).unwrap().1;
            assert_eq!(lines[0].chars().next(), Some(rank_char(rank)));
        }
    }

    #[test]
    fn moves_round_trip() {
        let mv = Move::new(Square::parse("b2").unwrap(), Square::parse("b6").unwrap());
        let wire = WireMove::from_move(mv).unwrap();
        assert_eq!(wire.text(), "1 1 DOWN 4");
        assert_eq!(wire.to_move(), Some(mv));
        let left = WireMove { x: 3, y: 9, direction: Direction::Left, distance: 1 };
        assert_eq!(left.text(), "3 9 LEFT");
        assert_eq!(left.to_move(), Some(Move::new(Square::at(3, 9).unwrap(), Square::at(2, 9).unwrap())));
        assert_eq!(WireMove { x: 0, y: 0, direction: Direction::Up, distance: 1 }.to_move(), None);
    }

    #[test]
    fn confirmations() {
        let up = WireMove { x: 4, y: 6, direction: Direction::Up, distance: 1 };
        assert_eq!(parse_confirmation("4 6 UP OK").unwrap(), Confirmation::Move(up, Outcome::Ok));
        assert_eq!(
            parse_confirmation("4 6 UP KILLS 5 s").unwrap(),
            Confirmation::Move(up, Outcome::Kills(Rank::Captain, Rank::Spy))
        );
        assert_eq!(
            parse_confirmation("4 6 UP 3 DIES 9 B").unwrap(),
            Confirmation::Move(WireMove { distance: 3, ..up }, Outcome::Dies(Rank::Scout, Rank::Bomb))
        );
        assert_eq!(
            parse_confirmation("4 6 UP BOTHDIE 10 10").unwrap(),
            Confirmation::Move(up, Outcome::BothDie(Rank::Spy, Rank::Spy))
        );
        assert_eq!(
            parse_confirmation("4 6 UP VICTORY_FLAG").unwrap(),
            Confirmation::Move(up, Outcome::VictoryFlag(None))
        );
        assert_eq!(parse_confirmation("NO_MOVE").unwrap(), Confirmation::NoMove);
        for bad in [
            "",
            "4 6",
            "4 6 NORTH OK",
            "11 6 UP OK",
            "4 6 UP",
            "4 6 UP KILLS",
            "4 6 UP KILLS 5 Z",
            "4 6 UP 0 OK",
            "4 6 UP WINS",
        ] {
            assert!(parse_confirmation(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn board_lines_are_told_from_turn_lines() {
        assert!(looks_like_board_line("..++..++.."));
        assert!(looks_like_board_line("6B7BFB8784"));
        assert!(looks_like_board_line("##########  "));
        assert!(!looks_like_board_line("START"));
        assert!(!looks_like_board_line("0 3 DOWN OK"));
        assert!(!looks_like_board_line("..++..++..."));
    }

    #[test]
    fn ranks_in_both_spellings() {
        assert_eq!(parse_rank("1"), Some(Rank::Marshal));
        assert_eq!(parse_rank("9"), Some(Rank::Scout));
        assert_eq!(parse_rank("s"), Some(Rank::Spy));
        assert_eq!(parse_rank("10"), Some(Rank::Spy));
        assert_eq!(parse_rank("B"), Some(Rank::Bomb));
        assert_eq!(parse_rank("F"), Some(Rank::Flag));
        assert_eq!(parse_rank("X"), None);
        assert_eq!(rank_char(Rank::Spy), 's');
        assert_eq!(rank_char(Rank::Marshal), '1');
    }

    fn library_setup(n: u32) -> Setup {
        strategy_chess::Library::builtin().entry(n).unwrap().setup
    }

    #[test]
    fn setups_read_back_what_the_bot_writes_for_both_colours() {
        let army = Army::CLASSIC;
        for colour in Colour::BOTH {
            let setup = library_setup(3);
            let lines = setup_lines(&setup, colour);
            assert_eq!(read_setup(&lines, colour, &army), Ok(setup), "{colour}");
        }
        // The same four lines are another setup for the other colour: Red's
        // first line is its back row, Blue's its front row.
        let lines = setup_lines(&library_setup(3), Colour::Red);
        let blue = read_setup(&lines, Colour::Blue, &army).unwrap();
        let red_back_left = Square::at(0, 0).unwrap();
        let blue_front_left = Square::at(0, 6).unwrap();
        let rank_at = |setup: &Setup, colour, sq| setup.placements(colour).find(|(s, _)| *s == sq).unwrap().1;
        assert_eq!(
            rank_at(&library_setup(3), Colour::Red, red_back_left),
            rank_at(&blue, Colour::Blue, blue_front_left)
        );
        // An army smaller than 40 leaves `.` squares.
        let rules = StrategyChessRules { army: Army::BARRAGE, ..StrategyChessRules::default() };
        let small = StrategyChess::random_setup(&rules, Seat::SECOND, false, &mut game_core::rng::seeded(4));
        let lines = setup_lines(&small, Colour::Blue);
        assert!(lines.concat().contains('.'));
        assert_eq!(read_setup(&lines, Colour::Blue, &Army::BARRAGE), Ok(small));
    }

    #[test]
    fn bad_setups_say_what_is_wrong() {
        let army = Army::CLASSIC;
        let good = setup_lines(&library_setup(1), Colour::Red);
        let with = |i: usize, line: &str| {
            let mut lines = good.clone();
            lines[i] = line.to_string();
            read_setup(&lines, Colour::Red, &army).unwrap_err()
        };
        assert_eq!(read_setup(&good[..3], Colour::Red, &army), Err(SetupLinesError::Count { found: 3 }));
        assert_eq!(with(1, "123"), SetupLinesError::Width { line: 2, text: "123".into(), length: 3 });
        let holding = |c: char| good.iter().position(|l| l.contains(c)).unwrap();
        // The manager's letters only: `S` is not the Spy here.
        let spy = holding('s');
        let capital = good[spy].replace('s', "S");
        assert!(
            matches!(with(spy, &capital), SetupLinesError::Piece { found: 'S', line, .. } if line == spy + 1)
        );
        let garbage = with(0, "\u{7}x########");
        assert!(
            matches!(garbage, SetupLinesError::Piece { line: 1, x: 0, found: '\u{7}', .. }),
            "{garbage:?}"
        );
        assert!(!garbage.to_string().contains('\u{7}'), "control characters are not echoed: {garbage}");
        assert!(garbage.to_string().contains("has `\\u{7}` at x 0"), "{garbage}");
        // Right characters, wrong army: one Scout too many, one Miner short.
        let miner = holding('8');
        let err = with(miner, &good[miner].replacen('8', "9", 1));
        assert!(
            matches!(&err, SetupLinesError::Army(text) if text.contains("4 miner instead of 5")),
            "{err}"
        );
        // Trailing spaces are forgiven.
        let mut spaced = good.clone();
        spaced[0].push_str("  ");
        assert!(read_setup(&spaced, Colour::Red, &army).is_ok());
    }

    #[test]
    fn shown_text_is_short_and_printable() {
        assert_eq!(shown("3 3 UP"), "3 3 UP");
        assert_eq!(shown("a\tb\u{1b}[2J"), "a?b?[2J");
        let long = shown(&"x".repeat(1000));
        assert_eq!(long, format!("{}...", "x".repeat(40)));
    }

    #[test]
    fn board_lines_show_the_viewers_pieces_and_hide_the_enemys() {
        let setups = [library_setup(1), library_setup(2)];
        let mut game = StrategyChess::start(&manager_rules(), &setups).unwrap();
        let red = board_lines(&game.view(Seat::FIRST), Colour::Red);
        assert_eq!(red, {
            let mut lines = setup_lines(&setups[0], Colour::Red);
            lines.extend(["..++..++..".to_string(), "..++..++..".to_string()]);
            lines.extend(std::iter::repeat_n("#".repeat(10), 4));
            lines
        });
        let blue = board_lines(&game.view(Seat::SECOND), Colour::Blue);
        assert_eq!(&blue[6..], &setup_lines(&setups[1], Colour::Blue)[..]);
        assert!(blue[..4].iter().all(|l| l == "##########"));
        // A revealed enemy piece is still `#`: the manager never shows it.
        let mut moves = Vec::new();
        let mut rng = game_core::rng::seeded(5);
        while game.history().last_battle().is_none() {
            game.legal_moves(&mut moves);
            let strike = moves.iter().copied().find(|m| game.piece(m.to).is_some());
            let mv = strike.unwrap_or_else(|| game.random_move(&mut rng, &mut moves).unwrap());
            game.try_play(mv).unwrap();
        }
        for colour in Colour::BOTH {
            let lines = board_lines(&game.view(colour.seat()), colour);
            let enemies = lines.concat().matches('#').count();
            let left: u8 = game.remaining(colour.opponent()).iter().sum();
            assert_eq!(enemies, usize::from(left), "{colour}");
        }
    }

    #[test]
    fn answers() {
        let up = WireMove { x: 3, y: 3, direction: Direction::Up, distance: 1 };
        assert_eq!(parse_answer("3 3 UP"), Ok(Answer::Move(up)));
        assert_eq!(parse_answer(" 3 3 UP 4 \r"), Ok(Answer::Move(WireMove { distance: 4, ..up })));
        assert_eq!(parse_answer("SURRENDER"), Ok(Answer::Surrender));
        assert_eq!(parse_answer(""), Err(MoveTextError::Shape));
        assert_eq!(parse_answer("3 3 UP OK"), Err(MoveTextError::Shape));
        assert_eq!(parse_answer("3 3 UP 2 2"), Err(MoveTextError::Shape));
        assert_eq!(parse_answer("SURRENDER now"), Err(MoveTextError::Shape));
        assert_eq!(parse_answer("10 3 UP"), Err(MoveTextError::Coordinate));
        assert_eq!(parse_answer("-1 3 UP"), Err(MoveTextError::Coordinate));
        assert_eq!(parse_answer("3 3 up"), Err(MoveTextError::Direction));
        assert_eq!(parse_answer("3 3 UP 0"), Err(MoveTextError::Distance));
        assert_eq!(parse_answer("3 3 UP 99999999999999999999999"), Err(MoveTextError::Distance));
    }

    #[test]
    fn confirmation_lines_for_every_battle_outcome() {
        let mv = WireMove { x: 4, y: 6, direction: Direction::Up, distance: 1 };
        let far = WireMove { distance: 3, ..mv };
        let battle = |attacker, defender, clash| Some(Battle { attacker, defender, clash });
        let cases = [
            (far, None, false, "4 6 UP 3 OK"),
            (mv, battle(Rank::Captain, Rank::Spy, Clash::AttackerWins), false, "4 6 UP KILLS 5 s"),
            (mv, battle(Rank::Scout, Rank::Bomb, Clash::DefenderWins), false, "4 6 UP DIES 9 B"),
            (mv, battle(Rank::Spy, Rank::Spy, Clash::BothDie), false, "4 6 UP BOTHDIE s s"),
            (mv, battle(Rank::Miner, Rank::Flag, Clash::FlagCaptured), true, "4 6 UP VICTORY_FLAG"),
            (
                mv,
                battle(Rank::Marshal, Rank::Sergeant, Clash::AttackerWins),
                true,
                "4 6 UP VICTORY_ATTRITION",
            ),
            (mv, battle(Rank::Colonel, Rank::Colonel, Clash::BothDie), true, "4 6 UP VICTORY_ATTRITION"),
            (mv, None, true, "4 6 UP VICTORY_ATTRITION"),
        ];
        for (wire_move, battle, won, line) in cases {
            let confirmation = Confirmation::Move(wire_move, Outcome::of_move(battle, won));
            assert_eq!(confirmation.text(), line);
            // What the arena writes, the bot reads back.
            assert_eq!(parse_confirmation(line), Ok(confirmation), "{line}");
        }
        assert_eq!(Confirmation::NoMove.text(), "NO_MOVE");
        assert_eq!(Outcome::Illegal.text(), "ILLEGAL");
        assert_eq!(Outcome::VictoryFlag(Some((Rank::Miner, Rank::Flag))).text(), "VICTORY_FLAG 8 F");
    }

    #[test]
    fn unreadable_lines_are_reported_in_these_words() {
        let start = |line: &str| parse_start(line).unwrap_err().to_string();
        assert_eq!(start(" RED "), "expected `RED|BLUE OPPONENT 10 10`, got `RED`");
        assert_eq!(start("GREEN x 10 10"), "the colour must be RED or BLUE, not `GREEN`");
        assert_eq!(start("RED x 8 9"), "only a 10 by 10 board is played, not 8 by 9");
        for (line, said) in [
            ("", "expected `x y DIR [n] OUTCOME` in ``"),
            ("4 6", "expected `x y DIR [n] OUTCOME` in `4 6`"),
            ("4 6 NORTH OK", "the direction must be UP, DOWN, LEFT or RIGHT in `4 6 NORTH OK`"),
            ("11 6 UP OK", "coordinates must be 0..9 in `11 6 UP OK`"),
            ("4 6 UP 0 OK", "the distance must be 1..9 in `4 6 UP 0 OK`"),
            (" 4 6 UP ", "the outcome is missing in `4 6 UP`"),
            ("4 6 UP KILLS", "the two ranks are missing in `4 6 UP KILLS`"),
            ("4 6 UP KILLS 5", "two ranks expected in `4 6 UP KILLS 5`"),
            ("4 6 UP KILLS 5 Z", "unknown rank in `4 6 UP KILLS 5 Z`"),
            ("4 6 UP WINS", "unknown outcome `WINS` in `4 6 UP WINS`"),
        ] {
            assert_eq!(parse_confirmation(line).unwrap_err().to_string(), said, "{line:?}");
        }
    }
}
