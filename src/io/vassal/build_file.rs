//! `buildFile.xml` and `moduledata` as VASSAL writes them: element names are VASSAL's
//! class names, attribute names those of each class's `getAttributeNames()`.

use super::Plan;
use super::grid::{GridFit, Numbering};
use super::pieces::{PieceKind, definition};
use crate::io::xml::Element;

pub(super) const PKG_BOARD: &str = "VASSAL.build.module.map.boardPicker";
const PKG_MAP: &str = "VASSAL.build.module.map";

/// The oldest VASSAL whose module layout we use: 3.5 reads `buildFile.xml` (earlier ones
/// look for `buildFile`) and every VASSAL since loads a 3.5 module without a warning.
pub const VASSAL_VERSION: &str = "3.5.0";
/// The board's and map's names, as the module and the checker see them.
pub const BOARD_NAME: &str = "Board";
pub const MAP_NAME: &str = "Main Map";

fn el(name: &str) -> Element {
    Element::new(name)
}

pub fn moduledata(plan: &Plan) -> Element {
    el("data")
        .attr("version", "1")
        .child(el("version").with_text(plan.version.clone()))
        .child(el("VassalVersion").with_text(VASSAL_VERSION))
        .child(el("dateSaved").with_text("0"))
        .child(el("description").with_text(plan.description.clone()))
        .child(el("name").with_text(plan.title.clone()))
}

/// A grid's numbering element (`HexGridNumbering`, `SquareGridNumbering`: the class's
/// last name), with a hex grid's `stagger`.
pub(super) fn numbering(class: &str, n: &Numbering, stagger: Option<bool>) -> Element {
    let mut e = el(&format!("{PKG_BOARD}.board.mapgrid.{class}"))
        .attr("color", "0,0,0")
        .attr("first", n.first)
        .attr("fontSize", 9)
        .attr("hDescend", n.h_descend)
        .attr("hDrawOff", 0)
        .attr("hLeading", n.h_leading)
        .attr("hOff", n.h_off)
        .attr("hType", n.h_type)
        .attr(
            "locationFormat",
            format!("{}$gridLocation${}", n.around.0, n.around.1),
        )
        .attr("rotateText", 0)
        .attr("sep", n.sep.as_str());
    if let Some(stagger) = stagger {
        e = e.attr("stagger", stagger);
    }
    e.attr("vDescend", n.v_descend)
        .attr("vDrawOff", 0)
        .attr("vLeading", n.v_leading)
        .attr("vOff", n.v_off)
        .attr("vType", n.v_type)
        .attr("visible", false)
}

fn hex_grid(g: &GridFit) -> Element {
    let numbering = numbering("HexGridNumbering", &g.numbering, Some(g.stagger));
    el(&format!("{PKG_BOARD}.board.HexGrid"))
        .attr("color", "0,0,0")
        .attr("cornersLegal", false)
        .attr("dotsVisible", false)
        .attr("dx", format!("{}.0", g.dx))
        .attr("dy", format!("{}.0", g.dy))
        .attr("edgesLegal", false)
        .attr("sideways", g.sideways)
        .attr("snapTo", true)
        .attr("visible", false)
        .attr("x0", g.x0)
        .attr("y0", g.y0)
        .child(numbering)
}

/// A zone of a `ZonedGrid` with its properties.
pub fn zone_element(z: &super::Zone) -> Element {
    let path: Vec<String> = z.path.iter().map(|(x, y)| format!("{x},{y}")).collect();
    let mut zone = el(&format!("{PKG_BOARD}.board.mapgrid.Zone"))
        .attr("highlightProperty", "")
        .attr(
            "locationFormat",
            if z.on_grid {
                "$gridLocation$"
            } else {
                "$name$"
            },
        )
        .attr("name", &z.name)
        .attr("path", path.join(";"))
        .attr("useHighlight", false)
        .attr("useParentGrid", z.on_grid);
    for (key, value) in &z.properties {
        zone = zone.child(zone_property(key, value));
    }
    zone
}

/// A zone's property, as a piece in the zone reads it.
pub fn zone_property(key: &str, value: &str) -> Element {
    el("VASSAL.build.module.properties.ZoneProperty")
        .attr("description", key)
        .attr("initialValue", value)
        .attr("isNumeric", value.parse::<i64>().is_ok())
        .attr("max", 1000)
        .attr("min", -1000)
        .attr("name", key)
        .attr("wrap", false)
}

fn zoned_grid(plan: &Plan) -> Element {
    let mut zg = el(&format!("{PKG_BOARD}.board.ZonedGrid"));
    for z in &plan.zones {
        zg = zg.child(zone_element(z));
    }
    if let Some(g) = &plan.grid {
        zg = zg.child(hex_grid(g));
    }
    if let Some(g) = &plan.square {
        zg = zg.child(super::square::grid_element(g));
    }
    zg
}

fn piece_slot(
    plan: &Plan,
    kind: usize,
    gpid: u32,
    clockwise_deg: f64,
    front: &[crate::board::Side],
) -> Element {
    let k = &plan.kinds[kind];
    el("VASSAL.build.widget.PieceSlot")
        .attr("entryName", &k.name)
        .attr("gpid", gpid)
        .attr("height", k.size.1)
        .attr("width", k.size.0)
        .with_text(definition(k, gpid, clockwise_deg, front))
}

/// A map of one board, `board` (its grid inside), with the components every map of ours
/// has. `launch`: opened from a toolbar button, not with the module.
fn map_of(name: &str, board: Element, launch: bool) -> Element {
    map_of_boards(name, vec![board], None, launch)
}

/// A map of `boards`, laid out by the picker's default `setup` (a
/// [`super::setup::picker_choice`]) when there are several.
fn map_of_boards(name: &str, boards: Vec<Element>, setup: Option<String>, launch: bool) -> Element {
    let mut picker = el(&format!("{PKG_MAP}.BoardPicker"))
        .attr("addColumnText", "Add column")
        .attr("addRowText", "Add row")
        .attr("boardPrompt", "Select board")
        .attr("slotHeight", 125)
        .attr("slotScale", 0.2)
        .attr("slotWidth", 350)
        .attr("title", "Choose Boards");
    if let Some(setup) = setup {
        picker = picker.child(el("setup").with_text(setup));
    }
    for board in boards {
        picker = picker.child(board);
    }
    let mut m = el("VASSAL.build.module.Map")
        .attr("allowMultiple", false)
        .attr("backgroundcolor", "255,255,255")
        .attr("buttonName", if launch { name } else { "" })
        .attr("changeFormat", "$message$")
        .attr("color", "0,0,0")
        .attr("createFormat", "$pieceName$ created in $location$ *")
        .attr("edgeHeight", 0)
        .attr("edgeWidth", 0)
        .attr("hideKey", "")
        .attr("hotkey", "")
        .attr("icon", "/images/map.gif")
        .attr("launch", launch)
        .attr("mapName", name)
        .attr("markMoved", "Never")
        .attr("markUnmovedHotkey", "")
        .attr("markUnmovedIcon", "/images/unmoved.gif")
        .attr("markUnmovedReport", "")
        .attr("markUnmovedText", "")
        .attr(
            "markUnmovedTooltip",
            "Mark all pieces on this map as not moved",
        )
        .attr("moveKey", "")
        .attr(
            "moveToFormat",
            "$pieceName$ moves $previousLocation$ \u{2192} $location$ *",
        )
        .attr(
            "moveWithinFormat",
            "$pieceName$ moves $previousLocation$ \u{2192} $location$ *",
        )
        .attr("showKey", "")
        .attr("thickness", 3)
        .child(picker)
        .child(
            el(&format!("{PKG_MAP}.StackMetrics"))
                .attr("bottom", "40,0")
                .attr("color", "255,255,255")
                .attr("disabled", false)
                .attr("down", "37,0")
                .attr("exSepX", 6)
                .attr("exSepY", 18)
                .attr("top", "38,0")
                .attr("unexSepX", 8)
                .attr("unexSepY", 16)
                .attr("up", "39,0"),
        );
    for plain in [
        "ForwardToKeyBuffer",
        "Scroller",
        "ForwardToChatter",
        "MenuDisplayer",
        "MapCenterer",
        "StackExpander",
        "PieceMover",
        "KeyBufferer",
        "ImageSaver",
        "CounterDetailViewer",
    ] {
        m = m.child(el(&format!("{PKG_MAP}.{plain}")));
    }
    m.child(
        el(&format!("{PKG_MAP}.Zoomer"))
            .attr("inButtonText", "")
            .attr("outButtonText", "")
            .attr("zoomLevels", "0.25,0.5,0.75,1.0,1.5,2.0")
            .attr("zoomStart", 3),
    )
    .child(
        el(&format!("{PKG_MAP}.HidePiecesButton"))
            .attr("buttonText", "")
            .attr("tooltip", "Hide all pieces on this map"),
    )
}

fn board_of(name: &str, image: &str, grid: Element) -> Element {
    el(&format!("{PKG_BOARD}.Board"))
        .attr("image", image)
        .attr("name", name)
        .attr("reversible", false)
        .child(grid)
}

/// A board of a map of several: its zones and grid, reversible when it lies turned.
fn sheet_board(sheet: &super::boards::Sheet) -> Element {
    let mut zg = el(&format!("{PKG_BOARD}.board.ZonedGrid"));
    for z in &sheet.zones {
        zg = zg.child(zone_element(z));
    }
    zg = zg.child(match &sheet.grid {
        super::boards::SheetGrid::Hex(g) => hex_grid(g),
        super::boards::SheetGrid::Square(g) => super::square::grid_element(g),
    });
    el(&format!("{PKG_BOARD}.Board"))
        .attr("image", &sheet.image)
        .attr("name", &sheet.name)
        .attr("reversible", sheet.reversed)
        .child(zg)
}

/// The map of the reinforcements, each turn's a zone named by it ("Turn 3
/// reinforcements"), opened from the toolbar.
pub fn holding_map(h: &super::setup::Holding) -> Element {
    let mut zg = el(&format!("{PKG_BOARD}.board.ZonedGrid"));
    for z in super::setup::holding_zones(h) {
        zg = zg.child(zone_element(&z));
    }
    map_of(
        &h.map_name,
        board_of(super::setup::HOLDING_BOARD, &h.image, zg),
        true,
    )
}

fn map(plan: &Plan, gpid: &mut u32) -> Element {
    let mut m = if plan.sheets.is_empty() {
        let board = board_of(BOARD_NAME, &plan.board_image, zoned_grid(plan));
        map_of(MAP_NAME, board, false)
    } else {
        let boards = plan.sheets.iter().map(sheet_board).collect();
        let choice = plan
            .setup
            .as_ref()
            .map(|s| super::setup::picker_choice(MAP_NAME, &s.boards));
        map_of_boards(MAP_NAME, boards, choice, false)
    };
    m = m
        .child(
            el(&format!("{PKG_MAP}.GlobalMap"))
                .attr("buttonText", "")
                .attr("scale", 0.19)
                .attr("tooltip", "Show/Hide overview window"),
        )
        .child(
            // On a hex grid VASSAL measures the thread's range in hexes.
            el(&format!("{PKG_MAP}.LOS_Thread"))
                .attr("threadName", "Line of Sight")
                .attr("label", "")
                .attr("tooltip", "Show line of sight and range")
                .attr("drawRange", true)
                .attr("snapStart", true)
                .attr("snapEnd", true)
                .attr("report", true)
                .attr("threadColor", "255,0,0"),
        );
    for stack in &plan.stacks {
        let owner = stack
            .board
            .and_then(|i| plan.sheets.get(i))
            .map_or(BOARD_NAME, |s| s.name.as_str());
        let mut st = el(&format!("{PKG_MAP}.SetupStack"))
            .attr("name", &stack.name)
            .attr("owningBoard", owner);
        st = match &stack.label {
            Some(label) => st
                .attr("location", label)
                .attr("useGridLocation", true)
                .attr("x", stack.at.0)
                .attr("y", stack.at.1),
            None => st
                .attr("location", "")
                .attr("useGridLocation", false)
                .attr("x", stack.at.0)
                .attr("y", stack.at.1),
        };
        for p in &stack.pieces {
            *gpid += 1;
            st = st.child(piece_slot(plan, p.kind, *gpid, p.deg, &p.front));
        }
        m = m.child(st);
    }
    m
}

/// The kinds in the palette's order: list by list (each in the order its first kind
/// comes), the kinds of a list in their order. The palette's slots are numbered (their
/// `gpid`) from 1 in this order.
pub fn palette_order(kinds: &[PieceKind]) -> Vec<usize> {
    let mut lists: Vec<&str> = Vec::new();
    for k in kinds {
        if !lists.contains(&k.list.as_str()) {
            lists.push(&k.list);
        }
    }
    lists
        .iter()
        .flat_map(|list| (0..kinds.len()).filter(move |&i| kinds[i].list == *list))
        .collect()
}

/// Each kind's palette slot `gpid`, by kind.
pub fn palette_gpids(kinds: &[PieceKind]) -> Vec<String> {
    let mut out = vec![String::new(); kinds.len()];
    for (slot, i) in palette_order(kinds).into_iter().enumerate() {
        out[i] = (slot + 1).to_string();
    }
    out
}

/// The palette: a list per side (and one of tokens), a slot per kind of piece.
fn palette(plan: &Plan, gpid: &mut u32) -> Element {
    let mut window = el("VASSAL.build.module.PieceWindow")
        .attr("allowHidePieces", true)
        .attr("defaultWidth", 0)
        .attr("hidden", false)
        .attr("hotkey", "")
        .attr("icon", "")
        .attr("name", "Pieces")
        .attr("scale", 1.0)
        .attr("text", "Pieces")
        .attr("tooltip", "Show/Hide the pieces window");
    let order = palette_order(&plan.kinds);
    let mut lists: Vec<&str> = Vec::new();
    for &i in &order {
        if !lists.contains(&plan.kinds[i].list.as_str()) {
            lists.push(&plan.kinds[i].list);
        }
    }
    for list in lists {
        let mut l = el("VASSAL.build.widget.ListWidget")
            .attr("divider", 150)
            .attr("entryName", list)
            .attr("height", 0)
            .attr("scale", 1.0)
            .attr("width", 0);
        for &i in order.iter().filter(|&&i| plan.kinds[i].list == list) {
            *gpid += 1;
            l = l.child(piece_slot(plan, i, *gpid, 0.0, &[]));
        }
        window = window.child(l);
    }
    window
}

pub fn build_file(plan: &Plan) -> Element {
    let mut gpid = 0;
    let palette = palette(plan, &mut gpid);
    let map = map(plan, &mut gpid);
    let mut roster = el("VASSAL.build.module.PlayerRoster")
        .attr("buttonKeyStroke", "")
        .attr("buttonText", "Retire")
        .attr("buttonToolTip", "Switch sides");
    for side in &plan.sides {
        roster = roster.child(el("entry").with_text(side.clone()));
    }
    let mut root = el("VASSAL.launch.BasicModule")
        .attr("ModuleOther1", "")
        .attr("ModuleOther2", "")
        .attr("VassalVersion", VASSAL_VERSION)
        .attr("description", &plan.description)
        .attr("name", &plan.title)
        .attr("nextPieceSlotId", gpid + 1)
        .attr("version", &plan.version)
        .child(el("VASSAL.build.module.BasicCommandEncoder"))
        .child(el("VASSAL.build.module.Documentation"));
    if !plan.sides.is_empty() {
        root = root.child(roster);
    }
    root = root
        .child(
            el("VASSAL.build.module.GlobalOptions")
                .attr("autoReport", "Always")
                .attr("centerOnMove", "Use Preferences Setting")
                .attr("chatterHTMLSupport", "Always")
                .attr("hotKeysOnClosedWindows", "Never")
                .attr("inventoryForAll", "Always")
                .attr("nonOwnerUnmaskable", "Never")
                .attr("playerIdFormat", "$PlayerName$")
                .attr("promptString", "Opponents can unmask pieces"),
        )
        .child(el("VASSAL.build.module.Chatter"))
        .child(el("VASSAL.build.module.KeyNamer"))
        .child(el("VASSAL.build.module.PrototypesContainer"))
        .child(palette)
        .child(map);
    if let Some(setup) = &plan.setup {
        if let Some(h) = &setup.holding {
            root = root.child(holding_map(h));
        }
        root = root.child(super::setup::element(setup));
    }
    root
}
