//! `sandtable import`: a file of a format that reads (a Tiled hex map, a board of a
//! VASSAL module: `io::import`'s registry) to a scenario file, with what the format
//! wrote beside it.

use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::error::{CliError, ErrorKind};
use crate::io::import::{self, FailKind, Failure, Request};
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

impl From<Failure> for CliError {
    fn from(f: Failure) -> Self {
        let kind = match f.kind {
            FailKind::File => ErrorKind::File,
            FailKind::UnknownRuleset => ErrorKind::UnknownRuleset,
            FailKind::NotAMap => ErrorKind::NotAMap,
            FailKind::NotHexagonal => ErrorKind::NotHexagonal,
            FailKind::UnmappedTiles => ErrorKind::UnmappedTiles,
            FailKind::BadTileTable => ErrorKind::BadTileTable,
            FailKind::WrongBoard => ErrorKind::WrongBoard,
            FailKind::BadMap => ErrorKind::BadMap,
        };
        let e = CliError::new(kind, f.message);
        match &f.file {
            Some(file) => e.in_file(file),
            None => e,
        }
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
    let Some(reader) = import::for_path(&args.file) else {
        return Err(
            CliError::new(ErrorKind::NotAMap, "no format reads this file").in_file(&args.file),
        );
    };
    let imported = reader.read(&Request {
        file: &args.file,
        rulesets,
        ruleset: args.ruleset.as_deref(),
        default_ruleset: None,
        map: args.tiles.as_deref(),
        board: args.board.as_deref(),
        units: args.units.as_deref(),
        output: Some(&args.output),
    })?;
    let out_dir = args
        .output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(std::path::Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    if let Some((name, bytes)) = &imported.image {
        let path = out_dir.join(name);
        crate::io::atomic::write(&path, bytes)
            .map_err(|e| CliError::new(ErrorKind::Output, e.to_string()).in_file(&path))?;
    }
    crate::io::save_scenario(&imported.scenario, &args.output)
        .map_err(|e| CliError::new(ErrorKind::Output, e.to_string()).in_file(&args.output))?;
    let said = imported.said;
    if args.json {
        let mut answer = said.answer;
        answer.insert("output".into(), json!(args.output.display().to_string()));
        super::print_json(&serde_json::Value::Object(answer));
    } else {
        for w in &said.warnings {
            eprintln!("warning: {w}");
        }
        println!("wrote {}{}", args.output.display(), said.wrote);
        if let Some((name, _)) = &imported.image {
            println!("wrote {}", out_dir.join(name).display());
        }
        for line in &said.report {
            println!("{line}");
        }
    }
    Ok(0)
}
