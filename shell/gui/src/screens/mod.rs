//! The launcher's screens. Each has its own message enum, a pure
//! `widgets` function (layout plus hit areas) and an `on_message`
//! function, so tests drive them without a window.

pub mod labels;
pub mod launcher;
pub mod mode;
pub mod move_list;
pub mod preferences;
pub mod record_text;
pub mod records;
pub mod replay;
pub mod rules;
pub mod saved;
pub mod setup;

#[cfg(test)]
pub(crate) mod testing {
    //! Checks shared by the screens' layout tests.

    use super::super::geometry::Rect;
    use super::super::widgets::Widget;

    /// The window sizes every screen is checked at.
    pub const SIZES: [(f32, f32); 4] = [(800.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0), (1024.0, 768.0)];

    /// Visible widgets stay inside the window and never overlap.
    pub fn assert_laid_out<M>(widgets: &[Widget<M>], window: Rect) {
        let shown: Vec<&Widget<M>> = widgets.iter().filter(|w| w.visible).collect();
        for (i, a) in shown.iter().enumerate() {
            assert!(a.rect.is_inside(&window), "{:?} leaves the window {window:?}", a.rect);
            assert!(a.rect.w > 0.0 && a.rect.h > 0.0, "{:?} is empty", a.rect);
            for (zone, _) in &a.zones {
                assert!(zone.is_inside(&a.rect), "a zone {zone:?} leaves its widget {:?}", a.rect);
            }
            for b in &shown[i + 1..] {
                assert!(!a.rect.overlaps(&b.rect), "{:?} overlaps {:?}", a.rect, b.rect);
            }
        }
    }
}
