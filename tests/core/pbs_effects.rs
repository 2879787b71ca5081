//! The Effect column of text 002 on a PBS table: what each terrain does to sight,
//! combat and movement, answered by `sandtable los`, `battle` and `path` (and the
//! designer's previews, which ask the same questions of every sample) through the
//! table rules Mini-Nap uses.

use sandtable::io;
use sandtable::rules::play::sampled::{self, Given, Value};
use sandtable::rules::play::table::TableField;
use sandtable::rules::play::{Field, battle, moves, sight};
use sandtable::rules::table::fire::Place;
use sandtable::scenario::{Area, Scenario, Unit};

use super::common::sandtable;
use super::pbs::{TEXT, rect, ruleset, table, unit};

fn plains() -> Scenario {
    table(&[
        ("territory", "plains".into()),
        ("density", "normal".into()),
        ("secure_flank", "none".into()),
    ])
}

/// A defender's foot unit at `at`, facing north (towards smaller y).
fn foot(id: &str, side: &str, at: [f64; 2]) -> Unit {
    unit(id, "foot", side, at)
}

fn seen(s: &Scenario, from: &str, to: &str) -> (bool, Vec<String>) {
    let r = ruleset();
    let f = TableField::new(s, &r);
    let (a, b) = (f.place(from).unwrap(), f.place(to).unwrap());
    let look = sight::look(&f, a, b);
    let why = look.blocked_by().filter_map(|m| m.blocks.clone()).collect();
    (look.visible, why)
}

/// Every quote the ruleset gives an effect is a line (or part of one) of the text.
#[test]
fn every_effect_quotes_the_text() {
    let r = ruleset();
    let text = TEXT.replace("\r\n", "\n");
    let mut quotes: Vec<&str> = r.modifiers.iter().map(|m| m.quote.as_str()).collect();
    for k in &r.terrains {
        if let Some(v) = &k.table().unwrap().visible_within {
            quotes.push(&v.quote);
        }
    }
    for k in &r.lines {
        if let Some(v) = &k.table().unwrap().ridge {
            quotes.push(&v.quote);
        }
    }
    assert!(quotes.len() >= 12);
    for q in quotes {
        assert!(text.contains(q), "not in the text: {q}");
    }
}

#[test]
fn woods_forest_and_towns_are_seen_only_from_within_1_bw() {
    // Woods: "Natural woods with modest density of trees.	Cover (B)enefit All Visible
    // (V) 1BW"; forest and town likewise.
    for kind in ["woods", "forest", "town"] {
        let mut s = plains();
        s.areas.push(rect("w", kind, 10.0, 10.0, 6.0, 6.0));
        // A target 2 BW inside, seen from outside: 2 BW of the line runs in it.
        s.units.push(foot("t", "invader", [13.0, 12.0]));
        s.units.push(foot("a", "defender", [13.0, 20.0]));
        let (visible, why) = seen(&s, "a", "t");
        assert!(!visible, "{kind}");
        assert!(
            why[0].contains("1 bw inside it") && why[0].contains("All Visible (V) 1BW"),
            "{why:?}"
        );
        // Half a BW inside, it is seen.
        s.units[0].at = Some([13.0, 15.5].into());
        assert!(seen(&s, "a", "t").0, "{kind}");
        // Two units both deep inside, 3 BW apart, do not see each other; the firer's
        // own woods limit its sight too.
        s.units[0].at = Some([13.0, 11.0].into());
        s.units[1].at = Some([13.0, 15.0].into());
        assert!(!seen(&s, "a", "t").0, "{kind}");
        // A line over the woods, both ends outside, runs 6 BW through it: blocked.
        s.units[0].at = Some([13.0, 8.0].into());
        s.units[1].at = Some([13.0, 19.0].into());
        assert!(!seen(&s, "a", "t").0, "{kind}");
    }
}

#[test]
fn sand_dunes_let_sight_reach_2_bw() {
    // "Desert slopes with soft sifting sand	All Visible (V) 2BW"
    let mut s = plains();
    s.areas.push(rect("d", "sand-dunes", 10.0, 10.0, 6.0, 6.0));
    s.units.push(foot("t", "invader", [13.0, 14.5]));
    s.units.push(foot("a", "defender", [13.0, 20.0]));
    assert!(seen(&s, "a", "t").0);
    s.units[0].at = Some([13.0, 12.0].into());
    assert!(!seen(&s, "a", "t").0);
}

#[test]
fn a_gully_limits_sight_only_across_its_boundary() {
    // "All Visible (V) 1BW when measuring visibility across boundary"; "If both bases
    // are wholly within then there are no visibility restrictions."
    let mut s = plains();
    s.areas.push(rect("g", "gully", 10.0, 10.0, 6.0, 6.0));
    s.units.push(foot("t", "invader", [13.0, 12.0]));
    s.units.push(foot("a", "defender", [13.0, 20.0]));
    let (visible, why) = seen(&s, "a", "t");
    assert!(!visible && why[0].contains("across boundary"), "{why:?}");
    // Both inside: no restriction.
    s.units[1].at = Some([13.0, 15.0].into());
    assert!(seen(&s, "a", "t").0);
    // "A gully is treated as an inverted hill": a line over it is not limited.
    s.units[0].at = Some([13.0, 8.0].into());
    s.units[1].at = Some([13.0, 19.0].into());
    assert!(seen(&s, "a", "t").0);
}

#[test]
fn hills_and_mountains_block_a_line_over_them_between_lower_ends() {
    // Hills: "Clear slopes	All Visible (V) 0.5BW of a ridge line. Uphill (B)enefit":
    // a hill is ground that hides what lies beyond it; a unit on it sees and is seen.
    for kind in ["hills", "mountains"] {
        let mut s = plains();
        s.areas.push(rect("h", kind, 10.0, 10.0, 6.0, 6.0));
        s.units.push(foot("t", "invader", [13.0, 8.0]));
        s.units.push(foot("a", "defender", [13.0, 19.0]));
        assert!(!seen(&s, "a", "t").0, "{kind}");
        s.units[0].at = Some([13.0, 12.0].into());
        assert!(seen(&s, "a", "t").0, "{kind}");
    }
}

fn ridge(id: &str, from: [f64; 2], to: [f64; 2]) -> sandtable::scenario::Line {
    sandtable::scenario::Line {
        id: id.into(),
        kind: "ridge-line".into(),
        points: vec![from.into(), to.into()],
        width: Some(0.1),
        ..Default::default()
    }
}

#[test]
fn a_ridge_line_hides_what_lies_more_than_half_a_bw_behind_it() {
    // Hills and mountains: "All Visible (V) 0.5BW of a ridge line". A hill 10 BW deep
    // with its crest along y = 15: sight across the crest reaches a unit on or within
    // 0.5 BW of it, not one farther down the reverse slope.
    for kind in ["hills", "mountains"] {
        let mut s = plains();
        s.areas.push(rect("h", kind, 10.0, 10.0, 10.0, 10.0));
        s.lines.push(ridge("r", [10.5, 15.0], [19.5, 15.0]));
        // Both on the hill, 3 BW either side of the crest: hidden from each other.
        s.units.push(foot("t", "invader", [15.0, 12.0]));
        s.units.push(foot("a", "defender", [15.0, 18.0]));
        let (visible, why) = seen(&s, "a", "t");
        assert!(!visible, "{kind}");
        assert!(
            why.iter()
                .any(|w| w.contains("Ridge line r") && w.contains("0.5BW of a ridge line")),
            "{why:?}"
        );
        // The target steps up behind the crest, its base 0.3 BW from it: seen, and it
        // sees.
        s.units[0].at = Some([15.0, 14.2].into());
        assert!(seen(&s, "a", "t").0, "{kind}");
        assert!(seen(&s, "t", "a").0, "{kind}");
        // From the plain in front of the hill, the reverse slope is hidden too.
        s.units[0].at = Some([15.0, 12.0].into());
        s.units[1].at = Some([15.0, 24.0].into());
        assert!(!seen(&s, "a", "t").0, "{kind}");
        // Without a ridge line the hill has no crest: a unit anywhere on it is seen.
        s.lines.clear();
        assert!(seen(&s, "a", "t").0, "{kind}");
    }
    // The designer's previews ask the same of every sample: a viewshed from the plain
    // south of the hill sees the crest but not the reverse slope behind it.
    let mut s = plains();
    s.areas.push(rect("h", "hills", 10.0, 10.0, 10.0, 10.0));
    s.lines.push(ridge("r", [10.5, 15.0], [19.5, 15.0]));
    let r = ruleset();
    let f = TableField::new(&s, &r);
    let v = sampled::viewshed(&f, Place::Point([15.0, 24.0].into()), &Given::default());
    assert_eq!(v.at([15.0, 17.0].into()), Some(Value::Seen));
    assert_eq!(v.at([15.0, 14.8].into()), Some(Value::Seen));
    assert_eq!(v.at([15.0, 12.0].into()), Some(Value::Blocked));
    // `sandtable los` answers with it.
    let mut s = plains();
    s.areas.push(rect("h", "hills", 10.0, 10.0, 10.0, 10.0));
    s.lines.push(ridge("r", [10.5, 15.0], [19.5, 15.0]));
    s.units.push(foot("t", "invader", [15.0, 12.0]));
    s.units.push(foot("a", "defender", [15.0, 18.0]));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ridge.json");
    io::save_scenario(&s, &path).unwrap();
    let (code, out, err) = sandtable(&["los", path.to_str().unwrap(), "a", "t", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("0.5BW of a ridge line"), "{out}");
    // A ridge line is no terrain piece: the layout checks do not count it.
    let r = ruleset();
    let errors: Vec<String> = sandtable::rules::validate(&s, &r)
        .into_iter()
        .filter(|d| d.message.contains("ridge"))
        .map(|d| d.message)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn a_gullys_central_ridge_is_its_lowest_point_and_hides_nothing() {
    // Gully: "A gully is treated as an inverted hill. The central ridge is the lowest
    // point. If both bases are wholly within then there are no visibility restrictions."
    let mut s = plains();
    s.areas.push(rect("g", "gully", 10.0, 10.0, 10.0, 10.0));
    s.lines.push(ridge("r", [10.5, 15.0], [19.5, 15.0]));
    s.units.push(foot("t", "invader", [15.0, 12.0]));
    s.units.push(foot("a", "defender", [15.0, 18.0]));
    assert!(seen(&s, "a", "t").0);
}

fn benefits(s: &Scenario, a: &str, t: &str) -> Vec<String> {
    let r = ruleset();
    let f = TableField::new(s, &r);
    let (a, t) = (f.unit(a).unwrap(), f.unit(t).unwrap());
    let fight = battle::fight(&f, a, t);
    fight
        .odds
        .modifiers
        .iter()
        .map(|m| m.source.clone())
        .collect()
}

#[test]
fn battle_lists_the_cover_and_uphill_benefits_with_their_quotes() {
    let mut s = plains();
    s.areas.push(rect("w", "woods", 10.0, 10.0, 6.0, 6.0));
    s.areas.push(rect("h", "hills", 30.0, 10.0, 6.0, 6.0));
    s.areas
        .push(rect("o", "orchards-vineyards", 20.0, 20.0, 6.0, 6.0));
    // A target at the edge of the woods, seen from 0.5 BW away.
    s.units.push(foot("t", "invader", [13.0, 15.5]));
    s.units.push(foot("a", "defender", [13.0, 17.5]));
    assert_eq!(
        benefits(&s, "a", "t"),
        ["Cover Benefit: the target is in woods"]
    );
    // On the hill against a unit below it: "Uphill (B)enefit".
    s.units[0].at = Some([33.0, 15.0].into());
    s.units[1].at = Some([33.0, 18.0].into());
    assert_eq!(
        benefits(&s, "a", "t"),
        ["Uphill Benefit: the target stands higher"]
    );
    assert_eq!(
        benefits(&s, "t", "a"),
        ["Uphill Benefit: the attacker stands higher"]
    );
    // "Foot get Cover (B)enefit" in orchards: foot does, mounted does not.
    s.units[0].at = Some([23.0, 25.5].into());
    s.units[1].at = Some([23.0, 28.0].into());
    assert_eq!(
        benefits(&s, "a", "t"),
        ["Cover Benefit: foot in orchards or vineyards"]
    );
    s.units[0].class = "mounted".into();
    assert!(benefits(&s, "a", "t").is_empty());
    // The command line quotes each benefit.
    s.units[0].class = "foot".into();
    s.units[0].at = Some([13.0, 15.5].into());
    s.units[1].at = Some([13.0, 17.5].into());
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    io::save_scenario(&s, &file).unwrap();
    let file = file.to_string_lossy().into_owned();
    let (code, out, err) = sandtable(&["battle", &file, "a", "t", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["allowed"], true);
    assert_eq!(
        v["modifiers"][0]["source"],
        "Cover Benefit: the target is in woods"
    );
    assert_eq!(
        v["modifiers"][0]["quote"],
        "Natural woods with modest density of trees.\tCover (B)enefit All Visible (V) 1BW"
    );
    // The same table through `los`: the woods are named as what blocks.
    s.units[0].at = Some([13.0, 12.0].into());
    io::save_scenario(&s, std::path::Path::new(&file)).unwrap();
    let (code, out, err) = sandtable(&["los", &file, "a", "t", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["visible"], false);
    assert_eq!(v["blocked_by"][0]["feature"], "w");
    // And `battle` refuses a fight the woods hide.
    let (_, out, _) = sandtable(&["battle", &file, "a", "t", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["allowed"], false);
}

#[test]
fn a_mountain_declared_impassable_refuses_every_move_into_it() {
    // "Up to 2 minimum sized Mountains can be declared Impassable to all troops"
    let mut s = plains();
    let mut m: Area = rect("m", "mountains", 10.0, 10.0, 6.0, 6.0);
    s.areas.push(m.clone());
    s.units.push(foot("a", "defender", [13.0, 20.0]));
    let r = ruleset();
    let go = |s: &Scenario| {
        let f = TableField::new(s, &r);
        let u = f.unit("a").unwrap();
        moves::route(&f, u, &[f.place("13,12").unwrap()])
    };
    assert!(go(&s).allowed);
    m.passable = Some(false);
    s.areas[0] = m;
    let route = go(&s);
    assert!(!route.allowed);
    assert!(route.reason.unwrap().contains("impassable"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    io::save_scenario(&s, &file).unwrap();
    let file = file.to_string_lossy().into_owned();
    let (_, out, _) = sandtable(&["path", &file, "a", "--through", "13,12", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["allowed"], false);
}

#[test]
fn the_designers_viewshed_shows_what_the_woods_hide() {
    // The previews ask `los` of every sample: a viewshed from south of the woods sees
    // their near edge but not 2 BW into them, nor the ground behind them.
    let mut s = plains();
    s.areas.push(rect("w", "woods", 10.0, 10.0, 6.0, 6.0));
    let r = ruleset();
    let f = TableField::new(&s, &r);
    let v = sampled::viewshed(&f, Place::Point([13.0, 20.0].into()), &Given::default());
    assert_eq!(v.at([13.0, 15.6].into()), Some(Value::Seen));
    assert_eq!(v.at([13.0, 13.0].into()), Some(Value::Blocked));
    assert_eq!(v.at([13.0, 5.0].into()), Some(Value::Blocked));
    assert_eq!(v.at([30.0, 5.0].into()), Some(Value::Seen));
}

#[test]
fn every_territorys_card_difference_is_a_walk_on_its_map() {
    // "The winner moves the Army Marker according to the difference in the two PBS cards
    // played." "Each pass counts as a Black card."
    use sandtable::rules::layout::walk::legal_moves;
    let r = ruleset();
    let l = r.layout.as_ref().unwrap();
    for t in &l.territories {
        let moves = t.card_moves().unwrap();
        assert_eq!(moves.len(), 4, "{}", t.name);
        // "1 Better = 1 side-to-side": from the centre, the four cells sharing a side.
        assert_eq!(
            legal_moves(l, t, (3, 3), "green", "white").unwrap(),
            [(2, 3), (3, 2), (3, 4), (4, 3)]
        );
        // "2 Better = 1 side-to-side or diagonal": the eight around it.
        assert_eq!(legal_moves(l, t, (3, 3), "Red", "Green").unwrap().len(), 8);
        // "3 Better = 2 side-to-side": two steps, never back where it started.
        let three = legal_moves(l, t, (1, 1), "red", "white").unwrap();
        assert_eq!(three, [(1, 3), (2, 2), (3, 1)]);
        // Equal cards: no move; a pass is a Black card.
        assert!(
            legal_moves(l, t, (3, 3), "black", "black")
                .unwrap()
                .is_empty()
        );
        assert_eq!(l.card_difference("red", "black").unwrap(), 4);
    }
    assert!(
        l.card_difference("purple", "red")
            .unwrap_err()
            .to_string()
            .contains("red, yellow")
    );
}
