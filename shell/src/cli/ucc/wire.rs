//! The lines of the UCC 2012 manager protocol, read and written.
//!
//! Coordinates are the manager's: `x` the column and `y` the row, both
//! 0..9 from the top-left, Red on rows 0..3 (row 0 its back row) and Blue
//! on rows 6..9. That is our board with `x` the file (`a` = 0) and `y` the
//! row (rank 1 = 0): the manager's top line is our rank 1.

use strategy_chess::{Colour, Move, Rank, Setup, Square};

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

/// Reads the start line.
pub fn parse_start(line: &str) -> Result<StartLine, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let [colour, opponent, width, height] = tokens.as_slice() else {
        return Err(format!("expected `RED|BLUE OPPONENT 10 10`, got `{}`", line.trim()));
    };
    let colour = match *colour {
        "RED" => Colour::Red,
        "BLUE" => Colour::Blue,
        other => return Err(format!("the colour must be RED or BLUE, not `{other}`")),
    };
    if *width != "10" || *height != "10" {
        return Err(format!("only a 10 by 10 board is played, not {width} by {height}"));
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

/// Reads a confirmation line.
pub fn parse_confirmation(line: &str) -> Result<Confirmation, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if matches!(tokens.first(), Some(&"NO_MOVE") | Some(&"SURRENDER")) {
        return Ok(Confirmation::NoMove);
    }
    let bad = |why: &str| format!("{why} in `{}`", line.trim());
    let [x, y, direction, rest @ ..] = tokens.as_slice() else {
        return Err(bad("expected `x y DIR [n] OUTCOME`"));
    };
    let coordinate = |t: &str| t.parse::<usize>().ok().filter(|&v| v < SIZE);
    let (Some(x), Some(y)) = (coordinate(x), coordinate(y)) else {
        return Err(bad("coordinates must be 0..9"));
    };
    let direction =
        Direction::parse(direction).ok_or_else(|| bad("the direction must be UP, DOWN, LEFT or RIGHT"))?;
    let (distance, rest) = match rest.split_first() {
        Some((n, more)) if n.chars().all(|c| c.is_ascii_digit()) => {
            let n = n.parse::<usize>().ok().filter(|&n| (1..SIZE).contains(&n));
            (n.ok_or_else(|| bad("the distance must be 1..9"))?, more)
        }
        _ => (1, rest),
    };
    let ranks = |rest: &[&str]| -> Result<Option<(Rank, Rank)>, String> {
        match rest {
            [] => Ok(None),
            [a, d, ..] => match (parse_rank(a), parse_rank(d)) {
                (Some(a), Some(d)) => Ok(Some((a, d))),
                _ => Err(bad("unknown rank")),
            },
            _ => Err(bad("two ranks expected")),
        }
    };
    let Some((word, after)) = rest.split_first() else {
        return Err(bad("the outcome is missing"));
    };
    let both = |after: &[&str]| ranks(after)?.ok_or_else(|| bad("the two ranks are missing"));
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
        other => return Err(bad(&format!("unknown outcome `{other}`"))),
    };
    Ok(Confirmation::Move(WireMove { x, y, direction, distance }, outcome))
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Game, Seat};
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
}
