//! `sandtable import`: a Tiled hex map, or a board of a VASSAL module, to a scenario
//! file.

use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::error::{CliError, ErrorKind};
use crate::io::tiled::import::{self, ImportError};
use crate::io::vassal::import as vimport;
use crate::io::vassal::module::Module;
use crate::rules::Rulesets;
use crate::source::TextFormat;

/// The arguments of `sandtable import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The Tiled map (.tmx, or Tiled JSON: .json, .tmj), or a VASSAL module (.vmod).
    pub file: PathBuf,
    /// The ruleset (default: the map's `ruleset` property; required for a module).
    #[arg(long)]
    pub ruleset: Option<String>,
    /// A module's board to import (with --map NAME: the map holding it), when the
    /// module has more than one.
    #[arg(long, value_name = "NAME")]
    pub board: Option<String>,
    /// A module's piece names to unit class and side: a RON (or JSON) map such as
    /// `{"1st Infantry": (class: "infantry", side: "union")}`.
    #[arg(long, value_name = "FILE")]
    pub units: Option<PathBuf>,
    /// The scenario to write (.ron or .json).
    #[arg(long, value_name = "FILE")]
    pub output: PathBuf,
    /// Tiled: tile ids to terrain kinds, for a tileset without `terrain` properties: a
    /// RON (or JSON) map such as `{0: "clear", 1: "woods"}`, or by tileset name for a map
    /// with several: `{"hexes": {0: "clear"}, "rivers": {0: "river"}}`. A module: the
    /// name of the map whose board to import.
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
    if args
        .file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("vmod"))
    {
        return run_module(args, rulesets);
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

impl From<vimport::ImportError> for CliError {
    fn from(e: vimport::ImportError) -> Self {
        let kind = match &e {
            vimport::ImportError::Module(_) => ErrorKind::NotAMap,
            vimport::ImportError::Grid { .. } => ErrorKind::NotHexagonal,
            vimport::ImportError::NoBoard(_)
            | vimport::ImportError::Image { .. }
            | vimport::ImportError::Units(_) => ErrorKind::File,
        };
        CliError::new(kind, e.to_string())
    }
}

/// `sandtable import MODULE.vmod`: one board of the module, its image beside the
/// scenario.
fn run_module(args: &ImportArgs, rulesets: &Rulesets) -> Result<i32, CliError> {
    let Some(id) = &args.ruleset else {
        return Err(CliError::new(
            ErrorKind::UnknownRuleset,
            "a module names no ruleset: pass --ruleset ID",
        ));
    };
    let ruleset = rulesets
        .get(id)
        .ok_or_else(|| super::unknown_ruleset(id, rulesets))?;
    let in_file = |e: vimport::ImportError| CliError::from(e).in_file(&args.file);
    let bytes = std::fs::read(&args.file).map_err(|e| {
        CliError::new(ErrorKind::File, format!("cannot read the module: {e}")).in_file(&args.file)
    })?;
    let module = Module::read(bytes).map_err(|e| in_file(e.into()))?;
    let table = match &args.units {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| {
                CliError::new(ErrorKind::File, format!("cannot read the units file: {e}"))
                    .in_file(p)
            })?;
            Some(
                vimport::read_unit_table(&text)
                    .map_err(|e| CliError::new(ErrorKind::File, e.to_string()).in_file(p))?,
            )
        }
        None => None,
    };
    let map = args
        .tiles
        .as_ref()
        .map(|p| p.to_string_lossy().into_owned());
    let mut imported = vimport::import(
        &module,
        map.as_deref(),
        args.board.as_deref(),
        ruleset,
        table.as_ref(),
    )
    .map_err(in_file)?;
    let image_file = imported
        .image
        .as_ref()
        .map(|(entry, _)| vimport::image_file_name(&args.output, entry));
    if let crate::board::Board::Hex(b) = &mut imported.scenario.board
        && let Some(bg) = &mut b.background
    {
        bg.image = image_file.clone().unwrap_or_default();
        if let Some(v) = &mut bg.vassal {
            v.module = Some(crate::board::VassalBoard::module_name(
                Some(&args.output),
                &args.file,
            ));
        }
        if image_file.is_none() {
            b.background = None;
        }
    }
    let out_dir = args
        .output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(std::path::Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    if let (Some(name), Some((_, bytes))) = (&image_file, &imported.image) {
        let path = out_dir.join(name);
        crate::io::atomic::write(&path, bytes)
            .map_err(|e| CliError::new(ErrorKind::Output, e.to_string()).in_file(&path))?;
    }
    crate::io::save_scenario(&imported.scenario, &args.output)
        .map_err(|e| CliError::new(ErrorKind::Output, e.to_string()).in_file(&args.output))?;
    let board = imported.scenario.board.as_hex();
    if args.json {
        super::print_json(&json!({
            "output": args.output.display().to_string(),
            "ruleset": imported.scenario.ruleset,
            "map": imported.board.map,
            "board": imported.board.board,
            "background": image_file,
            "columns": board.map(|b| b.columns),
            "rows": board.map(|b| b.rows),
            "units": imported.scenario.units.len(),
            "left_out": imported.left_out,
        }));
    } else {
        println!(
            "wrote {} (map '{}', board '{}'{})",
            args.output.display(),
            imported.board.map,
            imported.board.board,
            board.map_or(String::new(), |b| format!(
                ", {} x {} hexes",
                b.columns, b.rows
            )),
        );
        if let Some(name) = &image_file {
            println!("wrote {}", out_dir.join(name).display());
        }
        println!(
            "{} units from at-start pieces",
            imported.scenario.units.len()
        );
        if !imported.left_out.is_empty() {
            println!("left out ({}):", imported.left_out.len());
            for l in &imported.left_out {
                println!("  {l}");
            }
        }
    }
    Ok(0)
}
