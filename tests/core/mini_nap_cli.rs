//! `sandtable los | battle | path` on the Mini-Nap example table, in the JSON of
//! docs/format.md.

use crate::common;

use common::sandtable;

use serde_json::Value;

const TABLE: &str = "assets/scenarios/mini-nap-village.ron";

fn json(args: &[&str]) -> Value {
    let (code, out, err) = sandtable(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn los_across_the_river_lists_both_banks_of_woods_as_cover() {
    // "All rivers have 1 level high woods along their banks out to 2 cm from the banks"
    let v = json(&["los", TABLE, "80,100", "80,40", "--json"]);
    assert_eq!(v["visible"], true);
    assert_eq!(v["distance"], 60.0);
    let cover: Vec<&str> = v["cover"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["feature"].as_str().unwrap())
        .collect();
    assert_eq!(cover, ["s1/bank-1", "s1/bank-2"]);
    assert_eq!(v["cover"][0]["kind"], "woods");
    assert_eq!(v["blocked_by"], serde_json::json!([]));
}

#[test]
fn battle_gives_the_dice_factor_and_one_factor_modifier_per_cover_feature() {
    // "This halving of the firing dice penalty is cumulative"
    let v = json(&["battle", TABLE, "i1", "k1", "--json"]);
    assert_eq!(v["allowed"], true);
    let mods = v["modifiers"].as_array().unwrap();
    assert_eq!(mods.len(), 3, "both banks and the village: {mods:?}");
    assert!(mods.iter().all(|m| m["factor"] == 0.5));
    assert_eq!(v["dice_factor"], 0.125);
    let (code, out, _) = sandtable(&["battle", TABLE, "i1", "k1"]);
    assert_eq!(code, 0);
    assert!(out.contains("dice halved 3 time(s)"), "{out}");
}

#[test]
fn path_answers_length_cost_allowed_and_reason() {
    // "Passable rough ground has no effect on skirmish lines [...] All other units
    // (including artillery) move into and through passable rough ground at half rate."
    let v = json(&["path", TABLE, "i1", "--through", "70,95", "--json"]);
    assert_eq!(v["unit"], "i1");
    assert_eq!(v["allowed"], true);
    assert!(v["cost"].as_f64().unwrap() > v["length"].as_f64().unwrap());
    // "Rivers [...] are impassable to all units except at fords or bridges."
    let v = json(&["path", TABLE, "i1", "--through", "40,40", "--json"]);
    assert_eq!(v["allowed"], false);
    assert!(v["reason"].as_str().unwrap().contains("River s1"), "{v}");
}

#[test]
fn path_with_charge_costs_a_charge() {
    // "Infantry units can charge through passable rough ground but only do so at half
    // rate."
    let moved = json(&["path", TABLE, "i1", "--through", "70,95", "--json"]);
    let v = json(&[
        "path",
        TABLE,
        "i1",
        "--through",
        "70,95",
        "--charge",
        "--json",
    ]);
    assert_eq!(v["allowed"], true);
    assert_eq!(v["charge"], true);
    assert_eq!(v["cost"], moved["cost"]);
    assert!(
        moved.get("charge").is_none(),
        "a move says nothing of charges"
    );
    let (code, out, _) = sandtable(&["path", TABLE, "i1", "--through", "70,95", "--charge"]);
    assert_eq!(code, 0);
    assert!(out.contains("i1 (infantry) charges"), "{out}");
}

#[test]
fn bad_path_input_is_a_clear_error_with_exit_2() {
    for (args, kind, says) in [
        (
            vec!["path", TABLE, "i1", "--through", "200,10"],
            "bad-point",
            "off the 180 x 120 table",
        ),
        (
            vec!["path", TABLE, "i1", "--through", "1,x"],
            "bad-point",
            "'x' is not a number",
        ),
        (
            vec!["path", TABLE, "nobody", "--through", "1,1"],
            "unknown-unit",
            "no unit with id 'nobody'",
        ),
        (
            vec!["los", TABLE, "i1", "5;5"],
            "unknown-unit",
            "no unit with id '5;5'",
        ),
    ] {
        let (code, _, err) = sandtable(&args);
        assert_eq!(code, 2);
        assert!(err.contains(says), "{err}");
        let mut with_json = args.clone();
        with_json.push("--json");
        let (code, out, _) = sandtable(&with_json);
        assert_eq!(code, 2);
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["error"]["kind"], kind, "{out}");
    }
}
