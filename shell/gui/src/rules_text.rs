//! The rules screens' text: a small Markdown subset with `{key}`
//! placeholders filled with the active option values, laid out into lines.

use super::options::show_option;
use super::text::{TextMeasure, wrap};
use game_core::rules::RuleField;

/// A block of rules text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// `# Title`.
    Title(String),
    /// `## Section`.
    Heading(String),
    /// `- item`.
    Bullet(String),
    /// Any other run of lines.
    Paragraph(String),
}

/// The text with every `{key}` of a known option replaced by its value as
/// players read it. Unknown placeholders are left as they are.
pub fn fill(text: &str, fields: &[RuleField], values: &toml::Table) -> String {
    let mut out = text.to_string();
    for field in fields {
        if let Some(value) = values.get(field.key) {
            out = out.replace(&format!("{{{}}}", field.key), &show_option(field, value));
        }
    }
    out
}

/// Splits the text into blocks: titles, headings, bullets and paragraphs.
pub fn parse(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut paragraph = String::new();
    let flush = |paragraph: &mut String, blocks: &mut Vec<Block>| {
        if !paragraph.is_empty() {
            blocks.push(Block::Paragraph(std::mem::take(paragraph)));
        }
    };
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            flush(&mut paragraph, &mut blocks);
        } else if let Some(rest) = line.strip_prefix("## ") {
            flush(&mut paragraph, &mut blocks);
            blocks.push(Block::Heading(rest.to_string()));
        } else if let Some(rest) = line.strip_prefix("# ") {
            flush(&mut paragraph, &mut blocks);
            blocks.push(Block::Title(rest.to_string()));
        } else if let Some(rest) = line.strip_prefix("- ") {
            flush(&mut paragraph, &mut blocks);
            blocks.push(Block::Bullet(rest.to_string()));
        } else {
            if !paragraph.is_empty() {
                paragraph.push(' ');
            }
            paragraph.push_str(line);
        }
    }
    flush(&mut paragraph, &mut blocks);
    blocks
}

/// The "Your options" section: one bullet per option with its value.
pub fn options_blocks(
    fields: &[RuleField],
    values: &toml::Table,
    preset: Option<&str>,
    label: &dyn Fn(&str) -> String,
) -> Vec<Block> {
    let mut blocks = vec![Block::Heading("Your options".into())];
    if let Some(name) = preset {
        blocks.push(Block::Paragraph(format!("Preset: {name}.")));
    }
    for field in fields {
        if let Some(value) = values.get(field.key) {
            blocks.push(Block::Bullet(format!(
                "{}: {}. {}",
                label(field.key),
                show_option(field, value),
                field.help
            )));
        }
    }
    blocks
}

/// How a laid-out line is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineStyle {
    /// The title.
    Title,
    /// A section heading.
    Heading,
    /// The first line of a bullet (drawn with its dot).
    BulletStart,
    /// A following line of a bullet (indented).
    BulletMore,
    /// Body text.
    Body,
    /// Space between blocks.
    Blank,
}

/// One line of laid-out text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The words.
    pub text: String,
    /// How it is drawn.
    pub style: LineStyle,
}

/// Text sizes for laying out rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextSizes {
    /// Title size.
    pub title: f32,
    /// Heading size.
    pub heading: f32,
    /// Body size.
    pub body: f32,
    /// Bullet indent in pixels.
    pub indent: f32,
}

impl LineStyle {
    /// The text size of this style.
    pub fn size(self, sizes: &TextSizes) -> f32 {
        match self {
            LineStyle::Title => sizes.title,
            LineStyle::Heading => sizes.heading,
            _ => sizes.body,
        }
    }

    /// The height of a line of this style.
    pub fn height(self, sizes: &TextSizes) -> f32 {
        match self {
            LineStyle::Blank => sizes.body * 0.6,
            other => other.size(sizes) * 1.45,
        }
    }
}

/// Lays the blocks out into lines at most `width` wide.
pub fn lay_out(blocks: &[Block], width: f32, sizes: &TextSizes, measure: &dyn TextMeasure) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut push = |text: String, style| lines.push(Line { text, style });
    for (i, block) in blocks.iter().enumerate() {
        let follows_bullet = i > 0 && matches!(blocks[i - 1], Block::Bullet(_));
        match block {
            Block::Title(text) => {
                for l in wrap(text, width, sizes.title * 1.1, measure) {
                    push(l, LineStyle::Title);
                }
            }
            Block::Heading(text) => {
                if i > 0 {
                    push(String::new(), LineStyle::Blank);
                }
                for l in wrap(text, width, sizes.heading * 1.1, measure) {
                    push(l, LineStyle::Heading);
                }
            }
            Block::Paragraph(text) => {
                if follows_bullet {
                    push(String::new(), LineStyle::Blank);
                }
                for l in wrap(text, width, sizes.body, measure) {
                    push(l, LineStyle::Body);
                }
                push(String::new(), LineStyle::Blank);
            }
            Block::Bullet(text) => {
                for (k, l) in wrap(text, width - sizes.indent, sizes.body, measure).into_iter().enumerate() {
                    push(l, if k == 0 { LineStyle::BulletStart } else { LineStyle::BulletMore });
                }
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::label_of;
    use crate::text::ApproxMeasure;
    use headless::registry::GameKind;

    #[test]
    fn placeholders_take_the_active_values() {
        for id in GameKind::ALL {
            let entry = id.entry();
            let text = fill(entry.rules_text, entry.rules.fields(), &entry.rules.defaults());
            assert!(!text.contains('{'), "{}: every placeholder is filled:\n{text}", entry.key);
        }
        let stones = GameKind::Stones.entry();
        let mut values = stones.rules.defaults();
        values.insert("pits".into(), 5.into());
        values.insert("empty_capture".into(), true.into());
        let text = fill(stones.rules_text, stones.rules.fields(), &values);
        assert!(text.contains("Two rows of 5 pits"), "{text}");
        assert!(text.contains("Empty capture is on"), "{text}");
    }

    #[test]
    fn blocks_and_lines() {
        let blocks = parse("# T\n\nA para\ngoes on.\n\n## H\n- one\n- two\n");
        assert_eq!(
            blocks,
            vec![
                Block::Title("T".into()),
                Block::Paragraph("A para goes on.".into()),
                Block::Heading("H".into()),
                Block::Bullet("one".into()),
                Block::Bullet("two".into()),
            ]
        );
        let sizes = TextSizes { title: 30.0, heading: 24.0, body: 16.0, indent: 20.0 };
        let lines = lay_out(&blocks, 400.0, &sizes, &ApproxMeasure);
        let styles: Vec<LineStyle> = lines.iter().map(|l| l.style).collect();
        assert_eq!(
            styles,
            vec![
                LineStyle::Title,
                LineStyle::Body,
                LineStyle::Blank,
                LineStyle::Blank,
                LineStyle::Heading,
                LineStyle::BulletStart,
                LineStyle::BulletStart
            ]
        );
    }

    #[test]
    fn the_options_section_names_every_option() {
        let entry = GameKind::Blockade.entry();
        let blocks =
            options_blocks(entry.rules.fields(), &entry.rules.defaults(), Some("Classic"), &label_of);
        assert_eq!(blocks.len(), 2 + entry.rules.fields().len());
        assert_eq!(blocks[2], Block::Bullet(format!("Size: 8. {}", entry.rules.fields()[0].help)));
    }
}
