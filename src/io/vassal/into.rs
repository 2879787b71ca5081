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
use crate::board::{Board, HexBoard};
use crate::io::pyramid::{Input, Pixels, Pyramid};
use crate::io::xml;
use crate::rules::Ruleset;
use crate::scenario::Scenario;
use crate::scene::{self, SceneOptions};

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
    redraw: Option<&SceneOptions>,
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
fn element_span(text: &str, path: &[usize]) -> Option<(usize, usize)> {
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
fn root_start(text: &str) -> usize {
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
fn set_attribute(tag: &str, key: &str, value: &str) -> String {
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

fn xml_attr(s: &str) -> String {
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

fn attr_value(tag: &str, key: &str) -> Option<String> {
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
fn set_element_text(doc: &str, name: &str, text: &str) -> String {
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
fn pixels(board: &HexBoard, size: (u32, u32)) -> Option<PixelMap> {
    let bg = board.background.as_ref()?;
    let s = 1.0 / bg.scale;
    Some(PixelMap {
        scale: (s, s),
        offset: (-bg.at.x * s, -bg.at.y * s),
        image: size,
    })
}

/// The module with the scenario's terrain in zones of its board. With `redraw`
/// (`--redraw-board`), the scene drawn with those options over the board's own image, at
/// its size, replaces the image entry (same name; JPEG for a JPEG, else PNG), so the
/// grid still fits.
pub fn write(
    scenario: &Scenario,
    ruleset: &Ruleset,
    module: &Module,
    redraw: Option<&SceneOptions>,
) -> Result<Vec<u8>, IntoError> {
    let Board::Hex(board) = &scenario.board else {
        return Err(IntoError::Board(
            "only a hex board imported from a module goes back into it".into(),
        ));
    };
    let from = board.background.as_ref().and_then(|b| b.vassal.clone());
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
    let map = pixels(board, size).ok_or_else(|| {
        IntoError::Board(
            "the board has no background placing the module's image: import it from the module first"
                .into(),
        )
    })?;
    let board_image = match (redraw, &image_bytes) {
        (Some(options), Some(bytes)) => {
            let name = image_entry.as_deref().unwrap_or_default();
            Some(redrawn(scenario, ruleset, options, (name, bytes), &map)?)
        }
        (Some(_), None) => {
            return Err(IntoError::Redraw(format!(
                "board '{}' has no image to draw over",
                entry.board
            )));
        }
        (None, _) => None,
    };
    let mut zones = super::hex_zones(scenario, ruleset, board, &map);
    // The board's grid and where it is in the build file's text.
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
    let grid_index = element
        .children
        .iter()
        .position(|c| c.name == module::HEX_GRID || c.name == module::ZONED_GRID)
        .ok_or_else(|| IntoError::Board(format!("board '{}' has no hex grid", entry.board)))?;
    let mut grid_path = map_path.clone();
    grid_path.extend(&board_rel);
    grid_path.push(grid_index);
    let text = &module.build_text;
    let (gs, ge) = element_span(text, &grid_path).ok_or_else(|| {
        IntoError::Board(format!(
            "cannot find board '{}''s grid in {}",
            entry.board, module.build_name
        ))
    })?;
    let old_grid = &text[gs..ge];
    let grid_el = &element.children[grid_index];
    let labels: std::collections::HashSet<String> = zones.iter().map(|z| z.name.clone()).collect();
    // What stays of the grid: the whole HexGrid; of a ZonedGrid, every child but the
    // hex zones an earlier export added (named by a hex and carrying `terrain`).
    let mut kept = String::new();
    let mut zone_grid = None;
    if grid_el.name == module::HEX_GRID {
        kept.push_str(old_grid);
    } else {
        for (i, c) in grid_el.children.iter().enumerate() {
            let ours = c.name == module::ZONE
                && labels.contains(c.get("name").unwrap_or(""))
                && c.all("VASSAL.build.module.properties.ZoneProperty")
                    .any(|p| p.get("name") == Some("terrain"));
            let mut p = grid_path.clone();
            p.push(i);
            let (a, b) = element_span(text, &p)
                .ok_or_else(|| IntoError::Board("cannot find a zone's text".into()))?;
            if c.name == module::ZONE && zone_name.as_deref() == c.get("name") {
                zone_grid = c.first(module::HEX_GRID).and_then(|_| {
                    let gi = c.children.iter().position(|g| g.name == module::HEX_GRID)?;
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
    // A hex grid inside a zone: each hex zone carries a copy, as it cannot name
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
            // Inserted before the zone's end tag (or in place of its empty form).
            if let Some(i) = frag.rfind("</") {
                frag.insert_str(i, g);
            } else if let Some(i) = frag.rfind("/>") {
                let name = &e.name;
                frag = format!("{}>{g}</{name}>", &frag[..i]);
            }
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
    let note = format!(
        "Terrain per hex of board '{}' (zones with terrain, elevation, hexsides, markers, facing) added by Sandtable.",
        entry.board
    );
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
    rezip(
        module,
        &build,
        data.as_deref(),
        image_entry.as_deref().zip(board_image),
    )
}

/// The scene drawn over the module's board image `bytes` (entry `name`), at the image's
/// size, as PNG. The image is read into a pyramid (tiles on disk) and each band of the
/// drawing starts from its pixels at full resolution, so it is never decoded whole.
fn redrawn(
    scenario: &Scenario,
    ruleset: &Ruleset,
    options: &SceneOptions,
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
    let scene = scene::build(scenario, ruleset, options);
    if scene.backdrop.is_none() {
        return Err(IntoError::Redraw("the board has no background".into()));
    }
    let mime = match bytes {
        [0xFF, 0xD8, ..] => "image/jpeg",
        _ => "image/png",
    };
    let art = Pyramid::open(&Input::Bytes {
        name: name.to_string(),
        bytes: std::sync::Arc::new(bytes.to_vec()),
    })
    .map_err(|e| IntoError::Redraw(e.to_string()))?;
    let paper = scene.background.0;
    // The art covers the image (the grid's pixels are the image's): it is laid over the
    // paper as the SVG would lay it; a band it cannot give stays paper, and says so.
    let failed = std::sync::Mutex::new(None);
    let under = |pixmap: &mut resvg::tiny_skia::PixmapMut, top: u32| {
        let band_h = pixmap.height();
        match art.region(0, top, w, band_h) {
            Ok(rows) => over_paper(rows.as_raw(), paper, pixmap.data_mut()),
            Err(e) => {
                over_paper(&[], paper, pixmap.data_mut());
                *failed
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(e);
            }
        }
    };
    let png = super::image::render_over(&scene, map, &under)
        .map_err(|e| IntoError::Redraw(e.to_string()))?;
    if let Some(e) = failed
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        return Err(IntoError::Redraw(e.to_string()));
    }
    if mime != "image/jpeg" {
        return Ok(png);
    }
    // The entry keeps its name, so a JPEG board stays a JPEG.
    let img = ::image::load_from_memory(&png)
        .map_err(|e| IntoError::Redraw(e.to_string()))?
        .to_rgb8();
    let mut jpeg = Vec::new();
    ::image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90)
        .encode_image(&img)
        .map_err(|e| IntoError::Redraw(e.to_string()))?;
    Ok(jpeg)
}

/// Straight RGBA `art` over the opaque `paper` colour into premultiplied `out` (a
/// tiny-skia pixmap's bytes); pixels `art` lacks are paper.
fn over_paper(art: &[u8], paper: [u8; 4], out: &mut [u8]) {
    for (i, o) in out.chunks_exact_mut(4).enumerate() {
        let a = art.get(i * 4..i * 4 + 4).map_or(0, |p| u16::from(p[3]));
        for c in 0..3 {
            let fg = art.get(i * 4 + c).map_or(0, |v| u16::from(*v));
            let bg = u16::from(paper[c]) * u16::from(paper[3]) / 255;
            o[c] = ((fg * a + bg * (255 - a) + 127) / 255) as u8;
        }
        o[3] = ((255 * a + u16::from(paper[3]) * (255 - a) + 127) / 255) as u8;
    }
}

/// The module's archive with the build file (and moduledata, and the board image)
/// replaced, every other entry copied as its compressed bytes.
fn rezip(
    module: &Module,
    build: &str,
    data: Option<&str>,
    image: Option<(&str, Vec<u8>)>,
) -> Result<Vec<u8>, IntoError> {
    let zerr = |e: zip::result::ZipError| IntoError::Zip(e.to_string());
    let mut src =
        zip::ZipArchive::new(std::io::Cursor::new(module.bytes.as_slice())).map_err(zerr)?;
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for i in 0..src.len() {
        let f = src.by_index_raw(i).map_err(zerr)?;
        let name = f.name().map_err(zerr)?.into_owned();
        let replaced: Option<Vec<u8>> = if name == module.build_name {
            Some(build.as_bytes().to_vec())
        } else if name == "moduledata" {
            data.map(|d| d.as_bytes().to_vec())
        } else {
            image
                .as_ref()
                .filter(|(n, _)| *n == name)
                .map(|(_, b)| b.clone())
        };
        match replaced {
            Some(bytes) => {
                drop(f);
                out.start_file(name.as_str(), super::entry_options(&name))
                    .map_err(zerr)?;
                out.write_all(&bytes)
                    .map_err(|e| IntoError::Zip(e.to_string()))?;
            }
            None => out.raw_copy_file(f).map_err(zerr)?,
        }
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
