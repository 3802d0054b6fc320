// scratch: find Marshal/General strikes on bombs and explain them
use ai::levels::{Level, budget};
use ai::seeds::{Stream, derive};
use ai::ComputerPlayer;
use game_core::rng::seeded;
use game_core::{Game, Observe, Referee, Seat};
use strategy_chess::beliefs::{BeliefModel, Beliefs};
use strategy_chess::sampler::sample;
use strategy_chess::{Rank, StrategyChess, StrategyChessRules, Seen};

fn main() {
    let seed: u64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let rules = StrategyChessRules::default();
    let mut b = budget(StrategyChess::NAME, Level::MAX).reproducible();
    b.plan.insight = std::env::var("INSIGHT").map(|v| v.parse().unwrap()).unwrap_or(1);
    let mut players = [ComputerPlayer::<StrategyChess>::with_budget(b), ComputerPlayer::with_budget(b)];
    let setups: Vec<_> = (0..2).map(|s| players[s].choose_setup(&rules, Seat(s as u8), derive(seed, Stream::Setup, s as u64))).collect();
    let mut referee = Referee::new(StrategyChess::start(&rules, &setups).unwrap());
    while referee.finish().is_none() {
        let (seat, ply) = (referee.to_move(), referee.ply());
        let view = referee.view(seat);
        let d = players[seat.index()].choose_move(&view, derive(seed, Stream::Move, ply as u64), None);
        let mv = d.best_move.unwrap();
        let before = referee.position().clone();
        referee.submit(seat, ply, mv).unwrap();
        let ev = referee.position().last_move().unwrap();
        if let Some(bt) = ev.battle {
            if bt.defender == Rank::Bomb && matches!(bt.attacker, Rank::Marshal | Rank::General | Rank::Colonel) {
                println!("=== ply {ply} {:?} {} {:?} strikes bomb", seat, ev.notation(), bt.attacker);
                println!("{}", before.format_position());
                // belief marginal for the target
                let beliefs = Beliefs::of(&view, &BeliefModel::DEFAULT);
                let mut counts = [0u32; 12];
                for s in 0..400 { let p = sample(&view, &beliefs, &mut seeded(s)); counts[p.piece(ev.to).unwrap().rank.index()] += 1; }
                println!("target {} facts {:?} marginal {:?}", ev.to, match view.seen(ev.to) { Seen::Piece(p) => format!("{:?}", p.facts), _ => String::new() }, Rank::ALL.iter().zip(counts).filter(|(_, c)| *c > 0).map(|(r, c)| format!("{}:{}", r.token(), c)).collect::<Vec<_>>());
                println!("enemy moves so far {}", view.history().iter().filter(|e| e.colour != view.viewer()).count());
                let mut roots = d.root_moves.clone();
                roots.truncate(8);
                for r in roots { println!("  {} {}", before.format_move(r.mv), r.value); }
            }
        }
    }
    println!("outcome {:?} plies {}", referee.outcome(), referee.ply());
}
