//! The designer's commands in one table: each with its menu text, tooltip and
//! shortcuts, read by the menus, the key handling, tooltips and Help > Keyboard
//! shortcuts alike (after rerun's `UICommand`).

use egui::{Key, KeyboardShortcut, Modifiers};

use super::tools::{Snap, Tool};
use crate::io::import;
use crate::scene::preview::Mode;

/// An action the user can take from a menu or a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    New,
    Open,
    ScenarioProperties,
    /// File > Scenario plan: turns, notes, victory conditions, the card's texts.
    ScenarioPlan,
    /// File > Forces: each side's units in a sortable table.
    Forces,
    Save,
    SaveAs,
    Export,
    /// File > Import, of the format importing as this name (`io::import`'s registry).
    Import(&'static str),
    LoadRuleset,
    /// Tools > Module editor.
    ModuleEditor,
    SaveModuleAs,
    OpenModule,
    Quit,
    Cut,
    Copy,
    Paste,
    SelectAll,
    DeleteSelection,
    /// Duplicates the picked counter, or the selected table feature.
    Duplicate,
    Undo,
    Redo,
    FitBoard,
    ZoomIn,
    ZoomOut,
    TurnFacing,
    TurnFacingBack,
    DropSelection,
    KeyboardShortcuts,
    /// Opens (or leaves) a preview under the mouse.
    Preview(Mode),
    /// Takes up a tool.
    Tool(Tool),
    /// The brush's radius on a hex board (0: one hex); the same key again makes it one
    /// hex.
    Radius(u32),
    /// View > Light theme, Dark theme.
    Theme(egui::Theme),
    /// Turns a snap of the table tools on or off.
    Snap(Snap),
}

const fn key(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(modifiers, key)
}

const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);

impl Command {
    /// Every command, in the order key handling tries them: a shortcut with Shift
    /// before the same key without it, since a plain shortcut also matches Shift.
    /// File > Import's, one per format that reads, have no keys and are not listed.
    pub const ALL: [Command; 64] = [
        Command::New,
        Command::Open,
        Command::ScenarioProperties,
        Command::ScenarioPlan,
        Command::Forces,
        Command::SaveAs,
        Command::Save,
        Command::Export,
        Command::LoadRuleset,
        Command::ModuleEditor,
        Command::SaveModuleAs,
        Command::OpenModule,
        Command::Quit,
        Command::Cut,
        Command::Copy,
        Command::Paste,
        Command::SelectAll,
        Command::DeleteSelection,
        Command::Duplicate,
        Command::Redo,
        Command::Undo,
        Command::FitBoard,
        Command::ZoomIn,
        Command::ZoomOut,
        Command::TurnFacingBack,
        Command::TurnFacing,
        Command::DropSelection,
        Command::KeyboardShortcuts,
        Command::Preview(Mode::Sight),
        Command::Preview(Mode::Battle),
        Command::Preview(Mode::Arcs),
        Command::Preview(Mode::Moves),
        Command::Preview(Mode::Zones),
        Command::Preview(Mode::Viewshed),
        Command::Preview(Mode::Charges),
        Command::Preview(Mode::Cover),
        // After the previews: Shift + a letter is a preview, the plain letter a tool.
        Command::Tool(Tool::Select),
        Command::Tool(Tool::Inspect),
        Command::Tool(Tool::Brush),
        Command::Tool(Tool::Fill),
        Command::Tool(Tool::Eraser),
        Command::Tool(Tool::Raise),
        Command::Tool(Tool::Lower),
        Command::Tool(Tool::Hexside),
        Command::Tool(Tool::Facing),
        Command::Tool(Tool::Token),
        Command::Tool(Tool::Unit),
        Command::Tool(Tool::Road),
        Command::Tool(Tool::Marker),
        Command::Tool(Tool::Area),
        Command::Tool(Tool::Line),
        Command::Tool(Tool::Landmark),
        Command::Tool(Tool::Ruler),
        Command::Tool(Tool::Objective),
        Command::Tool(Tool::Connect),
        Command::Radius(0),
        Command::Radius(1),
        Command::Radius(2),
        Command::Radius(3),
        Command::Theme(egui::Theme::Light),
        Command::Theme(egui::Theme::Dark),
        Command::Snap(Snap::Grid),
        Command::Snap(Snap::Vertices),
        Command::Snap(Snap::TableEdge),
    ];

    /// The menu text.
    pub fn text(self) -> &'static str {
        match self {
            Command::New => "New...",
            Command::Open => "Open...",
            Command::ScenarioProperties => "Scenario properties...",
            Command::ScenarioPlan => "Scenario plan...",
            Command::Forces => "Forces...",
            Command::Save => "Save",
            Command::SaveAs => "Save As...",
            Command::Export => "Export...",
            Command::Import(name) => import::by_name(name).map_or("Import...", |r| r.menu()),
            Command::LoadRuleset => "Load ruleset...",
            Command::ModuleEditor => "Module editor",
            Command::SaveModuleAs => "Save module as...",
            Command::OpenModule => "Open module...",
            Command::Quit => "Quit",
            Command::Cut => "Cut",
            Command::Copy => "Copy",
            Command::Paste => "Paste",
            Command::SelectAll => "Select all",
            Command::DeleteSelection => "Delete selection",
            Command::Duplicate => "Duplicate",
            Command::Undo => "Undo",
            Command::Redo => "Redo",
            Command::FitBoard => "Fit board",
            Command::ZoomIn => "Zoom in",
            Command::ZoomOut => "Zoom out",
            Command::TurnFacing => "Turn facing clockwise",
            Command::TurnFacingBack => "Turn facing anticlockwise",
            Command::DropSelection => "Drop the selection",
            Command::KeyboardShortcuts => "Keyboard shortcuts",
            Command::Preview(m) => m.name(),
            Command::Tool(t) => t.name(),
            Command::Radius(0) => "Brush: one hex",
            Command::Radius(1) => "Brush radius 1",
            Command::Radius(2) => "Brush radius 2",
            Command::Radius(_) => "Brush radius 3",
            Command::Theme(egui::Theme::Light) => "Light theme",
            Command::Theme(egui::Theme::Dark) => "Dark theme",
            Command::Snap(Snap::Grid) => "Snap to grid",
            Command::Snap(Snap::Vertices) => "Snap to vertices",
            Command::Snap(Snap::TableEdge) => "Snap to table edge",
        }
    }

    /// What it does, for tooltips and the shortcuts window.
    pub fn tooltip(self) -> &'static str {
        match self {
            Command::New => "Start a scenario for a ruleset and a board",
            Command::Open => "Open a scenario file (.ron or .json)",
            Command::ScenarioProperties => "Title, author, description, sides and board size",
            Command::ScenarioPlan => {
                "Turns, who moves first, side notes, victory conditions, special rules, briefing, sources"
            }
            Command::Forces => {
                "Each side's units: name, class, strength, where and when they arrive and leave"
            }
            Command::Save => "Save to the scenario's file",
            Command::SaveAs => "Save to another file, RON or JSON",
            Command::Export => {
                "SVG, PNG at a resolution, a print-and-play PDF, a VASSAL module or a Tiled map"
            }
            Command::Import(name) => import::by_name(name).map_or("", |r| r.tooltip()),
            Command::LoadRuleset => {
                "Load a game of your own (a ruleset file): New offers it, its files open"
            }
            Command::ModuleEditor => {
                "Edit the game's terrain, pieces and rules; the map follows each change"
            }
            Command::SaveModuleAs => "Save the open scenario's module (its ruleset) as RON",
            Command::OpenModule => "Open a module (a ruleset file) for the open scenario",
            Command::Quit => "Close the window (asking about unsaved changes)",
            Command::Cut => "Copy the selection and clear it",
            Command::Copy => "Copy the selection",
            Command::Paste => "Paste at the pointer",
            Command::SelectAll => "Select every hex of the board",
            Command::DeleteSelection => {
                "Remove the picked counter; else clear the selected hexes, or the selected feature"
            }
            Command::Duplicate => {
                "Put a copy of the picked unit or token on its hex, or of the selected table feature"
            }
            Command::Undo => "Take back the last change",
            Command::Redo => "Do again what was undone",
            Command::FitBoard => "Show the whole board",
            Command::ZoomIn => "Zoom the board in",
            Command::ZoomOut => "Zoom the board out",
            Command::TurnFacing => "Turn the facing under the pointer one side clockwise",
            Command::TurnFacingBack => "Turn the facing under the pointer one side back",
            Command::DropSelection => "Select nothing; on a table, drop a shape half drawn",
            Command::KeyboardShortcuts => "List every command and tool with its keys",
            Command::Preview(Mode::Sight) => {
                "Pick a unit or hex, then hover another: the line, what blocks it and why"
            }
            Command::Preview(Mode::Battle) => {
                "Pick an attacker, then hover a target: the dice or shift with every modifier"
            }
            Command::Preview(Mode::Arcs) => {
                "Pick a unit: every hex in range tinted by its dice, hatched where out of sight"
            }
            Command::Preview(Mode::Moves) => {
                "Pick a unit: reachable hexes by cost, must-stop hexes, the way to the hovered hex"
            }
            Command::Preview(Mode::Zones) => "Every hex a side's units control",
            Command::Preview(Mode::Viewshed) => "Every hex the hex under the cursor sees",
            Command::Preview(Mode::Charges) => {
                "Pick a mounted unit: each legal charge lane and the target's morale modifier"
            }
            Command::Preview(Mode::Cover) => {
                "On a table, pick a unit: from where an enemy could fire at it, and with how much cover"
            }
            Command::Tool(t) => t.description(),
            Command::Radius(_) => {
                "The brush paints this many hexes around the pointer; the same key again: one hex"
            }
            Command::Theme(_) => "Kept for the next run",
            Command::Snap(Snap::Grid) => "Table tools put points on the grid",
            Command::Snap(Snap::Vertices) => "Table tools put points on nearby shapes' corners",
            Command::Snap(Snap::TableEdge) => "Table tools put points on the table's edge",
        }
    }

    /// Its keys; the first is the one menus show.
    pub fn shortcuts(self) -> Vec<KeyboardShortcut> {
        const NONE: Modifiers = Modifiers::NONE;
        match self {
            Command::New => vec![key(CMD, Key::N)],
            Command::Open => vec![key(CMD, Key::O)],
            Command::ScenarioProperties => vec![],
            Command::ScenarioPlan => vec![key(CMD_SHIFT, Key::P)],
            Command::Forces => vec![key(CMD_SHIFT, Key::F)],
            Command::Save => vec![key(CMD, Key::S)],
            Command::SaveAs => vec![key(CMD_SHIFT, Key::S)],
            Command::Export
            | Command::Import(_)
            | Command::LoadRuleset
            | Command::ModuleEditor
            | Command::SaveModuleAs
            | Command::OpenModule => vec![],
            Command::Quit => vec![key(CMD, Key::Q)],
            Command::Cut => vec![key(CMD, Key::X)],
            Command::Copy => vec![key(CMD, Key::C)],
            Command::Paste => vec![key(CMD, Key::V)],
            Command::SelectAll => vec![key(CMD, Key::A)],
            Command::DeleteSelection => vec![key(NONE, Key::Delete), key(NONE, Key::Backspace)],
            Command::Duplicate => vec![key(CMD, Key::D)],
            Command::Undo => vec![key(CMD, Key::Z)],
            Command::Redo => vec![key(CMD_SHIFT, Key::Z), key(CMD, Key::Y)],
            Command::FitBoard => vec![key(NONE, Key::Num0)],
            Command::ZoomIn => vec![key(CMD, Key::Plus), key(CMD, Key::Equals)],
            Command::ZoomOut => vec![key(CMD, Key::Minus)],
            Command::TurnFacing => vec![key(NONE, Key::R)],
            Command::TurnFacingBack => vec![key(Modifiers::SHIFT, Key::R)],
            Command::DropSelection => vec![key(NONE, Key::Escape)],
            Command::KeyboardShortcuts => vec![key(NONE, Key::F1)],
            // Shift + a letter: the plain letters are the tools'.
            Command::Preview(m) => {
                let k = match m {
                    Mode::Sight => Key::L,
                    Mode::Battle => Key::B,
                    Mode::Arcs => Key::A,
                    Mode::Moves => Key::M,
                    Mode::Zones => Key::Z,
                    Mode::Viewshed => Key::V,
                    Mode::Charges => Key::C,
                    Mode::Cover => Key::O,
                };
                vec![key(Modifiers::SHIFT, k)]
            }
            Command::Tool(t) => vec![key(NONE, t.key())],
            Command::Radius(r) => {
                let k = match r {
                    0 => Key::Backtick,
                    1 => Key::Num1,
                    2 => Key::Num2,
                    _ => Key::Num3,
                };
                vec![key(NONE, k)]
            }
            Command::Theme(_) | Command::Snap(_) => vec![],
        }
    }

    /// Whether its keys act only while no text field has the keyboard: plain keys,
    /// which typing would trigger, and Ctrl+A, which selects a field's text.
    pub fn not_while_typing(self) -> bool {
        self == Command::SelectAll
            || self
                .shortcuts()
                .first()
                .is_some_and(|s| !s.modifiers.command)
    }

    /// Whether only a hex board takes its keys: on a table the table tools read R,
    /// Delete, Esc and Ctrl+A themselves (Esc is the app's while a preview is open),
    /// and only some previews are drawn on tables.
    pub fn hex_board_keys(self, previewing: bool) -> bool {
        match self {
            Command::Radius(_) => true,
            Command::TurnFacing
            | Command::TurnFacingBack
            | Command::DeleteSelection
            | Command::SelectAll => true,
            Command::DropSelection => !previewing,
            Command::Preview(m) => !m.on_tables(),
            _ => false,
        }
    }

    /// Whether its keys act on this board: a tool's only where it is a tool.
    pub fn keys_on(self, kind: &str, previewing: bool) -> bool {
        match self {
            Command::Tool(t) => Tool::for_board(kind).contains(&t),
            _ => kind != "freeform" || !self.hex_board_keys(previewing),
        }
    }

    /// Whether the canvas reads its keys itself (zoom at the canvas), so the app's key
    /// handling leaves them.
    pub fn read_by_canvas(self) -> bool {
        matches!(self, Command::ZoomIn | Command::ZoomOut)
    }

    /// The keys as the user reads them ("Ctrl+Shift+S", "Delete or Backspace").
    pub fn keys_text(self, ctx: &egui::Context) -> String {
        self.shortcuts()
            .iter()
            .map(|s| ctx.format_shortcut(s))
            .collect::<Vec<_>>()
            .join(" or ")
    }

    /// A menu entry: text, first shortcut, tooltip. True when clicked.
    pub fn menu_item(self, ui: &mut egui::Ui, enabled: bool) -> bool {
        self.menu_item_of(ui, enabled, None)
    }

    /// A menu entry that says what it acts on: "Undo paint Woods (12 hexes)", the
    /// tooltip likewise.
    pub fn menu_item_of(self, ui: &mut egui::Ui, enabled: bool, what: Option<&str>) -> bool {
        let (text, tip) = match what {
            Some(w) => (
                format!("{} {w}", self.text()),
                format!("{}: {w}", self.tooltip()),
            ),
            None => (self.text().to_string(), self.tooltip().to_string()),
        };
        let mut button = egui::Button::new(text);
        if let Some(s) = self.shortcuts().first() {
            button = button.shortcut_text(ui.ctx().format_shortcut(s));
        }
        let tip = super::words::for_cells(&tip, super::words::board_kind(ui.ctx())).into_owned();
        ui.add_enabled(enabled, button).on_hover_text(tip).clicked()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_commands_share_a_key() {
        let mut seen = Vec::new();
        for c in Command::ALL {
            for s in c.shortcuts() {
                assert!(!seen.contains(&s), "{c:?} reuses {s:?}");
                seen.push(s);
            }
        }
        for t in Tool::HEX.iter().chain(&Tool::TABLE).chain(&Tool::AREA_MAP) {
            assert!(Command::ALL.contains(&Command::Tool(*t)), "{t:?}'s key");
        }
    }

    /// egui matches a plain key when Shift is held too, so the table tries Shift + a
    /// key before the key alone (Shift+L a preview, L the line tool).
    #[test]
    fn a_shifted_key_is_tried_before_the_same_key_alone() {
        let at = |k: &KeyboardShortcut| Command::ALL.iter().position(|c| c.shortcuts().contains(k));
        for c in Command::ALL {
            for s in c.shortcuts().iter().filter(|s| s.modifiers.shift) {
                let plain = key(
                    Modifiers {
                        shift: false,
                        ..s.modifiers
                    },
                    s.logical_key,
                );
                if let (Some(shifted), Some(alone)) = (at(s), at(&plain)) {
                    assert!(shifted < alone, "{c:?} after the key alone");
                }
            }
        }
    }
}
