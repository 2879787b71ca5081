//! Incremental validation (issue 17): after any sequence of edits, and of undos, the
//! findings a `Validator` keeps equal a full revalidation of the edited scenario.

use hexx::Hex;
use proptest::prelude::*;
use sandtable::board::{Board, HexBoard, HexsideKey, Orientation, Side, Stagger};
use sandtable::rules::{Rulesets, Validator, validate};
use sandtable::scenario::{
    Arrival, Edit, Feature, FeatureKind, HexCell, HexsideAttrs, History, Objective, Place, Road,
    Scenario, Score, Terrain, Token, Unit, VictoryCondition,
};

/// Two built-in games and the walkthrough's example (its hex-attribute constraints:
/// elevation ranges and allowed markers per terrain).
const RULESETS: [(&str, Orientation); 3] = [
    ("battle-cry-150", Orientation::Pointy),
    ("sticks-and-stones", Orientation::Flat),
    ("ford-and-ridge", Orientation::Pointy),
];
const TERRAINS: [&str; 11] = [
    "woods",
    "hill",
    "town",
    "fence",
    "waterway",
    "bridge",
    "open",
    "forest",
    "cultivated",
    "swamp",
    "marsh",
];
const SIDES: [Side; 6] = [Side::N, Side::NE, Side::E, Side::SE, Side::S, Side::W];

fn hex(o: Orientation, col: i32, row: i32) -> Hex {
    HexBoard::new(o, 8, 8, Stagger::Odd)
        .map(|b| b.from_offset(sandtable::board::Offset { col, row }))
        .unwrap_or(Hex::ZERO)
}

/// Markers a hex may hold: over a limit, a tunnel (a line of them), an unknown one.
const MARKERS: [&[&str]; 6] = [
    &[],
    &["wreck"],
    &["wreck", "wreck"],
    &["tunnel"],
    &["tunnel", "wreck"],
    &["mystery"],
];

/// Sets one hex of a small board (terrain, height, facing, markers).
fn set_hex(o: Orientation) -> impl Strategy<Value = Edit> {
    let at = (0..8i32, 0..8i32).prop_map(move |(c, r)| hex(o, c, r));
    (
        at,
        0..TERRAINS.len() + 1,
        0..3i32,
        0..MARKERS.len(),
        0..3usize,
    )
        .prop_map(|(hex, t, elevation, markers, facing)| Edit::SetHex {
            hex,
            cell: TERRAINS.get(t).map(|t| HexCell {
                terrain: (*t).into(),
                elevation,
                facing: SIDES[..facing].to_vec(),
                markers: MARKERS[markers].iter().map(|m| m.to_string()).collect(),
            }),
        })
}

/// A token or unit put where it was not, moved, changed or taken away (with facing
/// sides right or wrong, of a kind or class known or not).
fn piece(o: Orientation) -> impl Strategy<Value = Edit> {
    let at = (0..8i32, 0..8i32).prop_map(move |(c, r)| hex(o, c, r));
    prop_oneof![
        (
            at.clone(),
            0..4usize,
            prop::sample::select(vec!["entrenchment", "sandbag"]),
            0..3usize,
            any::<bool>()
        )
            .prop_map(|(hex, id, kind, sides, put)| Edit::PutFeature {
                kind: FeatureKind::Token,
                id: format!("t{id}"),
                feature: put
                    .then(|| Feature::Token(Token {
                        id: format!("t{id}"),
                        kind: kind.into(),
                        hex,
                        facing: SIDES[..sides].to_vec(),
                    }))
                    .map(Box::new),
                index: None,
            }),
        (at, 0..6usize, 0..4usize, any::<bool>()).prop_map(|(hex, id, class, put)| {
            let class = ["infantry", "leg", "afv", "cavalry"][class];
            Edit::PutFeature {
                kind: FeatureKind::Unit,
                id: format!("u{id}"),
                feature: put
                    .then(|| {
                        let mut u = Unit::new(format!("u{id}"), class);
                        u.hex = Some(hex);
                        Feature::Unit(u)
                    })
                    .map(Box::new),
                index: None,
            }
        }),
    ]
}

/// One random edit of a small board: paint, a stroke of paints, marker, hexside,
/// token, unit or road.
fn edit(o: Orientation) -> impl Strategy<Value = Edit> {
    let at = (0..8i32, 0..8i32).prop_map(move |(c, r)| hex(o, c, r));
    prop_oneof![
        set_hex(o),
        prop::collection::vec(set_hex(o), 1..6).prop_map(Edit::Batch),
        // A fill or its undo: terrains set, or entries taken away.
        prop::collection::vec((at.clone(), 0..TERRAINS.len() + 1), 1..6).prop_map(|set| {
            Edit::SetTerrains {
                hexes: set.iter().map(|(h, _)| *h).collect(),
                terrains: set
                    .iter()
                    .map(|(_, t)| TERRAINS.get(*t).map(|t| Terrain::from(*t)))
                    .collect(),
            }
        }),
        (
            at.clone(),
            0..6usize,
            prop::sample::select(vec!["river", "bridge", "wall"]),
            any::<bool>()
        )
            .prop_filter_map("side of this orientation", move |(hex, side, kind, put)| {
                let key = HexsideKey::new(o, hex, SIDES[side])?;
                Some(Edit::SetHexside {
                    key,
                    kind: kind.into(),
                    attrs: put.then(HexsideAttrs::default),
                })
            }),
        piece(o),
        // Several pieces moved at once (a selection dragged).
        prop::collection::vec(piece(o), 1..4).prop_map(Edit::Batch),
        // The plan (issue 43): objectives and entries on hexes a paint may make
        // impassable, turns that an arrival may lie beyond, a points target.
        (at.clone(), 0..2usize, any::<bool>()).prop_map(|(hex, id, put)| {
            Edit::PutObjective {
                id: format!("o{id}"),
                objective: put
                    .then(|| Objective {
                        id: format!("o{id}"),
                        name: String::new(),
                        at: Place::Hex(hex),
                        owner: None,
                        value: 1,
                    })
                    .map(Box::new),
                index: None,
            }
        }),
        (at.clone(), 0..2usize, 0..4u32).prop_map(|(hex, id, turn)| {
            let mut u = Unit::new(format!("n{id}"), "infantry");
            u.arrives = Some(Arrival {
                turn,
                at: Place::Hex(hex),
            });
            Edit::put(Feature::Unit(u))
        }),
        prop::option::of(0..4u32).prop_map(Edit::SetTurns),
        (0..4u32).prop_map(|target| Edit::SetVictory(vec![VictoryCondition::FirstTo {
            side: None,
            target,
            count: vec![Score::Objectives],
            unit_points: Default::default(),
        }])),
        (at, 0..2usize, 1..5i32, any::<bool>()).prop_map(|(hex, id, len, put)| {
            Edit::PutFeature {
                kind: FeatureKind::Road,
                id: format!("r{id}"),
                feature: put
                    .then(|| {
                        Feature::Road(Road {
                            id: format!("r{id}"),
                            kind: "road".into(),
                            hexes: (0..len).map(|j| hex + Hex::new(0, j)).collect(),
                        })
                    })
                    .map(Box::new),
                index: None,
            }
        }),
    ]
}

fn case() -> impl Strategy<Value = (usize, Vec<(Edit, bool)>)> {
    (0..RULESETS.len()).prop_flat_map(|i| {
        let o = RULESETS[i].1;
        (
            Just(i),
            prop::collection::vec((edit(o), any::<bool>()), 1..25),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn incremental_findings_equal_a_full_revalidation((i, edits) in case()) {
        let mut rulesets = Rulesets::built_in();
        rulesets
            .load_file(std::path::Path::new("assets/rulesets/examples/ford-and-ridge.ron"))
            .unwrap();
        let (id, o) = RULESETS[i];
        let r = rulesets.get(id).unwrap();
        let board = HexBoard::new(o, 8, 8, Stagger::Odd).unwrap();
        let mut s = Scenario::new("p", id, Board::Hex(board));
        let mut history = History::new();
        let mut v = Validator::new(&s, r);
        // The window's validator follows the step that undoes each change instead
        // (narrowed to the hexes a token or unit stood and stands on).
        let mut w = v.clone();
        let findings = |v: &Validator| v.findings().cloned().collect::<Vec<_>>();
        for (e, undo) in edits {
            if history.apply(&mut s, e.clone()).is_err() {
                continue;
            }
            v.apply(&s, r, &e);
            w.follow(&s, r, history.last_applied().unwrap());
            let full = validate(&s, r);
            prop_assert_eq!(findings(&v), full.clone());
            prop_assert_eq!(findings(&w), full);
            if undo {
                prop_assert!(history.undo(&mut s));
                v.apply(&s, r, &e);
                w.follow(&s, r, history.last_undone().unwrap());
                let full = validate(&s, r);
                prop_assert_eq!(findings(&v), full.clone());
                prop_assert_eq!(findings(&w), full);
                // And its redo.
                prop_assert!(history.redo(&mut s));
                w.follow(&s, r, history.last_done().unwrap());
                prop_assert_eq!(findings(&w), validate(&s, r));
                prop_assert!(history.undo(&mut s));
                w.follow(&s, r, history.last_undone().unwrap());
            }
        }
    }
}
