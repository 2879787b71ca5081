//! `sandtable import`: a Tiled hex map to a scenario file.

use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::error::{CliError, ErrorKind};
use crate::io::tiled::import::{self, ImportError};
use crate::rules::Rulesets;
use crate::source::TextFormat;

/// The arguments of `sandtable import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The Tiled map: .tmx, or Tiled JSON (.json, .tmj).
    pub file: PathBuf,
    /// The ruleset (default: the map's `ruleset` property).
    #[arg(long)]
    pub ruleset: Option<String>,
    /// The scenario to write (.ron or .json).
    #[arg(long, value_name = "FILE")]
    pub output: PathBuf,
    /// Tile ids to terrain kinds, for a tileset without `terrain` properties: a RON
    /// (or JSON) map such as `{0: "clear", 1: "woods"}`, or by tileset name for a map
    /// with several: `{"hexes": {0: "clear"}, "rivers": {0: "river"}}`.
    #[arg(long = "map", value_name = "TILES")]
    pub tiles: Option<PathBuf>,
    /// Errors (and the answer) as JSON on stdout.
    #[arg(long)]
    pub json: bool,
}

impl From<ImportError> for CliError {
    fn from(e: ImportError) -> Self {
        let kind = match &e {
            ImportError::Read(_) => ErrorKind::NotAMap,
            ImportError::NotHexagonal(_) => ErrorKind::NotHexagonal,
            ImportError::NoRuleset | ImportError::UnknownRuleset(_) => ErrorKind::UnknownRuleset,
            ImportError::UnmappedTiles(_) => ErrorKind::UnmappedTiles,
            ImportError::TileTable(_) => ErrorKind::BadTileTable,
            ImportError::WrongBoard(_) => ErrorKind::WrongBoard,
            ImportError::BadMap(_) => ErrorKind::BadMap,
            ImportError::Scenario(_) => ErrorKind::File,
        };
        CliError::new(kind, e.to_string())
    }
}

pub fn run(args: &ImportArgs, rulesets: &Rulesets) -> Result<i32, CliError> {
    if TextFormat::from_path(&args.output).is_none() {
        return Err(
            CliError::new(ErrorKind::Output, "unknown output type: use .ron or .json")
                .in_file(&args.output),
        );
    }
    if let Some(id) = &args.ruleset
        && rulesets.get(id).is_none()
    {
        return Err(super::unknown_ruleset(id, rulesets));
    }
    let table = args
        .tiles
        .as_deref()
        .map(import::read_tile_table)
        .transpose()
        .map_err(|e| CliError::from(e).in_file(args.tiles.as_deref().unwrap_or(&args.file)))?;
    // A table's own faults are about the table's file.
    let in_file = |e: ImportError| {
        let file = match (&e, &args.tiles) {
            (ImportError::TileTable(_), Some(t)) => t.as_path(),
            _ => args.file.as_path(),
        };
        CliError::from(e).in_file(file)
    };
    let map = import::read_map(&args.file).map_err(in_file)?;
    let import::Imported { scenario, warnings } = import::to_scenario(
        &map,
        args.ruleset.as_deref(),
        table.as_ref(),
        rulesets,
        &args.file,
    )
    .map_err(in_file)?;
    crate::io::save_scenario(&scenario, &args.output)
        .map_err(|e| CliError::new(ErrorKind::Output, e.to_string()).in_file(&args.output))?;
    if args.json {
        super::print_json(&json!({
            "output": args.output.display().to_string(),
            "ruleset": scenario.ruleset,
            "warnings": warnings,
        }));
    } else {
        for w in &warnings {
            eprintln!("warning: {w}");
        }
        println!("wrote {}", args.output.display());
    }
    Ok(0)
}
