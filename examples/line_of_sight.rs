//! Loads a scenario and asks a line of sight, as `sandtable los` does:
//!
//! ```sh
//! cargo run --example line_of_sight
//! cargo run --example line_of_sight -- assets/scenarios/mini-nap-village.ron i1 k1
//! ```

use std::path::{Path, PathBuf};

use sandtable::io;
use sandtable::rules::Rulesets;
use sandtable::rules::play::{self, Arena, Field};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (file, from, to) = match args.as_slice() {
        [file, from, to] => (PathBuf::from(file), from.clone(), to.clone()),
        _ => (
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("assets/scenarios/battle-cry-crossroads.json"),
            "c1".to_string(),
            "u1".to_string(),
        ),
    };
    for line in ask(&file, &from, &to) {
        println!("{line}");
    }
}

/// The answer's headline and its lines, or why there is none.
fn ask(file: &Path, from: &str, to: &str) -> Vec<String> {
    let rulesets = Rulesets::built_in();
    let scenario = match io::load_scenario(file, &rulesets) {
        Ok(s) => s,
        Err(e) => return vec![e.to_string()],
    };
    let Some(ruleset) = rulesets.get(&scenario.ruleset) else {
        return vec![format!("unknown ruleset '{}'", scenario.ruleset)];
    };
    // The arena is the board's kind of field: hexes or a measured table.
    match Arena::new(&scenario, ruleset) {
        Some(Arena::Hex(field)) => look(&*field, from, to),
        Some(Arena::Table(field)) => look(&field, from, to),
        None => vec!["the board cannot be read".to_string()],
    }
}

/// The same question on either board.
fn look<F: Field>(field: &F, from: &str, to: &str) -> Vec<String> {
    let (a, b) = match (field.place(from), field.place(to)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return vec![e.to_string()],
    };
    let sight = play::sight::look(field, a, b);
    let mut out = vec![play::sight::headline(field, a, b, &sight)];
    out.extend(
        play::sight::details(field, &sight)
            .into_iter()
            .map(|l| format!("  {l}")),
    );
    out
}

#[test]
fn the_example_answers_on_both_boards() {
    let hex = ask(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/battle-cry-crossroads.json"),
        "c1",
        "u1",
    );
    // On hexes the headline names the hexes the units stand on.
    assert_eq!(hex[0], "C3 does not see E5 at range 3", "{hex:?}");
    let table = ask(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/mini-nap-village.ron"),
        "i1",
        "k1",
    );
    assert!(
        table[0].contains("i1") && table[0].contains("k1"),
        "{table:?}"
    );
    main();
}
