//! Stones as a [`Game`]: the glue between the rules and game-core.

use crate::board::{PILE_BYTES, Stones};
use crate::moves::{Sow, StonesViolation};
use crate::rules::{MAX_PITS, StonesRules};
use game_core::rng::GameRng;
use game_core::{Game, NotationError, Outcome, PositionError, RuleSet, Seat, SetupError, Solve};
use rand::RngCore;

impl Game for Stones {
    const NAME: &'static str = "stones";
    const MOVE_SLOTS: usize = MAX_PITS as usize;
    type Move = Sow;
    type Rules = StonesRules;
    type RuleViolation = StonesViolation;
    type Setup = ();

    fn start(rules: &StonesRules, _setups: &[()]) -> Result<Self, SetupError> {
        rules.validate().map_err(|e| SetupError::new(Seat::FIRST, e.to_string()))?;
        let mut piles = [0u8; PILE_BYTES];
        piles[..2 * rules.pits as usize].fill(rules.stones);
        Ok(Stones { piles, stores: [0, 0], rules: *rules, to_move: Seat::FIRST })
    }

    fn random_setup(_: &StonesRules, _: Seat, _: bool, _: &mut GameRng) {}

    fn rules(&self) -> &StonesRules {
        &self.rules
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.finished_outcome()
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Sow>) {
        moves.clear();
        let mut piles = self.nonempty_piles(self.to_move);
        while piles != 0 {
            moves.push(Sow { pile: piles.trailing_zeros() as u8 + 1 });
            piles &= piles - 1;
        }
    }

    #[inline]
    fn count_legal_moves(&self, _scratch: &mut Vec<Sow>) -> usize {
        self.nonempty_piles_and_count(self.to_move).1 as usize
    }

    fn check_move(&self, mv: Sow) -> Result<(), StonesViolation> {
        self.check_sow(mv)
    }

    /// A pile of the mover's row that holds stones (a finished game's piles
    /// are all empty). The mover's row is the first `pits` piles.
    #[inline]
    fn is_legal(&self, mv: Sow) -> bool {
        (1..=self.rules.pits).contains(&mv.pile) && self.piles[(mv.pile as usize - 1) % PILE_BYTES] != 0
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Sow) {
        self.sow(mv.pile, &mut ());
    }

    /// The future key (a strong mix of the pile array) with the score
    /// piles and the side to move added in, mixed again: equal for equal
    /// positions, and two different positions collide about as rarely as
    /// random keys would (positions differing only in the score piles or
    /// the side to move never do: the mix is a bijection).
    #[inline]
    fn hash_key(&self) -> u64 {
        let rest =
            u64::from(self.stores[0]) | u64::from(self.stores[1]) << 8 | (self.to_move.index() as u64) << 16;
        mix64(self.future_key().wrapping_add(rest.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
    }

    fn move_slot(mv: Sow) -> usize {
        (mv.pile as usize).wrapping_sub(1) % MAX_PITS as usize
    }

    fn format_move(&self, mv: Sow) -> String {
        mv.pile.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Sow, NotationError> {
        self.read_sow(text)
    }

    fn format_position(&self) -> String {
        self.write_text()
    }

    fn parse_position(rules: &StonesRules, text: &str) -> Result<Self, PositionError> {
        Stones::read_text(rules, text)
    }

    /// Draws from the bit mask of non-empty piles with two table lookups
    /// and one random number: no buffer, no loop, no allocation.
    #[inline]
    fn random_move(&self, rng: &mut GameRng, _scratch: &mut Vec<Sow>) -> Option<Sow> {
        let (piles, count) = self.nonempty_piles_and_count(self.to_move);
        if count == 0 {
            return None;
        }
        let nth = uniform_below(rng, count);
        Some(Sow { pile: NTH_PILE[piles as usize & 0xFF][nth as usize & 7] })
    }
}

/// The pile number of the `n`-th set bit of a mask of non-empty piles: a
/// table rather than a bit-clearing loop, whose random trip count would
/// make its exit a mispredicted branch. `const`, not `static`, so that the
/// crate that inlines the code addresses its own copy directly.
const NTH_PILE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if mask & (1 << bit) != 0 {
                table[mask][n] = bit as u8 + 1;
                n += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

/// A uniform number in `0..n` (`n > 0`): Lemire's multiply-and-reject,
/// exact, and almost always a single multiplication.
#[inline]
fn uniform_below(rng: &mut GameRng, n: u32) -> u32 {
    let mut product = rng.next_u32() as u64 * n as u64;
    if (product as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (product as u32) < threshold {
            product = rng.next_u32() as u64 * n as u64;
        }
    }
    (product >> 32) as u32
}

game_core::perfect_information!(Stones);

/// Stones in a score pile never leave it, so the final margin is the store
/// difference now plus what the piles and the side to move will still
/// yield. Nothing in the rules reads a score pile: sowing, relays, captures
/// and both end sweeps depend on the piles, the side to move and the rules
/// only. So positions that differ only in their score piles have the same
/// future, under either end sweep.
///
/// Nor does the future depend on *which* seat is to move: the rules treat
/// both seats alike, and the pile array is already turned to the side to
/// move (its row first). So the future key is a hash of that array alone,
/// and a position shares its table entry with its mirror image.
impl Solve for Stones {
    #[inline]
    fn banked_margin(&self, seat: Seat) -> i64 {
        self.store(seat) as i64 - self.store(seat.opponent()) as i64
    }

    /// A strong mix of the 16 pile bytes (two 64-bit halves, each through
    /// a bijective finaliser): a few multiplications instead of a table
    /// lookup per pile.
    #[inline]
    fn future_key(&self) -> u64 {
        let word = self.word();
        mix64((word as u64) ^ mix64((word >> 64) as u64 ^ 0x5354_4f4e_4553_4b59))
    }

    /// Every stone still in a pile ends in some score pile, so the rest of
    /// the game moves the margin by at most the stones in the piles.
    #[inline]
    fn future_bound(&self) -> Option<i32> {
        let word = self.word();
        // Byte sums by one multiplication each: the total is at most
        // MAX_TOTAL_STONES (128), so no partial sum overflows a byte.
        let sum = |half: u64| (half.wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32;
        Some(sum(word as u64) + sum((word >> 64) as u64))
    }

    /// Under the Kalah end sweep each player keeps the stones on their own
    /// side, so the stones on the mover's side less those on the other
    /// side are a fair guess of what is still to come. (Under the Stones
    /// end sweep the emptier collects, which turns that upside down: no
    /// guess.)
    #[inline]
    fn future_estimate(&self) -> i32 {
        if self.rules.effective_end_sweep() != crate::rules::EndSweep::OwnerKeeps {
            return 0;
        }
        let sum = |row: u64| (row.wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32;
        sum(self.row_word(self.to_move)) - sum(self.row_word(self.to_move.opponent()))
    }

    /// Plays Kalah sowings without the engine's bookkeeping (the tests
    /// check it is the same). Always inlined: the solver makes every
    /// child with it.
    #[inline(always)]
    fn play_for_solver(&self, mv: Sow) -> (Self, i32, bool) {
        crate::solve::play_for_solver(self, mv.pile)
    }

    /// Every position with at most about a third of the stones now in the
    /// piles (17 of 48), if that fits `max_bytes` (see
    /// [`crate::StonesEndgame::cover_for`]).
    fn endgame_table(
        &self,
        max_bytes: usize,
        threads: usize,
    ) -> Option<Box<dyn game_core::solve::Endgame<Self>>> {
        let stones = self.future_bound().unwrap_or(0) as u32;
        let cover = crate::solve::StonesEndgame::cover_for(&self.rules, stones, max_bytes)?;
        Some(Box::new(crate::solve::StonesEndgame::build(&self.rules, cover, threads)))
    }
}

/// The finaliser of SplitMix64: a bijection of `u64` whose output bits each
/// depend on every input bit.
#[inline]
fn mix64(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
