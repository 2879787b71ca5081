//! The ruleset-level models a game chooses once (how sight is traced, how a battle is
//! resolved, how zones of control work), each one type in one file behind [`Model`],
//! as the validation mechanisms are: its parameters typed and documented (the schema
//! is generated from them), the boards it runs on, and its load-time check. [`registry()`]
//! describes them as data a user interface walks, as `mechanism::registry()` does.
//! The ruleset's keys (`line_of_sight`, `combat`, `zones_of_control`) are unchanged.

pub mod combat;
pub mod sight;
pub mod squares;
pub mod zoc;

use super::mechanism::describe::describe;
use super::mechanism::{Boards, Description};
use super::model::Ruleset;
use super::module::Entry;
use super::ruleset_check::{At, Place, Problem};

/// A ruleset-level model with its parameters.
pub trait Model {
    /// The ruleset's key for it.
    const KEY: &'static str;
    /// The boards it runs on.
    const BOARDS: Boards;
    /// Its load-time check: its parameters agree with each other and the ruleset.
    fn check(&self, r: &Ruleset, out: &mut Vec<Problem>);
}

/// Every model, described for a user interface: its key, documentation, boards and
/// parameters. Combat's value is the model (`dice` or `column-shift`): it has no
/// parameters, and its documentation is the ruleset's for its key.
pub fn registry() -> Vec<Description> {
    let mut all = vec![
        describe::<sight::SightModel>(sight::SightModel::KEY, sight::SightModel::BOARDS),
        describe::<combat::Combat>(combat::Combat::KEY, combat::Combat::BOARDS),
        describe::<zoc::ZocModel>(zoc::ZocModel::KEY, zoc::ZocModel::BOARDS),
        describe::<squares::SquareMoves>(squares::SquareMoves::KEY, squares::SquareMoves::BOARDS),
    ];
    let schema = schemars::SchemaGenerator::default()
        .into_root_schema_for::<Ruleset>()
        .to_value();
    for d in all.iter_mut().filter(|d| d.doc.is_empty()) {
        d.doc = schema
            .pointer(&format!("/properties/{}/description", d.name))
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default()
            .to_string();
    }
    all
}

/// A model the ruleset sets, on a board it does not run on.
fn board_problem<M: Model>(r: &Ruleset, out: &mut Vec<Problem>) {
    if !M::BOARDS.runs_on(&r.board) {
        let key = M::KEY;
        let only = if matches!(M::BOARDS, Boards::Hex | Boards::Square) {
            " only"
        } else {
            ""
        };
        out.push(Problem {
            at: At::Key(key),
            message: format!(
                "'{key}' works on {}{only}; this ruleset's board is {}",
                M::BOARDS.words(),
                r.board.kind()
            ),
            place: Place::new(Entry::Mechanisms, key),
        });
    }
}

/// The models' parameters, before the modifiers are checked.
pub(crate) fn check_parameters(r: &Ruleset, out: &mut Vec<Problem>) {
    r.line_of_sight.check(r, out);
}

/// The models' boards and their checks against the ruleset, after the modifiers.
pub(crate) fn check_against(r: &Ruleset, out: &mut Vec<Problem>) {
    if let Some(z) = &r.zones_of_control {
        z.check(r, out);
        board_problem::<zoc::ZocModel>(r, out);
    }
    if !r.line_of_sight.is_default() {
        board_problem::<sight::SightModel>(r, out);
    }
    if let Some(c) = r.combat {
        c.check(r, out);
        board_problem::<combat::Combat>(r, out);
    }
    if !r.square_moves.is_default() {
        board_problem::<squares::SquareMoves>(r, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::mechanism::ParamType;

    #[test]
    fn every_model_is_described_with_its_parameters() {
        let all = registry();
        let names: Vec<&str> = all.iter().map(|d| d.name).collect();
        assert_eq!(
            names,
            [
                "line_of_sight",
                "combat",
                "zones_of_control",
                "square_moves"
            ]
        );
        let sight = &all[0];
        assert_eq!(sight.boards, Boards::Grids);
        let params: Vec<&str> = sight.params.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            params,
            ["elevation", "valley", "crests", "shadows", "see_over_lower"]
        );
        assert_eq!(sight.params[1].ty, ParamType::Flag);
        assert!(sight.params[4].doc.contains("both ends"), "{sight:?}");
        assert_eq!(all[1].boards, Boards::All);
        assert!(all[1].doc.contains("battle"), "{:?}", all[1]);
        let zoc = &all[2];
        assert_eq!(zoc.params[1].name, "leave_cost");
        assert_eq!(zoc.params[1].ty, ParamType::Count);
    }

    /// A model set on a board it does not run on is refused at load, by its entry.
    #[test]
    fn a_hex_model_on_a_table_is_refused_naming_its_key() {
        let rulesets = crate::rules::Rulesets::built_in();
        let mut r = rulesets.get("mini-nap").unwrap().clone();
        r.line_of_sight.see_over_lower = true;
        r.line_of_sight.elevation = sight::ElevationSight::Levels;
        let mut out = Vec::new();
        check_against(&r, &mut out);
        assert_eq!(
            out[0].message,
            "'line_of_sight' works on hex and square boards; this ruleset's board is freeform"
        );
    }
}
