//! A module's own icons: SVG or PNG files beside the module file, named by a kind's
//! `icon` as a path relative to the module. Read when the module is loaded (or picked
//! in the module editor) and held here under the module's id and that name ([`key`]:
//! two modules may each have an `icons/tree.svg` of their own), so the scene, the
//! designer and every export draw them as they draw the built-in icons; written beside
//! the module when it is saved.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock, RwLock};

use base64::Engine;

use super::Ruleset;

/// One icon file: the bytes as the user gave them, and as SVG for drawing.
#[derive(Debug, Clone)]
pub struct IconFile {
    /// The file as the user gave it (SVG or PNG).
    pub original: Arc<[u8]>,
    /// The same icon as SVG, which every drawing reads.
    pub svg: Arc<[u8]>,
}

fn registry() -> &'static RwLock<HashMap<String, IconFile>> {
    static ICONS: OnceLock<RwLock<HashMap<String, IconFile>>> = OnceLock::new();
    ICONS.get_or_init(Default::default)
}

/// What an icon file `name` of the module `module` is held and drawn under.
pub fn key(module: &str, name: &str) -> String {
    format!("{module}/{name}")
}

/// The icon held under `key` ([`key`]), if one was loaded or picked.
pub fn get(key: &str) -> Option<IconFile> {
    registry().read().ok()?.get(key).cloned()
}

/// The module `from`'s own icons held for the module `to` too (a copy of a module
/// under a new id draws what the original drew).
pub fn share(from: &str, to: &str) {
    let Ok(mut icons) = registry().write() else {
        return;
    };
    let prefix = key(from, "");
    let copies: Vec<(String, IconFile)> = icons
        .iter()
        .filter_map(|(k, f)| Some((key(to, k.strip_prefix(&prefix)?), f.clone())))
        .collect();
    icons.extend(copies);
}

/// Whether `name` ends like an image file this module takes (SVG or PNG).
pub fn is_image(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.ends_with(".svg") || lower.ends_with(".png")
}

/// Why an icon file could not be held or written.
#[derive(Debug, thiserror::Error)]
pub enum IconError {
    /// A `.png` whose header is not a PNG's.
    #[error("{0}: not a PNG image")]
    NotPng(String),
    /// The file (or its folder) could not be read or written.
    #[error("{}: {source}", path.display())]
    File {
        /// The file or folder.
        path: std::path::PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

impl IconError {
    fn file(path: &Path) -> impl FnOnce(std::io::Error) -> Self + '_ {
        move |source| IconError::File {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Reads the icon file at `path` and holds it as the module's `name` (see [`hold`]).
pub fn hold_file(module: &str, name: &str, path: &Path) -> Result<(), IconError> {
    let bytes = std::fs::read(path).map_err(IconError::file(path))?;
    hold(module, name, bytes)
}

/// Holds the file's `bytes` as the module's icon `name` (a PNG is drawn through an SVG
/// that embeds it, so every drawing path takes one kind of icon). A PNG whose size
/// cannot be read is refused.
pub fn hold(module: &str, name: &str, bytes: Vec<u8>) -> Result<(), IconError> {
    let svg = if name.to_ascii_lowercase().ends_with(".png") {
        let (w, h) = png_size(&bytes).ok_or_else(|| IconError::NotPng(name.to_string()))?;
        let data = base64::engine::general_purpose::STANDARD.encode(&bytes);
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 {w} {h}" width="{w}" height="{h}"><image width="{w}" height="{h}" href="data:image/png;base64,{data}" xlink:href="data:image/png;base64,{data}"/></svg>"#
        )
        .into_bytes()
    } else {
        bytes.clone()
    };
    let file = IconFile {
        original: bytes.into(),
        svg: svg.into(),
    };
    if let Ok(mut icons) = registry().write() {
        icons.insert(key(module, name), file);
    }
    Ok(())
}

/// Width and height from a PNG's header.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let header = bytes.get(..24)?;
    if &header[..8] != b"\x89PNG\r\n\x1a\n" || &header[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(header[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(header[20..24].try_into().ok()?);
    Some((w, h))
}

/// The icon names of `r`'s kinds that are image files (a built-in icon's name too:
/// the drawing looks for the built-in first).
fn image_icons(r: &Ruleset) -> Vec<&str> {
    let mut names: Vec<&str> = super::KindList::ALL
        .into_iter()
        .flat_map(|l| r.kinds(l))
        .filter_map(|k| k.icon.as_deref())
        .filter(|i| is_image(i))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// Reads the icon files `r` names that are beside `module` (its file). An icon with no
/// file there is a built-in one, or is drawn as none; a file that is there but cannot
/// be read or is no image is named in the returned list.
pub fn load_beside(r: &Ruleset, module: &Path) -> Vec<String> {
    let dir = module.parent().unwrap_or(Path::new(""));
    let mut problems = Vec::new();
    for name in image_icons(r) {
        let path = dir.join(name);
        if !path.is_file() {
            continue;
        }
        if let Err(e) = hold_file(&r.id, name, &path) {
            problems.push(e.to_string());
        }
    }
    problems
}

/// Writes the icon files held for `r`'s kinds beside `module` (its file).
pub fn save_beside(r: &Ruleset, module: &Path) -> Result<(), IconError> {
    let dir = module.parent().unwrap_or(Path::new(""));
    for name in image_icons(r) {
        let Some(file) = get(&key(&r.id, name)) else {
            continue;
        };
        let path = dir.join(name);
        if std::fs::read(&path).is_ok_and(|b| *b == *file.original) {
            continue;
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(IconError::file(parent))?;
        }
        std::fs::write(&path, &file.original).map_err(IconError::file(&path))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rulesets;

    /// A module file naming `tower-test.svg` beside it: loading the module holds the
    /// icon under that name; an icon with no file beside it (a built-in's) is skipped.
    #[test]
    fn loading_a_module_reads_its_icon_files_from_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#2b2b2b"/></svg>"##;
        std::fs::write(dir.path().join("tower-test.svg"), svg).unwrap();
        let module = dir.path().join("m.ron");
        std::fs::write(
            &module,
            r##"(id: "towers", name: "Towers", board: (kind: "hex", orientation: "flat", columns: 5, rows: 5),
                default_terrain: "plain", terrains: [
                    (id: "plain", name: "Plain", colour: "#eeeeee", icon: "clear.svg"),
                    (id: "tower", name: "Tower", colour: "#999999", icon: "tower-test.svg")],
                unit_classes: [])"##,
        )
        .unwrap();
        let mut rulesets = Rulesets::built_in();
        rulesets.load_file(&module).unwrap();
        let held = get(&key("towers", "tower-test.svg")).unwrap();
        assert_eq!(&*held.svg, svg.as_bytes());
        assert!(get(&key("towers", "clear.svg")).is_none());
        // A PNG is held as an SVG that embeds it.
        let png = resvg::tiny_skia::Pixmap::new(3, 2)
            .unwrap()
            .encode_png()
            .unwrap();
        hold("towers", "tower-test.png", png.clone()).unwrap();
        let held = get(&key("towers", "tower-test.png")).unwrap();
        assert_eq!(&*held.original, &png[..]);
        assert!(String::from_utf8_lossy(&held.svg).contains(r#"viewBox="0 0 3 2""#));
        assert!(hold("towers", "broken.png", b"not a png".to_vec()).is_err());
    }

    /// Two modules each with an `icons/tree.svg` of their own: each module's scene draws
    /// its own, and a copy of one under a new id draws the original's.
    #[test]
    fn two_modules_with_an_icon_file_of_the_same_name_each_draw_their_own() {
        use crate::board::{Board, HexBoard, Orientation, Stagger};
        use crate::scenario::{HexCell, Scenario};
        let mut rulesets = Rulesets::built_in();
        let mut drawn = Vec::new();
        for (id, fill) in [("north-war", "#111111"), ("south-war", "#eeeeee")] {
            let dir = tempfile::tempdir().unwrap();
            std::fs::create_dir_all(dir.path().join("icons")).unwrap();
            let svg = format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="{fill}"/></svg>"#
            );
            std::fs::write(dir.path().join("icons/tree.svg"), &svg).unwrap();
            let module = dir.path().join("m.ron");
            let text = format!(
                r##"(id: "{id}", name: "{id}", board: (kind: "hex", orientation: "flat", columns: 3, rows: 3),
                    default_terrain: "wood", terrains: [(id: "wood", name: "Wood", colour: "#336633")],
                    unit_classes: [(id: "archer", name: "Archer", colour: "#336633", icon: "icons/tree.svg")])"##
            );
            std::fs::write(&module, text).unwrap();
            let r = rulesets.load_file(&module).unwrap().clone();
            let board = HexBoard::new(Orientation::Flat, 3, 3, Stagger::Odd).unwrap();
            let hex = board.hexes().next().unwrap();
            let mut s = Scenario::new("s", id, Board::Hex(board));
            s.hexes.insert(hex, HexCell::terrain("wood"));
            let mut u = crate::scenario::Unit::new("a1", "archer");
            u.hex = Some(hex);
            s.units.push(u);
            let scene = crate::scene::build(&s, &r, &Default::default());
            let ids: Vec<String> = scene
                .layers
                .iter()
                .flat_map(|l| l.items())
                .filter_map(|i| match i {
                    crate::scene::Item::Icon { id, .. } => Some(id.clone()),
                    _ => None,
                })
                .collect();
            assert_eq!(ids, [key(id, "icons/tree.svg")]);
            let bytes = crate::scene::icons::svg(&ids[0]).unwrap();
            assert_eq!(&*bytes, svg.as_bytes());
            drawn.push(bytes.into_owned());
        }
        assert_ne!(drawn[0], drawn[1]);
        let r = rulesets.get("north-war").unwrap();
        let copy = crate::rules::module::copy_of(r, "north-war-2", "Copy").unwrap();
        let svg = crate::scene::icons::svg(&crate::scene::icons::drawn_as(&copy, "icons/tree.svg"));
        assert_eq!(svg.as_deref(), Some(&drawn[0][..]));
    }
}
