//! Exporting a scenario back into the module its board came from: every entry is
//! copied as it was (compressed bytes and all), and in the build file only the board's
//! grid changes, spliced in place: it becomes a `ZonedGrid` whose background grid is the
//! original grid's text, untouched (same parameters and numbering, so saved games, logs
//! and location names stay valid), with one zone per hex carrying what Sandtable's own
//! modules carry. The module's version goes up a minor step and its description says
//! what was added.

use std::io::Write;
use std::path::Path;

use quick_xml::Reader;
use quick_xml::events::Event;

use super::module::{self, Module, ModuleError};
use super::{build_file, grid::PixelMap};
use crate::board::Grid;
use crate::board::background::Background;
use crate::io::pyramid::{Input, Pixels, Pyramid};
use crate::io::xml::{self, Element};
use crate::rules::Ruleset;
use crate::scenario::Scenario;
use crate::scene;

/// Why the module cannot be written back.
#[derive(Debug, thiserror::Error)]
pub enum IntoError {
    #[error("{0}")]
    Module(#[from] ModuleError),
    #[error("{0}")]
    Board(String),
    #[error("cannot write the module: {0}")]
    Zip(String),
    #[error("cannot read the module: {0}")]
    Read(String),
    #[error("cannot write the new module: {0}")]
    Write(String),
    #[error("that is the original module: write the new one to another file")]
    SameFile,
    #[error("cannot redraw the board image: {0}")]
    Redraw(String),
}

/// Reads the module at `module`, writes it back with the scenario's terrain (and, with
/// `redraw`, the scene drawn over its board image) to `output`, saying each stage to
/// `progress` as it starts. The original is never written: an `output` that is the same
/// file is refused before anything is read.
pub fn export_file(
    scenario: &Scenario,
    ruleset: &Ruleset,
    module: &Path,
    output: &Path,
    redraw: Option<&super::Redraw>,
    progress: &dyn Fn(&'static str),
) -> Result<(), IntoError> {
    if same_file(module, output) {
        return Err(IntoError::SameFile);
    }
    progress("Reading the module");
    let bytes = std::fs::read(module).map_err(|e| IntoError::Read(e.to_string()))?;
    let read = Module::read(bytes).map_err(IntoError::Module)?;
    progress(if redraw.is_some() {
        "Adding the terrain zones and drawing the board image"
    } else {
        "Adding the terrain zones"
    });
    let out = write(scenario, ruleset, &read, redraw)?;
    progress("Saving the new module");
    crate::io::atomic::write(output, &out).map_err(|e| IntoError::Write(e.to_string()))
}

/// Whether two paths name one file (the second need not exist yet).
fn same_file(a: &Path, b: &Path) -> bool {
    let full = |p: &Path| {
        std::fs::canonicalize(p).ok().or_else(|| {
            let dir = p.parent().filter(|d| !d.as_os_str().is_empty());
            let dir = std::fs::canonicalize(dir.unwrap_or(Path::new("."))).ok()?;
            Some(dir.join(p.file_name()?))
        })
    };
    match (full(a), full(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// Byte ranges of an element (start of `<` to after its end) found by a path of child
/// indices, in the document's own text.
pub(super) fn element_span(text: &str, path: &[usize]) -> Option<(usize, usize)> {
    let mut reader = Reader::from_str(text);
    // The open elements' paths below the root, and how many children each has had.
    let mut cur: Vec<usize> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    let mut open: Option<(usize, usize)> = None; // (start, level) of the target
    loop {
        let before = reader.buffer_position() as usize;
        let event = reader.read_event().ok()?;
        match event {
            Event::Start(_) | Event::Empty(_) => {
                let empty = matches!(event, Event::Empty(_));
                let level = counts.len();
                let index = match counts.last_mut() {
                    Some(c) => {
                        *c += 1;
                        Some(*c - 1)
                    }
                    None => None,
                };
                let start = before + text[before..].find('<')?;
                let hit = match index {
                    Some(i) => {
                        cur.len() + 1 == path.len()
                            && cur[..] == path[..cur.len()]
                            && path[cur.len()] == i
                    }
                    None => path.is_empty(),
                };
                if hit {
                    if empty {
                        return Some((start, reader.buffer_position() as usize));
                    }
                    open = Some((start, level));
                }
                if !empty {
                    counts.push(0);
                    if let Some(i) = index {
                        cur.push(i);
                    }
                }
            }
            Event::End(_) => {
                counts.pop();
                let level = counts.len();
                if let Some((start, l)) = open
                    && l == level
                {
                    return Some((start, reader.buffer_position() as usize));
                }
                if level > 0 {
                    cur.pop();
                }
            }
            Event::Eof => return None,
            _ => {}
        }
    }
}

/// Where the document's root element starts: the first `<` that opens an element
/// (not `<?xml ...?>`, a comment or a doctype).
pub(super) fn root_start(text: &str) -> usize {
    let mut from = 0;
    while let Some(i) = text[from..].find('<') {
        let at = from + i;
        match text.as_bytes().get(at + 1) {
            Some(b'?') => from = text[at..].find("?>").map_or(text.len(), |e| at + e + 2),
            Some(b'!') if text[at..].starts_with("<!--") => {
                from = text[at..].find("-->").map_or(text.len(), |e| at + e + 3)
            }
            Some(b'!') => from = text[at..].find('>').map_or(text.len(), |e| at + e + 1),
            _ => return at,
        }
    }
    0
}

/// `1.2` -> `1.3`, `2` -> `2.1`, `1.4.7` -> `1.5`; text that is no version gets `.1`.
pub fn raise_minor(v: &str) -> String {
    let mut parts = v.trim().split('.');
    let major = parts.next().unwrap_or("");
    let minor = parts.next();
    match (major.parse::<u64>(), minor.map(str::parse::<u64>)) {
        (Ok(m), Some(Ok(n))) => format!("{m}.{}", n + 1),
        (Ok(m), None) => format!("{m}.1"),
        _ if v.trim().is_empty() => "0.1".into(),
        _ => format!("{}.1", v.trim()),
    }
}

/// Sets an attribute of the start tag at the front of `tag`, keeping every other byte.
pub(super) fn set_attribute(tag: &str, key: &str, value: &str) -> String {
    let end = tag.find('>').unwrap_or(tag.len());
    let head = &tag[..end];
    let needle = format!("{key}=\"");
    let escaped = xml_attr(value);
    let mut from = 0;
    while let Some(i) = head[from..].find(&needle) {
        let at = from + i;
        if head[..at].ends_with(char::is_whitespace) {
            let vstart = at + needle.len();
            if let Some(len) = head[vstart..].find('"') {
                return format!("{}{escaped}{}", &tag[..vstart], &tag[vstart + len..]);
            }
        }
        from = at + needle.len();
    }
    // Not there: added before the tag's end.
    let insert = if head.ends_with('/') { end - 1 } else { end };
    format!("{} {key}=\"{escaped}\"{}", &tag[..insert], &tag[insert..])
}

pub(super) fn xml_attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('"', "&quot;")
        .replace('>', "&gt;")
}

fn xml_text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

pub(super) fn attr_value(tag: &str, key: &str) -> Option<String> {
    let end = tag.find('>')?;
    let head = &tag[..end];
    let needle = format!(" {key}=\"");
    let i = head.find(&needle)? + needle.len();
    let len = head[i..].find('"')?;
    Some(
        head[i..i + len]
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&"),
    )
}

/// Replaces the text of `<name>` in a small document, or adds the element before the
/// root's end.
pub(super) fn set_element_text(doc: &str, name: &str, text: &str) -> String {
    let (open, close) = (format!("<{name}>"), format!("</{name}>"));
    if let (Some(a), Some(b)) = (doc.find(&open), doc.find(&close))
        && a < b
    {
        return format!("{}{}{}", &doc[..a + open.len()], xml_text(text), &doc[b..]);
    }
    let empty = format!("<{name}/>");
    if let Some(a) = doc.find(&empty) {
        return format!(
            "{}{open}{}{close}{}",
            &doc[..a],
            xml_text(text),
            &doc[a + empty.len()..]
        );
    }
    match doc.rfind("</") {
        Some(end) => format!(
            "{}  {open}{}{close}\n{}",
            &doc[..end],
            xml_text(text),
            &doc[end..]
        ),
        None => doc.to_string(),
    }
}

fn element_text(doc: &str, name: &str) -> Option<String> {
    let (open, close) = (format!("<{name}>"), format!("</{name}>"));
    let a = doc.find(&open)? + open.len();
    let b = doc[a..].find(&close)? + a;
    Some(
        doc[a..b]
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&"),
    )
}

/// The pixel map of a board whose background places the module's image.
fn pixels(bg: &Background, size: (u32, u32)) -> PixelMap {
    let s = 1.0 / bg.scale;
    PixelMap {
        scale: (s, s),
        offset: (-bg.at.x * s, -bg.at.y * s),
        image: size,
    }
}

/// The module with the scenario's terrain in zones of its board. With `redraw`
/// (`--redraw-board`), what the user painted drawn over the board's own image, at its
/// size, replaces the image entry (same name, same format), so the grid still fits.
pub fn write(
    scenario: &Scenario,
    ruleset: &Ruleset,
    module: &Module,
    redraw: Option<&super::Redraw>,
) -> Result<Vec<u8>, IntoError> {
    let Some(grid) = scenario.board.grid() else {
        return Err(IntoError::Board(
            "a table goes back into no module: export it as a module of its own".into(),
        ));
    };
    if !grid.boards().is_empty() {
        return super::into_boards::write(scenario, ruleset, module, redraw);
    }
    let background = scenario.board.background();
    let from = background.and_then(|b| b.vassal.clone());
    let (map_name, board_name) = match &from {
        Some(v) => (Some(v.map.as_str()), Some(v.board.as_str())),
        None => (None, None),
    };
    let (entry, element) = super::import::pick(module, map_name, board_name)
        .map_err(|e| IntoError::Board(e.to_string()))?;
    let zone_name = from.as_ref().and_then(|v| v.zone.clone());
    let image_entry = entry.image.as_ref().map(|i| format!("images/{i}"));
    let image_bytes = match &image_entry {
        Some(name) => Some(module.entry(name).ok_or_else(|| {
            IntoError::Board(format!("{name}: the board's image is not in the module"))
        })?),
        None => None,
    };
    let size = match (&image_entry, &image_bytes) {
        (Some(name), Some(bytes)) => super::import::image_size(bytes)
            .map_err(|e| IntoError::Board(format!("{name}: {e}")))?,
        _ => (0, 0),
    };
    let map = background.map(|bg| pixels(bg, size)).ok_or_else(|| {
        IntoError::Board(
            "the board has no background placing the module's image: import it from the module first"
                .into(),
        )
    })?;
    let board_image = match (redraw, &image_bytes) {
        (Some(redraw), Some(bytes)) => {
            let name = image_entry.as_deref().unwrap_or_default();
            Some(redrawn(scenario, ruleset, redraw, (name, bytes), &map)?)
        }
        (Some(_), None) => {
            return Err(IntoError::Redraw(format!(
                "board '{}' has no image to draw over",
                entry.board
            )));
        }
        (None, _) => None,
    };
    // VASSAL finds a zone at a point of a reversed board as it lies, turned.
    let turned = module::picked_reversed(&module.build, &entry.map, &entry.board)
        .then_some((size.0 as i32, size.1 as i32));
    // The board and where it is in the build file's text.
    let (map_path, _) = module::maps(&module.build)
        .into_iter()
        .find(|(_, m)| m.get("mapName").unwrap_or("") == entry.map)
        .ok_or_else(|| IntoError::Board(format!("no map '{}'", entry.map)))?;
    let map_el = module::at_path(&module.build, &map_path)
        .ok_or_else(|| IntoError::Board("the map vanished".into()))?;
    let board_rel = module::find_path(map_el, &|e| {
        e.name == module::BOARD && e.get("name") == Some(entry.board.as_str())
    })
    .ok_or_else(|| IntoError::Board(format!("no board '{}'", entry.board)))?;
    let mut board_path = map_path.clone();
    board_path.extend(&board_rel);
    let at = BoardAt {
        name: &entry.board,
        element,
        path: &board_path,
        map: &map,
        turned,
    };
    let (mut build, note) = match grid.as_area() {
        Some(areas) => (
            super::area_into::splice(scenario, ruleset, areas, &module.build_text, &at)?,
            format!(
                "Terrain of the areas of board '{}' (zone properties: terrain, elevation, stacking, connections) added by Sandtable.",
                entry.board
            ),
        ),
        None => (
            cell_zones(scenario, ruleset, grid, module, &at, zone_name.as_deref())?,
            format!(
                "Terrain per {} of board '{}' (zones with terrain, elevation, {}, markers, facing) added by Sandtable.",
                grid.noun(),
                entry.board,
                if grid.as_square().is_some() {
                    "sides"
                } else {
                    "hexsides"
                }
            ),
        ),
    };
    // Version and description, in the build file's root and in moduledata.
    // The root is `VASSAL.build.GameModule` or (in most modules, and ours)
    // `VASSAL.launch.BasicModule`: the first tag that is no declaration or comment.
    let root_at = root_start(&build);
    let root_end = build[root_at..]
        .find('>')
        .map_or(build.len(), |i| root_at + i + 1);
    let root_tag = build[root_at..root_end].to_string();
    let old_version = attr_value(&root_tag, "version").unwrap_or_default();
    let version = raise_minor(&old_version);
    let describe = |d: &str| {
        if d.contains(&note) {
            d.to_string()
        } else if d.trim().is_empty() {
            note.clone()
        } else {
            format!("{} {note}", d.trim_end())
        }
    };
    let old_desc = attr_value(&root_tag, "description").unwrap_or_default();
    let tag = set_attribute(&root_tag, "version", &version);
    let tag = set_attribute(&tag, "description", &describe(&old_desc));
    build.replace_range(root_at..root_end, &tag);
    let data = match module.entry("moduledata") {
        Some(b) => {
            let d = String::from_utf8_lossy(&b).into_owned();
            let desc = element_text(&d, "description").unwrap_or_default();
            let d = set_element_text(&d, "version", &version);
            Some(set_element_text(&d, "description", &describe(&desc)))
        }
        None => None,
    };
    let mut changed: Vec<(String, Vec<u8>)> = vec![(module.build_name.clone(), Vec::new())];
    if let Some(d) = &data {
        changed.push(("moduledata".into(), d.as_bytes().to_vec()));
    }
    if let (Some(name), Some(bytes)) = (image_entry, board_image) {
        changed.push((name, bytes));
    }
    let mut dropped = std::collections::HashSet::new();
    if is_scenario(scenario) {
        let setup = setup_into(
            scenario,
            ruleset,
            module,
            &mut build,
            (grid, &map, &map_path),
            (&entry.map, &entry.board),
            data.as_deref().map(str::as_bytes),
        )?;
        changed.extend(setup.added);
        dropped = setup.dropped;
    }
    changed[0].1 = build.into_bytes();
    rezip(module, changed, &dropped)
}

/// The board written back: its name, element, path of child indices in the build file
/// and how board millimetres map to its image's pixels.
pub struct BoardAt<'a> {
    pub name: &'a str,
    pub element: &'a Element,
    pub path: &'a [usize],
    pub map: &'a PixelMap,
    /// The board's image size when the map lays it out reversed: VASSAL looks for a
    /// zone at a point as the board lies, turned.
    pub turned: Option<(i32, i32)>,
}

/// The build file's text with the board's grid of cells (hexes or squares) become a
/// `ZonedGrid` whose background grid is the original grid's text, with one zone per
/// cell. `zone_name`: the zone of a `ZonedGrid` whose own grid the cells are.
fn cell_zones(
    scenario: &Scenario,
    ruleset: &Ruleset,
    grid: Grid<'_>,
    module: &Module,
    at: &BoardAt<'_>,
    zone_name: Option<&str>,
) -> Result<String, IntoError> {
    let mut zones = super::hex_zones(scenario, ruleset, grid, at.map);
    if let Some((w, h)) = at.turned {
        for z in &mut zones {
            for p in &mut z.path {
                *p = (w - p.0, h - p.1);
            }
            super::turn_zone_sides(z, grid);
        }
    }
    let element = at.element;
    let cells = [module::HEX_GRID, module::SQUARE_GRID];
    let grid_index = element
        .children
        .iter()
        .position(|c| cells.contains(&c.name.as_str()) || c.name == module::ZONED_GRID)
        .ok_or_else(|| {
            IntoError::Board(format!("board '{}' has no {} grid", at.name, grid.noun()))
        })?;
    let mut grid_path = at.path.to_vec();
    grid_path.push(grid_index);
    let text = &module.build_text;
    let (gs, ge) = element_span(text, &grid_path).ok_or_else(|| {
        IntoError::Board(format!(
            "cannot find board '{}''s grid in {}",
            at.name, module.build_name
        ))
    })?;
    let old_grid = &text[gs..ge];
    let grid_el = &element.children[grid_index];
    let labels: std::collections::HashSet<String> = zones.iter().map(|z| z.name.clone()).collect();
    // What stays of the grid: the whole grid of cells; of a ZonedGrid, every child but
    // the cell zones an earlier export added (named by a cell and carrying `terrain`).
    let mut kept = String::new();
    let mut zone_grid = None;
    if grid_el.name != module::ZONED_GRID {
        kept.push_str(old_grid);
    } else {
        for (i, c) in grid_el.children.iter().enumerate() {
            let ours = c.name == module::ZONE
                && labels.contains(c.get("name").unwrap_or(""))
                && c.all(module::ZONE_PROPERTY)
                    .any(|p| p.get("name") == Some("terrain"));
            let mut p = grid_path.clone();
            p.push(i);
            let (a, b) = element_span(text, &p)
                .ok_or_else(|| IntoError::Board("cannot find a zone's text".into()))?;
            if c.name == module::ZONE && zone_name == c.get("name") {
                zone_grid = c
                    .children
                    .iter()
                    .position(|g| cells.contains(&g.name.as_str()))
                    .and_then(|gi| {
                        let mut gp = p.clone();
                        gp.push(gi);
                        element_span(text, &gp).map(|(x, y)| text[x..y].to_string())
                    });
            }
            if !ours {
                kept.push('\n');
                kept.push_str(&text[a..b]);
            }
        }
    }
    // A grid inside a zone: each cell zone carries a copy, as it cannot name
    // locations by the zoned grid's background grid.
    for z in &mut zones {
        z.on_grid = zone_grid.is_none();
    }
    let mut zg = String::from("<VASSAL.build.module.map.boardPicker.board.ZonedGrid>");
    for z in &zones {
        let mut e = build_file::zone_element(z);
        if zone_grid.is_some() {
            // Named by its own copy of the zone's grid.
            for (k, v) in &mut e.attributes {
                if k == "locationFormat" {
                    *v = "$gridLocation$".into();
                }
            }
        }
        let mut frag = String::from_utf8_lossy(&xml::write_fragment(&e)).into_owned();
        if let Some(g) = &zone_grid {
            frag = with_child(&frag, g);
        }
        zg.push('\n');
        zg.push_str(&frag);
    }
    zg.push('\n');
    zg.push_str(&kept);
    zg.push_str("\n</VASSAL.build.module.map.boardPicker.board.ZonedGrid>");
    let mut build = String::with_capacity(text.len() + zg.len());
    build.push_str(&text[..gs]);
    build.push_str(&zg);
    build.push_str(&text[ge..]);
    Ok(build)
}

/// An element's text with `child` put last inside it: before its end tag, or in place of
/// its empty form.
pub(super) fn with_child(element: &str, child: &str) -> String {
    let trimmed = element.trim_end();
    if trimmed.ends_with("/>") && !trimmed.contains("</") {
        let open = trimmed[1..]
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or_default();
        let head = trimmed[..trimmed.len() - 2].trim_end();
        return format!("{head}>{child}</{open}>");
    }
    match element.rfind("</") {
        Some(i) => format!("{}{child}{}", &element[..i], &element[i..]),
        None => element.to_string(),
    }
}

/// Whether the scenario is more than a map with pieces: it has a plan (turns,
/// objectives, victory, texts) or units that arrive or leave. Only then does `--into`
/// add a setup: a board painted and sent back (issue 28) keeps the module's own New
/// Game, which a setup would take off VASSAL's File menu.
pub(super) fn is_scenario(s: &Scenario) -> bool {
    !s.plan.is_empty()
        || s.units
            .iter()
            .any(|u| u.arrives.is_some() || u.leaves.is_some())
}

/// What the setup adds to a module's archive and what of an earlier export it drops.
struct SetupEntries {
    added: Vec<(String, Vec<u8>)>,
    dropped: std::collections::HashSet<String>,
}

/// Prefix of the images of our pieces in someone's module: ours to replace on the next
/// export, no clash with the module's own.
const IMAGE_PREFIX: &str = "sandtable-";

/// The scenario as a predefined setup of the module, in the build file's text `build`:
/// an earlier export's setup of the same name and its holding map are taken out, the new
/// ones put before the root's end. The pieces are drawn at the module's scale (`map`),
/// on the map at `map_path` (named `names.0`, the board `names.1`).
fn setup_into(
    scenario: &Scenario,
    ruleset: &Ruleset,
    module: &Module,
    build: &mut String,
    (board, map, map_path): (Grid<'_>, &PixelMap, &[usize]),
    names: (&str, &str),
    moduledata: Option<&[u8]>,
) -> Result<SetupEntries, IntoError> {
    use super::setup::{self, HOLDING_BOARD, HOLDING_MAP, PREDEFINED_SETUP};
    let fail = |e: &dyn std::fmt::Display| IntoError::Board(format!("the scenario's setup: {e}"));
    let mut kinds = super::pieces::kinds(scenario, ruleset, map.scale).map_err(|e| fail(&e))?;
    for k in &mut kinds {
        k.image = format!("{IMAGE_PREFIX}{}", k.image);
    }
    // The original grid is kept, so a numbering read from it names cells as VASSAL does.
    let named = match board {
        Grid::Hex(b) => b.numbering.is_some() || super::grid::labels_supported(b),
        Grid::Square { board: b, .. } => {
            b.numbering.is_some() || super::square::labels_supported(b)
        }
        Grid::Area(_) => false,
    };
    let stacks = super::grid_stacks(scenario, board, map, named, &kinds);
    let map_el = module::at_path(&module.build, map_path)
        .ok_or_else(|| IntoError::Board("the map vanished".into()))?;
    let edge = |k: &str| {
        map_el
            .get(k)
            .and_then(|v| v.trim().parse::<i32>().ok())
            .unwrap_or(0)
    };
    // The map of our reinforcements: an earlier export's (its board says so), or a name
    // no map of the module has.
    let ours = |m: &Element| {
        let mut boards = Vec::new();
        m.descendants(module::BOARD, &mut boards);
        boards.iter().any(|b| b.get("name") == Some(HOLDING_BOARD))
    };
    let maps = module::maps(&module.build);
    let taken = |n: &str| {
        maps.iter()
            .any(|(_, m)| !ours(m) && m.get("mapName") == Some(n))
    };
    let holding_name = [HOLDING_MAP.to_string(), format!("Sandtable {HOLDING_MAP}")]
        .into_iter()
        .chain((2..).map(|i| format!("Sandtable {HOLDING_MAP} {i}")))
        .find(|n| !taken(n))
        .unwrap_or_default();
    let holding_image = format!("{IMAGE_PREFIX}reinforcements.png");
    let setup = super::scenario_setup(
        scenario,
        &kinds,
        &stacks,
        (
            names.0,
            vec![(names.1.to_string(), 0, 0)],
            (edge("edgeWidth"), edge("edgeHeight")),
        ),
        (&holding_name, &holding_image),
    )
    .map_err(|e| fail(&e))?;
    // Out: an earlier setup of this name (and its saved game), an earlier holding map
    // (and its image), our earlier piece images.
    let mut dropped: std::collections::HashSet<String> = module
        .names
        .iter()
        .filter(|n| n.starts_with(&format!("images/{IMAGE_PREFIX}")))
        .cloned()
        .collect();
    let mut spans = Vec::new();
    let mut olds = Vec::new();
    find_all(&module.build, &mut Vec::new(), &mut |path, e| {
        if e.name == PREDEFINED_SETUP && e.get("name") == Some(setup.name.as_str()) {
            if let Some(f) = e.get("file").filter(|f| !f.is_empty()) {
                olds.push(f.to_string());
            }
            spans.push(path.to_vec());
        }
    });
    dropped.extend(olds);
    for (path, m) in &maps {
        if ours(m) {
            spans.push(path.clone());
        }
    }
    let mut spans: Vec<(usize, usize)> = spans
        .iter()
        .filter_map(|p| element_span(build, p))
        .collect();
    spans.sort();
    for (a, b) in spans.into_iter().rev() {
        // The line the element stood on goes with it.
        let a = build[..a]
            .rfind('\n')
            .filter(|i| build[*i..a].trim().is_empty())
            .unwrap_or(a);
        build.replace_range(a..b, "");
    }
    let mut fragment = String::new();
    let mut elements = Vec::new();
    if let Some(h) = &setup.holding {
        elements.push(build_file::holding_map(h));
    }
    elements.push(setup::element(&setup));
    for e in &elements {
        fragment.push_str("\n    ");
        fragment.push_str(&String::from_utf8_lossy(&xml::write_fragment(e)));
    }
    fragment.push('\n');
    let end = build
        .rfind("</")
        .ok_or_else(|| IntoError::Board("the build file has no end tag".into()))?;
    let end = build[..end].trim_end().len();
    build.insert_str(end, &fragment);
    // The counters of the pieces the setup has, not of every class and side.
    let used: std::collections::BTreeSet<usize> = setup
        .stacks
        .iter()
        .chain(setup.holding.iter().flat_map(|h| &h.stacks))
        .flat_map(|st| st.pieces.iter().map(|p| p.kind))
        .collect();
    let mut added: Vec<(String, Vec<u8>)> = used
        .iter()
        .map(|&i| (format!("images/{}", kinds[i].image), kinds[i].png.clone()))
        .collect();
    if let Some(h) = &setup.holding {
        added.push((format!("images/{}", h.image), h.png.clone()));
    }
    let gpids = vec![String::new(); kinds.len()];
    let vsav = setup::saved_game(&setup, &kinds, &gpids, moduledata)
        .map_err(|e| IntoError::Zip(e.to_string()))?;
    added.push((setup.file.clone(), vsav));
    for (name, _) in &added {
        dropped.remove(name);
    }
    Ok(SetupEntries { added, dropped })
}

/// Calls `f` with every element under `e` and its path of child indices.
fn find_all(e: &Element, path: &mut Vec<usize>, f: &mut dyn FnMut(&[usize], &Element)) {
    for (i, c) in e.children.iter().enumerate() {
        path.push(i);
        f(path, c);
        find_all(c, path, f);
        path.pop();
    }
}

/// What the user painted drawn over the module's board image `bytes` (entry `name`), at
/// the image's size, encoded as the image was (see [`encode_like`]). Only the drawing is
/// rendered and laid over the print: every pixel the user did not paint keeps its
/// value. The print is read through a pyramid (a big one as tiles on disk), a band of
/// rows at a time, so only the image being encoded is ever whole in memory.
fn redrawn(
    scenario: &Scenario,
    ruleset: &Ruleset,
    redraw: &super::Redraw,
    (name, bytes): (&str, &[u8]),
    map: &PixelMap,
) -> Result<Vec<u8>, IntoError> {
    let (w, h) = map.image;
    if !super::image::fits(w, h) {
        return Err(IntoError::Redraw(format!(
            "the image is {w} x {h} px, more than {} px a side or {} pixels",
            super::image::MAX_SIDE,
            super::image::MAX_PIXELS
        )));
    }
    let err = |e: String| IntoError::Redraw(e);
    let art = Pyramid::open(&Input::Bytes {
        name: name.to_string(),
        bytes: std::sync::Arc::new(bytes.to_vec()),
    })
    .map_err(|e| err(e.to_string()))?;
    if art.size() != (w, h) {
        let (aw, ah) = art.size();
        return Err(err(format!(
            "the image decodes at {aw} x {ah} px, not the {w} x {h} its header says"
        )));
    }
    // The terrain (fills, elevation shades) at the opacity asked, then the lines and
    // symbols whole, each drawn on a clear sheet and laid over the print.
    let (fills, rest): (Vec<_>, Vec<_>) = redraw
        .scene
        .layers
        .iter()
        .partition(|l| matches!(l, scene::LayerId::Terrain | scene::LayerId::Elevation));
    let sheets: Vec<(scene::Scene, f32)> = [(fills, redraw.opacity), (rest, 1.0)]
        .into_iter()
        .filter(|(layers, _)| !layers.is_empty())
        .map(|(layers, opacity)| {
            let options = scene::SceneOptions {
                layers,
                ..redraw.scene.clone()
            };
            let mut sheet = scene::build(scenario, ruleset, &options);
            sheet.backdrop = None;
            sheet.background = scene::Rgba([0, 0, 0, 0]);
            (sheet, opacity)
        })
        .collect();
    let cache = crate::io::draw::Cache::default();
    let mut img = ::image::RgbaImage::new(w, h);
    // Bands a tile row high: each of the print's tiles is read once.
    let rows = crate::io::pyramid::TILE;
    let band = |top: u32, out: &mut [u8]| -> Result<(), IntoError> {
        let height = out.len() as u32 / (w * 4);
        let mut print = art
            .region(0, top, w, height)
            .map_err(|e| err(e.to_string()))?;
        let mut pixmap = resvg::tiny_skia::Pixmap::new(w, height)
            .ok_or_else(|| err(format!("no room for a band of {w} x {height} px")))?;
        for (sheet, opacity) in &sheets {
            pixmap.fill(resvg::tiny_skia::Color::TRANSPARENT);
            let at = super::image::transform(sheet, map).post_translate(0.0, -(top as f32));
            crate::io::draw::draw(sheet, at, &mut pixmap.as_mut(), &cache);
            over(&mut print, &pixmap, *opacity);
        }
        out.copy_from_slice(print.as_raw());
        Ok(())
    };
    let mut bands: Vec<(u32, &mut [u8])> = img
        .chunks_mut(rows as usize * w as usize * 4)
        .enumerate()
        .map(|(i, b)| (i as u32 * rows, b))
        .collect();
    bands.reverse();
    let queue = std::sync::Mutex::new(bands);
    let next = || {
        queue
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop()
    };
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    while let Some((top, out)) = next() {
                        band(top, out)?;
                    }
                    Ok(())
                })
            })
            .collect();
        handles.into_iter().try_for_each(|h| {
            h.join()
                .unwrap_or_else(|_| Err(err("a band's drawing panicked".into())))
        })
    })?;
    encode_like(ImageKind::of(bytes), bytes, &img).map_err(err)
}

/// Lays the premultiplied `top` over straight `base` at `opacity`, keeping `base`'s
/// alpha.
fn over(base: &mut ::image::RgbaImage, top: &resvg::tiny_skia::Pixmap, opacity: f32) {
    for (b, t) in base.pixels_mut().zip(top.pixels()) {
        let t = t.demultiply();
        let a = f32::from(t.alpha()) / 255.0 * opacity;
        if a <= 0.0 {
            continue;
        }
        for (i, c) in [t.red(), t.green(), t.blue()].into_iter().enumerate() {
            b[i] = (f32::from(c) * a + f32::from(b[i]) * (1.0 - a)).round() as u8;
        }
    }
}

/// The formats a VASSAL board image comes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ImageKind {
    Png,
    Jpeg,
    Gif,
}

impl ImageKind {
    fn of(bytes: &[u8]) -> Self {
        match bytes {
            [0xFF, 0xD8, ..] => ImageKind::Jpeg,
            [b'G', b'I', b'F', ..] => ImageKind::Gif,
            _ => ImageKind::Png,
        }
    }
}

/// `img` encoded as the `original` image was, so that the entry keeps its name, its
/// format and roughly its size: a JPEG stays a JPEG, a GIF a GIF; a PNG keeps its colour
/// type (a palette image stays one, with its own palette first; no alpha channel where
/// it had none), compressed hard.
fn encode_like(
    kind: ImageKind,
    original: &[u8],
    img: &::image::RgbaImage,
) -> Result<Vec<u8>, String> {
    let (w, h) = img.dimensions();
    let mut out = Vec::new();
    match kind {
        ImageKind::Jpeg => {
            let rgb = ::image::DynamicImage::ImageRgba8(img.clone()).to_rgb8();
            ::image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
                .encode_image(&rgb)
                .map_err(|e| e.to_string())?;
        }
        ImageKind::Gif => {
            ::image::codecs::gif::GifEncoder::new(&mut out)
                .encode_frame(::image::Frame::new(img.clone()))
                .map_err(|e| e.to_string())?;
        }
        ImageKind::Png => {
            let info = png::Decoder::new(std::io::Cursor::new(original))
                .read_info()
                .map(|r| {
                    let i = r.info();
                    let palette = i.palette.as_deref().map(<[u8]>::to_vec);
                    (i.color_type, palette, i.trns.as_deref().map(<[u8]>::to_vec))
                })
                .unwrap_or((png::ColorType::Rgba, None, None));
            let (colour, palette, trns) = info;
            let mut enc = png::Encoder::new(&mut out, w, h);
            enc.set_compression(png::Compression::High);
            enc.set_depth(png::BitDepth::Eight);
            let data = match colour {
                png::ColorType::Indexed => {
                    let (palette, indices) = palette_of(img, palette.as_deref().unwrap_or(&[]));
                    enc.set_color(png::ColorType::Indexed);
                    enc.set_palette(palette);
                    if let Some(t) = trns {
                        // Transparent entries stay so; the drawing's own are opaque.
                        enc.set_trns(t);
                    }
                    indices
                }
                png::ColorType::Rgb | png::ColorType::Grayscale => {
                    enc.set_color(png::ColorType::Rgb);
                    img.pixels().flat_map(|p| [p[0], p[1], p[2]]).collect()
                }
                _ => {
                    enc.set_color(png::ColorType::Rgba);
                    img.as_raw().clone()
                }
            };
            let mut wr = enc.write_header().map_err(|e| e.to_string())?;
            wr.write_image_data(&data).map_err(|e| e.to_string())?;
            wr.finish().map_err(|e| e.to_string())?;
        }
    }
    Ok(out)
}

/// A palette of at most 256 colours for an image and each pixel's index in it: the
/// `original` palette first (so that every pixel left as printed keeps its colour),
/// then the drawing's new colours while there is room, then each remaining colour's
/// nearest entry.
fn palette_of(img: &::image::RgbaImage, original: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut palette: Vec<[u8; 3]> = original
        .chunks_exact(3)
        .take(256)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    let mut index: rustc_hash::FxHashMap<[u8; 3], u8> = Default::default();
    for (i, c) in palette.iter().enumerate().rev() {
        index.insert(*c, i as u8);
    }
    let mut indices = Vec::with_capacity(img.len() / 4);
    for p in img.pixels() {
        let c = [p[0], p[1], p[2]];
        let i = match index.get(&c) {
            Some(i) => *i,
            None if palette.len() < 256 => {
                palette.push(c);
                let i = (palette.len() - 1) as u8;
                index.insert(c, i);
                i
            }
            None => {
                let d = |q: &[u8; 3]| {
                    (0..3)
                        .map(|k| (i32::from(q[k]) - i32::from(c[k])).pow(2))
                        .sum::<i32>()
                };
                let i = (0..palette.len())
                    .min_by_key(|&k| d(&palette[k]))
                    .unwrap_or(0) as u8;
                index.insert(c, i);
                i
            }
        };
        indices.push(i);
    }
    (palette.concat(), indices)
}

/// The module's archive with the entries `changed` written anew (in their places, or
/// after the others when new), those `dropped` left out, every other entry copied as its
/// compressed bytes.
pub(super) fn rezip(
    module: &Module,
    changed: Vec<(String, Vec<u8>)>,
    dropped: &std::collections::HashSet<String>,
) -> Result<Vec<u8>, IntoError> {
    let zerr = |e: zip::result::ZipError| IntoError::Zip(e.to_string());
    let mut src =
        zip::ZipArchive::new(std::io::Cursor::new(module.bytes.as_slice())).map_err(zerr)?;
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let mut pending: Vec<Option<(String, Vec<u8>)>> = changed.into_iter().map(Some).collect();
    let put = |out: &mut zip::ZipWriter<_>, name: &str, bytes: &[u8]| {
        out.start_file(name, super::entry_options(name))
            .map_err(zerr)?;
        out.write_all(bytes)
            .map_err(|e| IntoError::Zip(e.to_string()))
    };
    for i in 0..src.len() {
        let f = src.by_index_raw(i).map_err(zerr)?;
        let name = f.name().map_err(zerr)?.into_owned();
        if dropped.contains(&name) {
            continue;
        }
        let new = pending
            .iter_mut()
            .find(|c| c.as_ref().is_some_and(|(n, _)| *n == name))
            .and_then(Option::take);
        match new {
            Some((_, bytes)) => {
                drop(f);
                put(&mut out, &name, &bytes)?;
            }
            None => out.raw_copy_file(f).map_err(zerr)?,
        }
    }
    for (name, bytes) in pending.into_iter().flatten() {
        put(&mut out, &name, &bytes)?;
    }
    Ok(out.finish().map_err(zerr)?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_rise_by_a_minor_step() {
        assert_eq!(raise_minor("1.2"), "1.3");
        assert_eq!(raise_minor("2"), "2.1");
        assert_eq!(raise_minor("1.4.7"), "1.5");
        assert_eq!(raise_minor(""), "0.1");
    }

    #[test]
    fn a_span_is_the_element_text_at_its_path() {
        let t = r#"<a><b x="1"/><c><d>t</d><e/></c></a>"#;
        let (s, e) = element_span(t, &[1, 1]).unwrap();
        assert_eq!(&t[s..e], "<e/>");
        let (s, e) = element_span(t, &[1]).unwrap();
        assert_eq!(&t[s..e], "<c><d>t</d><e/></c>");
        let (s, e) = element_span(t, &[0]).unwrap();
        assert_eq!(&t[s..e], r#"<b x="1"/>"#);
    }

    #[test]
    fn the_root_is_found_past_the_declaration_and_comments() {
        let t = "<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<VASSAL.launch.BasicModule version=\"1\">";
        assert!(t[root_start(t)..].starts_with("<VASSAL.launch.BasicModule"));
    }

    #[test]
    fn attributes_change_in_place() {
        let t = r#"<M VassalVersion="3.5.0" version="1.2" name="x">"#;
        assert_eq!(
            set_attribute(t, "version", "1.3"),
            r#"<M VassalVersion="3.5.0" version="1.3" name="x">"#
        );
    }
}
