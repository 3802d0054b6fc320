//! The glyphs of the bundled faces, kept in one texture of fixed size.
//!
//! macroquad keeps each font's glyphs in an atlas that doubles when a glyph
//! does not fit, and its fit test is off by its 2-pixel gap: a glyph ending
//! on a row's last pixel makes it double even when the atlas is nearly
//! empty, and the glyphs are then placed again in hash order, where the
//! same can happen at the new size. A Strategy Chess demo grew the atlas
//! from 1024x1024 to 2048x2048 (32 MB: the image and the driver's texture)
//! in some runs and to 4096x4096 (128 MB) in one. Here the glyphs are
//! rasterised with the same library (fontdue) and drawn the same way (one
//! textured quad each, placed as macroquad places them), from a texture of
//! [`ATLAS_SIZE`] pixels square that never grows: when it is full it is
//! emptied and refilled with the glyphs in use.

use crate::error::GuiError;
use macroquad::prelude::{
    Color, DrawTextureParams, FilterMode, Rect as PixelRect, Texture2D, Vec2, draw_texture_ex,
    get_internal_gl,
};
use std::collections::HashMap;
use std::rc::Rc;

/// The side of the glyph texture in pixels (4 MB). The whole suite at
/// 1920x1080 uses about a quarter of it.
pub const ATLAS_SIZE: u16 = 1024;

/// Clear pixels around each glyph, so filtering at its edges reads nothing
/// of its neighbours (as in macroquad's atlas).
const GAP: u16 = 2;

/// A face: the parsed font file.
pub type Face = Rc<fontdue::Font>;

/// Parses a bundled font file; `name` says which in an error (`font`,
/// `bold font`).
pub fn face(name: &'static str, bytes: &[u8]) -> Result<Face, GuiError> {
    fontdue::Font::from_bytes(bytes, fontdue::FontSettings::default())
        .map(Rc::new)
        .map_err(|problem| GuiError::Font { face: name, problem })
}

/// The width of `text` at `size` pixels: the sum of the glyphs' advances,
/// without kerning (as macroquad measures).
pub fn advance_width(face: &fontdue::Font, text: &str, size: u16) -> f32 {
    text.chars().map(|c| face.metrics(c, f32::from(size)).advance_width).sum()
}

/// Where a glyph is in the texture, and how it sits on the baseline.
#[derive(Clone, Copy, Debug)]
struct Placed {
    x: u16,
    y: u16,
    w: u16,
    h: u16,
    offset_x: f32,
    offset_y: f32,
    advance: f32,
}

/// A row of the texture holding glyphs of about one height.
#[derive(Clone, Copy, Debug)]
struct Shelf {
    y: u16,
    height: u16,
    next_x: u16,
}

/// Free space in a square of `side` pixels, handed out in rows of about
/// one height ("shelves"), each place with [`GAP`] clear pixels right of
/// and below it (and the atlas's first row and column clear).
#[derive(Clone, Debug)]
struct Packer {
    side: u16,
    shelves: Vec<Shelf>,
}

impl Packer {
    fn new(side: u16) -> Self {
        Packer { side, shelves: Vec::new() }
    }

    fn clear(&mut self) {
        self.shelves.clear();
    }

    /// A free `w` x `h` place (its top left corner): on the first shelf
    /// of about that height with room, else on a new shelf; `None` when
    /// the square is full. Empty glyphs take no room.
    fn place(&mut self, w: u16, h: u16) -> Option<(u16, u16)> {
        if w == 0 || h == 0 {
            return Some((0, 0));
        }
        let side = self.side;
        let (w, h) = (w.checked_add(GAP)?, h.checked_add(GAP)?);
        let fits = |s: &Shelf| s.height >= h && s.height <= h + h / 4 + 2 && s.next_x + w <= side - GAP;
        if let Some(shelf) = self.shelves.iter_mut().find(|s| fits(s)) {
            let x = shelf.next_x;
            shelf.next_x += w;
            return Some((x + GAP, shelf.y + GAP));
        }
        let y = self.shelves.last().map_or(0, |s| s.y + s.height);
        if w > side - GAP || h > side - GAP || y > side - GAP - h {
            return None;
        }
        self.shelves.push(Shelf { y, height: h, next_x: w });
        Some((GAP, y + GAP))
    }
}

/// The glyph texture and where each glyph is in it.
pub struct Glyphs {
    faces: Vec<Face>,
    texture: Texture2D,
    placed: HashMap<(char, u16, usize), Placed>,
    packer: Packer,
}

impl Glyphs {
    /// An empty texture for glyphs of `faces` (indexed as given). Needs
    /// the window to be open.
    pub fn new(faces: Vec<Face>) -> Self {
        let side = usize::from(ATLAS_SIZE);
        let texture = Texture2D::from_rgba8(ATLAS_SIZE, ATLAS_SIZE, &vec![0; side * side * 4]);
        texture.set_filter(FilterMode::Linear);
        Glyphs { faces, texture, placed: HashMap::new(), packer: Packer::new(ATLAS_SIZE) }
    }

    /// The face at `index`.
    pub fn face(&self, index: usize) -> &Face {
        &self.faces[index]
    }

    /// Puts every glyph of `texts` (text, size, face) into the texture.
    /// When the texture fills up, whatever was drawn before is sent to the
    /// driver, the texture is emptied and these glyphs are placed anew;
    /// glyphs that do not fit even then are left out.
    pub fn prepare<'a>(&mut self, texts: impl Iterator<Item = (&'a str, u16, usize)> + Clone) {
        if self.try_prepare(texts.clone()) {
            return;
        }
        // Draws already queued use the glyphs where they are now.
        // SAFETY: on the main thread between draws, with no other borrow of
        // macroquad's context alive; `flush` only sends the queued draws.
        #[allow(unsafe_code)]
        unsafe {
            get_internal_gl().flush();
        }
        self.clear();
        self.try_prepare(texts);
    }

    /// Places the glyphs of `texts`; false if the texture is full.
    fn try_prepare<'a>(&mut self, texts: impl Iterator<Item = (&'a str, u16, usize)>) -> bool {
        for (text, size, face) in texts {
            for c in text.chars() {
                if !self.placed.contains_key(&(c, size, face)) && !self.place(c, size, face) {
                    return false;
                }
            }
        }
        true
    }

    /// Empties the texture.
    fn clear(&mut self) {
        self.placed.clear();
        self.packer.clear();
        let side = usize::from(ATLAS_SIZE);
        self.texture.update_from_bytes(
            u32::from(ATLAS_SIZE),
            u32::from(ATLAS_SIZE),
            &vec![0; side * side * 4],
        );
    }

    /// Rasterises glyph `c` at `size` and copies it into free space; false
    /// if there is none.
    fn place(&mut self, c: char, size: u16, face: usize) -> bool {
        let (metrics, coverage) = self.faces[face].rasterize(c, f32::from(size));
        let (w, h) = (metrics.width as u16, metrics.height as u16);
        let Some((x, y)) = self.packer.place(w, h) else {
            return false;
        };
        if w > 0 && h > 0 {
            // White, with the coverage as alpha (as macroquad's glyphs).
            let bytes: Vec<u8> = coverage.iter().flat_map(|&a| [255, 255, 255, a]).collect();
            let image = macroquad::texture::Image { bytes, width: w, height: h };
            self.texture.update_part(&image, i32::from(x), i32::from(y), i32::from(w), i32::from(h));
        }
        let placed = Placed {
            x,
            y,
            w,
            h,
            offset_x: metrics.xmin as f32,
            offset_y: metrics.ymin as f32,
            advance: metrics.advance_width,
        };
        self.placed.insert((c, size, face), placed);
        true
    }

    /// Draws `text` (already prepared) at `size` with its baseline starting
    /// at `(x, baseline)`, one quad a glyph, placed as macroquad's
    /// `draw_text_ex` places them (kerning included).
    pub fn draw(&self, text: &str, x: f32, baseline: f32, size: u16, face: usize, color: Color) {
        let font = &self.faces[face];
        let mut pen = 0.0;
        let mut last = None;
        for c in text.chars() {
            let kerning = last.and_then(|left| font.horizontal_kern(left, c, f32::from(size))).unwrap_or(0.0);
            last = Some(c);
            let Some(g) = self.placed.get(&(c, size, face)) else {
                continue;
            };
            let (w, h) = (f32::from(g.w), f32::from(g.h));
            let dest_x = g.offset_x + pen + x + kerning;
            let dest_y = -h - g.offset_y + baseline;
            pen += g.advance + kerning;
            if g.w == 0 || g.h == 0 {
                continue;
            }
            let params = DrawTextureParams {
                dest_size: Some(Vec2::new(w, h)),
                source: Some(PixelRect::new(f32::from(g.x), f32::from(g.y), w, h)),
                rotation: 0.0,
                pivot: Some(Vec2::new(dest_x, dest_y)),
                ..Default::default()
            };
            draw_texture_ex(&self.texture, dest_x, dest_y, color, params);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Places never overlap (gaps included), stay inside, and the packer
    /// says when it is full.
    #[test]
    fn places_are_apart_and_inside() {
        let side = 256;
        let mut packer = Packer::new(side);
        let mut taken: Vec<(u16, u16, u16, u16)> = Vec::new();
        let mut seed = 7u32;
        let mut full = false;
        for _ in 0..2000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let (w, h) = (1 + (seed >> 8) as u16 % 30, 1 + (seed >> 20) as u16 % 40);
            let Some((x, y)) = packer.place(w, h) else {
                full = true;
                continue;
            };
            assert!(x >= GAP && y >= GAP && x + w + GAP <= side && y + h + GAP <= side, "{x},{y} {w}x{h}");
            for &(x2, y2, w2, h2) in &taken {
                let apart =
                    x + w + GAP <= x2 || x2 + w2 + GAP <= x || y + h + GAP <= y2 || y2 + h2 + GAP <= y;
                assert!(apart, "{x},{y} {w}x{h} meets {x2},{y2} {w2}x{h2}");
            }
            taken.push((x, y, w, h));
        }
        assert!(full, "2000 glyphs do not fit 256x256");
        let used: u32 = taken.iter().map(|&(_, _, w, h)| u32::from(w) * u32::from(h)).sum();
        assert!(used > u32::from(side) * u32::from(side) / 3, "packed only {used} pixels");
        assert_eq!(packer.place(0, 10), Some((0, 0)), "an empty glyph takes no room");
        assert_eq!(packer.place(side, 5), None, "wider than the atlas");
        packer.clear();
        assert_eq!(packer.place(10, 10), Some((GAP, GAP)));
    }
}
