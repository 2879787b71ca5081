//! The command line: `sandtable validate|convert|info|rulesets|new|export` and the
//! previews (`los|battle|arcs|moves|zoc|charges`).

pub mod answers;
pub mod error;
mod export;
mod generate;
mod import;
mod output;
mod plan;
mod preview;
mod table;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

use crate::board::Board;
use crate::io;
use crate::rules::Rulesets;
use crate::scenario::Scenario;
use crate::source::TextFormat;
use error::{CliError, ErrorKind};

/// A rules-aware editor for wargame maps and scenarios.
#[derive(Debug, Parser)]
#[command(
    name = "sandtable",
    version,
    about,
    arg_required_else_help = true,
    override_usage = "sandtable [FILE]\n       sandtable [OPTIONS] <COMMAND>",
    after_help = "With no arguments, sandtable opens the designer on a sample scenario; \
                  `sandtable FILE` opens the designer on FILE (.ron or .json)."
)]
pub struct Cli {
    /// Load a ruleset from a RON (or JSON) file, besides the built-in ones.
    #[arg(long = "ruleset-file", value_name = "PATH", global = true)]
    pub ruleset_files: Vec<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check a scenario: exit 0 when it has no errors, 1 when it has, 2 when it cannot be read.
    #[command(mut_arg("json", |a| a.help("Print the result as JSON")))]
    Validate(ScenarioArgs),
    /// Convert a scenario between RON and JSON (by the files' extensions).
    Convert { input: PathBuf, output: PathBuf },
    /// Summarise a scenario.
    Info(ScenarioArgs),
    /// List the rulesets, or show one.
    Rulesets {
        #[command(subcommand)]
        show: Option<RulesetsCommand>,
        #[arg(long)]
        json: bool,
    },
    /// Line of sight between two places (unit ids or hex labels), and why.
    Los {
        #[command(flatten)]
        scenario: ScenarioArgs,
        from: String,
        to: String,
    },
    /// What the rules say if one unit battles another: allowed, dice or column shift.
    Battle {
        #[command(flatten)]
        scenario: ScenarioArgs,
        attacker: String,
        target: String,
    },
    /// Every hex a unit could battle, with its line of sight and dice (or shift).
    Arcs {
        /// How far to look (default: the unit's reach from where it stands).
        #[arg(long)]
        range: Option<u32>,
        /// The class of the imagined target in each hex (Sticks and Stones' shifts
        /// depend on it; default: the unit's own class).
        #[arg(long)]
        target_class: Option<String>,
        #[command(flatten)]
        scenario: ScenarioArgs,
        unit: String,
    },
    /// Freeform tables: the movement a unit spends following a path through points.
    Path {
        /// The points the unit's centre moves through, each `x,y`.
        #[arg(long, num_args = 1.., required = true)]
        through: Vec<String>,
        /// Cost a charge instead of a move (no road move; charge restrictions apply).
        #[arg(long)]
        charge: bool,
        #[command(flatten)]
        scenario: ScenarioArgs,
        unit: String,
    },
    /// Where a unit can go this turn, at what cost, and where it must stop.
    Moves {
        /// Movement points (default: the unit's class's allowance).
        #[arg(long)]
        allowance: Option<u32>,
        #[command(flatten)]
        scenario: ScenarioArgs,
        unit: String,
    },
    /// The hexes a side's zone of control covers.
    Zoc {
        #[arg(long)]
        side: String,
        #[command(flatten)]
        scenario: ScenarioArgs,
    },
    /// Every legal charge of a mounted unit, with the morale modifiers of its path.
    Charges {
        #[arg(long)]
        allowance: Option<u32>,
        #[command(flatten)]
        scenario: ScenarioArgs,
        unit: String,
    },
    /// Write a blank scenario with a ruleset's default board.
    New {
        #[arg(long)]
        ruleset: String,
        #[arg(long, value_name = "FILE")]
        output: PathBuf,
        /// The scenario's title.
        #[arg(long, default_value = "Untitled scenario")]
        title: String,
    },
    /// Export a scenario: SVG, PNG at a DPI, print-and-play PDF tiled on A4 or Letter,
    /// or the native RON and JSON.
    Export(export::ExportArgs),
    /// Import a Tiled hex or orthogonal map (.tmx, or Tiled JSON), or a board of a VASSAL module (.vmod), as a scenario (.ron or .json).
    Import(import::ImportArgs),
    /// Lay out a table by the ruleset's pre-battle procedure with dice (pbs-2023):
    /// `generate --ruleset pbs-2023 --territory T --cell ROW,COL --seed N --output FILE`.
    Generate(generate::GenerateArgs),
}

/// What nine commands share: the scenario they read and whether they answer in JSON.
/// A command declares its own options before it: `--help` lists options in the order
/// they are declared, and `--json` comes last.
#[derive(Debug, clap::Args)]
pub struct ScenarioArgs {
    pub file: PathBuf,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum RulesetsCommand {
    /// Print one ruleset in full.
    Show {
        id: String,
        #[arg(long)]
        json: bool,
    },
    /// Check a ruleset file on its own: every problem with its line and column. Exit 0
    /// when it has none, 1 when it has, 2 when the file cannot be read.
    Check {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

/// Runs the command line and returns the process exit code.
pub fn run(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> i32 {
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let as_json = cli.command.json();
    let mut rulesets = Rulesets::built_in();
    for path in &cli.ruleset_files {
        if let Err(e) = rulesets.load_file(path) {
            return CliError::from(e).report(as_json);
        }
    }
    if let Some(file) = cli.command.scenario()
        && let Err(e) = io::module_file::load_for(file, &mut rulesets)
    {
        return CliError::from(e).report(as_json);
    }
    let answer = match cli.command {
        Command::Validate(ScenarioArgs { file, json }) => {
            Ok(output::validate(&file, &rulesets, json))
        }
        Command::Convert { input, output } => convert(&input, &output, &rulesets),
        Command::Info(ScenarioArgs { file, json }) => output::info(&file, &rulesets, json),
        Command::Rulesets { show: None, json } => Ok(output::rulesets(&rulesets, json)),
        Command::Rulesets {
            show: Some(RulesetsCommand::Show { id, json }),
            json: outer,
        } => output::ruleset(&rulesets, &id, json || outer),
        Command::Rulesets {
            show: Some(RulesetsCommand::Check { file, json }),
            json: outer,
        } => output::check_ruleset(&file, json || outer),
        Command::New {
            ruleset,
            output,
            title,
        } => new(&rulesets, &ruleset, &output, &title),
        Command::Export(args) => export::run(&args, &rulesets),
        Command::Import(args) => import::run(&args, &rulesets),
        Command::Generate(args) => generate::run(&args, &rulesets),
        Command::Los {
            scenario: ScenarioArgs { file, json },
            from,
            to,
        } => preview::los(&file, &from, &to, &rulesets, json),
        Command::Battle {
            scenario: ScenarioArgs { file, json },
            attacker,
            target,
        } => preview::battle(&file, &attacker, &target, &rulesets, json),
        Command::Path {
            scenario: ScenarioArgs { file, json },
            unit,
            through,
            charge,
        } => preview::path(&file, &unit, &through, charge, &rulesets, json),
        Command::Moves {
            scenario: ScenarioArgs { file, json },
            unit,
            allowance,
        } => preview::moves(&file, &unit, allowance, &rulesets, json),
        Command::Zoc {
            scenario: ScenarioArgs { file, json },
            side,
        } => preview::zoc(&file, &side, &rulesets, json),
        Command::Charges {
            scenario: ScenarioArgs { file, json },
            unit,
            allowance,
        } => preview::charges(&file, &unit, allowance, &rulesets, json),
        Command::Arcs {
            scenario: ScenarioArgs { file, json },
            unit,
            range,
            target_class,
        } => preview::arcs_command(
            &file,
            &unit,
            range,
            target_class.as_deref(),
            &rulesets,
            json,
        ),
    };
    answer.unwrap_or_else(|e| e.report(as_json))
}

impl Command {
    /// Whether the command was asked to answer in JSON (its errors then are JSON too).
    fn json(&self) -> bool {
        if let Some(shared) = self.shared() {
            return shared.json;
        }
        match self {
            Command::Rulesets { show, json } => {
                *json
                    || matches!(
                        show,
                        Some(
                            RulesetsCommand::Show { json: true, .. }
                                | RulesetsCommand::Check { json: true, .. }
                        )
                    )
            }
            Command::Export(args) => args.json,
            Command::Import(args) => args.json,
            _ => false,
        }
    }

    /// The arguments of the nine commands that read a scenario and may answer in JSON.
    fn shared(&self) -> Option<&ScenarioArgs> {
        match self {
            Command::Validate(s) | Command::Info(s) => Some(s),
            Command::Los { scenario, .. }
            | Command::Battle { scenario, .. }
            | Command::Arcs { scenario, .. }
            | Command::Moves { scenario, .. }
            | Command::Path { scenario, .. }
            | Command::Zoc { scenario, .. }
            | Command::Charges { scenario, .. } => Some(scenario),
            _ => None,
        }
    }

    /// The scenario the command reads, whose module file (if it names one) is loaded
    /// before it runs.
    fn scenario(&self) -> Option<&Path> {
        if let Some(shared) = self.shared() {
            return Some(&shared.file);
        }
        match self {
            Command::Convert { input: file, .. } => Some(file),
            Command::Export(args) => Some(&args.file),
            _ => None,
        }
    }
}

/// An unknown ruleset id, with the known ones.
pub(crate) fn unknown_ruleset(id: &str, rulesets: &Rulesets) -> CliError {
    CliError::new(
        ErrorKind::UnknownRuleset,
        format!(
            "unknown ruleset '{id}' (known: {})",
            rulesets.ids().join(", ")
        ),
    )
}

/// Prints a JSON value the way every `--json` output is printed.
/// Prints a `--json` answer through its type (`cli/answers.rs`), so what is printed is
/// what the type and its schema say. Keys come out in the order `print_json` gives
/// them (sorted), as they always have.
pub(crate) fn print_answer(answer: &impl serde::Serialize) {
    match serde_json::to_value(answer) {
        Ok(v) => print_json(&v),
        Err(e) => print_json(&CliError::new(ErrorKind::Output, e.to_string()).to_json()),
    }
}

pub(crate) fn print_json(value: &serde_json::Value) {
    println!(
        "{}",
        serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string())
    );
}

fn convert(input: &Path, output: &Path, rulesets: &Rulesets) -> Result<i32, CliError> {
    if TextFormat::from_path(output).is_none() {
        return Err(CliError::from(crate::source::SourceError::new(
            output,
            None,
            "unknown output type: use .ron or .json",
        )));
    }
    let mut scenario = io::load_scenario(input, rulesets)?;
    // The module file stays the same file, named from where the output is.
    if let Some(written) = &scenario.ruleset_file {
        scenario.ruleset_file = Some(io::module_file::moved(written, input, output));
    }
    save(&scenario, output)?;
    println!("wrote {}", output.display());
    Ok(0)
}

fn save(scenario: &Scenario, output: &Path) -> Result<(), CliError> {
    io::save_scenario(scenario, output)
        .map_err(|e| CliError::new(ErrorKind::Output, e.to_string()).in_file(output))
}

fn new(rulesets: &Rulesets, id: &str, output: &Path, title: &str) -> Result<i32, CliError> {
    let ruleset = rulesets
        .get(id)
        .ok_or_else(|| unknown_ruleset(id, rulesets))?;
    let scenario = Scenario::new(title, id, ruleset.board.clone());
    save(&scenario, output)?;
    let what = match &scenario.board {
        Board::Hex(b) => format!("{} x {} {} hex board", b.columns, b.rows, b.orientation),
        Board::Freeform(t) => format!("{} x {} {} table", t.width, t.height, t.unit),
        Board::Square(b) => format!("{} x {} square board", b.columns, b.rows),
        Board::Area(b) => format!("{} area map", b.areas.len()),
    };
    println!("wrote {} ({}, {what})", output.display(), ruleset.name);
    Ok(0)
}
