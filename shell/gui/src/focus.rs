//! Moving the keyboard focus: arrows pick the nearest item in their
//! direction, Tab walks the items in order. Pure functions over
//! rectangles, so tests check them without a window.

use super::geometry::Rect;

/// A direction of an arrow key (or the numpad's 8, 2, 4, 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Up: arrow up, numpad 8.
    Up,
    /// Down: arrow down, numpad 2.
    Down,
    /// Left: arrow left, numpad 4.
    Left,
    /// Right: arrow right, numpad 6.
    Right,
}

/// The index of the item to focus after moving from `from` in `direction`,
/// among the `candidates` (index and rectangle). `None` if there is no item
/// that way.
///
/// An item counts as lying in the direction when its centre is beyond the
/// current item's centre along it; the nearest wins, with sideways
/// distance weighing double so that moving down a column stays in it.
pub fn neighbour(candidates: &[(usize, Rect)], from: usize, direction: Direction) -> Option<usize> {
    let here = candidates.iter().find(|(i, _)| *i == from)?.1.center();
    candidates
        .iter()
        .filter(|(i, _)| *i != from)
        .filter_map(|(i, rect)| {
            let c = rect.center();
            let (along, across) = match direction {
                Direction::Up => (here.y - c.y, c.x - here.x),
                Direction::Down => (c.y - here.y, c.x - here.x),
                Direction::Left => (here.x - c.x, c.y - here.y),
                Direction::Right => (c.x - here.x, c.y - here.y),
            };
            (along > 0.5).then_some((*i, along + 2.0 * across.abs()))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// The next (or with `backwards` the previous) candidate index after
/// `from`, wrapping around.
pub fn cycle(candidates: &[usize], from: usize, backwards: bool) -> Option<usize> {
    if candidates.is_empty() {
        return None;
    }
    let position = candidates.iter().position(|i| *i == from);
    let n = candidates.len();
    let next = match (position, backwards) {
        (None, _) => 0,
        (Some(p), false) => (p + 1) % n,
        (Some(p), true) => (p + n - 1) % n,
    };
    Some(candidates[next])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Vec<(usize, Rect)> {
        // Three cards in a row, and two buttons below the right half.
        vec![
            (0, Rect::new(0.0, 0.0, 100.0, 100.0)),
            (1, Rect::new(120.0, 0.0, 100.0, 100.0)),
            (2, Rect::new(240.0, 0.0, 100.0, 100.0)),
            (3, Rect::new(120.0, 150.0, 80.0, 40.0)),
            (4, Rect::new(240.0, 150.0, 80.0, 40.0)),
        ]
    }

    #[test]
    fn arrows_move_to_the_nearest_item_that_way() {
        let g = grid();
        assert_eq!(neighbour(&g, 0, Direction::Right), Some(1));
        assert_eq!(neighbour(&g, 1, Direction::Right), Some(2));
        assert_eq!(neighbour(&g, 2, Direction::Right), None);
        assert_eq!(neighbour(&g, 2, Direction::Down), Some(4));
        assert_eq!(neighbour(&g, 0, Direction::Down), Some(3));
        assert_eq!(neighbour(&g, 4, Direction::Up), Some(2));
        assert_eq!(neighbour(&g, 4, Direction::Left), Some(3));
        assert_eq!(neighbour(&g, 9, Direction::Left), None, "an unknown start goes nowhere");
    }

    #[test]
    fn tab_cycles_in_order() {
        assert_eq!(cycle(&[0, 2, 5], 2, false), Some(5));
        assert_eq!(cycle(&[0, 2, 5], 5, false), Some(0));
        assert_eq!(cycle(&[0, 2, 5], 0, true), Some(5));
        assert_eq!(cycle(&[0, 2, 5], 7, false), Some(0));
        assert_eq!(cycle(&[], 0, false), None);
    }
}
