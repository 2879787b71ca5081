//! The printed scenario card: a page that reads like a published scenario (title, the
//! map, the forces per side, turns, victory, special rules, briefing, sources), with a
//! second page only when the text needs it. It is laid out once as SVG in page
//! millimetres, the map being the scene's own SVG scaled to fit; the PDF and the PNG are
//! made from that SVG by the exports' own paths (svg2pdf, resvg), so its text stays text
//! and its fonts are embedded as the map's labels are.
//!
//! `--format card` writes what the output's extension asks: `.svg` an SVG (pages one
//! under the other), `.png` a PNG of it at `--dpi`, anything else a PDF on `--paper`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::export::{ExportError, ExportJob};
use super::format::{Abilities, MapFormat};
use super::{pdf, raster};
use crate::rules::Ruleset;
use crate::rules::model::KindList;
use crate::scenario::plan::schedule;
use crate::scenario::{Scenario, Unit, VictoryCondition};

/// The blank border of the page.
const MARGIN_MM: f64 = 15.0;
/// Between the two columns of text under the map.
const GUTTER_MM: f64 = 8.0;
/// Font sizes, in millimetres (20, 11, 8.5 and 7.5 points).
const TITLE: f64 = 7.0;
const HEADING: f64 = 3.9;
const BODY: f64 = 3.0;
const SMALL: f64 = 2.65;
/// A line's height over its font size.
const LEADING: f64 = 1.3;
/// A character's width over the font size: about right for the sans-serif used, and a
/// little generous, so that a wrapped line never runs into the next column.
const CHAR: f64 = 0.55;
/// The most of the page's height the map takes, largest first: the first with which
/// the card fits one page is taken (a short Letter page needs a smaller map than A4);
/// with the last, the text runs on to a second page.
const MAP_SHARES: [f64; 4] = [0.45, 0.4, 0.34, 0.28];
/// A paragraph of this many lines or fewer is not split between columns.
const KEEP_LINES: usize = 5;
/// The forces table's columns, as shares of the column width: unit, class, where, when.
const TABLE: [f64; 4] = [0.33, 0.2, 0.27, 0.2];
const INK: &str = "#1a1a1a";
const GREY: &str = "#666666";
const RULE: &str = "#b0b0b0";

/// The card of a scenario: its pages as SVG bodies in page millimetres.
pub struct Layout {
    pub page_mm: (f64, f64),
    pub pages: Vec<String>,
}

impl Layout {
    /// One page as an SVG document.
    pub fn page_svg(&self, i: usize) -> String {
        let (w, h) = self.page_mm;
        document(w, h, &self.pages[i])
    }

    /// The whole card as one SVG: the pages one under the other.
    pub fn svg(&self) -> String {
        let (w, h) = self.page_mm;
        if self.pages.len() == 1 {
            return self.page_svg(0);
        }
        let mut body = String::new();
        for (i, page) in self.pages.iter().enumerate() {
            let _ = write!(
                body,
                r#"<g transform="translate(0 {})">{page}</g>"#,
                num(h * i as f64)
            );
        }
        document(w, h * self.pages.len() as f64, &body)
    }
}

fn document(w: f64, h: f64, body: &str) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}" font-family="sans-serif">{body}</svg>"#,
        w = num(w),
        h = num(h)
    )
}

fn num(v: f64) -> String {
    let r = (v * 1000.0).round() / 1000.0;
    format!("{r}")
}

/// Text escaped for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `text` broken into lines of at most `width` mm at font `size`: at spaces, and
/// within a word only when the word alone is longer than a line. Line breaks of the
/// text are kept.
pub fn wrap(text: &str, width: f64, size: f64) -> Vec<String> {
    let max = ((width / (CHAR * size)).floor() as usize).max(4);
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let mut word: Vec<char> = word.chars().collect();
            loop {
                let used = line.chars().count();
                let gap = usize::from(used > 0);
                if used + gap + word.len() <= max {
                    if gap == 1 {
                        line.push(' ');
                    }
                    line.extend(word.iter());
                    break;
                }
                if used > 0 {
                    lines.push(std::mem::take(&mut line));
                    continue;
                }
                let rest = word.split_off(max);
                lines.push(word.iter().collect());
                word = rest;
            }
        }
        lines.push(line);
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// How a text is set: its size, weight and colour.
#[derive(Clone, Copy)]
struct Font {
    size: f64,
    bold: bool,
    italic: bool,
    colour: &'static str,
}

const fn font(size: f64) -> Font {
    Font {
        size,
        bold: false,
        italic: false,
        colour: INK,
    }
}

fn text(out: &mut String, x: f64, baseline: f64, f: Font, s: &str) {
    let weight = if f.bold { r#" font-weight="bold""# } else { "" };
    let style = if f.italic {
        r#" font-style="italic""#
    } else {
        ""
    };
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" font-size="{}" fill="{}"{weight}{style}>{}</text>"#,
        num(x),
        num(baseline),
        num(f.size),
        f.colour,
        esc(s)
    );
}

fn rule(out: &mut String, x0: f64, x1: f64, y: f64, colour: &str, width: f64) {
    let _ = write!(
        out,
        r#"<line x1="{}" y1="{y}" x2="{}" y2="{y}" stroke="{colour}" stroke-width="{width}"/>"#,
        num(x0),
        num(x1),
        y = num(y)
    );
}

/// The text under the map, poured into two columns a page, then onto a new page.
struct Flow {
    page_mm: (f64, f64),
    pages: Vec<String>,
    column: usize,
    /// Where the columns of the current page start.
    top: f64,
    y: f64,
}

impl Flow {
    fn width(&self) -> f64 {
        (self.page_mm.0 - 2.0 * MARGIN_MM - GUTTER_MM) / 2.0
    }
    fn x(&self) -> f64 {
        MARGIN_MM + self.column as f64 * (self.width() + GUTTER_MM)
    }
    fn bottom(&self) -> f64 {
        self.page_mm.1 - MARGIN_MM
    }
    fn out(&mut self) -> &mut String {
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }
    /// Moves to the next column or page unless `height` fits below.
    fn room(&mut self, height: f64) {
        if self.y + height <= self.bottom() || self.y <= self.top {
            return;
        }
        if self.column == 0 {
            self.column = 1;
        } else {
            self.column = 0;
            self.pages.push(page_background(self.page_mm));
            self.top = MARGIN_MM;
        }
        self.y = self.top;
    }
    fn gap(&mut self, mm: f64) {
        if self.y > self.top {
            self.y += mm;
        }
    }
    /// A section's heading, kept with a few lines of what follows.
    fn heading(&mut self, title: &str) {
        self.gap(3.0);
        let h = HEADING * LEADING;
        self.room(h + 3.0 * BODY * LEADING);
        let (x, w, y) = (self.x(), self.width(), self.y);
        let f = Font {
            bold: true,
            ..font(HEADING)
        };
        let out = self.out();
        text(out, x, y + HEADING, f, title);
        rule(out, x, x + w, y + h + 0.3, INK, 0.3);
        self.y += h + 1.5;
    }
    /// A paragraph: whole when short, else line by line (a long one runs on into the
    /// next column).
    fn paragraph(&mut self, s: &str, f: Font) {
        let lh = f.size * LEADING;
        let lines = wrap(s, self.width(), f.size);
        if lines.len() <= KEEP_LINES {
            self.room(lines.len() as f64 * lh);
        }
        for line in lines {
            self.room(lh);
            let (x, y) = (self.x(), self.y);
            text(self.out(), x, y + f.size, f, &line);
            self.y += lh;
        }
    }
    /// One row of the forces table, its cells wrapped to their columns.
    fn row(&mut self, cells: [&str; 4], header: bool) {
        let w = self.width();
        let f = Font {
            bold: header,
            colour: if header { GREY } else { INK },
            ..font(SMALL)
        };
        let lh = SMALL * LEADING;
        let wrapped: Vec<Vec<String>> = cells
            .iter()
            .zip(TABLE)
            .map(|(c, share)| wrap(c, share * w - 1.5, SMALL))
            .collect();
        let lines = wrapped.iter().map(Vec::len).max().unwrap_or(1);
        let height = lines as f64 * lh + 1.2;
        self.room(height);
        let (x0, y) = (self.x(), self.y);
        let out = self.out();
        let mut x = x0;
        for (cell, share) in wrapped.iter().zip(TABLE) {
            for (i, line) in cell.iter().enumerate() {
                text(out, x, y + 0.6 + SMALL + i as f64 * lh, f, line);
            }
            x += share * w;
        }
        let (colour, width) = if header { (INK, 0.25) } else { (RULE, 0.15) };
        rule(out, x0, x0 + w, y + height, colour, width);
        self.y += height;
    }
}

fn page_background((w, h): (f64, f64)) -> String {
    format!(
        r#"<rect width="{}" height="{}" fill="white"/>"#,
        num(w),
        num(h)
    )
}

/// The name people read for a side id.
fn side_name<'s>(s: &'s Scenario, id: &'s str) -> &'s str {
    if id.is_empty() {
        "No side"
    } else {
        s.side_name(id)
    }
}

/// A place as a printed scenario page names it: a hex by its label ("M3", not "hex
/// M3"), a table point in the table's unit ("71, 108 cm"), an area by its terrain and
/// where it lies ("the Village area about 70, 40 cm"), not by ids a player never sees.
pub fn place_words(s: &Scenario, r: &Ruleset, at: &crate::scenario::Place) -> String {
    use crate::scenario::Place;
    let unit = s
        .board
        .as_freeform()
        .map_or(String::new(), |t| format!(" {}", t.unit));
    let point = |x: f64, y: f64| format!("{x:.0}, {y:.0}{unit}");
    match at {
        Place::Hex(h) => s.label(*h),
        Place::Point(p) => point(p.x, p.y),
        Place::Area(id) => {
            let area = s.areas.iter().find(|a| a.id == *id);
            match (area, crate::scenario::turn_view::table_point(s, at)) {
                (Some(a), Some(c)) => {
                    let terrain = r
                        .kind(KindList::Terrain, &a.terrain)
                        .map_or_else(|| a.terrain.clone(), |k| k.name.clone());
                    format!("the {terrain} area about {}", point(c.x, c.y))
                }
                _ => s.describe(at),
            }
        }
        other => s.describe(other),
    }
}

/// A victory condition as a player reads it: sides, objectives and the class by their
/// names, not the file's ids ("French: hold Plancenoit, Plancenoit churchyard at the
/// end of turn 6"). The designer's Scenario plan titles its conditions with it too.
pub fn named(s: &Scenario, r: &Ruleset, v: &VictoryCondition) -> VictoryCondition {
    let mut v = v.clone();
    let objective = |id: &mut String| {
        if let Some(o) = s.plan.objectives.iter().find(|o| o.id == *id) {
            *id = o.title().to_string();
        }
    };
    match &mut v {
        VictoryCondition::FirstTo { side, .. } => name_side(s, side),
        VictoryCondition::Hold {
            side, objectives, ..
        }
        | VictoryCondition::Take { side, objectives } => {
            name_side(s, side);
            objectives.iter_mut().for_each(objective);
        }
        VictoryCondition::Destroy { side, class } => {
            name_side(s, side);
            if let Some(k) = r.kind(KindList::UnitClass, class) {
                *class = k.name.to_lowercase();
            }
        }
        VictoryCondition::MostPoints { .. } => {}
    }
    // "At the end" is the last turn, which the card can name.
    if let (
        VictoryCondition::Hold { turn, .. } | VictoryCondition::MostPoints { turn, .. },
        Some(n),
    ) = (&mut v, s.plan.turns)
    {
        turn.get_or_insert(n);
    }
    v
}

fn name_side(s: &Scenario, side: &mut Option<String>) {
    if let Some(id) = side {
        *id = side_name(s, id).to_string();
    }
}

/// A sentence's first letter in capitals.
fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A unit's row of the forces table: who, class, where, when.
fn unit_row(s: &Scenario, r: &Ruleset, u: &Unit) -> [String; 4] {
    let who = if u.name.is_empty() {
        u.id.clone()
    } else {
        u.name.clone()
    };
    let class = r
        .kind(KindList::UnitClass, &u.class)
        .map_or_else(|| u.class.clone(), |k| k.name.clone());
    let (at, mut when) = match &u.arrives {
        // A hex entry reads like a hex of the setup ("M3", not "hex M3").
        Some(a) => (place_words(s, r, &a.at), format!("turn {}", a.turn)),
        None => {
            let at = match (u.hex, u.at) {
                (Some(h), _) => s.label(h),
                (None, Some(p)) => place_words(s, r, &crate::scenario::Place::Point(p)),
                (None, None) => "off the map".to_string(),
            };
            (at, "start".to_string())
        }
    };
    if let Some(l) = u.leaves {
        let _ = write!(when, ", leaves turn {}", l.turn);
    }
    [who, class, at, when]
}

/// Lays out the card of the job's scenario on its paper: on one page with the largest
/// map that lets it.
pub fn layout(job: &ExportJob) -> Result<Layout, ExportError> {
    let mut card = None;
    for share in MAP_SHARES {
        let c = layout_with(job, share)?;
        if c.pages.len() == 1 {
            return Ok(c);
        }
        card.get_or_insert(c);
    }
    card.map_or_else(|| layout_with(job, MAP_SHARES[0]), Ok)
}

/// The card with a map of at most `share` of the page's height.
fn layout_with(job: &ExportJob, share: f64) -> Result<Layout, ExportError> {
    let s = job.scenario;
    let r = job.ruleset;
    let plan = &s.plan;
    let page_mm = job.options.paper.size_mm();
    let (pw, ph) = page_mm;
    let width = pw - 2.0 * MARGIN_MM;
    let mut page = page_background(page_mm);
    let mut y = MARGIN_MM;

    // The title, who made it and for which game, the description.
    let title_font = Font {
        bold: true,
        ..font(TITLE)
    };
    for line in wrap(&s.title, width, TITLE) {
        text(&mut page, MARGIN_MM, y + TITLE * 0.8, title_font, &line);
        y += TITLE * 1.15;
    }
    let mut byline = r.name.clone();
    if !s.author.is_empty() {
        byline = format!("By {} - {byline}", s.author);
    }
    let by_font = Font {
        colour: GREY,
        ..font(SMALL)
    };
    y += 1.0;
    for line in wrap(&byline, width, SMALL) {
        text(&mut page, MARGIN_MM, y + SMALL, by_font, &line);
        y += SMALL * LEADING;
    }
    if !s.description.is_empty() {
        y += 1.5;
        let f = Font {
            italic: true,
            ..font(BODY)
        };
        for line in wrap(&s.description, width, BODY) {
            text(&mut page, MARGIN_MM, y + BODY, f, &line);
            y += BODY * LEADING;
        }
    }
    y += 3.0;

    // The map: the scene's SVG as a group, scaled to the page's width (or to its share
    // of the height, centred), inside a thin frame.
    let scene = job.scene()?;
    let drawing = job.drawing()?;
    let (mw, mh) = drawing.size_mm;
    let max_h = ph * share;
    let k = (width / mw).min(max_h / mh);
    let (dw, dh) = (mw * k, mh * k);
    let x = MARGIN_MM + (width - dw) / 2.0;
    let units = f64::from(scene.size.x);
    let scale = dw / units;
    let _ = write!(
        page,
        r#"<clipPath id="card-map"><rect x="{x}" y="{y}" width="{w}" height="{h}"/></clipPath><g clip-path="url(#card-map)"><g transform="translate({x} {y}) scale({scale})">{inner}</g></g><rect x="{x}" y="{y}" width="{w}" height="{h}" fill="none" stroke="{INK}" stroke-width="0.3"/>"#,
        x = num(x),
        y = num(y),
        w = num(dw),
        h = num(dh),
        scale = scale,
        inner = svg_body(&drawing.svg),
    );
    y += dh + 4.0;

    let mut flow = Flow {
        page_mm,
        pages: vec![page],
        column: 0,
        top: y,
        y,
    };

    // Turns and who moves first.
    let turns = match (plan.turns, &plan.first_side) {
        (Some(n), Some(side)) => Some(format!("{n} turns. {} moves first.", side_name(s, side))),
        (Some(n), None) => Some(format!("{n} turns.")),
        (None, Some(side)) => Some(format!("{} moves first.", side_name(s, side))),
        (None, None) => None,
    };
    if let Some(t) = turns {
        flow.heading("Turns");
        flow.paragraph(&t, font(BODY));
    }

    // The forces, a table per side in the sides' order (units of no declared side
    // after), each under its side's notes.
    let sched = schedule(&s.units);
    let ordered: Vec<&Unit> = sched
        .start
        .iter()
        .copied()
        .chain(sched.turns.iter().flat_map(|t| t.arriving.iter().copied()))
        .collect();
    let mut sides: Vec<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    for u in &s.units {
        if !sides.contains(&u.side.as_str()) {
            sides.push(&u.side);
        }
    }
    for side in sides {
        let units: Vec<&&Unit> = ordered.iter().filter(|u| u.side == side).collect();
        let notes = plan.notes.get(side).filter(|n| !n.is_empty());
        if units.is_empty() && notes.is_none() {
            continue;
        }
        flow.heading(&format!("{} forces", side_name(s, side)));
        if let Some(n) = notes {
            flow.paragraph(
                n,
                Font {
                    italic: true,
                    ..font(BODY)
                },
            );
            flow.gap(1.0);
        }
        if !units.is_empty() {
            flow.row(["Unit", "Class", "Where", "Turn"], true);
            for u in units {
                let [a, b, c, d] = unit_row(s, r, u);
                flow.row([&a, &b, &c, &d], false);
            }
        }
    }

    // Victory: the conditions in words, then the objectives they name.
    if !plan.victory.is_empty() || !plan.objectives.is_empty() {
        flow.heading("Victory");
        for v in &plan.victory {
            let v = named(s, r, v);
            flow.paragraph(&format!("- {}.", capital(&v.describe())), font(BODY));
        }
        if !plan.objectives.is_empty() {
            flow.gap(1.0);
            for o in &plan.objectives {
                let owner = o
                    .owner
                    .as_deref()
                    .map_or(String::new(), |x| format!(", held by {}", side_name(s, x)));
                let worth = if o.value == 1 {
                    "1 point".to_string()
                } else {
                    format!("{} points", o.value)
                };
                flow.paragraph(
                    &format!(
                        "{}: {}, worth {worth}{owner}.",
                        o.title(),
                        place_words(s, r, &o.at)
                    ),
                    font(BODY),
                );
            }
        }
    }

    for (head, body) in [
        ("Special rules", &plan.special_rules),
        ("Briefing", &plan.briefing),
    ] {
        if !body.is_empty() {
            flow.heading(head);
            flow.paragraph(body, font(BODY));
        }
    }
    if !plan.sources.is_empty() {
        flow.heading("Sources");
        flow.paragraph(
            &plan.sources,
            Font {
                colour: GREY,
                ..font(SMALL)
            },
        );
    }

    let mut pages = flow.pages;
    let n = pages.len();
    if n > 1 {
        // Which page of how many, at the foot, for a card of two.
        for (i, page) in pages.iter_mut().enumerate() {
            let label = format!("{} - page {} of {n}", s.title, i + 1);
            let f = Font {
                colour: GREY,
                ..font(SMALL)
            };
            let x = MARGIN_MM;
            text(page, x, ph - MARGIN_MM / 2.0, f, &label);
        }
    }
    Ok(Layout { page_mm, pages })
}

/// What lies between an SVG document's root tags.
fn svg_body(svg: &str) -> &str {
    let start = svg
        .find("<svg")
        .and_then(|i| svg[i..].find('>').map(|j| i + j + 1));
    let end = svg.rfind("</svg>");
    match (start, end) {
        (Some(a), Some(b)) if a <= b => &svg[a..b],
        _ => "",
    }
}

/// The `card` export format.
pub struct Card;

/// What the output's extension asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pdf,
    Svg,
    Png,
}

fn kind(path: &Path) -> Kind {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("svg") => Kind::Svg,
        Some("png") => Kind::Png,
        _ => Kind::Pdf,
    }
}

fn bytes(job: &ExportJob, kind: Kind) -> Result<Vec<u8>, ExportError> {
    let card = layout(job)?;
    Ok(match kind {
        Kind::Svg => card.svg().into_bytes(),
        Kind::Png => {
            let tree = raster::parse(&card.svg())?;
            let (w, h) = card.page_mm;
            raster::png(&tree, (w, h * card.pages.len() as f64), job.options.dpi)?
        }
        Kind::Pdf => {
            let trees = (0..card.pages.len())
                .map(|i| raster::parse(&card.page_svg(i)))
                .collect::<Result<Vec<_>, _>>()?;
            pdf::pages(&trees, card.page_mm, &job.scenario.title)?
        }
    })
}

impl MapFormat for Card {
    fn name(&self) -> &'static str {
        "card"
    }
    fn description(&self) -> &'static str {
        "Scenario card (PDF, SVG or PNG by extension)"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["pdf", "svg", "png"]
    }
    fn abilities(&self) -> Abilities {
        Abilities {
            read: false,
            write: true,
        }
    }
    fn uses_paper(&self) -> bool {
        true
    }
    /// One page with the map fitted to it, not the board's sheets at 100%.
    fn tiles_sheets(&self) -> bool {
        false
    }
    fn uses_dpi(&self) -> bool {
        true
    }
    /// The PDF.
    fn write(&self, job: &ExportJob) -> Result<Vec<u8>, ExportError> {
        bytes(job, Kind::Pdf)
    }
    fn files(&self, job: &ExportJob, path: &Path) -> Result<Vec<(PathBuf, Vec<u8>)>, ExportError> {
        Ok(vec![(path.to_path_buf(), bytes(job, kind(path))?)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_wraps_at_spaces_and_a_long_word_is_cut() {
        // 20 mm at 2 mm: 18 characters a line.
        let lines = wrap("the north edge, E1 to G1 and more", 20.0, 2.0);
        assert!(lines.iter().all(|l| l.chars().count() <= 18), "{lines:?}");
        assert_eq!(lines.join(" "), "the north edge, E1 to G1 and more");
        let cut = wrap(&"x".repeat(40), 20.0, 2.0);
        assert_eq!(cut.len(), 3);
    }
}
