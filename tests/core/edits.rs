//! Every change is an `Edit` whose application returns its inverse: random sequences
//! undo back to the original and redo to the final state.

use hexx::Hex;
use proptest::prelude::*;
use sandtable::board::freeform::Point;
use sandtable::board::{Board, HexBoard, HexsideKey, Orientation, Side, Stagger};
use sandtable::scenario::edit::TextField;
use sandtable::scenario::{
    Area, Edit, Feature, FeatureKind, HexCell, HexsideAttrs, History, Objective, Place, Road,
    Scenario, Score, Terrain, Token, Unit, VictoryCondition,
};

fn board() -> HexBoard {
    HexBoard::new(Orientation::Pointy, 6, 5, Stagger::Odd).unwrap()
}

fn hex_at(i: usize) -> Hex {
    let b = board();
    b.hexes().nth(i % (6 * 5)).unwrap()
}

fn start() -> Scenario {
    let mut s = Scenario::new("t", "battle-cry-150", Board::Hex(board()));
    s.hexes.insert(hex_at(3), HexCell::terrain("woods"));
    let mut u = Unit::new("u0", "infantry");
    u.hex = Some(hex_at(7));
    s.units.push(u);
    s
}

const TERRAINS: [&str; 4] = ["woods", "hill", "town", "fence"];
const IDS: [&str; 4] = ["a", "b", "c", "d"];

fn edit_strategy() -> impl Strategy<Value = Edit> {
    let leaf = prop_oneof![
        (
            0usize..40,
            prop::option::of(0usize..4),
            -1i32..3,
            prop::collection::vec(0usize..6, 0..3)
        )
            .prop_map(|(h, t, elevation, sides)| Edit::SetHex {
                hex: hex_at(h),
                cell: t.map(|t| HexCell {
                    terrain: TERRAINS[t].into(),
                    elevation,
                    facing: sides
                        .iter()
                        .map(|i| Side::from_index(Orientation::Pointy, *i))
                        .collect(),
                    markers: vec![],
                }),
            }),
        // A fill and its undo: hexes (one may come twice, one may be off the board)
        // given a terrain or their entry taken away.
        prop::collection::vec((0usize..40, prop::option::of(0usize..4)), 0..6).prop_map(|set| {
            Edit::SetTerrains {
                hexes: set.iter().map(|(h, _)| hex_at(*h)).collect(),
                terrains: set
                    .iter()
                    .map(|(_, t)| t.map(|t| Terrain::from(TERRAINS[t])))
                    .collect(),
            }
        }),
        (0usize..30, 0usize..6, any::<bool>()).prop_map(|(h, side, on)| Edit::SetHexside {
            key: HexsideKey::new(
                Orientation::Pointy,
                hex_at(h),
                Side::from_index(Orientation::Pointy, side)
            )
            .unwrap(),
            kind: "river".into(),
            attrs: on.then(HexsideAttrs::default),
        }),
        (
            0usize..4,
            0usize..30,
            prop::option::of(0usize..5),
            prop::option::of(0usize..3)
        )
            .prop_map(|(id, h, index, what)| {
                let id = IDS[id].to_string();
                let feature = what.map(|w| match w {
                    0 => Feature::Token(Token {
                        id: id.clone(),
                        kind: "entrenchment".into(),
                        hex: hex_at(h),
                        facing: vec![Side::NE],
                    }),
                    1 => Feature::Road(Road {
                        id: id.clone(),
                        kind: "road".into(),
                        hexes: vec![hex_at(h), hex_at(h + 1)],
                    }),
                    _ => {
                        let mut u = Unit::new(id.clone(), "cavalry");
                        u.hex = Some(hex_at(h));
                        Feature::Unit(u)
                    }
                });
                let kind = feature.as_ref().map_or(FeatureKind::Unit, Feature::kind);
                Edit::PutFeature {
                    kind,
                    id,
                    feature: feature.map(Box::new),
                    index,
                }
            }),
        "[a-z ]{0,8}".prop_map(|v| Edit::SetText {
            field: TextField::Title,
            value: v
        }),
        (0usize..30, any::<bool>()).prop_map(|(h, off)| Edit::SetOffBoard {
            hex: hex_at(h),
            off
        }),
        (0u8..3, prop::option::of(0i64..9)).prop_map(|(k, v)| Edit::SetSetting {
            key: format!("k{k}"),
            value: v.map(serde_json::Value::from),
        }),
        plan_edit(),
    ];
    leaf.prop_recursive(2, 12, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Edit::Batch)
    })
}

/// The plan's edits (issue 43): turns, first side, side notes, objectives (put and
/// removed, moved), victory conditions, the card's texts.
fn plan_edit() -> impl Strategy<Value = Edit> {
    let objective = (0usize..3, 0usize..30, prop::option::of(0usize..2), 0u32..4).prop_map(
        |(id, h, owner, value)| Objective {
            id: IDS[id].to_string(),
            name: String::new(),
            at: Place::Hexes(vec![hex_at(h), hex_at(h + 1)]),
            owner: owner.map(|o| ["a", "b"][o].to_string()),
            value,
        },
    );
    prop_oneof![
        prop::option::of(0u32..9).prop_map(Edit::SetTurns),
        prop::option::of("[ab]").prop_map(Edit::SetFirstSide),
        ("[ab]", "[xy ]{0,3}").prop_map(|(side, notes)| Edit::SetSideNotes { side, notes }),
        (
            0usize..3,
            prop::option::of(objective),
            prop::option::of(0usize..3)
        )
            .prop_map(|(id, objective, index)| {
                let id = objective
                    .as_ref()
                    .map_or(IDS[id].to_string(), |o| o.id.clone());
                Edit::PutObjective {
                    id,
                    objective: objective.map(Box::new),
                    index,
                }
            }),
        (0u32..9).prop_map(|target| Edit::SetVictory(vec![VictoryCondition::FirstTo {
            side: None,
            target,
            count: vec![Score::Units],
            unit_points: Default::default(),
        }])),
        "[a-z ]{0,8}".prop_map(|v| Edit::SetText {
            field: TextField::Briefing,
            value: v
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_edits_undo_to_the_original_and_redo_to_the_final_state(
        edits in prop::collection::vec(edit_strategy(), 0..25)
    ) {
        let original = start();
        let mut s = original.clone();
        let mut inverses = Vec::new();
        let mut applied = Vec::new();
        for edit in edits {
            let before = s.clone();
            match edit.clone().apply(&mut s) {
                Ok(inv) => { inverses.push(inv); applied.push(edit); }
                // A refused edit changes nothing.
                Err(_) => prop_assert_eq!(&s, &before),
            }
        }
        let last = s.clone();
        let mut redos = Vec::new();
        for inv in inverses.into_iter().rev() {
            redos.push(inv.apply(&mut s).expect("an inverse always applies"));
        }
        prop_assert_eq!(&s, &original);
        for redo in redos.into_iter().rev() {
            redo.apply(&mut s).expect("a redo always applies");
        }
        prop_assert_eq!(&s, &last);

        // The same through the history, as the editor and the command line use it.
        let mut s = original.clone();
        let mut history = History::new();
        for edit in applied {
            history.apply(&mut s, edit).unwrap();
        }
        prop_assert_eq!(&s, &last);
        while history.undo(&mut s) {}
        prop_assert_eq!(&s, &original);
        prop_assert!(!history.is_dirty());
        while history.redo(&mut s) {}
        prop_assert_eq!(&s, &last);
    }
}

#[test]
fn a_paint_stroke_is_one_undo_step() {
    let mut s = start();
    let original = s.clone();
    let mut h = History::new();
    h.begin_group();
    for i in 10..15 {
        h.apply(
            &mut s,
            Edit::SetHex {
                hex: hex_at(i),
                cell: Some(HexCell::terrain("woods")),
            },
        )
        .unwrap();
    }
    h.end_group();
    assert_eq!(s.hexes.len(), 6);
    assert!(h.is_dirty());
    assert!(h.undo(&mut s));
    assert_eq!(s, original);
    assert!(!h.can_undo());
    assert!(h.redo(&mut s));
    assert_eq!(s.hexes.len(), 6);
}

#[test]
fn the_saved_mark_survives_undo_and_redo() {
    let mut s = start();
    let mut h = History::new();
    h.apply(
        &mut s,
        Edit::SetText {
            field: TextField::Title,
            value: "one".into(),
        },
    )
    .unwrap();
    h.mark_saved();
    assert!(!h.is_dirty());
    h.undo(&mut s);
    assert!(h.is_dirty());
    h.redo(&mut s);
    assert!(!h.is_dirty(), "back at the saved state");
    h.undo(&mut s);
    h.apply(
        &mut s,
        Edit::SetText {
            field: TextField::Title,
            value: "two".into(),
        },
    )
    .unwrap();
    assert!(h.is_dirty());
    assert!(!h.can_redo(), "a new edit clears redo");
}

#[test]
fn edits_refuse_what_does_not_fit_and_change_nothing() {
    let mut s = start();
    let before = s.clone();
    let off = Edit::SetHex {
        hex: Hex::new(40, 40),
        cell: Some(HexCell::terrain("woods")),
    };
    assert_eq!(
        off.apply(&mut s).unwrap_err().to_string(),
        "hex BI41 is not on the board"
    );
    // A batch that fails half way is rolled back.
    let batch = Edit::Batch(vec![
        Edit::SetHex {
            hex: hex_at(1),
            cell: Some(HexCell::terrain("hill")),
        },
        Edit::PutFeature {
            kind: FeatureKind::Token,
            id: "nope".into(),
            feature: None,
            index: None,
        },
    ]);
    assert_eq!(
        batch.apply(&mut s).unwrap_err().to_string(),
        "there is no token nope to remove"
    );
    // An id is unique across collections.
    let mut u = Unit::new("x", "infantry");
    u.hex = Some(hex_at(2));
    Edit::PutFeature {
        kind: FeatureKind::Unit,
        id: "x".into(),
        feature: Some(Box::new(Feature::Unit(u))),
        index: None,
    }
    .apply(&mut s)
    .unwrap();
    let area = Area {
        id: "x".into(),
        terrain: "woods".into(),
        polygon: vec![Point::new(0.0, 0.0)],
        level: None,
        passable: None,
        dangerous: None,
        compulsory: None,
        owner: None,
        ..Area::default()
    };
    let err = Edit::PutFeature {
        kind: FeatureKind::Area,
        id: "x".into(),
        feature: Some(Box::new(Feature::Area(area))),
        index: None,
    }
    .apply(&mut s)
    .unwrap_err();
    assert_eq!(err.to_string(), "id x is already used by a unit");
    s.units.retain(|u| u.id != "x");
    assert_eq!(s, before);
}

#[test]
fn validation_reports_what_edits_left_off_the_map() {
    use sandtable::rules::Rulesets;
    use sandtable::rules::check::check_structure;
    let rulesets = Rulesets::built_in();
    let ruleset = rulesets.get("battle-cry-150").unwrap();
    let mut s = start();
    assert!(check_structure(&s, ruleset).is_empty());
    let mut h = History::new();
    h.apply(
        &mut s,
        Edit::SetOffBoard {
            hex: hex_at(7),
            off: true,
        },
    )
    .unwrap();
    let diags = check_structure(&s, ruleset);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].message, "unit u0: hex B2 is not on the map");
    h.undo(&mut s);
    assert!(check_structure(&s, ruleset).is_empty());
}

/// A brush stroke's undo step is a batch of one-hex edits, and the history keeps hundreds
/// of steps: an edit is as big as its largest variant, so the whole feature, objective
/// and board an edit may carry are boxed (320 bytes an edit before, 88 now).
#[test]
fn an_edit_in_the_history_is_small() {
    let size = std::mem::size_of::<Edit>();
    assert!(size <= 96, "an Edit is {size} bytes");
}
