//! Exporting a map of several hex boards back into the module it was imported from
//! (`sandtable import` without `--board`): each board of the map goes into its own
//! `Board` of the module, one after the other, as [`super::into::write`] writes a board
//! imported alone. A board is read again from the module as it is alone (its grid, its
//! image's margins), and each hex of the map on that board gives the hex of the same
//! printed label its terrain. A reversed board's zones lie turned, where VASSAL finds
//! them (`into::write` turns them for any board the map lays out reversed).

use super::into::{self, IntoError};
use super::module::Module;
use crate::board::{Board, HexBoard};
use crate::rules::Ruleset;
use crate::scenario::Scenario;

/// The module with each board's terrain in zones of its own board. The module's
/// version rises one minor step, whatever the number of boards.
pub fn write(
    scenario: &Scenario,
    ruleset: &Ruleset,
    module: &Module,
    redraw: Option<&super::Redraw>,
) -> Result<Vec<u8>, IntoError> {
    let Board::Hex(map) = &scenario.board else {
        return Err(IntoError::Board(
            "a map of several square boards does not go back into its module whole yet: \
             import each board with --board and export that back"
                .into(),
        ));
    };
    let Some(from) = map.background.as_ref().and_then(|b| b.vassal.as_ref()) else {
        return Err(IntoError::Board(
            "the map of several boards came from no module: import it from the module first".into(),
        ));
    };
    if redraw.is_some() {
        return Err(IntoError::Redraw(
            "drawing over the board images of a map of several boards is not done yet; \
             export without --redraw-board"
                .into(),
        ));
    }
    if into::is_scenario(scenario) {
        return Err(IntoError::Board(
            "a setup (turns, objectives, arrivals) on a map of several boards is not written \
             into a module yet; the terrain goes back without them"
                .into(),
        ));
    }
    let original_version = version_of(module);
    let mut current = Module::read(module.bytes.clone())?;
    let mut bytes = module.bytes.clone();
    for placed in map.boards() {
        let alone = alone(scenario, ruleset, &current, &from.map, map, &placed.name)?;
        bytes = into::write(&alone, ruleset, &current, None)?;
        current = Module::read(bytes.clone())?;
    }
    // One step up from the original, not one per board.
    if map.boards().len() > 1 {
        bytes = set_version(&current, &into::raise_minor(&original_version))?;
    }
    Ok(bytes)
}

/// The board `name` of the map as the module holds it alone (read from `module`), with
/// the terrain and hexsides the map gives its hexes.
fn alone(
    scenario: &Scenario,
    ruleset: &Ruleset,
    module: &Module,
    map_name: &str,
    map: &HexBoard,
    name: &str,
) -> Result<Scenario, IntoError> {
    let fail = |e: &dyn std::fmt::Display| IntoError::Board(format!("board '{name}': {e}"));
    let read = super::import::import(module, Some(map_name), Some(name), ruleset, None)
        .map_err(|e| fail(&e))?;
    let Board::Hex(board) = read.scenario.board else {
        return Err(fail(&"not a hex board in the module"));
    };
    let placed = map
        .boards()
        .iter()
        .find(|p| p.name == name)
        .ok_or_else(|| fail(&"not a board of the map"))?;
    // A hex of the map to the board's hex of the same printed label.
    let on_board = |h: hexx::Hex| -> Option<hexx::Hex> {
        let (p, _) = map.board_at(h)?;
        if p.name != name {
            return None;
        }
        let label = map.label(h);
        let printed = label.get(p.name.len()..)?;
        board.hex_at(printed).ok()
    };
    let mut out = Scenario::new(
        scenario.title.clone(),
        ruleset.id.clone(),
        Board::Hex(board.clone()),
    );
    for (h, cell) in scenario.hexes.iter() {
        if map.board_at(*h).is_some_and(|(p, _)| p.name == name) {
            let hex = on_board(*h).ok_or_else(|| {
                fail(&format!(
                    "{}: the module's board has no hex of that label",
                    map.label(*h)
                ))
            })?;
            out.hexes.insert(hex, cell.clone());
        }
    }
    for ((key, kind), attrs) in &scenario.hexsides {
        for h in key.hexes() {
            let Some(hex) = on_board(h) else { continue };
            if placed.rotation == 180 {
                return Err(fail(
                    &"it lies reversed and has hexsides, which Sandtable does not yet turn \
                      with it",
                ));
            }
            // The side as named from this hex: its other hex may be a part hex of the
            // board's margin, or on the next board.
            let side = crate::board::Grid::Hex(map).side_from(*key, h);
            let key = side.and_then(|s| out.board.grid().and_then(|g| g.side_key(hex, s)));
            if let Some(key) = key {
                out.hexsides.insert((key, kind.clone()), attrs.clone());
            }
        }
    }
    Ok(out)
}

/// The version the build file's root states.
fn version_of(module: &Module) -> String {
    let text = &module.build_text;
    let at = into::root_start(text);
    let end = text[at..].find('>').map_or(text.len(), |i| at + i + 1);
    into::attr_value(&text[at..end], "version").unwrap_or_default()
}

/// The module with `version` in its build file's root and its moduledata.
fn set_version(module: &Module, version: &str) -> Result<Vec<u8>, IntoError> {
    let mut build = module.build_text.clone();
    let at = into::root_start(&build);
    let end = build[at..].find('>').map_or(build.len(), |i| at + i + 1);
    let tag = into::set_attribute(&build[at..end], "version", version);
    build.replace_range(at..end, &tag);
    let mut changed = vec![(module.build_name.clone(), build.into_bytes())];
    if let Some(d) = module.entry("moduledata") {
        let d = String::from_utf8_lossy(&d).into_owned();
        changed.push((
            "moduledata".into(),
            into::set_element_text(&d, "version", version).into_bytes(),
        ));
    }
    into::rezip(module, changed, &Default::default())
}
