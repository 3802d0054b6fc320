//! One arena game: two programs and the referee between them, speaking the
//! UCC 2012 manager's lines (see [`crate::cli::ucc::wire`]).
//!
//! 1. Each program is sent `RED|BLUE <opponent's name> 10 10` and has
//!    [`SETUP_TIME`] (from that line) for its four setup lines, which must
//!    hold exactly the army of the rules.
//! 2. Each turn, the program to move is sent ten board lines of its view
//!    (preceded by `START` on the game's first turn) and has the move
//!    timeout for its answer `x y DIR [n]` or `SURRENDER`. The referee
//!    checks the move; the confirmation (`x y DIR [n] OK`, `KILLS a d`,
//!    ...) goes to the mover and then to the other program, whose next
//!    board follows it.
//! 3. The game ends by the rules (the referee's outcome), by the turn limit
//!    (a draw), or by a program's fault (it loses). Both programs are then
//!    sent the `QUIT` line, given [`QUIT_GRACE`] to exit, and killed.

use super::ending::{Ending, Fault, Phase};
use super::error::ArenaError;
use super::program::{Heard, Program};
use crate::cli::ucc::wire::{self, Answer, Confirmation};
use game_core::{Game, Referee};
use std::time::{Duration, Instant};
use strategy_chess::{Colour, Setup, StrategyChess, StrategyChessRules};

/// The time a program has for its four setup lines, counted from its start
/// line. More than a move gets: a program may be slow to start (an
/// interpreter, a JIT) or think over its setup.
pub const SETUP_TIME: Duration = Duration::from_secs(10);

/// How long programs have to exit after the `QUIT` line before they are
/// killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(500);

/// What every game of an arena shares.
#[derive(Clone, Debug)]
pub struct Terms {
    /// The rules the referee holds the programs to.
    pub rules: StrategyChessRules,
    /// The time a program has for its setup lines ([`SETUP_TIME`]).
    pub setup_time: Duration,
    /// The time a program has for each move, from its last board line.
    pub move_timeout: Duration,
    /// A game that reaches this many plies is a draw.
    pub turn_limit: u32,
}

/// How one game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReport {
    /// Plies played.
    pub plies: usize,
    /// How it ended.
    pub ending: Ending,
}

/// A program's name in the protocol: the first word of its command, as the
/// UCC manager names a program by its path.
pub fn program_name(command: &str) -> String {
    command.split_whitespace().next().unwrap_or("program").to_string()
}

/// Plays one game between the programs of `commands` (Red's, then Blue's),
/// each started with `env` added to its environment.
pub fn play(terms: &Terms, commands: [&str; 2], env: &[(&str, String)]) -> Result<GameReport, ArenaError> {
    let names = commands.map(program_name);
    let red = Program::start(commands[0], env)?;
    let blue = Program::start(commands[1], env)?;
    let mut programs = [red, blue];
    let (mut ending, plies) = exchange(terms, &programs, &names);
    let quit = ending.quit_line(&names, plies);
    for program in &mut programs {
        program.quit(&quit);
    }
    let deadline = Instant::now() + QUIT_GRACE;
    for (colour, program) in Colour::BOTH.into_iter().zip(programs) {
        ending.note_exit(colour, program.end(deadline));
    }
    Ok(GameReport { plies, ending })
}

/// The game's lines, from the start lines to the end; how it ended and
/// after how many plies.
fn exchange(terms: &Terms, programs: &[Program; 2], names: &[String; 2]) -> (Ending, usize) {
    for colour in Colour::BOTH {
        let opponent = &names[colour.opponent().index()];
        programs[colour.index()].send(&format!("{} {opponent} 10 10", colour.name().to_uppercase()));
    }
    let deadline = Instant::now() + terms.setup_time;
    let [red, blue] = Colour::BOTH.map(|c| read_setup(&programs[c.index()], c, terms, deadline));
    let setups = match (red, blue) {
        (Ok(red), Ok(blue)) => [red, blue],
        (Err(red), Err(blue)) => return (Ending::BothSetupsFailed { red, blue }, 0),
        (Err(fault), Ok(_)) => return (Ending::Fault { loser: Colour::Red, fault }, 0),
        (Ok(_), Err(fault)) => return (Ending::Fault { loser: Colour::Blue, fault }, 0),
    };
    let start = match StrategyChess::start(&terms.rules, &setups) {
        Ok(start) => start,
        // Both setups hold the army, so only a rules problem is left, and
        // the rules were checked before the first game.
        Err(e) => {
            let fault = Fault::BadSetup(wire::SetupLinesError::Army(e.problem));
            return (Ending::Fault { loser: Colour::of_seat(e.seat), fault }, 0);
        }
    };
    let mut referee = Referee::new(start);
    programs[referee.position().colour_to_move().index()].send("START");
    loop {
        let plies = referee.ply();
        if let Some(outcome) = referee.outcome() {
            return (Ending::of_rules(referee.position(), outcome), plies);
        }
        if plies >= terms.turn_limit as usize {
            return (Ending::TurnLimit { limit: terms.turn_limit }, plies);
        }
        let seat = referee.to_move();
        let colour = Colour::of_seat(seat);
        let program = &programs[colour.index()];
        for line in wire::board_lines(&referee.view(seat), colour) {
            program.send(&line);
        }
        let lost = |fault| (Ending::Fault { loser: colour, fault }, plies);
        let text = match program.read(Instant::now() + terms.move_timeout) {
            Heard::Line(text) => text,
            Heard::TooLong(bytes) => return lost(Fault::TooLong { bytes }),
            Heard::Late => return lost(Fault::Late { phase: Phase::Move, limit: terms.move_timeout }),
            Heard::Ended => return lost(Fault::Died { status: None }),
        };
        let wire_move = match wire::parse_answer(&text) {
            Ok(Answer::Move(wire_move)) => wire_move,
            Ok(Answer::Surrender) => return lost(Fault::Surrendered),
            Err(why) => return lost(Fault::Unreadable { text: wire::shown(&text), why }),
        };
        let Some(mv) = wire_move.to_move() else {
            return lost(Fault::OffBoard { text: wire_move.text() });
        };
        if let Err(why) = referee.submit(seat, plies, mv) {
            return lost(Fault::Illegal { text: wire_move.text(), why });
        }
        let won = referee.outcome().is_some_and(|o| o.winner == Some(seat));
        let battle = referee.position().last_move().and_then(|event| event.battle);
        let confirmation = Confirmation::Move(wire_move, wire::Outcome::of_move(battle, won)).text();
        program.send(&confirmation);
        programs[colour.opponent().index()].send(&confirmation);
    }
}

/// A program's four setup lines, read by `deadline` and checked.
fn read_setup(program: &Program, colour: Colour, terms: &Terms, deadline: Instant) -> Result<Setup, Fault> {
    let mut lines = Vec::with_capacity(4);
    while lines.len() < 4 {
        match program.read(deadline) {
            Heard::Line(line) => lines.push(line),
            Heard::TooLong(bytes) => return Err(Fault::TooLong { bytes }),
            Heard::Late => return Err(Fault::Late { phase: Phase::Setup, limit: terms.setup_time }),
            Heard::Ended => return Err(Fault::Died { status: None }),
        }
    }
    wire::read_setup(&lines, colour, &terms.rules.army).map_err(Fault::BadSetup)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::ucc::config::manager_rules;

    fn terms() -> Terms {
        Terms {
            rules: manager_rules(),
            setup_time: Duration::from_secs(5),
            move_timeout: Duration::from_secs(5),
            turn_limit: 5000,
        }
    }

    /// A shell program that answers the classic setup of the transcript
    /// in `docs/engine-protocols.md`, then runs `then`.
    fn scripted(then: &str) -> String {
        format!("read colour rest; printf '6B7BFB8784\\n48B5B39199\\n76B496s839\\n9758592659\\n'; {then}")
    }

    #[test]
    fn names_are_the_commands_first_word() {
        assert_eq!(program_name("/usr/bin/boardsuite ucc-bot --level 1"), "/usr/bin/boardsuite");
        assert_eq!(program_name("  ./bot.py"), "./bot.py");
        assert_eq!(program_name(""), "program");
    }

    #[test]
    fn a_bomb_that_moves_loses_and_so_does_a_silent_setup() {
        // Red moves its Bomb on b1 (the manager's 1 0) at once.
        let bomb_mover = scripted(
            "while read line; do case \"$line\" in START) break;; esac; done; \
             for i in 1 2 3 4 5 6 7 8 9 10; do read board; done; echo '1 0 DOWN'; cat >/dev/null",
        );
        let waiting = scripted("cat >/dev/null");
        let report = play(&terms(), [&bomb_mover, &waiting], &[]).unwrap();
        assert_eq!(report.plies, 0);
        let Ending::Fault { loser: Colour::Red, fault: Fault::Illegal { text, why } } = &report.ending else {
            panic!("{:?}", report.ending)
        };
        assert_eq!(text, "1 0 DOWN");
        assert_eq!(why.to_string(), "a Bomb never moves");

        let silent = "cat >/dev/null";
        let terms = Terms { setup_time: Duration::from_millis(300), ..terms() };
        let report = play(&terms, [&waiting, silent], &[]).unwrap();
        // The setup has its own, longer time: the move timeout is not it.
        assert!(matches!(
            report.ending,
            Ending::Fault { loser: Colour::Blue, fault: Fault::Late { phase: Phase::Setup, .. } }
        ));
    }

    #[test]
    fn the_environment_reaches_both_programs() {
        // A setup only with the seed; then never a move.
        let seeded = scripted("cat >/dev/null");
        let seeded = format!("[ \"$BOARDSUITE_UCC_SEED\" = 77 ] || exit 5; {seeded}");
        let terms = Terms { move_timeout: Duration::from_millis(200), ..terms() };
        let env = [("BOARDSUITE_UCC_SEED", "77".to_string())];
        let report = play(&terms, [&seeded, &seeded], &env).unwrap();
        assert!(
            matches!(
                report.ending,
                Ending::Fault { loser: Colour::Red, fault: Fault::Late { phase: Phase::Move, .. } }
            ),
            "{:?}",
            report.ending
        );
        let report = play(&terms, [&seeded, &seeded], &[]).unwrap();
        let Ending::BothSetupsFailed { red, blue } = &report.ending else { panic!("{:?}", report.ending) };
        for fault in [red, blue] {
            assert_eq!(fault.to_string(), "died: its output ended (exit status: 5)");
        }
    }
}
