//! What the commands print, as text for people and as the JSON of `docs/format.md`.

use std::path::Path;

use serde_json::{Value, json};

use crate::board::Board;
use crate::io;
use crate::rules::{KindList, Rulesets};
use crate::scenario::diagnostic;
use crate::source::SourceError;

use super::answers::{
    Counts, DiagnosticAnswer, InfoAnswer, InfoBoard, Problem, RulesetCheckAnswer, Severity,
    ValidateAnswer,
};
use super::error::{CliError, ErrorKind};
use super::{print_answer, print_json};

pub fn validate(file: &Path, rulesets: &Rulesets, as_json: bool) -> i32 {
    let read = match io::read_scenario(file, rulesets) {
        Ok(r) => r,
        Err(e) => return unreadable(&e, as_json),
    };
    let (errors, warnings) = diagnostic::counts(&read.diagnostics);
    if as_json {
        print_answer(&ValidateAnswer {
            ruleset: Some(read.scenario.ruleset.clone()),
            errors,
            warnings,
            diagnostics: read
                .diagnostics
                .iter()
                .map(|d| DiagnosticAnswer::of(d, Some(&read.scenario)))
                .collect(),
            error: None,
        });
    } else {
        for d in &read.diagnostics {
            let at = match d.position {
                Some((l, c)) => format!("{}:{l}:{c}", file.display()),
                None => file.display().to_string(),
            };
            println!("{at}: {} [{}]: {}", d.severity, d.rule, d.message);
            for fix in &d.fixes {
                println!("    quick fix: {}", fix.label);
            }
        }
        let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        println!(
            "{}: {} ({}), {}, {}",
            file.display(),
            if errors == 0 { "valid" } else { "invalid" },
            read.scenario.ruleset,
            plural(errors, "error"),
            plural(warnings, "warning")
        );
    }
    i32::from(errors > 0)
}

/// Exit 2: the file could not be read. With `--json` the answer is the error of the
/// command-line contract, and it keeps `validate`'s own keys for clients that read them.
fn unreadable(e: &SourceError, as_json: bool) -> i32 {
    eprintln!("error: {e}");
    if as_json {
        let (line, column) = e.position.unzip();
        print_answer(&ValidateAnswer {
            ruleset: None,
            errors: 1,
            warnings: 0,
            diagnostics: vec![DiagnosticAnswer {
                severity: Severity::Error,
                rule: "file/unreadable".into(),
                message: e.to_string(),
                hexes: Vec::new(),
                features: Vec::new(),
                line,
                column,
                quote: None,
                fixes: None,
            }],
            error: Some(CliError::from(e.clone())),
        });
    }
    2
}

pub fn info(file: &Path, rulesets: &Rulesets, as_json: bool) -> Result<i32, CliError> {
    let read = io::read_scenario(file, rulesets)?;
    let s = &read.scenario;
    let ruleset_name = rulesets.get(&s.ruleset).map(|r| r.name.clone());
    let board = match &s.board {
        Board::Hex(b) => InfoBoard::Hex {
            orientation: b.orientation.to_string(),
            columns: b.columns,
            rows: b.rows,
            stagger: b.stagger.to_string(),
            labels: b.labels.to_string(),
            hexes: b.hexes().count(),
            boards: b.boards().to_vec(),
        },
        Board::Freeform(t) => InfoBoard::Freeform {
            width: t.width,
            height: t.height,
            unit: t.unit.to_string(),
        },
        Board::Area(b) => InfoBoard::Area {
            width_mm: b.width_mm,
            height_mm: b.height_mm,
            areas: b.areas.len(),
            connections: b.connections.len(),
        },
        Board::Square(b) => InfoBoard::Square {
            columns: b.columns,
            rows: b.rows,
            labels: b.labels.to_string(),
            cell_mm: b.cell_mm,
            boards: b.boards().to_vec(),
        },
    };
    let counts = Counts {
        hexes: s.hexes.len(),
        hexsides: s.hexsides.len(),
        tokens: s.tokens.len(),
        roads: s.roads.len(),
        units: s.units.len(),
        areas: s.areas.len(),
        lines: s.lines.len(),
        landmarks: s.landmarks.len(),
    };
    let (errors, warnings) = diagnostic::counts(&read.diagnostics);
    if as_json {
        let plan = super::plan::keys(s);
        print_answer(&InfoAnswer {
            title: s.title.clone(),
            author: s.author.clone(),
            description: s.description.clone(),
            ruleset: s.ruleset.clone(),
            ruleset_name,
            board,
            sides: s.sides.iter().map(|x| x.id.clone()).collect(),
            counts,
            errors,
            warnings,
            turns: plan.turns,
            first_side: plan.first_side,
            notes: plan.notes,
            objectives: plan.objectives,
            victory: plan.victory,
            forces: plan.forces,
            briefing: plan.briefing,
            special_rules: plan.special_rules,
            sources: plan.sources,
        });
        return Ok(0);
    }
    println!("{}", s.title);
    if !s.author.is_empty() {
        println!("  by {}", s.author);
    }
    println!(
        "  ruleset   {} ({})",
        s.ruleset,
        ruleset_name.as_deref().unwrap_or("unknown")
    );
    match &s.board {
        Board::Hex(b) => {
            println!(
                "  board     {} x {} {} hexes, {} stagger, {} labels",
                b.columns, b.rows, b.orientation, b.stagger, b.labels
            );
            print_boards(b.boards());
        }
        Board::Freeform(t) => println!("  board     {} x {} {} table", t.width, t.height, t.unit),
        Board::Square(b) => {
            println!(
                "  board     {} x {} squares of {} mm, {} labels",
                b.columns, b.rows, b.cell_mm, b.labels
            );
            print_boards(b.boards());
        }
        Board::Area(b) => println!(
            "  board     {} areas and {} connections on a {} x {} mm map",
            b.areas.len(),
            b.connections.len(),
            b.width_mm,
            b.height_mm
        ),
    }
    // A square board's cells and their sides are named as its players name them.
    let (cells, sides) = match &s.board {
        Board::Square(_) => ("squares", "square sides"),
        Board::Area(_) => ("areas", "area sides"),
        _ => ("hexes", "hexsides"),
    };
    let parts: Vec<String> = [
        (cells, counts.hexes),
        (sides, counts.hexsides),
        ("tokens", counts.tokens),
        ("roads", counts.roads),
        ("units", counts.units),
        ("areas", counts.areas),
        ("lines", counts.lines),
        ("landmarks", counts.landmarks),
    ]
    .iter()
    .filter(|(_, n)| *n > 0)
    .map(|(k, n)| format!("{n} {k}"))
    .collect();
    let contents = if parts.is_empty() {
        "empty".to_string()
    } else {
        parts.join(", ")
    };
    println!("  contents  {contents}");
    super::plan::print(s);
    println!("  checks    {errors} errors, {warnings} warnings (see `sandtable validate`)");
    Ok(0)
}

pub fn rulesets(rulesets: &Rulesets, as_json: bool) -> i32 {
    if as_json {
        let list: Vec<Value> = rulesets
            .iter()
            .map(|r| {
                json!({
                    "id": r.id, "name": r.name, "board": r.board.kind(), "source": r.source,
                    "terrains": r.terrains.iter().map(|k| &k.id).collect::<Vec<_>>(),
                    "unit_classes": r.unit_classes.iter().map(|k| &k.id).collect::<Vec<_>>(),
                })
            })
            .collect();
        print_json(&Value::Array(list));
        return 0;
    }
    for r in rulesets.iter() {
        println!("{:<18} {:<9} {}", r.id, r.board.kind(), r.name);
    }
    0
}

pub fn ruleset(rulesets: &Rulesets, id: &str, as_json: bool) -> Result<i32, CliError> {
    let r = rulesets
        .get(id)
        .ok_or_else(|| super::unknown_ruleset(id, rulesets))?;
    if as_json {
        let v =
            serde_json::to_value(r).map_err(|e| CliError::new(ErrorKind::Output, e.to_string()))?;
        print_json(&v);
        return Ok(0);
    }
    println!("{} ({})", r.name, r.id);
    if !r.description.is_empty() {
        println!("  {}", r.description);
    }
    for list in KindList::ALL {
        let kinds = r.kinds(list);
        if !kinds.is_empty() {
            let ids: Vec<&str> = kinds.iter().map(|k| k.id.as_str()).collect();
            println!("  {:<14} {}", list.nouns(), ids.join(", "));
        }
    }
    Ok(0)
}

/// `sandtable rulesets check FILE`: every problem of a ruleset file, with its position.
pub fn check_ruleset(file: &Path, as_json: bool) -> Result<i32, CliError> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        CliError::from(SourceError::new(
            file,
            None,
            format!("cannot read the ruleset: {e}"),
        ))
    })?;
    let (id, problems) = match crate::rules::check_ruleset_text(&text, file) {
        Ok(r) => (Some(r.id), Vec::new()),
        Err(all) => (None, all),
    };
    if as_json {
        print_answer(&RulesetCheckAnswer {
            file: file.display().to_string(),
            ruleset: id.clone(),
            problems: problems
                .iter()
                .map(|p| Problem {
                    message: p.message.clone(),
                    line: p.position.map(|(l, _)| l),
                    column: p.position.map(|(_, c)| c),
                })
                .collect(),
        });
    } else if problems.is_empty() {
        println!(
            "{}: ruleset '{}' has no problems",
            file.display(),
            id.unwrap_or_default()
        );
    } else {
        for p in &problems {
            println!("{p}");
        }
        let n = problems.len();
        println!("{n} problem{}", if n == 1 { "" } else { "s" });
    }
    Ok(if problems.is_empty() { 0 } else { 1 })
}

/// The boards of a map made of several, one line each, under the board's line.
fn print_boards(boards: &[crate::board::PlacedBoard]) {
    for p in boards {
        let turned = if p.rotation == 180 {
            ", upside down"
        } else {
            ""
        };
        println!(
            "            board {}: {} x {} at column {}, row {}{turned}",
            p.name,
            p.columns,
            p.rows,
            p.at[0] + 1,
            p.at[1] + 1
        );
    }
}
