//! File > Import Tiled map and `sandtable import MAP.tmx`: a Tiled hex or orthogonal map
//! (TMX, or Tiled JSON: any file no other format claims) read as a scenario, with a table of
//! tile ids to terrain kinds (`--map`) for a tileset that has no `terrain` properties.

use serde_json::json;

use super::import::{self, ImportError};
use crate::io::import::{FailKind, Failure, Import, Imported, Request, Said};

/// Tiled's maps, for [`crate::io::format`]'s registry.
pub struct Reader;

/// The one reader both Tiled formats (TMX and JSON) name.
pub static READER: Reader = Reader;

impl Import for Reader {
    fn name(&self) -> &'static str {
        "tiled"
    }
    fn menu(&self) -> &'static str {
        "Import Tiled map..."
    }
    fn tooltip(&self) -> &'static str {
        "Open a Tiled hex or orthogonal map (.tmx or Tiled JSON) as a new scenario"
    }
    fn files(&self) -> (&'static str, &'static [&'static str]) {
        ("Tiled map", &["tmx", "tmj", "json"])
    }
    fn what(&self) -> &'static str {
        "a map"
    }
    fn reads_unclaimed(&self) -> bool {
        true
    }
    fn read(&self, q: &Request) -> Result<Imported, Failure> {
        let table = q
            .map
            .map(import::read_tile_table)
            .transpose()
            .map_err(|e| failure(e).in_file(q.map.unwrap_or(q.file)))?;
        // A table's own faults are about the table's file.
        let in_file = |e: ImportError| {
            let file = match (&e, q.map) {
                (ImportError::TileTable(_), Some(t)) => t,
                _ => q.file,
            };
            failure(e).in_file(file)
        };
        let map = import::read_map(q.file).map_err(in_file)?;
        // A map drawn by hand names no ruleset: it is read as the default game.
        let named = super::model::prop(&map.properties, "ruleset").is_some();
        let ruleset = q.ruleset.or(q.default_ruleset.filter(|_| !named));
        import::to_scenario(&map, ruleset, table.as_ref(), q.rulesets, q.file)
            .map(imported)
            .map_err(in_file)
    }
}

/// A map read, as every format's import says it (the designer's Import Tiled map
/// window reads through its own steps, then says it so).
pub fn imported(i: import::Imported) -> Imported {
    let import::Imported { scenario, warnings } = i;
    let answer = json!({ "ruleset": scenario.ruleset, "warnings": warnings });
    Imported {
        scenario,
        image: None,
        notes: warnings.clone(),
        notes_are: "warnings",
        said: Said {
            answer: answer.as_object().cloned().unwrap_or_default(),
            warnings,
            ..Said::default()
        },
    }
}

/// The fault, for `sandtable import`'s `error.kind`.
fn failure(e: ImportError) -> Failure {
    let kind = match &e {
        ImportError::Read(_) => FailKind::NotAMap,
        ImportError::NotHexagonal(_) | ImportError::SquaresForOther(_) => FailKind::NotHexagonal,
        ImportError::NoRuleset | ImportError::UnknownRuleset(_) => FailKind::UnknownRuleset,
        ImportError::UnmappedTiles(_) => FailKind::UnmappedTiles,
        ImportError::TileTable(_) => FailKind::BadTileTable,
        ImportError::WrongBoard(_) => FailKind::WrongBoard,
        ImportError::BadMap(_) => FailKind::BadMap,
        ImportError::Scenario(_) => FailKind::File,
    };
    Failure::new(kind, e.to_string())
}
