//! VASSAL modules made by the tests, as a module designer would: a board image, a grid
//! in the board (or in a zoned grid, or in one of its zones), at-start stacks and a
//! roster of sides, in VASSAL's own element and attribute names.

#![allow(dead_code)]

use std::io::Write;

/// A board of the test module.
#[derive(Clone)]
pub struct TestBoard {
    pub name: String,
    pub size: (u32, u32),
    /// The grid's XML (a HexGrid, ZonedGrid, SquareGrid...), or empty for none.
    pub grid: String,
    /// Leave the image out of the archive.
    pub image_missing: bool,
}

/// A piece at start: stack name, board, grid location or pixel point, piece name.
#[derive(Clone)]
pub struct TestStack {
    pub name: String,
    pub board: String,
    pub location: Option<String>,
    pub at: (i32, i32),
    pub piece: String,
}

/// A hex grid's XML with its numbering.
#[allow(clippy::too_many_arguments)]
pub fn hex_grid(dx: f64, dy: f64, x0: i32, y0: i32, sideways: bool, numbering: &str) -> String {
    format!(
        r#"<VASSAL.build.module.map.boardPicker.board.HexGrid color="0,0,0" cornersLegal="false" dotsVisible="false" dx="{dx}" dy="{dy}" edgesLegal="false" sideways="{sideways}" snapTo="true" visible="false" x0="{x0}" y0="{y0}">{numbering}</VASSAL.build.module.map.boardPicker.board.HexGrid>"#
    )
}

/// A `HexGridNumbering` element with every attribute VASSAL saves; `extra` overrides
/// some, such as `hOff="3" vDescend="true"`.
pub fn numbering(extra: &str) -> String {
    let mut attrs: Vec<(String, String)> = [
        ("color", "0,0,0"),
        ("first", "H"),
        ("fontSize", "9"),
        ("hDescend", "false"),
        ("hDrawOff", "0"),
        ("hLeading", "1"),
        ("hOff", "1"),
        ("hType", "N"),
        ("locationFormat", "$gridLocation$"),
        ("rotateText", "0"),
        ("sep", ""),
        ("stagger", "true"),
        ("vDescend", "false"),
        ("vDrawOff", "0"),
        ("vLeading", "1"),
        ("vOff", "1"),
        ("vType", "N"),
        ("visible", "false"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    for pair in extra.split_whitespace() {
        let Some((k, v)) = pair.split_once('=') else {
            continue;
        };
        let v = v.trim_matches('"').to_string();
        match attrs.iter_mut().find(|(key, _)| key == k) {
            Some(slot) => slot.1 = v,
            None => attrs.push((k.to_string(), v)),
        }
    }
    let text: Vec<String> = attrs.iter().map(|(k, v)| format!("{k}=\"{v}\"")).collect();
    format!(
        "<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering {}/>",
        text.join(" ")
    )
}

/// A PNG of the given size: a light ground with a darker square in each corner area, so
/// that sampling has colours to find.
pub fn png(w: u32, h: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut wr = enc.write_header().expect("png header");
        let mut data = vec![0u8; (w * h * 3) as usize];
        for y in 0..h {
            for x in 0..w {
                let i = ((y * w + x) * 3) as usize;
                let c = if x < w / 2 && y < h / 2 {
                    [60, 130, 60]
                } else {
                    [225, 215, 170]
                };
                data[i..i + 3].copy_from_slice(&c);
            }
        }
        wr.write_image_data(&data).expect("png data");
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A piece slot's text for a piece named `name` with image `counter.png`.
fn piece(name: &str, gpid: u32) -> String {
    format!("+/null/piece;;;counter.png;{name}/null;0;0;{gpid};0")
}

/// The module's bytes.
pub fn module(
    name: &str,
    version: &str,
    boards: &[TestBoard],
    stacks: &[TestStack],
    sides: &[&str],
) -> Vec<u8> {
    let mut board_xml = String::new();
    for b in boards {
        board_xml.push_str(&format!(
            r#"<VASSAL.build.module.map.boardPicker.Board image="{}.png" name="{}" reversible="false">{}</VASSAL.build.module.map.boardPicker.Board>"#,
            escape(&b.name),
            escape(&b.name),
            b.grid
        ));
    }
    let mut stack_xml = String::new();
    for (i, s) in stacks.iter().enumerate() {
        stack_xml.push_str(&format!(
            r#"<VASSAL.build.module.map.SetupStack location="{}" name="{}" owningBoard="{}" useGridLocation="{}" x="{}" y="{}"><VASSAL.build.widget.PieceSlot entryName="{}" gpid="{}" height="48" width="48">{}</VASSAL.build.widget.PieceSlot></VASSAL.build.module.map.SetupStack>"#,
            escape(s.location.as_deref().unwrap_or("")),
            escape(&s.name),
            escape(&s.board),
            s.location.is_some(),
            s.at.0,
            s.at.1,
            escape(&s.piece),
            i + 10,
            escape(&piece(&s.piece, i as u32 + 10)),
        ));
    }
    let roster: String = sides
        .iter()
        .map(|s| format!("<entry>{}</entry>", escape(s)))
        .collect();
    let build = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.launch.BasicModule ModuleOther1="" ModuleOther2="" VassalVersion="3.5.0" description="A test module" name="{name}" nextPieceSlotId="100" version="{version}">
    <VASSAL.build.module.BasicCommandEncoder/>
    <VASSAL.build.module.Documentation/>
    <VASSAL.build.module.PlayerRoster buttonKeyStroke="" buttonText="Retire" buttonToolTip="Switch sides">{roster}</VASSAL.build.module.PlayerRoster>
    <VASSAL.build.module.GlobalOptions autoReport="Always" centerOnMove="Use Preferences Setting" chatterHTMLSupport="Always" hotKeysOnClosedWindows="Never" inventoryForAll="Always" nonOwnerUnmaskable="Always" playerIdFormat="$playerName$" promptString="Opponents can unmask pieces" sendToLocationMoveTrails="Never" storeLeadingZeroIntegersAsStrings="false"/>
    <VASSAL.build.module.Map allowMultiple="false" backgroundcolor="255,255,255" buttonName="" changeFormat="$message$" color="0,0,0" createFormat="$pieceName$ created in $location$ *" edgeHeight="0" edgeWidth="0" hideKey="" hotkey="" icon="/images/map.gif" launch="false" mapName="Main Map" markMoved="Never" markUnmovedHotkey="" markUnmovedIcon="/images/unmoved.gif" markUnmovedReport="" markUnmovedText="" markUnmovedTooltip="Mark all pieces on this map as not moved" moveKey="" moveToFormat="$pieceName$ moves $previousLocation$ -&gt; $location$ *" moveWithinFormat="$pieceName$ moves $previousLocation$ -&gt; $location$ *" showKey="" thickness="3">
        <VASSAL.build.module.map.BoardPicker addColumnText="Add column" addRowText="Add row" boardPrompt="Select board" slotHeight="125" slotScale="0.2" slotWidth="350" title="Choose Boards">{board_xml}</VASSAL.build.module.map.BoardPicker>
        <VASSAL.build.module.map.StackMetrics bottom="40,0" color="255,255,255" disabled="false" down="37,0" exSepX="6" exSepY="18" top="38,0" unexSepX="8" unexSepY="16" up="39,0"/>
        <VASSAL.build.module.map.ForwardToKeyBuffer/>
        <VASSAL.build.module.map.Scroller/>
        <VASSAL.build.module.map.MenuDisplayer/>
        <VASSAL.build.module.map.PieceMover/>
        <VASSAL.build.module.map.KeyBufferer/>
        <VASSAL.build.module.map.CounterDetailViewer/>
        {stack_xml}
    </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>
"#
    );
    let data = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<data version="1">
  <version>{version}</version>
  <VassalVersion>3.5.0</VassalVersion>
  <dateSaved>0</dateSaved>
  <description>A test module</description>
  <name>{name}</name>
</data>
"#
    );
    let mut files: Vec<(String, Vec<u8>)> = vec![
        ("moduledata".into(), data.into_bytes()),
        ("buildFile.xml".into(), build.into_bytes()),
        ("images/counter.png".into(), png(48, 48)),
        ("extensions/readme.txt".into(), b"kept as it is".to_vec()),
    ];
    for b in boards {
        if !b.image_missing {
            files.push((format!("images/{}.png", b.name), png(b.size.0, b.size.1)));
        }
    }
    zip(&files)
}

pub fn zip(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in files {
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        out.start_file(name.as_str(), options).expect("zip entry");
        out.write_all(bytes).expect("zip write");
    }
    out.finish().expect("zip").into_inner()
}

/// One flat board with a numbered grid, two pieces of the roster's sides.
pub fn simple(grid: &str) -> Vec<u8> {
    module(
        "Test Module",
        "1.2",
        &[TestBoard {
            name: "Main".into(),
            size: (600, 430),
            grid: grid.into(),
            image_missing: false,
        }],
        &[],
        &["Union", "Confederate"],
    )
}

/// The bytes of one entry of a module's archive (empty when it has none).
pub fn entry_bytes(vmod: &[u8], name: &str) -> Vec<u8> {
    use std::io::Read;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(vmod)).expect("a zip");
    let mut bytes = Vec::new();
    if let Ok(mut f) = archive.by_name(name) {
        f.read_to_end(&mut bytes).expect("bytes");
    }
    bytes
}

/// Every entry of a module's archive: its name and bytes, in the archive's order.
pub fn entries(vmod: &[u8]) -> Vec<(String, Vec<u8>)> {
    use std::io::Read;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(vmod)).expect("a zip");
    (0..archive.len())
        .map(|i| {
            let mut f = archive.by_index(i).expect("an entry");
            let mut bytes = Vec::new();
            f.read_to_end(&mut bytes).expect("bytes");
            (f.name().expect("a name").into_owned(), bytes)
        })
        .collect()
}

/// The text of one entry of a module's archive (empty when it has none).
pub fn entry_text(vmod: &[u8], name: &str) -> String {
    String::from_utf8_lossy(&entry_bytes(vmod, name)).into_owned()
}

/// A `ZonedGrid` whose zone "Battlefield" (100,50 to 580,420) holds a flat hex grid
/// (55.4256 x 64, origin 130,80) of its own.
pub fn zoned_hex_grid() -> String {
    format!(
        r#"<VASSAL.build.module.map.boardPicker.board.ZonedGrid><VASSAL.build.module.map.boardPicker.board.mapgrid.Zone highlightProperty="" locationFormat="$gridLocation$" name="Battlefield" path="100,50;580,50;580,420;100,420" useHighlight="false" useParentGrid="false">{}</VASSAL.build.module.map.boardPicker.board.mapgrid.Zone></VASSAL.build.module.map.boardPicker.board.ZonedGrid>"#,
        hex_grid(55.4256, 64.0, 130, 80, false, &numbering(""))
    )
}

/// The arguments of `sandtable export RON --format vassal --into MODULE --output OUT
/// EXTRA...`, as the command-line and the real-engine tests both run it.
pub fn export_into_args(
    ron: &std::path::Path,
    into: &std::path::Path,
    out: &std::path::Path,
    extra: &[&str],
) -> Vec<String> {
    let mut args: Vec<String> = [
        "export",
        ron.to_str().unwrap(),
        "--format",
        "vassal",
        "--into",
        into.to_str().unwrap(),
        "--output",
        out.to_str().unwrap(),
    ]
    .map(String::from)
    .to_vec();
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

/// A `SquareGrid`'s XML (cells `dx` x `dy`, the first centre at `x0`,`y0`) with a
/// `SquareGridNumbering` of every attribute VASSAL saves, `extra` overriding some.
pub fn square_grid(dx: f64, dy: f64, x0: i32, y0: i32, extra: &str) -> String {
    let numbering = numbering(extra)
        .replace("HexGridNumbering", "SquareGridNumbering")
        .replace(r#" stagger="true""#, "");
    format!(
        r#"<VASSAL.build.module.map.boardPicker.board.SquareGrid color="0,0,0" cornersLegal="false" dotsVisible="false" dx="{dx}" dy="{dy}" edgesLegal="false" range="Metric" snapTo="true" visible="false" x0="{x0}" y0="{y0}">{numbering}</VASSAL.build.module.map.boardPicker.board.SquareGrid>"#
    )
}

/// A `ZonedGrid` of `zones` (name, path, terrain) over `grid` as its background grid.
pub fn zoned(grid: &str, zones: &[(&str, &str, &str)]) -> String {
    let zones: String = zones
        .iter()
        .map(|(name, path, terrain)| {
            format!(
                r#"<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone highlightProperty="" locationFormat="$gridLocation$" name="{name}" path="{path}" useHighlight="false" useParentGrid="true"><VASSAL.build.module.properties.ZoneProperty description="" initialValue="{terrain}" isNumeric="false" max="100" min="0" name="terrain" wrap="false"/></VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>"#
            )
        })
        .collect();
    format!(
        r#"<VASSAL.build.module.map.boardPicker.board.ZonedGrid>{zones}{grid}</VASSAL.build.module.map.boardPicker.board.ZonedGrid>"#
    )
}
