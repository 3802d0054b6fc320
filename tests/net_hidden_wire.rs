//! The wire proof for Strategy Chess: every byte the server sent one seat
//! during a whole game, checked against the opponent's hidden army.
//!
//! The proof is by non-interference. After a recorded game, the test
//! rebuilds the server's lines to the tapped seat from the full record
//! (first with the real setups: byte for byte the same, so the rebuild is
//! faithful). Then, at each battle that reveals an enemy piece, it swaps
//! that piece's rank with another hidden enemy piece's and shuffles the
//! ranks of the other still-hidden enemy pieces (keeping what is public:
//! a piece that has moved stays a piece that can move, a piece that moved
//! far stays a Scout), replays the same moves, and rebuilds the lines up to
//! that battle. They are byte for byte what was sent: so nothing sent
//! before the battle depended on which hidden piece stood where, neither
//! its rank nor the setup square it started on. The line after the battle
//! does change (the battle reveals the rank), which shows the comparison
//! would notice a leak.
//!
//! The tapped seat is a line client or, as a web page is, a WebSocket
//! client; the proof is the same for both.
//!
//! Pieces travel without any identity of their own: an enemy piece on the
//! wire is its colour, its rank (null until revealed) and its public facts,
//! named by the square it stands on.

mod net_support;

use game_core::rng::splitmix64;
use game_core::{Game, Observe, Referee, RuleSet, Seat};
use headless::net::bot::{MoveChooser, chooser_for_level};
use headless::net::view_trail::TrailSender;
use headless::net::wire_tap::{TapKind, WireRecording, record_bot_game_over};
use headless::protocol::{ServerMessage, decode_server, encode};
use net_support::test_server;
use serde_json::Value;
use strategy_chess::{Colour, Rank, Setup, Square, StrategyChess, StrategyChessRules};

/// Small random choices from a seed (the root package has no `rand`).
struct Picker(u64);

impl Picker {
    fn below(&mut self, n: usize) -> usize {
        self.0 = splitmix64(self.0);
        (self.0 % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

fn level_one() -> Box<dyn MoveChooser<StrategyChess>> {
    chooser_for_level::<StrategyChess>(1)
}

fn setup_of(rec: &WireRecording, seat: Seat) -> Setup {
    let report = if rec.tapped.seat == seat { &rec.tapped } else { &rec.other };
    let value = report.record.as_ref().unwrap().setups[seat.index()].clone().expect("the bot kept its setup");
    value.try_into().expect("a setup")
}

/// The server's View and MovePlayed lines to `viewer` for the first `plies`
/// moves of `moves`, from `setups`: views at plies 0..=plies, each move
/// between. `None` if the rules refuse a move from these setups.
fn rebuild_lines(
    rules: &StrategyChessRules,
    setups: &[Setup; 2],
    moves: &[String],
    plies: usize,
    viewer: Seat,
) -> Option<Vec<String>> {
    let mut referee = Referee::new(StrategyChess::start(rules, setups).ok()?);
    let mut trail = TrailSender::default();
    let mut lines = Vec::new();
    let mut view_line = |referee: &Referee<StrategyChess>, lines: &mut Vec<String>| {
        let mut view = serde_json::to_value(referee.view(viewer)).unwrap();
        let history_from = trail.shorten(&mut view);
        let message = ServerMessage::View {
            ply: referee.ply(),
            to_move: referee.to_move(),
            view,
            history_from,
            outcome: referee.outcome(),
        };
        lines.push(encode(&message).unwrap());
    };
    view_line(&referee, &mut lines);
    for (ply, text) in moves.iter().take(plies).enumerate() {
        let seat = referee.to_move();
        let played = referee.submit_text(seat, ply, text).ok()?;
        let message = ServerMessage::MovePlayed { seat, ply, notation: played.notation.clone() };
        lines.push(encode(&message).unwrap());
        view_line(&referee, &mut lines);
    }
    Some(lines)
}

/// A hidden enemy piece at some ply: where it stands, where it started.
#[derive(Clone, Copy, Debug)]
struct Hidden {
    square: Square,
    origin: (usize, usize),
    rank: Rank,
    moved: bool,
}

/// Follows the enemy's pieces from their setup places through the moves.
struct Origins {
    enemy: Colour,
    at: Vec<Option<(usize, usize)>>,
}

impl Origins {
    fn new(enemy: Colour, start: &StrategyChess) -> Origins {
        let at = Square::all()
            .map(|sq| match start.piece(sq) {
                Some(p) if p.colour == enemy => Setup::place_of(enemy, sq),
                _ => None,
            })
            .collect();
        Origins { enemy, at }
    }

    /// Moves the origins along with `from`-`to`, given the position after.
    fn follow(&mut self, from: Square, to: Square, after: &StrategyChess) {
        let mover = self.at[from.index()].take();
        let defender = self.at[to.index()].take();
        self.at[to.index()] = match after.piece(to) {
            Some(p) if p.colour == self.enemy => mover.or(defender),
            _ => None,
        };
    }

    fn hidden(&self, position: &StrategyChess) -> Vec<Hidden> {
        Square::all()
            .filter_map(|sq| {
                let piece = position.piece(sq).filter(|p| p.colour == self.enemy)?;
                let facts = position.facts(sq);
                (!facts.revealed && !facts.moved_far).then(|| Hidden {
                    square: sq,
                    origin: self.at[sq.index()].expect("every enemy piece has an origin"),
                    rank: piece.rank,
                    moved: facts.moved,
                })
            })
            .collect()
    }
}

/// The enemy setup with the hidden pieces' ranks permuted: `key` takes a
/// different rank from its own class (moved or not), the rest of each
/// class is shuffled. `None` if no piece of `key`'s class has another
/// rank (then its rank is no secret).
fn swapped_setup(setup: &Setup, hidden: &[Hidden], key: Square, rng: &mut Picker) -> Option<Setup> {
    let key_piece = *hidden.iter().find(|h| h.square == key)?;
    let class: Vec<Hidden> = hidden.iter().copied().filter(|h| h.moved == key_piece.moved).collect();
    let others: Vec<&Hidden> = class.iter().filter(|h| h.rank != key_piece.rank).collect();
    if others.is_empty() {
        return None;
    }
    let partner = others[rng.below(others.len())];
    let mut new_setup = *setup;
    new_setup.set(key_piece.origin.0, key_piece.origin.1, Some(partner.rank));
    new_setup.set(partner.origin.0, partner.origin.1, Some(key_piece.rank));
    for moved in [false, true] {
        let rest: Vec<&Hidden> = hidden
            .iter()
            .filter(|h| h.moved == moved && h.square != key && h.square != partner.square)
            .collect();
        let mut ranks: Vec<Rank> = rest.iter().map(|h| h.rank).collect();
        rng.shuffle(&mut ranks);
        for (h, rank) in rest.iter().zip(ranks) {
            new_setup.set(h.origin.0, h.origin.1, Some(rank));
        }
    }
    Some(new_setup)
}

/// Every enemy piece on the wire is colour, rank and facts only, its rank
/// null unless a battle revealed it.
fn check_enemy_pieces_carry_no_identity(messages: &[ServerMessage], viewer: Seat) {
    let enemy = serde_json::to_value(Colour::of_seat(viewer).opponent()).unwrap();
    for message in messages {
        let ServerMessage::View { view, .. } = message else { continue };
        let squares = view["squares"].as_array().expect("a board of squares");
        for square in squares {
            let Some(piece) = square.get("piece") else { continue };
            if piece["colour"] != enemy {
                continue;
            }
            let keys: Vec<&String> = piece.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["colour", "facts", "rank"], "an enemy piece carries only public facts");
            let revealed = piece["facts"]["revealed"] == Value::Bool(true);
            assert_eq!(
                piece["rank"].is_null(),
                !revealed,
                "an enemy rank is sent only once revealed: {piece}"
            );
        }
    }
}

/// Plays one recorded game and proves the tapped seat learnt no hidden
/// identity before its battle. Returns (battles checked, changes seen
/// right after a battle).
fn prove_game(
    kind: TapKind,
    server: std::net::SocketAddr,
    rules: StrategyChessRules,
    seed: u64,
    tap_first: bool,
    cuts: usize,
) -> (usize, usize) {
    let rec = record_bot_game_over::<StrategyChess>(kind, server, rules.clone(), seed, tap_first, level_one)
        .expect("the game finishes");
    let viewer = rec.tapped.seat;
    let enemy = Colour::of_seat(viewer).opponent();
    check_enemy_pieces_carry_no_identity(&rec.messages, viewer);

    let text = String::from_utf8(rec.bytes.clone()).unwrap();
    let wire: Vec<&str> = text
        .lines()
        .filter(|l| {
            matches!(decode_server(l), Ok(ServerMessage::View { .. } | ServerMessage::MovePlayed { .. }))
        })
        .collect();
    let moves = rec.tapped.record.as_ref().unwrap().moves.clone();
    let plies = moves.len();
    assert_eq!(wire.len(), 2 * plies + 1, "a view at the start and a move and a view for every ply");
    let setups = [setup_of(&rec, Seat::FIRST), setup_of(&rec, Seat::SECOND)];

    // The rebuild is faithful: from the real setups, every line as sent.
    let real = rebuild_lines(&rules, &setups, &moves, plies, viewer).expect("the real game replays");
    assert_eq!(real, wire, "the rebuilt lines are the lines on the wire");

    // Walk the real game; at each battle that reveals a hidden enemy piece,
    // swap hidden identities and rebuild up to it.
    let mut referee = Referee::new(StrategyChess::start(&rules, &setups).unwrap());
    let mut origins = Origins::new(enemy, referee.position());
    let mut rng = Picker(seed ^ 0x5eed);
    let (mut checked, mut changed) = (0, 0);
    // A battle's notation has `x`; check about `cuts` of them, spread out.
    let battles = moves.iter().filter(|m| m.contains('x')).count();
    let stride = battles.div_ceil(cuts).max(1);
    let mut battle_index = 0;
    for (ply, text) in moves.iter().enumerate() {
        let position = referee.position().clone();
        let mv = position.parse_move(text).unwrap();
        let struck = [mv.from, mv.to].into_iter().find(|&sq| {
            position.piece(sq).is_some_and(|p| p.colour == enemy) && !position.facts(sq).revealed
        });
        let is_battle = text.contains('x');
        if let (true, Some(key)) = (is_battle, struck) {
            battle_index += 1;
            if battle_index % stride == 0 {
                let hidden = origins.hidden(&position);
                let enemy_setup = &setups[enemy.seat().index()];
                let mut tried = 0;
                while tried < 8 {
                    tried += 1;
                    let Some(alt) = swapped_setup(enemy_setup, &hidden, key, &mut rng) else { break };
                    assert_ne!(alt, *enemy_setup);
                    assert_eq!(alt.army(), enemy_setup.army());
                    let mut alt_setups = setups;
                    alt_setups[enemy.seat().index()] = alt;
                    // The same moves must stay legal with the other arrangement
                    // (rarely a shuffle leaves the enemy without a move: try another).
                    // One rebuild through the battle when the battle move stays
                    // legal (a long Scout strike may not, with another rank).
                    let (lines, after) = match rebuild_lines(&rules, &alt_setups, &moves, ply + 1, viewer) {
                        Some(mut lines) => {
                            let after = lines.pop();
                            lines.pop();
                            (lines, after)
                        }
                        None => match rebuild_lines(&rules, &alt_setups, &moves, ply, viewer) {
                            Some(lines) => (lines, None),
                            None => continue,
                        },
                    };
                    assert_eq!(
                        lines,
                        wire[..2 * ply + 1],
                        "seed {seed}: the lines before the battle at ply {ply} depend on hidden identities"
                    );
                    checked += 1;
                    changed += usize::from(after.is_some_and(|line| line != wire[2 * ply + 2]));
                    break;
                }
            }
        }
        let seat = referee.to_move();
        referee.submit_text(seat, ply, text).unwrap();
        origins.follow(mv.from, mv.to, referee.position());
    }
    (checked, changed)
}

#[test]
fn no_hidden_identity_crosses_the_wire_before_its_battle() {
    prove_cases(TapKind::Lines);
}

#[test]
fn no_hidden_identity_reaches_a_websocket_seat_before_its_battle() {
    prove_cases(TapKind::WebSocket);
}

/// The proof on four games, the tapped seat reaching the server as `kind`
/// says.
fn prove_cases(kind: TapKind) {
    let server = test_server();
    let rules = |settings: &[&str]| {
        let settings: Vec<String> = settings.iter().map(|s| s.to_string()).collect();
        StrategyChessRules::default().with_settings(&settings).unwrap()
    };
    let (classic, barrage) = (rules(&["no_capture_limit=30"]), rules(&["army=barrage"]));
    let mut total = (0, 0);
    // The classic army with a short no-capture limit (the default limit
    // makes random games of a thousand plies and more: see the ignored
    // test below), and the small barrage army; each seat tapped.
    for (rules, seed, tap_first, cuts) in [
        (classic.clone(), 1, true, 12),
        (classic, 2, false, 12),
        (barrage.clone(), 3, true, 12),
        (barrage, 4, false, 12),
    ] {
        // A game whose battles cannot be rearranged (or that has none) checks
        // nothing: the next seed is tried, up to four games per case.
        let mut checked_any = false;
        for attempt in 0..4 {
            let game_seed = seed + 10 * attempt;
            let (checked, changed) =
                prove_game(kind, server.addr(), rules.clone(), game_seed, tap_first, cuts);
            total = (total.0 + checked, total.1 + changed);
            if checked > 0 {
                checked_any = true;
                break;
            }
        }
        assert!(checked_any, "seed {seed}: at least one battle was checked in four games");
    }
    // The comparison is sensitive: right after a battle, the swapped
    // identity shows (the battle reveals it).
    assert!(total.1 * 2 >= total.0, "after-battle lines changed in only {} of {} cases", total.1, total.0);
    server.stop();
}

/// The same proof on games with the default rules: about a thousand plies
/// each, and rebuilding views that carry the whole history is quadratic,
/// so this takes a minute. `cargo test --test net_hidden_wire -- --ignored`
#[test]
#[ignore = "long: whole classic games with the default rules"]
fn no_hidden_identity_crosses_the_wire_in_default_classic_games() {
    let server = test_server();
    for (seed, tap_first) in [(5, true), (6, false)] {
        let (checked, changed) =
            prove_game(TapKind::Lines, server.addr(), StrategyChessRules::default(), seed, tap_first, 6);
        assert!(checked > 0 && changed > 0, "seed {seed}: {checked} checked, {changed} changed");
    }
    server.stop();
}

#[test]
fn a_swap_is_public_fact_preserving() {
    // Unit check of the harness itself on a start position: the swapped
    // setup keeps the army and never puts an immobile rank on a moved piece.
    let library = strategy_chess::Library::builtin();
    let setups = [library.entry(1).unwrap().setup, library.entry(2).unwrap().setup];
    let rules = StrategyChessRules::default();
    let start = StrategyChess::start(&rules, &setups).unwrap();
    let origins = Origins::new(Colour::Blue, &start);
    let hidden = origins.hidden(&start);
    assert_eq!(hidden.len(), 40);
    let key = hidden[0].square;
    let mut rng = Picker(9);
    let alt = swapped_setup(&setups[1], &hidden, key, &mut rng).unwrap();
    assert_eq!(alt.army(), setups[1].army());
    let (row, column) = hidden[0].origin;
    assert_ne!(alt.get(row, column), setups[1].get(row, column), "the key piece changed rank");
    let alt_start = StrategyChess::start(&rules, &[setups[0], alt]).unwrap();
    assert_ne!(alt_start.view(Seat::SECOND), start.view(Seat::SECOND));
    assert_eq!(alt_start.view(Seat::FIRST), start.view(Seat::FIRST), "Red cannot tell the two apart");
}
