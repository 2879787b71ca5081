//! `sandtable export`: a scenario to any format of the registry (`io::format`).

use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::error::{CliError, ErrorKind};
use crate::io::export::{self, ExportError, ExportJob, ExportOptions};
use crate::io::format::{self, MapFormat};
use crate::io::raster::{DEFAULT_DPI, DPI_RANGE};
use crate::io::sheets::Paper;
use crate::rules::Rulesets;
use crate::scene::overlay::OverlayError;

/// `--format`'s help: every format of the registry.
fn format_help() -> String {
    format!(
        "One of {} (default: by the output's extension)",
        format::names().join(", ")
    )
}

/// The arguments of `sandtable export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    pub file: PathBuf,
    /// The list is the registry's, so it names every format the command takes.
    #[arg(long, help = format_help())]
    pub format: Option<String>,
    #[arg(long, value_name = "PATH")]
    pub output: PathBuf,
    /// Resolution of PNG and VASSAL board images in dots per inch (10 to 1200).
    #[arg(long, default_value_t = DEFAULT_DPI)]
    pub dpi: u32,
    /// PDF paper: a4 or letter. Boards larger than a sheet are tiled at 100%.
    #[arg(long, default_value = "a4")]
    pub paper: String,
    /// The layers drawn, comma-separated (default: all): terrain, elevation, grid,
    /// labels, hexsides, roads, tokens, markers, units, findings, overlays.
    #[arg(long, value_delimiter = ',')]
    pub layers: Vec<String>,
    /// A preview drawn over the map (repeatable): los:FROM:TO, arcs:UNIT,
    /// moves:UNIT[:HEX], zoc:SIDE, viewshed:FROM, charges:UNIT (FROM/TO: unit ids or
    /// hex labels). On a table: los:UNIT:TO, battle:UNIT:UNIT (TO a unit id or x,y),
    /// moves:UNIT:X,Y[:X,Y...][:charge], and the fields over the table arcs:UNIT,
    /// cover:UNIT, viewshed:UNIT|X,Y and moves:UNIT[:charge] (its reach). Values
    /// the ruleset may not give follow as :range=N, :allowance=N (hexes and movement
    /// points on a hex board, board units on a table) and, on a table, :step=N (how far
    /// apart the field is sampled), e.g. arcs:i1:range=30:step=0.5.
    #[arg(long, value_name = "PREVIEW")]
    pub overlay: Vec<String>,
    /// VASSAL: write this module back (the one the board was imported from) with
    /// terrain zones on the imported board, every other entry unchanged.
    #[arg(long, value_name = "MODULE.vmod")]
    pub into: Option<PathBuf>,
    /// With --into: draw what was painted (the terrain set on hexes, hexsides, roads,
    /// tokens, markers, elevation; or the --layers named, grid and labels among them)
    /// over the board image, at its size and in its format; without it the image is
    /// left as it was.
    #[arg(long, requires = "into")]
    pub redraw_board: bool,
    /// With --redraw-board: the painted terrain's opacity over the print, 0 to 1.
    #[arg(long, requires = "redraw_board", default_value_t = crate::scene::TERRAIN_OVER_BACKDROP)]
    pub redraw_opacity: f32,
    /// Errors as JSON on stdout, as the other commands' `--json`.
    #[arg(long)]
    pub json: bool,
}

impl From<ExportError> for CliError {
    fn from(e: ExportError) -> Self {
        let kind = match &e {
            ExportError::UnknownFormat(_) => ErrorKind::UnknownFormat,
            ExportError::UnknownLayer(_) => ErrorKind::UnknownLayer,
            ExportError::Raster(crate::io::raster::RasterError::Dpi(_)) => ErrorKind::BadDpi,
            ExportError::Overlay(_) => ErrorKind::BadOverlay,
            ExportError::TooLarge(_) => ErrorKind::TooLarge,
            _ => ErrorKind::Output,
        };
        CliError::new(kind, e.to_string())
    }
}

/// Runs `sandtable export` and returns the exit code, or why it could not.
pub fn run(args: &ExportArgs, rulesets: &Rulesets) -> Result<i32, CliError> {
    let format = export(args, rulesets)?;
    if args.json {
        super::print_json(&json!({
            "output": args.output.display().to_string(),
            "format": format.name(),
        }));
    } else {
        println!("wrote {} ({})", args.output.display(), format.description());
    }
    Ok(0)
}

fn export(args: &ExportArgs, rulesets: &Rulesets) -> Result<&'static dyn MapFormat, CliError> {
    // Everything the user typed is checked before the scenario is read.
    let format = match &args.format {
        Some(name) => format::by_name(name).ok_or_else(|| ExportError::UnknownFormat(name.clone())),
        None => format::for_path(&args.output).ok_or_else(|| {
            ExportError::UnknownFormat(
                args.output
                    .extension()
                    .map(|e| e.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            )
        }),
    }?;
    if !DPI_RANGE.contains(&args.dpi) {
        return Err(CliError::new(
            ErrorKind::BadDpi,
            format!(
                "--dpi {} is outside {}..={}",
                args.dpi,
                DPI_RANGE.start(),
                DPI_RANGE.end()
            ),
        ));
    }
    let paper: Paper = args.paper.parse().map_err(|_| {
        CliError::new(
            ErrorKind::UnknownPaper,
            format!(
                "unknown paper '{}' (known: {})",
                args.paper,
                Paper::NAMES.join(", ")
            ),
        )
    })?;
    let layers = if args.layers.is_empty() {
        None
    } else {
        Some(export::parse_layers(&args.layers)?)
    };
    let overlays = args
        .overlay
        .iter()
        .map(|o| {
            o.parse()
                .map_err(|e: OverlayError| ExportError::Overlay(e.0))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut scenario = crate::io::load_scenario(&args.file, rulesets).map_err(CliError::from)?;
    // A background image is named relative to the scenario; the drawing reads it from
    // wherever the export is written.
    if let crate::board::Board::Hex(b) = &mut scenario.board
        && let Some(bg) = &mut b.background
        && !matches!(format.name(), "ron" | "json")
    {
        let dir = args.file.parent().unwrap_or(std::path::Path::new("."));
        let path = dir.join(&bg.image);
        bg.image = std::path::absolute(&path)
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned();
    }
    // A native copy names the same module file, from where it is written.
    if matches!(format.name(), "ron" | "json")
        && let Some(written) = &scenario.ruleset_file
    {
        let moved = crate::io::module_file::moved(written, &args.file, &args.output);
        scenario.ruleset_file = Some(moved);
    }
    let ruleset = crate::rules::check::ruleset_of(&scenario, rulesets)
        .map_err(|d| CliError::new(ErrorKind::UnknownRuleset, d.message).in_file(&args.file))?;
    if let Some(into) = &args.into {
        if format.name() != "vassal" {
            return Err(CliError::new(
                ErrorKind::UnknownFormat,
                format!("--into writes a VASSAL module, not {}", format.name()),
            ));
        }
        into_module(args, into, &scenario, ruleset, layers.as_deref())?;
        return Ok(format);
    }
    let options = ExportOptions {
        dpi: args.dpi,
        paper,
        layers,
        overlays,
    };
    if format.draws_text() && !crate::io::raster::has_fonts() {
        eprintln!("warning: no font found on this system: the export has no labels");
    }
    let job = ExportJob::new(&scenario, ruleset, &options);
    export::export_to(format, &job, &args.output)
        .map_err(|e| CliError::from(e).in_file(&args.output))?;
    Ok(format)
}

/// `export --format vassal --into MODULE.vmod`: the module back with the board's terrain.
fn into_module(
    args: &ExportArgs,
    into: &std::path::Path,
    scenario: &crate::scenario::Scenario,
    ruleset: &crate::rules::Ruleset,
    layers: Option<&[crate::scene::LayerId]>,
) -> Result<(), CliError> {
    use crate::io::vassal::{self, into::IntoError};
    let redraw = args
        .redraw_board
        .then(|| vassal::Redraw::new(layers, false, args.redraw_opacity));
    vassal::into::export_file(
        scenario,
        ruleset,
        into,
        &args.output,
        redraw.as_ref(),
        &|_| {},
    )
    .map_err(|e| {
        let (kind, file) = match &e {
            IntoError::Module(_) => (ErrorKind::NotAMap, into),
            IntoError::Read(_) => (ErrorKind::File, into),
            IntoError::Write(_) | IntoError::SameFile | IntoError::Zip(_) => {
                (ErrorKind::Output, args.output.as_path())
            }
            IntoError::Board(_) | IntoError::Redraw(_) => (ErrorKind::File, into),
        };
        CliError::new(kind, e.to_string()).in_file(file)
    })
}
