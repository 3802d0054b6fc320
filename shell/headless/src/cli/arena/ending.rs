//! How an arena game ended: by the rules, by the turn limit, or by a
//! program's fault; and the words for it on the game's line and in the
//! `QUIT` line.

use crate::cli::ucc::wire::{MoveTextError, SetupLinesError};
use game_core::{Game, Outcome, RefereeError};
use std::fmt;
use std::process::ExitStatus;
use std::time::Duration;
use strategy_chess::rules::MAX_PLIES;
use strategy_chess::{Clash, Colour, StrategyChess, Violation};

/// When a program was too late.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Its four setup lines.
    Setup,
    /// A move.
    Move,
}

/// Why a program lost its game without the rules deciding it.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    /// No answer within the time allowed.
    Late {
        /// What it was asked for.
        phase: Phase,
        /// The time it had.
        limit: Duration,
    },
    /// Its output ended: it exited, crashed or closed it.
    Died {
        /// How it exited, once the arena has reaped it.
        status: Option<ExitStatus>,
    },
    /// A line longer than [`super::program::MAX_LINE`] bytes.
    TooLong {
        /// Its length.
        bytes: usize,
    },
    /// An answer that is neither `x y DIR [n]` nor `SURRENDER`.
    Unreadable {
        /// The line (shortened, see [`crate::cli::ucc::wire::shown`]).
        text: String,
        /// What is wrong with it.
        why: MoveTextError,
    },
    /// A move whose target is off the board.
    OffBoard {
        /// The move.
        text: String,
    },
    /// A move the referee refused.
    Illegal {
        /// The move.
        text: String,
        /// The referee's reason, naming the rule.
        why: RefereeError<Violation>,
    },
    /// It answered `SURRENDER`.
    Surrendered,
    /// Its setup lines are not a setup of the army.
    BadSetup(SetupLinesError),
}

impl fmt::Display for Fault {
    /// What the program did, after its name: `sent an illegal move ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Late { phase, limit } => {
                let what = match phase {
                    Phase::Setup => "setup",
                    Phase::Move => "move",
                };
                write!(f, "was too late: no {what} within {} s", limit.as_secs_f64())
            }
            Fault::Died { status: Some(status) } => write!(f, "died: its output ended ({status})"),
            Fault::Died { status: None } => write!(f, "died: its output ended"),
            Fault::TooLong { bytes } => write!(f, "sent a line of {bytes} bytes, far too long for an answer"),
            Fault::Unreadable { text, why } => write!(f, "sent an unreadable move `{text}`: {why}"),
            Fault::OffBoard { text } => write!(f, "sent an illegal move {text}: it leaves the board"),
            Fault::Illegal { text, why } => write!(f, "sent an illegal move {text}: {why}"),
            Fault::Surrendered => write!(f, "surrendered"),
            Fault::BadSetup(why) => write!(f, "sent a bad setup: {why}"),
        }
    }
}

impl Fault {
    /// The result word of the `QUIT` line, as the UCC manager writes it.
    fn quit_word(&self) -> &'static str {
        match self {
            Fault::Surrendered => "SURRENDER",
            Fault::BadSetup(_) => "BAD_SETUP",
            _ => "ILLEGAL",
        }
    }

    /// Fills in the exit status of a program that died.
    fn note_exit(&mut self, exit: Option<ExitStatus>) {
        if let Fault::Died { status } = self {
            *status = exit;
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Ending {
    /// `winner` took the Flag.
    Flag {
        /// Who took it.
        winner: Colour,
    },
    /// The loser, to move, had no legal move (no piece that can move).
    Attrition {
        /// The other side.
        winner: Colour,
    },
    /// A draw: neither side can move.
    NeitherCanMove,
    /// A draw by the rules' `no_capture_limit`.
    NoCapture {
        /// The limit in plies.
        limit: u32,
    },
    /// A draw by the rules' own cap of [`MAX_PLIES`] plies.
    PlyCap,
    /// A draw by the arena's `--turn-limit`.
    TurnLimit {
        /// The limit in plies.
        limit: u32,
    },
    /// A program lost by its own fault.
    Fault {
        /// Its colour.
        loser: Colour,
        /// What it did.
        fault: Fault,
    },
    /// A draw: neither program gave a setup.
    BothSetupsFailed {
        /// Red's fault.
        red: Fault,
        /// Blue's fault.
        blue: Fault,
    },
}

impl Ending {
    /// The ending of a game the rules decided, from the referee's final
    /// position and outcome.
    pub fn of_rules(position: &StrategyChess, outcome: Outcome) -> Ending {
        let rules = position.rules();
        match outcome.winner {
            Some(seat) => {
                let winner = Colour::of_seat(seat);
                let battle = position.last_move().and_then(|event| event.battle);
                if battle.is_some_and(|b| b.clash == Clash::FlagCaptured) {
                    Ending::Flag { winner }
                } else {
                    Ending::Attrition { winner }
                }
            }
            None if rules.no_capture_limit > 0 && position.quiet_plies() >= rules.no_capture_limit => {
                Ending::NoCapture { limit: rules.no_capture_limit }
            }
            None if position.plies() >= MAX_PLIES => Ending::PlyCap,
            None => Ending::NeitherCanMove,
        }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Colour> {
        match self {
            Ending::Flag { winner } | Ending::Attrition { winner } => Some(*winner),
            Ending::Fault { loser, .. } => Some(loser.opponent()),
            Ending::NeitherCanMove
            | Ending::NoCapture { .. }
            | Ending::PlyCap
            | Ending::TurnLimit { .. }
            | Ending::BothSetupsFailed { .. } => None,
        }
    }

    /// Fills in the exit status of `colour`'s program if it died.
    pub fn note_exit(&mut self, colour: Colour, status: Option<ExitStatus>) {
        match self {
            Ending::Fault { loser, fault } if *loser == colour => fault.note_exit(status),
            Ending::BothSetupsFailed { red, blue } => match colour {
                Colour::Red => red.note_exit(status),
                Colour::Blue => blue.note_exit(status),
            },
            _ => {}
        }
    }

    /// The reason on the game's line, naming each program by its flag:
    /// `first program` (`--first`, playing `first`) or `second program`.
    pub fn reason(&self, first: Colour) -> String {
        let label = |colour: Colour| if colour == first { "first program" } else { "second program" };
        match self {
            Ending::Flag { winner } => format!("{} wins by taking the flag", label(*winner)),
            Ending::Attrition { winner } => {
                format!(
                    "{} wins by attrition: {} has no piece that can move",
                    label(*winner),
                    label(winner.opponent())
                )
            }
            Ending::NeitherCanMove => "draw: neither side can move".into(),
            Ending::NoCapture { limit } => format!("draw: {limit} plies without a battle (no_capture_limit)"),
            Ending::PlyCap => format!("draw: the rules end a game at {MAX_PLIES} plies"),
            Ending::TurnLimit { limit } => format!("draw: the turn limit of {limit} plies"),
            Ending::Fault { loser, fault } => format!("{} {fault}", label(*loser)),
            Ending::BothSetupsFailed { red, blue } => {
                let (first_fault, second_fault) =
                    if first == Colour::Red { (red, blue) } else { (blue, red) };
                format!(
                    "draw: no setup from either: first program {first_fault}; second program {second_fault}"
                )
            }
        }
    }

    /// The `QUIT` line sent to both programs: `QUIT NAME COLOUR RESULT
    /// PLIES`, as the UCC manager writes it (without its piece values):
    /// the colour the result is about (the winner, the program at fault,
    /// or `BOTH`), its program's name (`neither` for `BOTH`), and the
    /// result `VICTORY`, `DRAW`, `DRAW_DEFAULT` (the turn limit),
    /// `SURRENDER`, `BAD_SETUP` or `ILLEGAL` (any other fault). `names` are
    /// the programs' names by colour.
    pub fn quit_line(&self, names: &[String; 2], plies: usize) -> String {
        let about = |colour: Colour, word: &str| {
            format!("QUIT {} {} {word} {plies}", names[colour.index()], colour.name().to_uppercase())
        };
        match self {
            Ending::Flag { winner } | Ending::Attrition { winner } => about(*winner, "VICTORY"),
            Ending::Fault { loser, fault } => about(*loser, fault.quit_word()),
            Ending::NeitherCanMove | Ending::NoCapture { .. } | Ending::PlyCap => {
                format!("QUIT neither BOTH DRAW {plies}")
            }
            Ending::TurnLimit { .. } => format!("QUIT neither BOTH DRAW_DEFAULT {plies}"),
            Ending::BothSetupsFailed { .. } => format!("QUIT neither BOTH BAD_SETUP {plies}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::ucc::config::manager_rules;
    use game_core::RuleSet;
    use std::os::unix::process::ExitStatusExt;
    use strategy_chess::{Library, Rank, Square};

    fn names() -> [String; 2] {
        ["./red-bot".to_string(), "/bin/blue".to_string()]
    }

    #[test]
    fn faults_lose_and_say_what_happened() {
        let cases = [
            (
                Fault::Late { phase: Phase::Move, limit: Duration::from_millis(500) },
                "was too late: no move within 0.5 s",
            ),
            (
                Fault::Late { phase: Phase::Setup, limit: Duration::from_secs(10) },
                "was too late: no setup within 10 s",
            ),
            (Fault::Died { status: None }, "died: its output ended"),
            (
                Fault::Died { status: Some(ExitStatus::from_raw(3 << 8)) },
                "died: its output ended (exit status: 3)",
            ),
            (Fault::TooLong { bytes: 9000 }, "sent a line of 9000 bytes, far too long for an answer"),
            (
                Fault::Unreadable { text: "hello".into(), why: MoveTextError::Shape },
                "sent an unreadable move `hello`: expected `x y DIR [n]` or `SURRENDER`",
            ),
            (Fault::OffBoard { text: "0 0 UP".into() }, "sent an illegal move 0 0 UP: it leaves the board"),
            (
                Fault::Illegal {
                    text: "1 0 DOWN".into(),
                    why: RefereeError::Illegal(Violation::Immovable(Rank::Bomb)),
                },
                "sent an illegal move 1 0 DOWN: a Bomb never moves",
            ),
            (Fault::Surrendered, "surrendered"),
            (
                Fault::BadSetup(SetupLinesError::Count { found: 2 }),
                "sent a bad setup: 2 setup lines, expected 4",
            ),
        ];
        for (fault, words) in cases {
            let quit = fault.quit_word();
            let ending = Ending::Fault { loser: Colour::Blue, fault };
            assert_eq!(ending.winner(), Some(Colour::Red));
            assert_eq!(ending.reason(Colour::Red), format!("second program {words}"));
            assert_eq!(ending.quit_line(&names(), 7), format!("QUIT /bin/blue BLUE {quit} 7"));
        }
    }

    #[test]
    fn a_dead_programs_exit_status_is_filled_in_for_it_only() {
        let mut ending = Ending::Fault { loser: Colour::Red, fault: Fault::Died { status: None } };
        ending.note_exit(Colour::Blue, Some(ExitStatus::from_raw(0)));
        assert_eq!(ending.reason(Colour::Red), "first program died: its output ended");
        ending.note_exit(Colour::Red, Some(ExitStatus::from_raw(1 << 8)));
        assert_eq!(ending.reason(Colour::Red), "first program died: its output ended (exit status: 1)");
        let mut both = Ending::BothSetupsFailed {
            red: Fault::Died { status: None },
            blue: Fault::Late { phase: Phase::Setup, limit: Duration::from_secs(10) },
        };
        both.note_exit(Colour::Red, Some(ExitStatus::from_raw(2 << 8)));
        assert_eq!(both.winner(), None);
        assert_eq!(
            both.reason(Colour::Red),
            "draw: no setup from either: first program died: its output ended (exit status: 2); \
             second program was too late: no setup within 10 s"
        );
        assert_eq!(both.quit_line(&names(), 0), "QUIT neither BOTH BAD_SETUP 0");
        // The first program's fault comes first whatever its colour.
        assert_eq!(
            both.reason(Colour::Blue),
            "draw: no setup from either: first program was too late: no setup within 10 s; \
             second program died: its output ended (exit status: 2)"
        );
    }

    /// A position of the manager's rules holding `pieces` (square and
    /// token of the position text form), Red to move, after Red plays `mv`.
    fn after(pieces: &[(&str, &str)], mv: (&str, &str)) -> StrategyChess {
        let mut rows = [["."; 10]; 10];
        for sq in Square::all().filter(|sq| sq.is_lake()) {
            rows[sq.row()][sq.file()] = "~";
        }
        for (at, token) in pieces {
            let sq = Square::parse(at).unwrap();
            rows[sq.row()][sq.file()] = token;
        }
        let mut text: String = rows.iter().rev().map(|row| row.join(" ") + "\n").collect();
        text.push_str("to_move: red\n");
        let mut game = StrategyChess::parse_position(&manager_rules(), &text).unwrap();
        let [from, to] = [mv.0, mv.1].map(|s| Square::parse(s).unwrap());
        game.try_play(strategy_chess::Move::new(from, to)).unwrap();
        game
    }

    #[test]
    fn the_rules_endings_are_told_apart() {
        let ending = |game: &StrategyChess| Ending::of_rules(game, game.outcome().unwrap());
        let flag = after(&[("a1", "rF"), ("a6", "r4"), ("a7", "bF"), ("j10", "b5")], ("a6", "a7"));
        assert_eq!(ending(&flag), Ending::Flag { winner: Colour::Red });
        // The last Blue piece that moves dies: Blue, to move, cannot.
        let attrition = after(&[("a1", "rF"), ("a6", "r4"), ("a7", "b9"), ("j10", "bF")], ("a6", "a7"));
        assert_eq!(ending(&attrition), Ending::Attrition { winner: Colour::Red });
        let both_die = after(&[("a1", "rF"), ("a6", "r4"), ("a7", "b4"), ("j10", "bF")], ("a6", "a7"));
        assert_eq!(ending(&both_die), Ending::NeitherCanMove);

        let limit = manager_rules().with_settings(&["no_capture_limit=20"]).unwrap();
        let library = Library::builtin();
        let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
        let mut game = StrategyChess::start(&limit, &setups).unwrap();
        let mut moves = Vec::new();
        let mut rng = game_core::rng::seeded(1);
        while game.outcome().is_none() {
            game.legal_moves(&mut moves);
            let quiet = moves.iter().copied().find(|m| game.piece(m.to).is_none());
            let mv = quiet.unwrap_or_else(|| game.random_move(&mut rng, &mut moves).unwrap());
            game.try_play(mv).unwrap();
        }
        let no_capture = ending(&game);
        assert_eq!(no_capture, Ending::NoCapture { limit: 20 });
        assert_eq!(no_capture.winner(), None);
        assert_eq!(no_capture.reason(Colour::Red), "draw: 20 plies without a battle (no_capture_limit)");
        assert_eq!(no_capture.quit_line(&names(), 20), "QUIT neither BOTH DRAW 20");
    }

    #[test]
    fn wins_by_the_rules_name_the_winner() {
        let flag = Ending::Flag { winner: Colour::Blue };
        assert_eq!(flag.winner(), Some(Colour::Blue));
        assert_eq!(flag.reason(Colour::Red), "second program wins by taking the flag");
        assert_eq!(flag.quit_line(&names(), 214), "QUIT /bin/blue BLUE VICTORY 214");
        let attrition = Ending::Attrition { winner: Colour::Red };
        assert_eq!(
            attrition.reason(Colour::Red),
            "first program wins by attrition: second program has no piece that can move"
        );
        let limit = Ending::TurnLimit { limit: 5000 };
        assert_eq!(limit.winner(), None);
        assert_eq!(limit.reason(Colour::Red), "draw: the turn limit of 5000 plies");
        assert_eq!(limit.quit_line(&names(), 5000), "QUIT neither BOTH DRAW_DEFAULT 5000");
    }
}
