//! Drawing with the theme: the one place that calls macroquad's drawing
//! functions. Screens draw through a [`Canvas`]; every label goes through
//! [`Canvas::label`], which fits it into its rectangle.

use super::geometry::{Point, Rect};
use super::text::{TextMeasure, fit_line};
use super::theme::Rgba;
use macroquad::miniquad::{BlendFactor, BlendState, BlendValue, Equation, PipelineParams};
use macroquad::prelude::{
    Color, Font, Material, MaterialParams, ShaderSource, TextParams, Vec2, clear_background, draw_circle,
    draw_circle_lines, draw_line, draw_rectangle, draw_text_ex, draw_triangle, gl_use_default_material,
    gl_use_material, load_material, load_ttf_font_from_bytes, measure_text,
};

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
pub struct FontMeasure(pub Font);

impl TextMeasure for FontMeasure {
    fn width(&self, text: &str, size: f32) -> f32 {
        measure_text(text, Some(&self.0), px(size), 1.0).width
    }
}

/// The fonts, and drawing in theme colours.
///
/// Shapes are drawn with a flat-colour material: without it every shape
/// samples macroquad's white texture and blends, which makes a software
/// GL driver (Mesa's llvmpipe, as under Xvfb) spend about four times as
/// long filling each pixel. Opaque shapes also skip blending. Text uses
/// macroquad's default material.
pub struct Canvas {
    regular: Font,
    bold: Font,
    flat: Option<Material>,
    flat_blended: Option<Material>,
    pipeline: Pipeline,
}

/// The material last selected, so batches are only broken when it changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pipeline {
    Unknown,
    Default,
    Flat,
    FlatBlended,
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

fn px(size: f32) -> u16 {
    size.round().clamp(1.0, 400.0) as u16
}

fn color(c: Rgba) -> Color {
    Color::new(c.0, c.1, c.2, c.3)
}

impl Canvas {
    /// Loads the bundled fonts. Needs the window to be open.
    pub fn load() -> Result<Self, String> {
        let regular = load_ttf_font_from_bytes(REGULAR_TTF).map_err(|e| format!("font: {e}"))?;
        let bold = load_ttf_font_from_bytes(BOLD_TTF).map_err(|e| format!("bold font: {e}"))?;
        Ok(Canvas {
            regular,
            bold,
            flat: flat_material(false),
            flat_blended: flat_material(true),
            pipeline: Pipeline::Unknown,
        })
    }

    /// Starts a frame: clears the window to `c`.
    pub fn begin_frame(&mut self, c: Rgba) {
        self.pipeline = Pipeline::Unknown;
        self.select(Pipeline::Default);
        clear_background(color(c));
    }

    /// Ends a frame, leaving macroquad's default material selected.
    pub fn end_frame(&mut self) {
        self.select(Pipeline::Default);
    }

    fn select(&mut self, pipeline: Pipeline) {
        if pipeline == self.pipeline {
            return;
        }
        let material = match pipeline {
            Pipeline::Flat => self.flat.as_ref(),
            Pipeline::FlatBlended => self.flat_blended.as_ref(),
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
        FontMeasure(self.regular.clone())
    }

    fn font(&self, weight: Weight) -> &Font {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    /// The width of `text` at `size` in this weight.
    pub fn text_width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        measure_text(text, Some(self.font(weight)), px(size), 1.0).width
    }

    /// A filled rectangle.
    pub fn fill(&mut self, r: Rect, c: Rgba) {
        self.shape(c);
        draw_rectangle(r.x, r.y, r.w, r.h, color(c));
    }

    /// A filled rectangle with round corners.
    pub fn round(&mut self, r: Rect, radius: f32, c: Rgba) {
        let radius = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
        if radius < 0.5 {
            return self.fill(r, c);
        }
        self.shape(c);
        let k = color(c);
        draw_rectangle(r.x + radius, r.y, r.w - 2.0 * radius, r.h, k);
        draw_rectangle(r.x, r.y + radius, radius, r.h - 2.0 * radius, k);
        draw_rectangle(r.right() - radius, r.y + radius, radius, r.h - 2.0 * radius, k);
        for (x, y) in [
            (r.x + radius, r.y + radius),
            (r.right() - radius, r.y + radius),
            (r.x + radius, r.bottom() - radius),
            (r.right() - radius, r.bottom() - radius),
        ] {
            draw_circle(x, y, radius, k);
        }
    }

    /// A ring of width `thickness` just outside `r` (a focus outline); draw
    /// it before the thing it surrounds.
    pub fn ring(&mut self, r: Rect, radius: f32, thickness: f32, c: Rgba) {
        let outer = Rect::new(r.x - thickness, r.y - thickness, r.w + 2.0 * thickness, r.h + 2.0 * thickness);
        self.round(outer, radius + thickness, c);
    }

    /// A filled circle.
    pub fn circle(&mut self, center: Point, radius: f32, c: Rgba) {
        self.shape(c);
        draw_circle(center.x, center.y, radius, color(c));
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

    /// Text with its baseline at `(x, baseline)`, unfitted.
    pub fn text(&mut self, text: &str, x: f32, baseline: f32, size: f32, weight: Weight, c: Rgba) {
        self.select(Pipeline::Default);
        let params = TextParams {
            font: Some(self.font(weight)),
            font_size: px(size),
            color: color(c),
            ..Default::default()
        };
        draw_text_ex(text, x.round(), baseline.round(), params);
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
