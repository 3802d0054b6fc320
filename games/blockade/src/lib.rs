//! # Blockade: territory by placement, capture, claim and overcrowding
//!
//! The rules engine of Blockade (PC Solutions, 1992), on bitboards.
//! [`Blockade`] implements game-core's [`Game`](game_core::Game),
//! [`Evaluate`](game_core::Evaluate), [`Solve`](game_core::Solve) and
//! [`Observe`](game_core::Observe) (it hides nothing).
//!
//! # Rules
//! - The board is `size` x `size` (5..=11, default 8). Neighbours are the 8
//!   surrounding squares, or the 4 orthogonal ones (`neighbourhood`; with
//!   those, games from the compact starts are short: see
//!   [`Neighbourhood::Orthogonal`]).
//! - The game starts from a [`StartPattern`]: `centre` (default), `wide`
//!   (a larger block, more first moves) or `grid` (stones over the whole
//!   board). Player One (seat [`Seat::FIRST`](game_core::Seat::FIRST), `x`)
//!   moves first.
//! - A move places a stone on an empty square next to at least one stone of
//!   the mover's and at least one of the opponent's.
//! - Then only the squares next to the placed stone can change. Each counts
//!   the mover's stones around it on the board right after placing, and all
//!   changes happen together, so one change never feeds another
//!   ([`Blockade::effects`] lists them as a [`MoveEffects`]):
//!   - **capture**: an opponent's stone with at least `capture` of the
//!     mover's stones around it becomes the mover's (default 3);
//!   - **claim**: an empty square with at least `claim` of the mover's
//!     stones around it gets a stone of the mover's (default 3);
//!   - **overcrowd**: a stone of the mover's with at least `overcrowd` of
//!     the mover's stones around it becomes the opponent's (default 4).
//!
//!   Each threshold is 1..=8; 0 switches its rule off. Under the
//!   4-neighbourhood no square has more than 4 neighbours, so thresholds
//!   5..=8 never trigger.
//! - **The placed stone itself is never overcrowded by its own move.** The
//!   rule looks at the squares next to the placed stone, and a square is
//!   not next to itself. A later move next to it may overcrowd it.
//! - A stone scores `corner_value` (default 9) on a corner, `edge_value`
//!   (default 3) on the rest of the edge, 1 elsewhere.
//! - The game ends when the player to move has no legal move (a full board
//!   has none); there is no passing. A legal square touches both colours,
//!   so it is legal for both players: when the player to move has no move,
//!   neither has the opponent. Higher score wins, by the difference; equal
//!   scores draw.
//!
//! # Notation
//! - A square is its file letter from Player One's left and its rank number
//!   from Player One's side: `a1` to `k11`. A move is the square the stone
//!   goes on: `d3`.
//! - A position is its ranks, top rank first, separated by `/`, each rank
//!   one character per file (`x` Player One, `o` Player Two, `.` empty),
//!   then a space and the side to move (`x` or `o`). The 8x8 start:
//!
//! ```text
//! ......../......../......../...ox.../...xo.../......../......../........ x
//! ```
//!
//! # Example
//! ```
//! use blockade::{Blockade, BlockadeRules, Square};
//! use game_core::{Game, Seat, perft};
//!
//! let mut game = Blockade::start(&BlockadeRules::default(), &[]).unwrap();
//! assert_eq!(game.legal_squares().len(), 8);
//! let d3 = game.parse_move("d3").unwrap();
//! let effects = game.effects(d3).unwrap();
//! // e4 now has three of Player One's stones around it (d3, d4, e5).
//! let e4 = Square::parse("e4").unwrap();
//! assert_eq!(effects.captured.iter().collect::<Vec<_>>(), vec![e4]);
//! assert!(effects.claimed.is_empty() && effects.overcrowded.is_empty());
//! game.try_play(d3).unwrap();
//! assert_eq!(game.stone(e4), Some(Seat::FIRST));
//! assert_eq!(
//!     game.format_position(),
//!     "......../......../......../...ox.../...xx.../...x..../......../........ o"
//! );
//! assert_eq!(perft(&game, 1), 4);
//! // c3 touches only Player One's d3 and d4: not a legal move for Two.
//! assert_eq!(game.try_play(game.parse_move("c3").unwrap()).unwrap_err().to_string(),
//!            "c3 is not next to a stone of yours");
//! ```
//!
//! # Implementation
//! Each seat's stones are a bitboard: a `u64` on boards up to 8x8, a `u128`
//! on larger ones (see `bitboard.rs` for the two layouts; [`Square`] and
//! [`SquareSet`] number squares the same way on every board). Legal moves
//! are `empty & next_to(own) & next_to(enemy)`; a
//! move's changes come from neighbour counts of the whole board added
//! bit-sliced, so a move costs a few dozen word operations and perft counts
//! the last ply with a popcount. Each move also keeps the legal squares up
//! to date, which every node of a search asks for (is the game over, which
//! moves); the scores, the stable scores and the Zobrist hash are computed
//! from the stones when asked, without a branch (population counts, and a
//! table look-up per byte for the hash). The tests keep a plain array
//! implementation as the reference the bitboards must agree with.

mod bitboard;
mod board;
mod eval;
mod game;
mod hash;
mod moves;
mod position_text;
mod rules;
mod square;
mod start;
mod violation;

pub use board::Blockade;
pub use moves::MoveEffects;
pub use rules::{BlockadeRules, MAX_SIZE, MIN_SIZE, Neighbourhood, StartPattern, WIDE_MIN_SIZE};
pub use square::{Square, SquareIter, SquareSet};
pub use violation::BlockadeViolation;
