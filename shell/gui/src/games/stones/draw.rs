//! Drawing the Stones board: wooden board, hollow piles holding heaps of
//! stones with their counts, highlights, and the sowing in progress.

use super::anim::{Counts, Moment, Sowing};
use super::layout::place_rect;
use crate::canvas::{Align, Canvas, Weight};
use crate::geometry::{Point, Rect};
use crate::play::BoardFrame;
use crate::play::marks::{self, HINT, HINT_HALO, MOVE_HALO};
use crate::play::panel::seat_color;
use crate::theme::{Rgba, palette, rgb};
use game_core::{Game, Seat};
use stones::{Pit, Place, Sow, SowingStep, Stones};

/// Glass-bead colours, picked per stone so heaps look natural.
const BEADS: [Rgba; 5] =
    [rgb(214, 222, 230), rgb(164, 196, 222), rgb(226, 196, 160), rgb(186, 214, 176), rgb(222, 176, 184)];

/// Where the stones of a heap of `n` lie in `area`, and their radius: a
/// sunflower spiral, so any count makes a round heap. At most as many as
/// fit are placed (the count label tells the rest).
pub fn heap(area: Rect, n: u8) -> (Vec<Point>, f32) {
    let half = area.w.min(area.h) / 2.0;
    if n == 0 || half <= 0.0 {
        return (Vec::new(), 0.0);
    }
    let n = n as f32;
    let r = (half / (1.2 * n.sqrt() + 1.2)).clamp(half * 0.1, half * 0.3);
    let spread = r * 1.2;
    let fits = (((half - r) / spread).powi(2)).floor().max(1.0);
    let shown = n.min(fits) as usize;
    let c = area.center();
    let golden = 2.399_963_2_f32;
    let points = (0..shown)
        .map(|i| {
            let d = spread * (i as f32 + 0.5).sqrt();
            let a = i as f32 * golden;
            Point::new(c.x + d * a.cos(), c.y + d * a.sin())
        })
        .collect();
    (points, r)
}

fn place_index(place: Place) -> u32 {
    match place {
        Place::Store(s) => 100 + s.index() as u32,
        Place::Pit(p) => p.owner.index() as u32 * 10 + p.pile as u32,
    }
}

fn stone(canvas: &mut Canvas, c: Point, r: f32, seed: u32) {
    let color = BEADS[(seed.wrapping_mul(2_654_435_761) >> 29) as usize % BEADS.len()];
    canvas.circle(Point::new(c.x + r * 0.12, c.y + r * 0.18), r, palette::WOOD_DARK.mix(rgb(0, 0, 0), 0.45));
    canvas.circle(c, r, color);
    canvas.circle(Point::new(c.x - r * 0.3, c.y - r * 0.3), r * 0.32, color.mix(rgb(255, 255, 255), 0.6));
}

/// The heap and the count label of a place.
fn hollow(canvas: &mut Canvas, r: Rect, count: u8, place: Place, fill: Rgba, size: f32) {
    canvas.round(r, r.w * 0.45, fill);
    let (label, heap_area) = r.split_bottom(size * 1.5);
    let (points, radius) = heap(heap_area.inset(r.w * 0.06), count);
    for (i, p) in points.iter().enumerate() {
        stone(canvas, *p, radius, place_index(place) * 97 + i as u32);
    }
    let text = count.to_string();
    let color = if count == 0 { palette::WOOD.mix(palette::WOOD_DARK, 0.3) } else { palette::TEXT };
    canvas.label(label, &text, size, Weight::Bold, Align::Center, color);
}

/// Where the last stone of sowing `mv` would end (the highlighted
/// destination of the pile under the cursor).
pub fn landing_place(position: &Stones, mv: Sow) -> Option<Place> {
    let trace = position.trace(mv).ok()?;
    trace.steps.iter().rev().find_map(|s| match s {
        SowingStep::Drop { place } => Some(*place),
        _ => None,
    })
}

/// What the board's state adds to a frame for drawing it.
#[derive(Debug)]
pub struct BoardState<'a> {
    /// The stones in every place now (mid-sowing, the sowing's counts).
    pub counts: Counts,
    /// Whether the board is turned so the second seat sits below.
    pub rotated: bool,
    /// The winner's score pile, while it is lit by its flashing.
    pub lit: Option<Seat>,
    /// The sowing being played back, if any.
    pub sowing: Option<&'a Sowing>,
    /// Each seat's last move, by seat index: the pile it lifted and where
    /// its last stone fell, if known.
    pub last: [Option<(Pit, Option<Place>)>; 2],
}

/// Draws the whole board.
pub fn board(b: BoardState<'_>, frame: &BoardFrame<'_, Stones, Pit>, canvas: &mut Canvas) {
    let position = &frame.view.position;
    let pits = position.pits();
    let rect = frame.rect;
    let m = frame.metrics;
    let counts: Counts = b.counts;
    let rotated = b.rotated;
    let u = rect.w / (pits as f32 + 2.8);
    let count_size = (u * 0.22).clamp(m.small * 0.8, m.body * 1.2);

    canvas.round(rect, u * 0.35, palette::WOOD);
    canvas.round(rect.inset(u * 0.06), u * 0.3, palette::WOOD.mix(palette::WOOD_DARK, 0.12));
    let mover = position.to_move();
    let playable = |pit: Pit| frame.legal.contains(&Sow::pile(pit.pile)) && pit.owner == mover;

    let hollow_fill = palette::WOOD_DARK;
    let lit = b.lit;
    // The cursor, and where its sowing would end, ringed under the piles.
    let pulse = 0.75 + 0.25 * (frame.time * 4.0).sin();
    let cursor = frame.cursor;
    let landing = cursor.filter(|p| playable(*p)).and_then(|p| landing_place(position, Sow::pile(p.pile)));
    // The hint: the pile to lift and where its last stone falls.
    let hint =
        frame.hint.map(|mv| (Place::Pit(Pit { owner: mover, pile: mv.pile }), landing_place(position, mv)));
    // Each side's last move went here (ringed in its colour).
    let last_target =
        |place: Place| Seat::all(2).find(|s| b.last[s.index() & 1].and_then(|(_, to)| to) == Some(place));
    let t = m.outline;
    let ringed = |canvas: &mut Canvas, r: Rect, width: f32, color: Rgba, halo: Rgba| {
        canvas.round(r.inset(-width - t * 0.8), r.w * 0.5, halo);
        canvas.round(r.inset(-width), r.w * 0.5, color);
    };
    // Rings under a place, outermost first, so each inner one leaves the
    // outer ones in sight: the last move's, the hint's, then the cursor's
    // or the landing of the sowing under it.
    let underlay = |canvas: &mut Canvas, place: Place, r: Rect| {
        if let Some(seat) = last_target(place) {
            ringed(canvas, r, t * 2.0, seat_color(seat), MOVE_HALO);
        }
        if hint.is_some_and(|(from, to)| from == place || to == Some(place)) {
            ringed(canvas, r, t * 1.4, HINT, HINT_HALO);
        }
        if cursor.map(Place::Pit) == Some(place) {
            canvas.round(r.inset(-t * 1.3), r.w * 0.5, palette::ACCENT.with_alpha(pulse));
        } else if landing == Some(place) {
            canvas.round(r.inset(-t), r.w * 0.5, palette::ACCENT.with_alpha(0.45));
        }
    };
    for seat in [Seat::FIRST, Seat::SECOND] {
        let place = Place::Store(seat);
        let r = place_rect(rect, pits, place, rotated);
        if lit == Some(seat) {
            canvas.round(r.inset(-m.outline * 1.5), r.w * 0.5, palette::ACCENT);
        } else {
            underlay(canvas, place, r);
        }
        let band = Rect::new(r.x + r.w * 0.3, r.y - u * 0.12, r.w * 0.4, u * 0.08);
        canvas.round(band, band.h / 2.0, seat_color(seat));
        hollow(canvas, r, counts.at(place), place, hollow_fill, count_size * 1.3);
    }
    for owner in [Seat::FIRST, Seat::SECOND] {
        for pile in 1..=pits {
            let pit = Pit { owner, pile };
            let place = Place::Pit(pit);
            let r = place_rect(rect, pits, place, rotated);
            let fill = if playable(pit) { hollow_fill.mix(palette::WOOD, 0.25) } else { hollow_fill };
            if frame.show_legal && playable(pit) && cursor != Some(pit) {
                canvas.round(r.inset(-m.outline), r.w * 0.5, palette::GOOD);
            }
            underlay(canvas, place, r);
            hollow(canvas, r, counts.at(place), place, fill, count_size);
        }
        // A line in the owner's colour along each row.
        let first = place_rect(rect, pits, Place::Pit(Pit { owner, pile: 1 }), rotated);
        let last = place_rect(rect, pits, Place::Pit(Pit { owner, pile: pits }), rotated);
        let (x0, x1) = (first.x.min(last.x), first.right().max(last.right()));
        let at_bottom = (owner == Seat::FIRST) != rotated;
        let y = if at_bottom { first.bottom() + u * 0.06 } else { first.y - u * 0.1 };
        canvas.round(Rect::new(x0 + u * 0.2, y, x1 - x0 - u * 0.4, u * 0.04), u * 0.02, seat_color(owner));
    }

    // Where each side's last move came from: the lifted pile's corners.
    for (seat, last) in Seat::all(2).zip(b.last) {
        if let Some((pit, _)) = last {
            marks::draw_move_origin(
                canvas,
                place_rect(rect, pits, Place::Pit(pit), rotated),
                seat_color(seat),
                u,
            );
        }
    }
    if let Some((from, Some(to))) = hint {
        let (from, to) = (place_rect(rect, pits, from, rotated), place_rect(rect, pits, to, rotated));
        marks::draw_hint_arrow(canvas, from, to, u * 0.8);
    }
    if let Some(s) = b.sowing {
        draw_sowing(s, rect, pits, u, m.small, rotated, canvas);
    }
}

fn draw_sowing(
    s: &super::anim::Sowing,
    rect: Rect,
    pits: u8,
    u: f32,
    small: f32,
    rotated: bool,
    canvas: &mut Canvas,
) {
    let center = |p: Place| place_rect(rect, pits, p, rotated).center();
    let (ring, note) = match s.moment {
        Moment::Lift(pit) => (Some((Place::Pit(pit), palette::ACCENT)), None),
        Moment::Drop(place) => (Some((place, palette::ACCENT.mix(palette::TEXT, 0.3))), None),
        Moment::Relay(pit) => (Some((Place::Pit(pit), palette::WARNING)), Some("Relay!")),
        Moment::Capture(pit, _) => (Some((Place::Pit(pit), palette::GOOD)), Some("Capture!")),
        Moment::Sweep(pit, _) => (Some((Place::Pit(pit), palette::TEXT_DIM)), Some("Sweep")),
        Moment::Still => (None, None),
    };
    if let Some((place, color)) = ring {
        let r = place_rect(rect, pits, place, rotated);
        canvas.circle_outline(r.center(), r.w * 0.55, (u * 0.06).max(2.0), color);
        if let Some(text) = note {
            let tag = Rect::new(r.center().x - u * 0.8, r.center().y - u * 0.2, u * 1.6, u * 0.4);
            canvas.round(tag, tag.h / 2.0, color);
            canvas.label(tag, text, small, Weight::Bold, Align::Center, palette::ON_ACCENT);
        }
    }
    // The stones in hand, gliding from the last place to this one.
    if s.hand > 0
        && let Some(at) = s.at
    {
        let to = center(at);
        let from = s.from.map_or(to, center);
        let t = (s.progress() / 0.6).min(1.0);
        let p = Point::new(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t - u * 0.55);
        let area = Rect::new(p.x - u * 0.35, p.y - u * 0.35, u * 0.7, u * 0.7);
        canvas.circle(p, u * 0.42, palette::WOOD_DARK.with_alpha(0.55));
        let (points, radius) = heap(area, s.hand);
        for (i, q) in points.iter().enumerate() {
            stone(canvas, *q, radius, 7 + i as u32);
        }
        let badge = Rect::new(p.x + u * 0.2, p.y - u * 0.5, u * 0.45, u * 0.3);
        canvas.round(badge, badge.h / 2.0, palette::ACCENT);
        canvas.label(badge, &s.hand.to_string(), small, Weight::Bold, Align::Center, palette::ON_ACCENT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stones::StonesRules;

    #[test]
    fn heaps_stay_inside_their_pile() {
        let area = Rect::new(0.0, 0.0, 80.0, 80.0);
        for n in [1u8, 4, 12, 30, 96] {
            let (points, r) = heap(area, n);
            assert!(!points.is_empty() && points.len() <= n as usize);
            for p in points {
                assert!(
                    p.x - r >= -0.5 && p.x + r <= 80.5 && p.y - r >= -0.5 && p.y + r <= 80.5,
                    "{n}: {p:?}"
                );
            }
        }
        assert_eq!(heap(area, 4).0.len(), 4, "small heaps show every stone");
        assert!(heap(area, 0).0.is_empty());
    }

    #[test]
    fn the_landing_of_a_sowing_is_found() {
        let start = Stones::start(&StonesRules::default(), &[]).unwrap();
        assert_eq!(landing_place(&start, Sow::pile(4)), Some(Place::Store(Seat::FIRST)));
        assert_eq!(landing_place(&start, Sow::pile(9)), None);
    }
}
