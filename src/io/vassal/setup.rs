//! The scenario as VASSAL's own predefined setup: an entry of the module's File menu,
//! named by the scenario's title, that loads a saved game stored in the module.
//!
//! The saved game is what `GameState.saveGameRefresh()` writes: a zip of `savedGame`
//! (the game's commands, obfuscated as `ObfuscatingOutputStream` does), `savedata` and a
//! copy of the module's `moduledata`. The commands are those VASSAL saves: `begin_save`,
//! one `AddPiece` per piece and per stack, each map's `BoardPicker` choice, the at-start
//! stacks' "not a new game" mark (so opening the setup does not place the module's
//! at-start stacks as well) and `end_save`.
//!
//! Units on the map at the start stand where the map has them; a unit that arrives later
//! waits on a map of its own, [`HOLDING_MAP`], in a box named "Turn N reinforcements".

use std::io::Write;

use super::pieces::{PieceKind, type_and_state};
use super::sequence::encode;
use crate::io::raster::{self, RasterError};
use crate::io::xml::Element;

/// The map that holds the reinforcements until their turn.
pub const HOLDING_MAP: &str = "Reinforcements";
/// Its one board: its name is how a later export knows the map is Sandtable's.
pub const HOLDING_BOARD: &str = "Reinforcements by turn";
/// The class name of a predefined setup in the build file.
pub const PREDEFINED_SETUP: &str = "VASSAL.build.module.PredefinedSetup";

/// VASSAL's separator between the commands of a saved game (`KeyEvent.VK_ESCAPE`).
const COMMAND_SEPARATOR: char = '\u{1b}';

/// A piece of a setup: its kind, the name it shows, degrees clockwise, and a token's
/// front sides (as the map lies).
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub kind: usize,
    pub name: String,
    pub deg: f64,
    pub front: Vec<crate::board::Side>,
}

/// Pieces standing together at a point of a map (map pixels).
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedStack {
    pub at: (i32, i32),
    pub pieces: Vec<Placed>,
}

/// One box of the holding map: the turn and its rectangle (board pixels).
#[derive(Debug, Clone, PartialEq)]
pub struct TurnBox {
    pub turn: u32,
    pub rect: (i32, i32, i32, i32),
}

impl TurnBox {
    /// What the box, its zone and every piece in it are called.
    pub fn name(&self) -> String {
        turn_name(self.turn)
    }
}

/// "Turn 3 reinforcements".
pub fn turn_name(turn: u32) -> String {
    format!("Turn {turn} reinforcements")
}

/// The holding map: its board image, the boxes, and the pieces in them.
#[derive(Debug, Clone)]
pub struct Holding {
    pub map_name: String,
    pub image: String,
    pub png: Vec<u8>,
    pub size: (u32, u32),
    pub boxes: Vec<TurnBox>,
    pub stacks: Vec<PlacedStack>,
}

/// A predefined setup before it is written.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The File menu's entry: the scenario's title.
    pub name: String,
    /// The saved game's entry in the module's archive.
    pub file: String,
    /// The map and board the scenario's board is, and where that board starts on the
    /// map (the map's edge).
    pub map: String,
    /// The map's boards as its `BoardPicker` encodes them: each board's name (with
    /// `/rev` when it is reversed) and its slot, column then row.
    pub boards: Vec<Picked>,
    pub stacks: Vec<PlacedStack>,
    pub holding: Option<Holding>,
}

/// The archive entry of a setup named `name`, as VASSAL's editor names it: every run of
/// other characters than letters, digits, `.`, `_` and `-` made one `_`.
pub fn file_name(name: &str) -> String {
    let mut out = String::new();
    let mut gap = false;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
            out.push(c);
            gap = false;
        } else if !gap {
            out.push('_');
            gap = true;
        }
    }
    if out.is_empty() {
        out.push_str("setup");
    }
    out + ".vsav"
}

/// The build file's element for the setup (as `PredefinedSetup.getBuildElement()`
/// writes it).
pub fn element(setup: &Setup) -> Element {
    Element::new(PREDEFINED_SETUP)
        .attr("file", &setup.file)
        .attr("isMenu", false)
        .attr("name", &setup.name)
        .attr("useFile", true)
}

/// The saved game's commands, before obfuscation. `gpids`: each kind's palette slot
/// (empty where the module has none of ours).
pub fn commands(setup: &Setup, kinds: &[PieceKind], gpids: &[String]) -> String {
    let mut out: Vec<String> = vec!["begin_save".into()];
    let mut next_id = 0u64;
    let mut stacks: Vec<String> = Vec::new();
    let mut place = |map: &str, stack: &PlacedStack, out: &mut Vec<String>| {
        let mut ids = Vec::new();
        for p in &stack.pieces {
            next_id += 1;
            let id = next_id.to_string();
            let gpid = gpids.get(p.kind).map_or("", String::as_str);
            let (type_, state) =
                type_and_state(&kinds[p.kind], &p.name, gpid, (p.deg, &p.front), stack.at);
            out.push(encode(&["+", id.as_str(), &type_, &state], '/'));
            ids.push(id);
        }
        next_id += 1;
        let mut state = vec![
            map.to_string(),
            stack.at.0.to_string(),
            stack.at.1.to_string(),
        ];
        state.extend(ids);
        state.push("@@-1".into());
        stacks.push(encode(
            &["+", &next_id.to_string(), "stack", &encode(&state, ';')],
            '/',
        ));
    };
    for s in &setup.stacks {
        place(&setup.map, s, &mut out);
    }
    if let Some(h) = &setup.holding {
        for s in &h.stacks {
            place(&h.map_name, s, &mut out);
        }
    }
    out.extend(stacks);
    // Each map's boards: its own boards in their slots.
    out.push(picker_choice(&setup.map, &setup.boards));
    if let Some(h) = &setup.holding {
        out.push(encode(
            &[
                format!("{}BoardPicker", h.map_name),
                HOLDING_BOARD.into(),
                "0".into(),
                "0".into(),
            ],
            '\t',
        ));
    }
    // The at-start stacks' NewGameIndicator: the game is not new, place none of them.
    out.push("SETUP_STACK\t".into());
    out.push("end_save".into());
    encode(&out, COMMAND_SEPARATOR)
}

/// A board a picker lays out: its name (with `/rev` when reversed), its slot's column
/// and row.
pub type Picked = (String, u32, u32);

/// A map's choice of boards as `BoardPicker.encode(SetBoards)` writes it (a saved
/// game's command, a picker's default `setup`): the map and `BoardPicker`, then each
/// board and its slot's column and row.
pub fn picker_choice(map: &str, boards: &[Picked]) -> String {
    let mut fields = vec![format!("{map}BoardPicker")];
    for (name, c, r) in boards {
        fields.extend([name.clone(), c.to_string(), r.to_string()]);
    }
    encode(&fields, '\t')
}

/// Text as `ObfuscatingOutputStream` writes it: `!VCSK`, the key, then every byte xored
/// with the key, in hex. The key is 0: any key reads back the same.
pub fn obfuscate(text: &str) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = Vec::with_capacity(7 + 2 * text.len());
    out.extend_from_slice(b"!VCSK00");
    for b in text.bytes() {
        out.push(HEX[usize::from(b >> 4)]);
        out.push(HEX[usize::from(b & 15)]);
    }
    out
}

/// The saved game's file: `savedGame`, `savedata` and the module's `moduledata`.
pub fn saved_game(
    setup: &Setup,
    kinds: &[PieceKind],
    gpids: &[String],
    moduledata: Option<&[u8]>,
) -> Result<Vec<u8>, zip::result::ZipError> {
    let savedata = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
                    <data version=\"1\">\n  <version/>\n  <VassalVersion>3.5.0</VassalVersion>\n  \
                    <dateSaved>0</dateSaved>\n</data>\n";
    let mut files: Vec<(&str, Vec<u8>)> = vec![
        ("savedGame", obfuscate(&commands(setup, kinds, gpids))),
        ("savedata", savedata.as_bytes().to_vec()),
    ];
    if let Some(m) = moduledata {
        files.push(("moduledata", m.to_vec()));
    }
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1));
    for (name, bytes) in files {
        out.start_file(name, options)?;
        out.write_all(&bytes)?;
    }
    Ok(out.finish()?.into_inner())
}

/// Pieces of one turn laid out in rows of this many.
const PER_ROW: usize = 8;
/// Pixels around and between pieces, the height of a box's title and of the line under
/// each piece saying where it enters, and the narrowest slot (for that line).
const GAP: i32 = 12;
const TITLE: i32 = 34;
const CAPTION: i32 = 22;
const SLOT: i32 = 190;

/// A reinforcement: its piece and where it enters, in words.
pub type Arriving = (Placed, String);

/// The holding map for `turns` (each turn and its pieces, in order), the pieces `piece`
/// pixels (the largest kind) each, its image named `image`.
pub fn holding(
    map_name: &str,
    image: &str,
    turns: &[(u32, Vec<Arriving>)],
    piece: (u32, u32),
) -> Result<Holding, RasterError> {
    let (pw, ph) = (piece.0.max(1) as i32, piece.1.max(1) as i32);
    let sw = pw.max(SLOT);
    let row_h = ph + CAPTION + GAP;
    let mut boxes = Vec::new();
    let mut stacks = Vec::new();
    let mut captions = Vec::new();
    let mut y = GAP;
    let mut width = 480;
    for (turn, pieces) in turns {
        let cols = pieces.len().clamp(1, PER_ROW) as i32;
        let rows = pieces.len().div_ceil(PER_ROW).max(1) as i32;
        let w = (cols * (sw + GAP) + GAP).max(360);
        let h = TITLE + rows * row_h + GAP;
        boxes.push(TurnBox {
            turn: *turn,
            rect: (GAP, y, w, h),
        });
        for (i, (p, entry)) in pieces.iter().enumerate() {
            let (c, r) = ((i % PER_ROW) as i32, (i / PER_ROW) as i32);
            let (x0, y0) = (2 * GAP + c * (sw + GAP), y + TITLE + r * row_h);
            stacks.push(PlacedStack {
                at: (x0 + sw / 2, y0 + ph / 2),
                pieces: vec![p.clone()],
            });
            captions.push(((x0 + sw / 2, y0 + ph + 16), entry.clone()));
        }
        width = width.max(w + 2 * GAP);
        y += h + GAP;
    }
    let size = (width as u32, y.max(GAP * 2) as u32);
    let png = holding_image(&boxes, &captions, size)?;
    Ok(Holding {
        map_name: map_name.to_string(),
        image: image.to_string(),
        png,
        size,
        boxes,
        stacks,
    })
}

fn holding_image(
    boxes: &[TurnBox],
    captions: &[((i32, i32), String)],
    size: (u32, u32),
) -> Result<Vec<u8>, RasterError> {
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#f4f1e8\"/>",
        w = size.0,
        h = size.1
    );
    for b in boxes {
        let (x, y, w, h) = b.rect;
        svg.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\" stroke=\"#5a5242\" stroke-width=\"2\"/>\
             <text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"18\" font-weight=\"bold\" fill=\"#3a3428\">{}</text>",
            x + GAP,
            y + 24,
            esc(&b.name())
        ));
    }
    for ((x, y), text) in captions {
        svg.push_str(&format!(
            "<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#3a3428\">enters at {}</text>",
            esc(text)
        ));
    }
    svg.push_str("</svg>");
    let tree = raster::parse(&svg)?;
    raster::render_png(&tree, resvg::tiny_skia::Transform::identity(), size, None)
}

/// The holding map's zones: one per box, named by its turn.
pub fn holding_zones(h: &Holding) -> Vec<super::Zone> {
    h.boxes
        .iter()
        .map(|b| {
            let (x, y, w, hh) = b.rect;
            super::Zone {
                name: b.name(),
                path: vec![(x, y), (x + w, y), (x + w, y + hh), (x, y + hh)],
                properties: vec![("turn".into(), b.turn.to_string())],
                on_grid: false,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setup_file_is_named_as_vassals_editor_names_it() {
        assert_eq!(
            file_name("Battle Cry: reinforcements at the crossroads"),
            "Battle_Cry_reinforcements_at_the_crossroads.vsav"
        );
        assert_eq!(file_name("BC Test"), "BC_Test.vsav");
        assert_eq!(file_name("::"), "_.vsav");
    }

    #[test]
    fn obfuscated_text_reads_back_with_its_key() {
        let o = obfuscate("begin_save\u{1b}end_save");
        assert!(o.starts_with(b"!VCSK00"));
        let back: Vec<u8> = o[7..]
            .chunks(2)
            .map(|p| u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap())
            .collect();
        assert_eq!(back, b"begin_save\x1bend_save");
    }
}
