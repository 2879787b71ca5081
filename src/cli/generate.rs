//! `sandtable generate`: a table laid out by a ruleset's pre-battle procedure.

use std::path::PathBuf;

use clap::Args;

use super::error::{CliError, ErrorKind};
use crate::rules::Rulesets;
use crate::rules::layout::generate::{Request, generate};
use crate::source::TextFormat;

/// The arguments of `sandtable generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The ruleset (one with a layout: pbs-2023).
    #[arg(long)]
    pub ruleset: String,
    /// The territory type (pbs-2023: waterside, desert, cultivated, forest, jungle,
    /// plains, mountains).
    #[arg(long)]
    pub territory: String,
    /// The cell of the territory's map, ROW,COL, each 1-5: sets the density and the
    /// secure flank.
    #[arg(long, value_name = "ROW,COL")]
    pub cell: Option<String>,
    /// The density, instead of (or agreeing with) the cell's.
    #[arg(long)]
    pub density: Option<String>,
    /// The secure flank, instead of (or agreeing with) the cell's.
    #[arg(long)]
    pub secure_flank: Option<String>,
    /// The dice's seed: the same seed gives the same file.
    #[arg(long)]
    pub seed: String,
    /// The scenario to write (.ron or .json).
    #[arg(long, value_name = "FILE")]
    pub output: PathBuf,
}

/// One line on stderr and exit 2: bad input writes nothing.
fn refuse(message: String) -> Result<i32, CliError> {
    Err(CliError::new(ErrorKind::BadArgument, message))
}

pub fn run(a: &GenerateArgs, rulesets: &Rulesets) -> Result<i32, CliError> {
    let Some(r) = rulesets.get(&a.ruleset) else {
        return Err(super::unknown_ruleset(&a.ruleset, rulesets));
    };
    let Ok(seed) = a.seed.parse::<u64>() else {
        return refuse(format!(
            "--seed '{}' is not a number (a whole number from 0 to {})",
            a.seed,
            u64::MAX
        ));
    };
    let cell = match &a.cell {
        None => None,
        Some(text) => {
            let parts: Vec<Option<usize>> = text
                .split(',')
                .map(|p| {
                    p.trim()
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=5).contains(n))
                })
                .collect();
            match parts.as_slice() {
                [Some(row), Some(col)] => Some((*row, *col)),
                _ => {
                    return refuse(format!(
                        "--cell '{text}' is not ROW,COL with each 1 to 5 (for example 3,2)"
                    ));
                }
            }
        }
    };
    if TextFormat::from_path(&a.output).is_none() {
        return refuse(format!(
            "--output '{}' is not a .ron or .json file",
            a.output.display()
        ));
    }
    let req = Request {
        territory: a.territory.clone(),
        cell,
        density: a.density.clone(),
        secure_flank: a.secure_flank.clone(),
        seed,
    };
    let scenario = match generate(r, &req) {
        Ok(s) => s,
        Err(e) => {
            return refuse(
                e.to_string()
                    .replace("territory '", "--territory '")
                    .replace("density '", "--density '")
                    .replace("secure_flank '", "--secure-flank '"),
            );
        }
    };
    crate::io::save_scenario(&scenario, &a.output)
        .map_err(|e| CliError::new(ErrorKind::Output, e.to_string()).in_file(&a.output))?;
    // Ridge lines mark the crests of hills and mountains; they are no pieces.
    let ridges = scenario
        .lines
        .iter()
        .filter(|l| {
            r.kind(crate::rules::model::KindList::Line, &l.kind)
                .and_then(|k| k.table())
                .is_some_and(|k| k.ridge.is_some())
        })
        .count();
    let lines = scenario.lines.len() - ridges;
    let crests = match ridges {
        0 => String::new(),
        1 => ", and 1 ridge line".to_string(),
        n => format!(", and {n} ridge lines"),
    };
    println!(
        "wrote {} ({} pieces: {} areas, {lines} lines{crests})",
        a.output.display(),
        scenario.areas.len() + lines,
        scenario.areas.len(),
    );
    Ok(0)
}
