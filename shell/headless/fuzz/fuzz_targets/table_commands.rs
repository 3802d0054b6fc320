//! Any bytes, read by the server as client lines and run against a game's
//! table the way a seated connection's commands run (a `create` opens the
//! game it names with the rules it carries; setups, moves at any ply,
//! resignations, draws and claims act for a seat), must never panic. A
//! refused command leaves the table exactly as it was, and every view
//! goes out through a connection's trail as the server sends it.
#![no_main]

use game_core::{Finish, Seat};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use headless::net::line::{LineError, LineReader};
use headless::protocol::{ClientMessage, PublicMove, decode_client};
use headless::net::table::{Table, open_table};
use headless::net::view_trail::{TrailKeeper, TrailSender};

/// Everything a refused command must leave as it was. The views follow
/// from these (the moves replay to the position), so they are compared
/// once, at the end, not after every line.
type State = (usize, Option<Seat>, Option<Finish>, Option<Seat>, Vec<PublicMove>, Vec<bool>);

fn state(table: &dyn Table) -> State {
    let seats: Vec<Seat> = (0..table.seat_count()).map(|i| Seat(i as u8)).collect();
    (
        table.ply(),
        table.to_move(),
        table.finish(),
        table.draw_offer(),
        table.moves(),
        seats.iter().map(|&s| table.needs_setup(s)).collect(),
    )
}

/// What the server does after every change: each seat is sent its view
/// through its trail, and the client makes it whole again.
fn send_views(table: &dyn Table, trails: &mut [(TrailSender, Value)], keepers: &mut [TrailKeeper]) {
    for (i, ((sender, restored), keeper)) in trails.iter_mut().zip(keepers).enumerate() {
        if let Some((mut sent, from)) = table.view_to_send(Seat(i as u8), sender) {
            keeper.restore(&mut sent, from).expect("a trail the server sent continues");
            *restored = sent;
        }
    }
}

/// Every seat's view, as sent through its trail and made whole again,
/// must be the seat's whole view.
fn check_trails(table: &dyn Table, trails: &[(TrailSender, Value)]) {
    for (i, (_, restored)) in trails.iter().enumerate() {
        if let Some(view) = table.view(Seat(i as u8)) {
            assert_eq!(restored, &view, "the view made whole again");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut reader = LineReader::new(data, 8192);
    let mut table: Option<Box<dyn Table>> = None;
    let mut keepers: Vec<TrailKeeper> = Vec::new();
    let mut trails: Vec<(TrailSender, Value)> = Vec::new();
    loop {
        let line = match reader.read_line() {
            Ok(line) => line,
            Err(LineError::NotUtf8) => continue,
            Err(_) => break,
        };
        let Ok(message) = decode_client(&line) else { continue };
        if let ClientMessage::Create { game, rules, .. } = &message {
            if let Ok(opened) = open_table(game, rules) {
                if let Some(old) = &table {
                    check_trails(old.as_ref(), &trails);
                }
                keepers = (0..opened.seat_count()).map(|_| TrailKeeper::default()).collect();
                trails = (0..opened.seat_count()).map(|_| (TrailSender::default(), Value::Null)).collect();
                send_views(opened.as_ref(), &mut trails, &mut keepers);
                table = Some(opened);
            }
            continue;
        }
        let Some(table) = table.as_mut() else { continue };
        // Who sends it: the seat to move (before play, the first that owes
        // its setup), or the other one for a line of odd length.
        let seats = table.seat_count();
        let expected =
            table.to_move().or_else(|| (0..seats).map(|i| Seat(i as u8)).find(|&s| table.needs_setup(s)));
        let expected = expected.unwrap_or(Seat::FIRST);
        let seat = if line.len() % 2 == 0 { expected } else { expected.opponent() };
        let before = state(table.as_ref());
        let done = match message {
            ClientMessage::Setup { setup } => table.submit_setup(seat, &setup),
            ClientMessage::Move { ply, notation } => table.submit_move(seat, ply, &notation).map(|_| ()),
            ClientMessage::Resign => table.resign(seat),
            ClientMessage::OfferDraw => table.offer_draw(seat),
            ClientMessage::AcceptDraw => table.accept_draw(seat),
            ClientMessage::ClaimAbandoned => table.abandon(seat.opponent()),
            _ => Ok(()),
        };
        if let Err(refusal) = done {
            assert_eq!(state(table.as_ref()), before, "{refusal:?} changed the table");
            continue;
        }
        send_views(table.as_ref(), &mut trails, &mut keepers);
    }
    if let Some(table) = &table {
        check_trails(table.as_ref(), &trails);
    }
});
