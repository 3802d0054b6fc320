//! Layout as plain functions of the window size: where the header, body,
//! footer, cards, rows and buttons of each screen go. Tests call them to
//! check that nothing overlaps and everything stays inside the window.

use super::geometry::Rect;
use super::screen::View;
use super::theme::Metrics;

/// The three bands of every screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// The title line.
    pub title: Rect,
    /// The line under the title.
    pub subtitle: Rect,
    /// The screen's own content.
    pub body: Rect,
    /// The line of buttons at the bottom.
    pub footer: Rect,
}

/// The frame of a screen in this view.
pub fn frame(view: &View) -> Frame {
    let m = &view.metrics;
    let inner = view.rect.inset_xy(m.margin, m.margin * 0.75);
    let (title, rest) = inner.split_top(m.title * 1.35);
    let (subtitle, rest) = rest.split_top(m.body * 1.6);
    let (footer, rest) = rest.split_bottom(m.button);
    let (_, body) = rest.split_top(m.gap);
    let (_, body) = body.split_bottom(m.gap);
    Frame { title, subtitle, body, footer }
}

/// Buttons along the footer: `left` of them against the left edge, then
/// `right` against the right edge, all the same width.
pub fn footer_buttons(footer: Rect, left: usize, right: usize, m: &Metrics) -> Vec<Rect> {
    footer_buttons_weighted(footer, &vec![1.0; left], &vec![1.0; right], m)
}

/// Buttons along the footer, each taking its weight's share of the
/// footer's width, but none wider than [`Metrics::button_width`]: those of
/// `left` against the left edge, then those of `right` against the right
/// edge. Equal weights give the plain footer of [`footer_buttons`].
pub fn footer_buttons_weighted(footer: Rect, left: &[f32], right: &[f32], m: &Metrics) -> Vec<Rect> {
    let n = left.len() + right.len();
    if n == 0 {
        return Vec::new();
    }
    let total: f32 = left.iter().chain(right).map(|w| w.max(0.0)).sum::<f32>().max(0.01);
    let room = (footer.w - m.gap * (n as f32 - 1.0)).max(0.0);
    let unit = room / total;
    let width = |w: f32| (w.max(0.0) * unit).min(m.button_width);
    let mut out = Vec::with_capacity(n);
    let mut x = footer.x;
    for w in left {
        let w = width(*w);
        out.push(Rect::new(x, footer.y, w, footer.h));
        x += w + m.gap;
    }
    let mut right_rects = Vec::with_capacity(right.len());
    let mut x = footer.right();
    for w in right.iter().rev() {
        let w = width(*w);
        x -= w;
        right_rects.push(Rect::new(x, footer.y, w, footer.h));
        x -= m.gap;
    }
    out.extend(right_rects.into_iter().rev());
    out
}

/// A warning banner at the top of `area` holding `lines` lines of small
/// text and a dismiss button; returns the banner, its text box, its button
/// and the area left below it.
pub fn banner(area: Rect, lines: usize, m: &Metrics) -> (Rect, Rect, Rect, Rect) {
    let text_h = lines.max(1) as f32 * m.small * 1.4;
    let h = (text_h + m.gap * 1.2).max(m.button + m.gap * 0.6);
    let (banner, rest) = area.split_top(h);
    let (_, rest) = rest.split_top(m.gap);
    let inner = banner.inset_xy(m.gap, m.gap * 0.3);
    let button_w = (m.button_width * 0.6).min(inner.w * 0.3);
    let (button_slot, text) = inner.split_right(button_w);
    let button = button_slot.centered(button_w, m.button * 0.8);
    let (_, text) = text.split_right(m.gap);
    (banner, text.centered(text.w, text_h), button, rest)
}

/// `n` game cards side by side in `area`, centred.
pub fn cards(area: Rect, n: usize, m: &Metrics) -> Vec<Rect> {
    if n == 0 {
        return Vec::new();
    }
    let gap = m.gap * 1.5;
    let w = ((area.w - gap * (n as f32 - 1.0)) / n as f32).min(420.0 * m.scale).max(0.0);
    let h = (w * 1.3).min(area.h);
    let total = w * n as f32 + gap * (n as f32 - 1.0);
    let x0 = area.x + (area.w - total) / 2.0;
    let y = area.y + (area.h - h) / 2.0;
    (0..n).map(|i| Rect::new(x0 + i as f32 * (w + gap), y, w, h)).collect()
}

/// The parts of a game card.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardParts {
    /// The board drawing.
    pub picture: Rect,
    /// The game's name.
    pub name: Rect,
    /// The one-line description (wrapped over up to three lines).
    pub tagline: Rect,
}

/// Where the picture, name and description go in a card.
pub fn card_parts(card: Rect, m: &Metrics) -> CardParts {
    let inner = card.inset(m.gap);
    let (tagline, rest) = inner.split_bottom(m.body * 1.35 * 3.0);
    let (name, rest) = rest.split_bottom(m.heading * 1.6);
    let (_, picture) = rest.split_bottom(m.gap * 0.5);
    CardParts { picture, name, tagline }
}

/// `n` items of height `item_h` stacked from the top of `area` with `gap`
/// between, squeezed evenly if they do not fit.
pub fn stack(area: Rect, n: usize, item_h: f32, gap: f32) -> Vec<Rect> {
    if n == 0 {
        return Vec::new();
    }
    let fit = (area.h - gap * (n as f32 - 1.0)) / n as f32;
    let h = item_h.min(fit).max(0.0);
    (0..n).map(|i| Rect::new(area.x, area.y + i as f32 * (h + gap), area.w, h)).collect()
}

/// One row of a form: a section heading or an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// A section heading.
    Heading,
    /// An option with a stepper.
    Option,
}

/// The rows of a form laid out in one or two columns.
#[derive(Clone, Debug, PartialEq)]
pub struct FormLayout {
    /// Each row's place with no scrolling.
    pub rows: Vec<Rect>,
    /// The area rows are shown in; rows outside it are scrolled away.
    pub viewport: Rect,
    /// Whether the two columns sit side by side (nothing scrolls then).
    pub side_by_side: bool,
}

impl FormLayout {
    /// The rows after scrolling so that row `first` is at the top. A row is
    /// visible if it lies wholly in the viewport.
    pub fn scrolled(&self, first: usize) -> Vec<(Rect, bool)> {
        let shift = match (self.side_by_side, self.rows.get(first), self.rows.first()) {
            (false, Some(row), Some(top)) => row.y - top.y,
            _ => 0.0,
        };
        self.rows
            .iter()
            .map(|r| {
                let moved = r.shifted_y(-shift);
                (moved, moved.is_inside(&self.viewport))
            })
            .collect()
    }

    /// The first row to show so that row `index` is visible, starting from
    /// `first`.
    pub fn scroll_to_show(&self, first: usize, index: usize) -> usize {
        if self.side_by_side || index >= self.rows.len() {
            return 0;
        }
        let mut first = first.min(index);
        while !self.scrolled(first)[index].1 && first < index {
            first += 1;
        }
        first
    }

    /// The largest useful `first` row: beyond it the form's end is already
    /// in view.
    pub fn max_first(&self) -> usize {
        if self.side_by_side {
            return 0;
        }
        let last = self.rows.len().saturating_sub(1);
        (0..self.rows.len()).find(|&f| self.scrolled(f).get(last).is_some_and(|r| r.1)).unwrap_or(last)
    }
}

/// Lays out form rows. `rows` gives each row's column (0 or 1) and kind;
/// the two columns go side by side when the window is wide and tall enough,
/// else one under the other in a single scrolling column.
pub fn form(area: Rect, rows: &[(usize, RowKind)], m: &Metrics) -> FormLayout {
    let height = |kind: RowKind| match kind {
        RowKind::Heading => m.heading * 1.7,
        RowKind::Option => m.row,
    };
    let spacing = m.gap * 0.4;
    let column_height = |c: usize| -> f32 {
        rows.iter().filter(|(col, _)| *col == c).map(|(_, k)| height(*k) + spacing).sum()
    };
    let min_column = 380.0 * m.scale;
    let col_gap = m.gap * 2.5;
    let two_columns = rows.iter().any(|(c, _)| *c == 0) && rows.iter().any(|(c, _)| *c >= 1);
    let side_by_side = two_columns
        && area.w >= 2.0 * min_column + col_gap
        && column_height(0).max(column_height(1)) <= area.h;
    let mut out = Vec::with_capacity(rows.len());
    if side_by_side {
        let w = ((area.w - col_gap) / 2.0).min(640.0 * m.scale);
        let x0 = area.x + (area.w - (2.0 * w + col_gap)) / 2.0;
        let mut y = [area.y, area.y];
        for (col, kind) in rows {
            let c = (*col).min(1);
            let h = height(*kind);
            out.push(Rect::new(x0 + c as f32 * (w + col_gap), y[c], w, h));
            y[c] += h + spacing;
        }
    } else {
        let w = area.w.min(680.0 * m.scale);
        let x = area.x + (area.w - w) / 2.0;
        let mut y = area.y;
        // Column 0 first, then column 1, keeping each column's order.
        let mut order: Vec<usize> = (0..rows.len()).collect();
        order.sort_by_key(|&i| rows[i].0.min(1));
        let mut placed = vec![Rect::default(); rows.len()];
        for i in order {
            let h = height(rows[i].1);
            placed[i] = Rect::new(x, y, w, h);
            y += h + spacing;
        }
        out = placed;
    }
    FormLayout { rows: out, viewport: area, side_by_side }
}

/// The parts of an option row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OptionRowParts {
    /// The option's name.
    pub label: Rect,
    /// The "less" arrow.
    pub less: Rect,
    /// The value.
    pub value: Rect,
    /// The "more" arrow.
    pub more: Rect,
}

/// Where the label, arrows and value of an option row go.
pub fn option_row_parts(row: Rect, m: &Metrics) -> OptionRowParts {
    let inner = row.inset_xy(m.gap * 0.75, 0.0);
    let value_w = (inner.w * 0.52).min(300.0 * m.scale);
    let (stepper, rest) = inner.split_right(value_w);
    let (label, _) = rest.split_left((rest.w - m.gap).max(0.0));
    let arrow = (row.h * 0.8).min(stepper.w / 4.0);
    let (less, rest) = stepper.split_left(arrow);
    let (more, value) = rest.split_right(arrow);
    OptionRowParts {
        label,
        less: less.centered(arrow, arrow),
        value: value.inset_xy(m.gap * 0.25, 0.0),
        more: more.centered(arrow, arrow),
    }
}

/// A column of readable width centred in `area`, for running text.
pub fn text_column(area: Rect, m: &Metrics) -> Rect {
    let w = area.w.min(900.0 * m.scale);
    Rect::new(area.x + (area.w - w) / 2.0, area.y, w, area.h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn views() -> Vec<View> {
        vec![View::of_size(800.0, 600.0), View::of_size(1280.0, 800.0), View::of_size(1920.0, 1080.0)]
    }

    fn assert_apart(rects: &[Rect], window: Rect) {
        for (i, a) in rects.iter().enumerate() {
            assert!(a.is_inside(&window), "{a:?} leaves the window {window:?}");
            assert!(a.w > 0.0 && a.h > 0.0, "{a:?} is empty");
            for b in &rects[i + 1..] {
                assert!(!a.overlaps(b), "{a:?} overlaps {b:?}");
            }
        }
    }

    #[test]
    fn the_frame_bands_do_not_overlap() {
        for view in views() {
            let f = frame(&view);
            assert_apart(&[f.title, f.subtitle, f.body, f.footer], view.rect);
            assert!(f.body.h > view.rect.h * 0.5, "the body gets most of the window");
        }
    }

    #[test]
    fn footer_buttons_sit_apart_left_and_right() {
        for view in views() {
            let f = frame(&view);
            let buttons = footer_buttons(f.footer, 1, 2, &view.metrics);
            assert_eq!(buttons.len(), 3);
            assert_apart(&buttons, f.footer);
            assert_eq!(buttons[0].x, f.footer.x);
            assert!((buttons[2].right() - f.footer.right()).abs() < 0.01);
        }
    }

    #[test]
    fn weighted_footer_buttons_keep_their_proportions_and_fit() {
        for view in views() {
            let f = frame(&view);
            let m = &view.metrics;
            let (left, right) = ([0.5, 1.0, 1.0], [1.4, 0.5, 1.0, 1.0, 0.8]);
            let weights: Vec<f32> = left.iter().chain(&right).copied().collect();
            let buttons = footer_buttons_weighted(f.footer, &left, &right, m);
            assert_eq!(buttons.len(), 8);
            assert_apart(&buttons, f.footer);
            assert!((buttons[7].right() - f.footer.right()).abs() < 0.01);
            for (a, wa) in buttons.iter().zip(&weights) {
                assert!(a.w <= m.button_width + 0.01, "none wider than a standard button");
                for (b, wb) in buttons.iter().zip(&weights) {
                    if wa > wb {
                        assert!(a.w >= b.w, "a heavier button is never narrower");
                    }
                    let capped = |r: &Rect| r.w >= m.button_width - 0.01;
                    if !capped(a) && !capped(b) {
                        assert!((a.w / b.w - wa / wb).abs() < 1e-3, "{a:?} {b:?}");
                    }
                }
            }
        }
        // Few buttons: all as wide as a standard one, as in the plain footer.
        let view = View::of_size(1280.0, 800.0);
        let f = frame(&view);
        let few = footer_buttons_weighted(f.footer, &[0.5], &[1.0], &view.metrics);
        assert!(few.iter().all(|b| (b.w - view.metrics.button_width).abs() < 0.01));
        assert_eq!(
            footer_buttons(f.footer, 2, 3, &view.metrics),
            footer_buttons_weighted(f.footer, &[1.0; 2], &[1.0; 3], &view.metrics)
        );
    }

    #[test]
    fn cards_and_their_parts_fit() {
        for view in views() {
            let m = &view.metrics;
            let body = frame(&view).body;
            let cards = cards(body, 3, m);
            assert_apart(&cards, body);
            for card in &cards {
                let p = card_parts(*card, m);
                assert_apart(&[p.picture, p.name, p.tagline], *card);
                assert!(p.picture.h > card.h * 0.3, "the drawing is a real part of the card");
            }
        }
    }

    #[test]
    fn a_banner_leaves_room_below_it() {
        for view in views() {
            let m = &view.metrics;
            let body = frame(&view).body;
            let (banner, text, button, rest) = banner(body, 3, m);
            assert_apart(&[banner, rest], body);
            assert_apart(&[text, button], banner);
        }
    }

    #[test]
    fn forms_go_side_by_side_when_they_fit_and_scroll_when_not() {
        let mut rows = vec![(0, RowKind::Heading), (0, RowKind::Option), (0, RowKind::Option)];
        rows.push((1, RowKind::Heading));
        rows.extend(std::iter::repeat_n((1, RowKind::Option), 9));
        let wide = View::of_size(1920.0, 1080.0);
        let layout = form(frame(&wide).body, &rows, &wide.metrics);
        assert!(layout.side_by_side);
        let shown: Vec<Rect> = layout
            .scrolled(0)
            .iter()
            .map(|(r, visible)| {
                assert!(visible);
                *r
            })
            .collect();
        assert_apart(&shown, wide.rect);
        let small = View::of_size(800.0, 600.0);
        let mut many = rows.clone();
        many.extend(std::iter::repeat_n((1, RowKind::Option), 10));
        let layout = form(frame(&small).body, &many, &small.metrics);
        assert!(!layout.side_by_side);
        let first = layout.scrolled(0);
        assert!(first[0].1 && !first.last().unwrap().1, "the end is scrolled away");
        let last = many.len() - 1;
        let top = layout.scroll_to_show(0, last);
        assert!(layout.scrolled(top)[last].1);
        assert!(!layout.scrolled(top)[0].1);
        assert_eq!(layout.max_first(), top);
        let visible: Vec<Rect> = layout.scrolled(top).iter().filter(|r| r.1).map(|r| r.0).collect();
        assert_apart(&visible, layout.viewport);
    }

    #[test]
    fn a_single_column_form_is_centred() {
        let view = View::of_size(1280.0, 800.0);
        let area = frame(&view).body;
        let layout = form(area, &[(0, RowKind::Option), (0, RowKind::Option)], &view.metrics);
        assert!(!layout.side_by_side);
        let row = layout.rows[0];
        assert!((row.center().x - area.center().x).abs() < 0.5, "{row:?} in {area:?}");
    }

    #[test]
    fn option_rows_split_into_label_and_stepper() {
        for view in views() {
            let row = Rect::new(50.0, 50.0, 400.0 * view.metrics.scale, view.metrics.row);
            let p = option_row_parts(row, &view.metrics);
            assert_apart(&[p.label, p.less, p.value, p.more], row);
            assert!(p.less.x < p.value.x && p.value.x < p.more.x);
        }
    }
}
