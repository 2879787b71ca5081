//! File > Import VASSAL module and `sandtable import MODULE.vmod`: one board of a
//! module as a scenario over its image (written beside the scenario, or held by the
//! designer until it is saved), its at-start pieces as units where their names say a
//! class and a side (or `--units` does).

use serde_json::json;

use super::import::{self as vimport, ImportError};
use super::module::Module;
use crate::board::{Board, VassalBoard};
use crate::io::import::{BoardChoice, FailKind, Failure, Import, Imported, Request, Said};

/// VASSAL's modules, for [`crate::io::format`]'s registry.
pub struct Reader;

pub static READER: Reader = Reader;

impl Import for Reader {
    fn name(&self) -> &'static str {
        "vassal"
    }
    fn menu(&self) -> &'static str {
        "Import VASSAL module..."
    }
    fn tooltip(&self) -> &'static str {
        "Open a board of a VASSAL module (.vmod) as a new scenario over its printed map"
    }
    fn files(&self) -> (&'static str, &'static [&'static str]) {
        ("VASSAL module", &["vmod"])
    }
    fn what(&self) -> &'static str {
        "a module"
    }
    fn boards(&self, file: &std::path::Path) -> Result<Option<Vec<BoardChoice>>, Failure> {
        let module = module(file)?;
        let boards = module.boards();
        if boards.is_empty() {
            return Err(Failure::new(FailKind::File, "the module has no board").in_file(file));
        }
        // First each map whose picker lays out several boards, whole, as the command
        // line imports it without --board; then every board alone.
        let mut maps: Vec<String> = boards.iter().map(|b| b.map.clone()).collect();
        maps.dedup();
        let wholes = maps.into_iter().filter_map(|map| {
            let slots = super::boards_in::default_layout(&module.build, &map)?;
            let first = boards
                .iter()
                .find(|b| b.map == map && b.board == slots[0].board)?;
            let layout: Vec<String> = slots.iter().map(|s| s.board.clone()).collect();
            (layout.len() > 1).then(|| BoardChoice {
                kind: vimport::grid_kind(&module, first),
                map: map.clone(),
                board: layout.join(", "),
                image: None,
                layout,
            })
        });
        let wholes: Vec<BoardChoice> = wholes.collect();
        let choices = boards.into_iter().map(|b| BoardChoice {
            kind: vimport::grid_kind(&module, &b),
            map: b.map,
            board: b.board,
            image: b.image,
            layout: Vec::new(),
        });
        Ok(Some(wholes.into_iter().chain(choices).collect()))
    }
    fn read(&self, q: &Request) -> Result<Imported, Failure> {
        let Some(id) = q.ruleset else {
            return Err(Failure::new(
                FailKind::UnknownRuleset,
                "a module names no ruleset: pass --ruleset ID",
            ));
        };
        let ruleset = q
            .rulesets
            .get(id)
            .ok_or_else(|| Failure::new(FailKind::UnknownRuleset, format!("no ruleset '{id}'")))?;
        let module = module(q.file)?;
        let table = match q.units {
            Some(p) => {
                let text = std::fs::read_to_string(p).map_err(|e| {
                    Failure::new(FailKind::File, format!("cannot read the units file: {e}"))
                        .in_file(p)
                })?;
                let table = vimport::read_unit_table(&text)
                    .map_err(|e| Failure::new(FailKind::File, e.to_string()).in_file(p))?;
                Some(table)
            }
            None => None,
        };
        let map = q.map.map(|p| p.to_string_lossy().into_owned());
        let mut imported =
            vimport::import(&module, map.as_deref(), q.board, ruleset, table.as_ref())
                .map_err(|e| failure(e).in_file(q.file))?;
        // The image is named for the scenario it goes beside; unsaved, for the module.
        let image = imported.image.take().map(|(entry, bytes)| {
            let name = vimport::image_file_name(q.output.unwrap_or(q.file), &entry);
            (name, bytes)
        });
        let board = &mut imported.scenario.board;
        match (&image, board.background_mut()) {
            (Some((name, _)), Some(bg)) => {
                bg.image = name.clone();
                // Unsaved, it is absolute: File > Export writes a new module from it.
                if let Some(v) = &mut bg.vassal {
                    v.module = Some(VassalBoard::module_name(q.output, q.file));
                }
            }
            // A board with no image has nothing to draw under its cells.
            _ => clear_background(board),
        }
        let s = &imported.scenario;
        let grid = s.board.grid();
        let mut answer = json!({
            "ruleset": s.ruleset,
            "map": imported.board.map,
            "board": imported.board.board,
            "background": image.as_ref().map(|(name, _)| name),
            "columns": grid.map(|b| b.columns()),
            "rows": grid.map(|b| b.rows()),
            "units": s.units.len(),
            "left_out": imported.left_out,
        });
        // A map of several boards also lists them (`board` joins their names).
        let placed: Vec<&str> = grid.map_or(Vec::new(), |g| {
            g.boards().iter().map(|p| p.name.as_str()).collect()
        });
        if !placed.is_empty()
            && let Some(a) = answer.as_object_mut()
        {
            a.insert("boards".into(), json!(placed));
        }
        let wrote = format!(
            " (map '{}', board '{}'{})",
            imported.board.map,
            imported.board.board,
            grid.map_or(String::new(), |g| match g.as_area() {
                Some(m) => format!(
                    ", {} areas and {} connections",
                    m.areas.len(),
                    m.connections.len()
                ),
                None => format!(
                    ", {} x {} {}",
                    g.columns(),
                    g.rows(),
                    if g.as_hex().is_some() {
                        "hexes"
                    } else {
                        "squares"
                    }
                ),
            }),
        );
        let mut report = vec![format!("{} units from at-start pieces", s.units.len())];
        if !imported.left_out.is_empty() {
            report.push(format!("left out ({}):", imported.left_out.len()));
            report.extend(imported.left_out.iter().map(|l| format!("  {l}")));
        }
        Ok(Imported {
            scenario: imported.scenario,
            image,
            notes: imported.left_out,
            notes_are: "pieces left out (they say no unit class and side)",
            said: Said {
                answer: answer.as_object().cloned().unwrap_or_default(),
                wrote,
                report,
                ..Said::default()
            },
        })
    }
}

fn clear_background(board: &mut Board) {
    match board {
        Board::Hex(b) => b.background = None,
        Board::Square(b) => b.background = None,
        Board::Area(b) => b.background = None,
        Board::Freeform(_) => {}
    }
}

/// The module at `file`: its build file read, not its images.
fn module(file: &std::path::Path) -> Result<Module, Failure> {
    let bytes = std::fs::read(file).map_err(|e| {
        Failure::new(FailKind::File, format!("cannot read the module: {e}")).in_file(file)
    })?;
    Module::read(bytes).map_err(|e| failure(e.into()).in_file(file))
}

/// The fault, for `sandtable import`'s `error.kind`.
fn failure(e: ImportError) -> Failure {
    let kind = match &e {
        ImportError::Module(_) => FailKind::NotAMap,
        ImportError::Grid { .. } => FailKind::NotHexagonal,
        ImportError::NoBoard(_) | ImportError::Image { .. } | ImportError::Units(_) => {
            FailKind::File
        }
        ImportError::WrongBoard(_) => FailKind::WrongBoard,
        ImportError::Zone { .. } => FailKind::BadMap,
    };
    Failure::new(kind, e.to_string())
}
