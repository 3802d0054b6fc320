//! Drawing with the theme: the one place that calls macroquad's drawing
//! functions. Screens draw through a [`Canvas`]; every label goes through
//! [`Canvas::label`], which fits it into its rectangle.

use super::error::GuiError;
use super::geometry::{Point, Rect};
use super::glyphs::{Face, Glyphs, advance_width, face};
use super::text::{TextMeasure, fit_line};
use super::theme::Rgba;
use macroquad::miniquad::{BlendFactor, BlendState, BlendValue, Equation, PassAction, PipelineParams, RawId};
use macroquad::models::{Mesh, Vertex, draw_mesh};
use macroquad::prelude::{
    Camera2D, Color, DrawTextureParams, FilterMode, Material, MaterialParams, RenderTarget, ShaderSource,
    Texture2D, Vec2, WHITE, draw_circle_lines, draw_line, draw_rectangle, draw_texture_ex, draw_triangle,
    get_internal_gl, gl_use_default_material, gl_use_material, load_material, render_target, set_camera,
    set_default_camera,
};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// The bundled regular face (DejaVu Sans; see `assets/fonts/`).
pub const REGULAR_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
/// The bundled bold face.
pub const BOLD_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// How a label sits in its rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Against the left edge.
    Left,
    /// Centred.
    Center,
    /// Against the right edge.
    Right,
}

/// The weight of a label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// Body text.
    Regular,
    /// Titles, names, buttons.
    Bold,
}

/// Text measured in the bundled regular face.
#[derive(Clone)]
pub struct FontMeasure(pub Face);

impl TextMeasure for FontMeasure {
    fn width(&self, text: &str, size: f32) -> f32 {
        width_of(&self.0, text, size)
    }
}

/// The one size text is measured at: glyph advances scale exactly with the
/// size, so widths are measured at this size and scaled. (Measuring with
/// macroquad cached the glyphs of every size measured in its atlas; the
/// size stays so that every label is laid out as before.)
const MEASURE_SIZE: u16 = 15;

/// The width of `text` in `face` at `size` (see [`MEASURE_SIZE`]).
fn width_of(face: &Face, text: &str, size: f32) -> f32 {
    advance_width(face, text, MEASURE_SIZE) * f32::from(px(size)) / f32::from(MEASURE_SIZE)
}

/// The fonts, and drawing in theme colours.
///
/// Shapes are drawn with a flat-colour material: without it every shape
/// samples macroquad's white texture and blends, which makes a software
/// GL driver (Mesa's llvmpipe, as under Xvfb) spend about four times as
/// long filling each pixel. Opaque shapes also skip blending. Text uses
/// macroquad's default material.
///
/// Text is held back and drawn at the end of its layer, all regular text
/// then all bold: every change between a shape and text would otherwise
/// start a new draw call (each with its own vertex buffer in the driver),
/// and a board of labelled pieces made a hundred and more of them a frame.
/// Text therefore always lies over the shapes of its layer; whatever must
/// cover text (a toast, a panel over the board, a piece being dragged)
/// starts a new layer with [`Canvas::layer`].
pub struct Canvas {
    /// The regular and bold faces' glyphs (see [`Glyphs`]).
    glyphs: Glyphs,
    flat: Option<Material>,
    flat_blended: Option<Material>,
    /// Copies a kept picture without blending (see [`Canvas::kept`]).
    copy: Option<Material>,
    pipeline: Pipeline,
    /// Text waiting for the end of the layer.
    pending: Vec<PendingText>,
    /// Pipeline changes and text flushes this frame (about the draw calls).
    batches: u32,
    /// A shape being built (reused, so drawing allocates nothing).
    mesh: Mesh,
    /// Pictures kept between frames (see [`Canvas::kept`]).
    kept: Vec<KeptPicture>,
    /// A GL frame buffer that kept pictures are copied from (0: none yet).
    read_fb: u32,
}

/// A part of the screen drawn once into a texture and copied to the
/// window each frame until what it shows changes.
struct KeptPicture {
    /// Which part of the screen it is (one picture per name).
    name: &'static str,
    /// Its place in whole pixels: x, y, width, height.
    place: (i32, i32, u32, u32),
    /// What it shows, as the caller's fingerprint.
    content: Option<u64>,
    target: RenderTarget,
    /// Whether this frame or the last one used it.
    used: bool,
}

/// A line of text waiting to be drawn.
struct PendingText {
    text: String,
    x: f32,
    baseline: f32,
    size: u16,
    weight: Weight,
    color: Color,
}

/// The material last selected, so batches are only broken when it changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pipeline {
    Unknown,
    Default,
    Flat,
    FlatBlended,
    Copy,
}

const FLAT_VERTEX: &str = "#version 100
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color0;
varying lowp vec4 color;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
}";

const FLAT_FRAGMENT: &str = "#version 100
varying lowp vec4 color;
void main() {
    gl_FragColor = color;
}";

const COPY_FRAGMENT: &str = "#version 100
varying mediump vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = texture2D(Texture, uv);
}";

const COPY_VERTEX: &str = "#version 100
attribute vec3 position;
attribute vec2 texcoord;
varying mediump vec2 uv;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    uv = texcoord;
}";

fn flat_material(blended: bool) -> Option<Material> {
    let color_blend = blended.then(|| {
        BlendState::new(
            Equation::Add,
            BlendFactor::Value(BlendValue::SourceAlpha),
            BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
        )
    });
    let params = MaterialParams {
        pipeline_params: PipelineParams { color_blend, ..Default::default() },
        ..Default::default()
    };
    // Without the material everything still draws, only slower.
    load_material(ShaderSource::Glsl { vertex: FLAT_VERTEX, fragment: FLAT_FRAGMENT }, params).ok()
}

/// A material that copies a texture's pixels as they are: no tint, no
/// blending (macroquad's default material blends, which costs a software
/// driver a read of every pixel underneath).
fn copy_material() -> Option<Material> {
    load_material(
        ShaderSource::Glsl { vertex: COPY_VERTEX, fragment: COPY_FRAGMENT },
        MaterialParams::default(),
    )
    .ok()
}

/// Clears the window to `c`, leaving the depth buffer alone.
///
/// macroquad's `clear_background` clears the depth buffer too, which
/// nothing here uses: a software GL driver (llvmpipe) then rewrites each of
/// its pixels every frame, a fifth of the frame's drawing at 1920x1080.
#[allow(unsafe_code)]
fn clear_colour_only(c: Color) {
    // SAFETY: called on the main thread between macroquad's frames, with no
    // other borrow of macroquad's context alive (as macroquad's own
    // `clear_background` does); nothing is queued to draw yet this frame.
    let gl = unsafe { get_internal_gl() };
    gl.quad_gl.clear_draw_calls();
    let action = PassAction::Clear { color: Some((c.r, c.g, c.b, c.a)), depth: None, stencil: None };
    gl.quad_context.begin_default_pass(action);
    gl.quad_context.end_render_pass();
}

/// The whole pixels that cover `r`: x, y, width, height.
fn whole_pixels(r: Rect) -> (i32, i32, u32, u32) {
    let (x0, y0) = (r.x.floor(), r.y.floor());
    let (x1, y1) = (r.right().ceil().max(x0), r.bottom().ceil().max(y0));
    (x0 as i32, y0 as i32, (x1 - x0) as u32, (y1 - y0) as u32)
}

/// The sides of a polygon that stays within a third of a pixel of a circle
/// of `radius` (at least 6, at most 96).
pub fn segments_for(radius: f32) -> u32 {
    const ERROR: f32 = 0.33;
    if radius <= ERROR {
        return 6;
    }
    let step = (1.0 - ERROR / radius).clamp(-1.0, 1.0).acos();
    ((std::f32::consts::PI / step).ceil() as u32).clamp(6, 96)
}

/// Which of the [`Glyphs`] faces a weight is drawn in.
fn face_index(weight: Weight) -> usize {
    match weight {
        Weight::Regular => 0,
        Weight::Bold => 1,
    }
}

fn px(size: f32) -> u16 {
    size.round().clamp(1.0, 400.0) as u16
}

fn color(c: Rgba) -> Color {
    Color::new(c.0, c.1, c.2, c.3)
}

impl Canvas {
    /// Loads the bundled fonts. Needs the window to be open.
    pub fn load() -> Result<Self, GuiError> {
        let regular = face("font", REGULAR_TTF)?;
        let bold = face("bold font", BOLD_TTF)?;
        Ok(Canvas {
            glyphs: Glyphs::new(vec![regular, bold]),
            flat: flat_material(false),
            flat_blended: flat_material(true),
            copy: copy_material(),
            pipeline: Pipeline::Unknown,
            pending: Vec::new(),
            batches: 0,
            mesh: Mesh { vertices: Vec::new(), indices: Vec::new(), texture: None },
            kept: Vec::new(),
            read_fb: 0,
        })
    }

    /// Starts a frame: clears the window to `c`.
    pub fn begin_frame(&mut self, c: Rgba) {
        self.pipeline = Pipeline::Unknown;
        self.batches = 0;
        // A picture no screen drew last frame is let go (its screen closed,
        // or shows something else); the drawing that used it is done.
        self.kept.retain(|k| k.used);
        for k in &mut self.kept {
            k.used = false;
        }
        self.select(Pipeline::Default);
        clear_colour_only(color(c));
    }

    /// Draws the part of the screen `area` (plain `background` behind it)
    /// from a picture kept from an earlier frame, when `content`
    /// (everything `draw` depends on; only its hash is kept) and the place
    /// are the same as then; otherwise `draw` paints the picture anew
    /// first.
    ///
    /// Why: a software GL driver (llvmpipe under Xvfb) pays for every
    /// pixel each layer covers, and a board of raised pieces covers its
    /// squares about five times. Copying the kept picture covers them once.
    /// The picture is drawn at the same whole-pixel offsets as the window,
    /// so it is the same pixels as drawing directly; `draw` must stay
    /// inside `area`, whose background is covered (it is plain behind).
    ///
    /// Text `draw` adds lands in the picture; text held back before the
    /// call stays held back for the window.
    pub fn kept(
        &mut self,
        name: &'static str,
        area: Rect,
        background: Rgba,
        content: impl Hash,
        draw: impl FnOnce(&mut Canvas),
    ) {
        let content = {
            let mut hasher = DefaultHasher::new();
            content.hash(&mut hasher);
            hasher.finish()
        };
        let place = whole_pixels(area);
        let (x, y, w, h) = place;
        if w == 0 || h == 0 || self.copy.is_none() {
            return draw(self);
        }
        let at = match self.kept.iter().position(|k| k.name == name) {
            Some(i) if self.kept[i].place.2 == w && self.kept[i].place.3 == h => i,
            found => {
                // New, or the window changed size: a texture of the new size.
                let target = render_target(w, h);
                target.texture.set_filter(FilterMode::Nearest);
                let picture = KeptPicture { name, place, content: None, target, used: true };
                match found {
                    Some(i) => {
                        self.kept[i] = picture;
                        i
                    }
                    None => {
                        self.kept.push(picture);
                        self.kept.len() - 1
                    }
                }
            }
        };
        self.kept[at].used = true;
        if self.kept[at].content != Some(content) || self.kept[at].place != place {
            let target = self.kept[at].target.clone();
            let held = std::mem::take(&mut self.pending);
            let pixels = macroquad::math::Rect::new(x as f32, y as f32, w as f32, h as f32);
            set_camera(&Camera2D { render_target: Some(target), ..Camera2D::from_display_rect(pixels) });
            self.fill(Rect::new(x as f32, y as f32, w as f32, h as f32), background.with_alpha(1.0));
            draw(self);
            self.layer();
            set_default_camera();
            self.pending = held;
            self.kept[at].content = Some(content);
            self.kept[at].place = place;
        }
        let texture = self.kept[at].target.texture.clone();
        if self.blit(&texture, place) {
            return;
        }
        self.select(Pipeline::Copy);
        let params = DrawTextureParams {
            dest_size: Some(Vec2::new(w as f32, h as f32)),
            // A texture drawn through a camera lies upside down.
            flip_y: true,
            ..Default::default()
        };
        draw_texture_ex(&self.kept[at].target.texture, x as f32, y as f32, WHITE, params);
    }

    /// Copies `texture` (a kept picture) to the window at `place` with the
    /// GL driver's framebuffer blit. Returns false (nothing done) if the
    /// GL context cannot.
    ///
    /// Why not a textured quad: the window's frame buffer has a depth and
    /// stencil buffer (miniquad asks GLX for one), and with one bound a
    /// software driver (llvmpipe) shades every pixel of a quad through its
    /// general path, sampling the texture: a whole-window copy cost it as
    /// much as drawing the launcher. The driver's blit binds no depth
    /// buffer and costs it about half as much (1920x1080 launcher: 17 ms
    /// of llvmpipe's CPU a frame for the quad, 12 for the blit; the
    /// launcher drawn anew, 16-19).
    #[allow(unsafe_code)]
    fn blit(&mut self, texture: &Texture2D, (x, y, w, h): (i32, i32, u32, u32)) -> bool {
        use macroquad::miniquad::gl;
        let texture = texture.raw_miniquad_id();
        let (_, window_h) = macroquad::miniquad::window::screen_size();
        // SAFETY: on the main thread during the frame, with no other borrow
        // of macroquad's context alive. `flush` first sends every queued
        // draw to GL (macroquad's documented way to mix in raw GL), so the
        // picture is drawn and what lies under it is painted before the
        // copy; the GL calls then bind only a frame buffer of our own for
        // reading and give the window's back to miniquad as it left it.
        unsafe {
            let mut context = get_internal_gl();
            context.flush();
            // (The only kind of id on Linux; other systems may have others.)
            #[allow(irrefutable_let_patterns)]
            let RawId::OpenGl(raw) = context.quad_context.texture_raw_id(texture) else {
                return false;
            };
            let mut window_fb = 0;
            gl::glGetIntegerv(gl::GL_DRAW_FRAMEBUFFER_BINDING, &mut window_fb);
            if self.read_fb == 0 {
                gl::glGenFramebuffers(1, &mut self.read_fb);
            }
            gl::glBindFramebuffer(gl::GL_READ_FRAMEBUFFER, self.read_fb);
            gl::glFramebufferTexture2D(
                gl::GL_READ_FRAMEBUFFER,
                gl::GL_COLOR_ATTACHMENT0,
                gl::GL_TEXTURE_2D,
                raw,
                0,
            );
            let ready = gl::glCheckFramebufferStatus(gl::GL_READ_FRAMEBUFFER) == gl::GL_FRAMEBUFFER_COMPLETE;
            if ready {
                gl::glDisable(gl::GL_SCISSOR_TEST);
                // GL counts rows from the bottom, in the window and in the
                // picture alike (which is why a quad drawing it flips it).
                let bottom = window_h.round() as i32 - y - h as i32;
                let (w, h) = (w as i32, h as i32);
                gl::glBlitFramebuffer(
                    0,
                    0,
                    w,
                    h,
                    x,
                    bottom,
                    x + w,
                    bottom + h,
                    gl::GL_COLOR_BUFFER_BIT,
                    gl::GL_NEAREST,
                );
            }
            // Let the picture go: a texture attached to a frame buffer
            // lives on after macroquad deletes it.
            gl::glFramebufferTexture2D(
                gl::GL_READ_FRAMEBUFFER,
                gl::GL_COLOR_ATTACHMENT0,
                gl::GL_TEXTURE_2D,
                0,
                0,
            );
            gl::glBindFramebuffer(gl::GL_FRAMEBUFFER, window_fb as u32);
            // The next shape selects its material anew.
            self.pipeline = Pipeline::Unknown;
            ready
        }
    }

    /// Ends a frame (drawing the text held back), leaving macroquad's
    /// default material selected. Returns how many times the frame changed
    /// pipeline or flushed text: about the number of draw calls.
    pub fn end_frame(&mut self) -> u32 {
        self.layer();
        self.select(Pipeline::Default);
        self.batches
    }

    /// Ends a layer: the text held back is drawn now, so what comes next
    /// covers it.
    pub fn layer(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut self.pending);
        self.glyphs.prepare(pending.iter().map(|t| (t.text.as_str(), t.size, face_index(t.weight))));
        self.select(Pipeline::Default);
        for weight in [Weight::Regular, Weight::Bold] {
            for t in pending.iter().filter(|t| t.weight == weight) {
                self.glyphs.draw(&t.text, t.x, t.baseline, t.size, face_index(weight), t.color);
            }
        }
        self.batches += 1;
        self.pending = pending;
        self.pending.clear();
    }

    fn select(&mut self, pipeline: Pipeline) {
        if pipeline == self.pipeline {
            return;
        }
        self.batches += 1;
        let material = match pipeline {
            Pipeline::Flat => self.flat.as_ref(),
            Pipeline::FlatBlended => self.flat_blended.as_ref(),
            Pipeline::Copy => self.copy.as_ref(),
            Pipeline::Default | Pipeline::Unknown => None,
        };
        match material {
            Some(material) => gl_use_material(material),
            None => gl_use_default_material(),
        }
        self.pipeline = pipeline;
    }

    /// Selects the flat material for a shape of colour `c`.
    fn shape(&mut self, c: Rgba) {
        self.select(if c.3 >= 0.999 { Pipeline::Flat } else { Pipeline::FlatBlended });
    }

    /// A measure of the regular face, for layouts that wrap text.
    pub fn measure(&self) -> FontMeasure {
        FontMeasure(self.glyphs.face(face_index(Weight::Regular)).clone())
    }

    fn font(&self, weight: Weight) -> &Face {
        self.glyphs.face(face_index(weight))
    }

    /// The width of `text` at `size` in this weight.
    pub fn text_width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        width_of(self.font(weight), text, size)
    }

    /// A filled rectangle.
    pub fn fill(&mut self, r: Rect, c: Rgba) {
        self.shape(c);
        draw_rectangle(r.x, r.y, r.w, r.h, color(c));
    }

    /// A filled rectangle with round corners: one fan of triangles, each
    /// pixel drawn once (rectangles and whole circles at the corners drew
    /// the corners twice and cost ten times the triangles).
    pub fn round(&mut self, r: Rect, radius: f32, c: Rgba) {
        let radius = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
        if radius < 0.5 {
            return self.fill(r, c);
        }
        self.shape(c);
        let quarter = segments_for(radius).div_ceil(4).max(2);
        let corners = [
            (r.right() - radius, r.bottom() - radius, 0.0),
            (r.x + radius, r.bottom() - radius, 0.25),
            (r.x + radius, r.y + radius, 0.5),
            (r.right() - radius, r.y + radius, 0.75),
        ];
        let ring = corners.into_iter().flat_map(|(cx, cy, turn)| {
            (0..=quarter).map(move |i| {
                let a = (turn + 0.25 * i as f32 / quarter as f32) * std::f32::consts::TAU;
                (cx + radius * a.cos(), cy + radius * a.sin())
            })
        });
        self.fan(r.center(), ring, color(c));
    }

    /// Draws a closed fan of triangles from `center` round `ring`.
    fn fan(&mut self, center: Point, ring: impl Iterator<Item = (f32, f32)>, k: Color) {
        self.mesh.vertices.clear();
        self.mesh.indices.clear();
        self.mesh.vertices.push(Vertex::new(center.x, center.y, 0.0, 0.0, 0.0, k));
        self.mesh.vertices.extend(ring.map(|(x, y)| Vertex::new(x, y, 0.0, 0.0, 0.0, k)));
        let n = self.mesh.vertices.len() as u16 - 1;
        for i in 1..=n {
            self.mesh.indices.extend_from_slice(&[0, i, if i == n { 1 } else { i + 1 }]);
        }
        draw_mesh(&self.mesh);
    }

    /// A ring of width `thickness` just outside `r` (a focus outline); draw
    /// it before the thing it surrounds.
    pub fn ring(&mut self, r: Rect, radius: f32, thickness: f32, c: Rgba) {
        let outer = Rect::new(r.x - thickness, r.y - thickness, r.w + 2.0 * thickness, r.h + 2.0 * thickness);
        self.round(outer, radius + thickness, c);
    }

    /// A filled circle, with as many sides as keep it round to a third of
    /// a pixel.
    pub fn circle(&mut self, center: Point, radius: f32, c: Rgba) {
        if radius <= 0.0 {
            return;
        }
        self.shape(c);
        let n = segments_for(radius);
        let ring = (0..n).map(move |i| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            (center.x + radius * a.cos(), center.y + radius * a.sin())
        });
        self.fan(center, ring, color(c));
    }

    /// A circle outline.
    pub fn circle_outline(&mut self, center: Point, radius: f32, thickness: f32, c: Rgba) {
        self.shape(c);
        draw_circle_lines(center.x, center.y, radius, thickness, color(c));
    }

    /// A straight line.
    pub fn line(&mut self, a: Point, b: Point, thickness: f32, c: Rgba) {
        self.shape(c);
        draw_line(a.x, a.y, b.x, b.y, thickness, color(c));
    }

    /// A filled triangle.
    pub fn triangle(&mut self, a: Point, b: Point, c: Point, fill: Rgba) {
        self.shape(fill);
        draw_triangle(Vec2::new(a.x, a.y), Vec2::new(b.x, b.y), Vec2::new(c.x, c.y), color(fill));
    }

    /// Text with its baseline at `(x, baseline)`, unfitted; drawn at the
    /// end of the layer.
    pub fn text(&mut self, text: &str, x: f32, baseline: f32, size: f32, weight: Weight, c: Rgba) {
        self.pending.push(PendingText {
            text: text.to_string(),
            x: x.round(),
            baseline: baseline.round(),
            size: px(size),
            weight,
            color: color(c),
        });
    }

    /// A one-line label fitted into `r` (shrunk or cut with "…" if it is
    /// too wide) and centred vertically.
    pub fn label(&mut self, r: Rect, text: &str, size: f32, weight: Weight, align: Align, c: Rgba) {
        let measure = WeightMeasure { canvas: self, weight };
        let (text, size) = fit_line(text, r.w, size, &measure);
        let width = self.text_width(&text, size, weight);
        let x = match align {
            Align::Left => r.x,
            Align::Center => r.x + (r.w - width) / 2.0,
            Align::Right => r.right() - width,
        };
        self.text(&text, x, baseline_in(r, size), size, weight, c);
    }
}

/// The baseline that centres a line of text of `size` in `r` (the bundled
/// face's capitals are 0.73 of the size tall).
pub fn baseline_in(r: Rect, size: f32) -> f32 {
    r.y + r.h / 2.0 + size * 0.36
}

struct WeightMeasure<'a> {
    canvas: &'a Canvas,
    weight: Weight,
}

impl TextMeasure for WeightMeasure<'_> {
    fn width(&self, text: &str, size: f32) -> f32 {
        self.canvas.text_width(text, size, self.weight)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circles_get_sides_by_their_size() {
        assert_eq!(segments_for(0.1), 6);
        assert_eq!(segments_for(2.0), 6);
        let ten = segments_for(10.0);
        assert!((10..=16).contains(&ten), "{ten}");
        let big = segments_for(200.0);
        assert!(big > ten && big <= 96, "{big}");
        // Within a third of a pixel.
        for r in [3.0f32, 10.0, 40.0, 120.0] {
            let n = segments_for(r) as f32;
            assert!(r * (1.0 - (std::f32::consts::PI / n).cos()) <= 0.34, "radius {r}");
        }
    }
}
