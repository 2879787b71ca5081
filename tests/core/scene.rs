//! The scene (one drawing of a scenario) and its SVG: what a reader of an exported map
//! or a front end drawing the scene would notice.
//!
//! Set `SCENE_SVG_DIR=dir` to keep each example's SVG for a look by eye.

use std::path::{Path, PathBuf};

use sandtable::board::{Board, HexBoard, Orientation, Stagger};
use sandtable::io::svg::{SvgOptions, write_svg};
use sandtable::rules::{KindList, Pattern, Rulesets};
use sandtable::scenario::{HexCell, Scenario, Unit};
use sandtable::scene::{self, Item, LayerId, Rgba, SceneOptions};

use crate::common::examples;

fn load(path: &Path, rulesets: &Rulesets) -> Scenario {
    sandtable::io::load_scenario(path, rulesets).unwrap()
}

#[test]
fn every_example_draws_and_writes_an_svg_that_parses() {
    let rulesets = Rulesets::built_in();
    let keep = std::env::var_os("SCENE_SVG_DIR").map(PathBuf::from);
    for path in examples() {
        let s = load(&path, &rulesets);
        let r = rulesets.get(&s.ruleset).unwrap();
        let scene = scene::build(&s, r, &SceneOptions::default());
        assert!(!scene.layer(LayerId::Terrain).is_empty(), "{path:?}");
        if !s.units.is_empty() {
            assert!(!scene.layer(LayerId::Units).is_empty(), "{path:?}");
        }
        let text = write_svg(&scene, &SvgOptions::default());
        // The class symbols travel inside the file, not as links to icon files.
        if s.units.iter().any(|u| {
            r.kind(KindList::UnitClass, &u.class)
                .and_then(|k| k.icon.as_ref())
                .is_some()
        }) {
            assert!(text.contains("data:image/svg+xml;base64,"), "{path:?}");
        }
        assert!(!text.contains("href=\"assets/"), "{path:?}");
        // Well-formed: the svg crate's own parser reads every event back.
        for event in svg::read(&text).unwrap() {
            assert!(!matches!(event, svg::parser::Event::Error(_)), "{path:?}");
        }
        if let Some(dir) = &keep {
            std::fs::create_dir_all(dir).unwrap();
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            std::fs::write(dir.join(format!("{name}.svg")), text).unwrap();
        }
    }
}

/// A board of `n` x `n` hexes, every hex set, units on some.
fn big(n: u32) -> Scenario {
    let board = HexBoard::new(Orientation::Pointy, n, n, Stagger::Odd).unwrap();
    let terrains = [
        "woods", "hill", "town", "field", "orchard", "waterway", "clear",
    ];
    let mut s = Scenario::new("big", "battle-cry-150", Board::Hex(board.clone()));
    for (i, hex) in board.hexes().enumerate() {
        s.hexes
            .insert(hex, HexCell::terrain(terrains[i % terrains.len()]));
    }
    s
}

#[test]
fn hex_boards_measure_hex_width_mm_and_print_at_that_size() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let s = big(13);
    let scene = scene::build(&s, r, &SceneOptions::default());
    let w = s.board.as_hex().unwrap().hex_width_mm as f32;
    // 13 pointy hexes across the flats, plus half a hex for the staggered rows.
    assert!(
        (scene.size_mm().x - 13.5 * w).abs() < 0.01,
        "{:?}",
        scene.size
    );
    let text = write_svg(&scene, &SvgOptions::default());
    assert!(
        text.contains(&format!("width=\"{}mm\"", 13.5 * w)),
        "{}",
        &text[..200]
    );
}

#[test]
fn each_hex_is_filled_with_its_terrain_colour() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let s = big(5);
    let board = s.board.as_hex().unwrap().clone();
    let scene = scene::build(&s, r, &SceneOptions::default());
    let terrain = scene.layer(LayerId::Terrain);
    for (i, hex) in board.hexes().enumerate() {
        let want: Rgba = r
            .kind(KindList::Terrain, &s.hexes[&hex].terrain)
            .unwrap()
            .colour
            .into();
        // The first item of a hex's cell is its fill.
        match terrain.cell(i).first() {
            Some(Item::Polygon { style, points }) => {
                assert_eq!(style.fill, Some(want), "{}", board.label(hex));
                assert_eq!(points.len(), 6);
            }
            other => panic!("{}: {other:?}", board.label(hex)),
        }
    }
}

#[test]
fn woods_read_without_labels_tree_symbols_over_the_fill() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    assert_eq!(
        r.kind(KindList::Terrain, "woods").unwrap().pattern,
        Some(Pattern::Trees)
    );
    let s = big(3);
    let scene = scene::build(&s, r, &SceneOptions::default());
    // Hex 0 is woods: more than its fill.
    let trees = scene.layer(LayerId::Terrain).cell(0)[1..]
        .iter()
        .filter(|i| matches!(i, Item::Circle { .. }))
        .count();
    assert!(trees >= 3, "{trees} tree crowns");
}

#[test]
fn each_side_has_its_own_counter_colour() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let mut s = big(3);
    let board = s.board.as_hex().unwrap().clone();
    let hexes: Vec<_> = board.hexes().collect();
    for (i, side) in ["union", "confederate"].iter().enumerate() {
        let mut u = Unit::new(format!("u{i}"), "infantry");
        u.side = side.to_string();
        u.hex = Some(hexes[i]);
        s.units.push(u);
    }
    let scene = scene::build(&s, r, &SceneOptions::default());
    let fill = |cell: usize| match scene.layer(LayerId::Units).cell(cell).first() {
        Some(Item::Polygon { style, .. }) => style.fill,
        _ => None,
    };
    assert!(fill(0).is_some());
    assert_ne!(fill(0), fill(1));
}

#[test]
fn hex_labels_sit_clear_of_the_counter() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let mut s = big(3);
    let hex = s.board.as_hex().unwrap().hexes().next().unwrap();
    let mut u = Unit::new("u1", "infantry");
    u.hex = Some(hex);
    s.units.push(u);
    let scene = scene::build(&s, r, &SceneOptions::default());
    let counter_top = match scene.layer(LayerId::Units).cell(0).first() {
        Some(Item::Polygon { points, .. }) => points.iter().map(|p| p.y).fold(f32::MAX, f32::min),
        other => panic!("{other:?}"),
    };
    let label_bottom = scene
        .layer(LayerId::Labels)
        .cell(0)
        .iter()
        .find_map(|i| match i {
            Item::Text { at, size, text, .. } if text == "A1" => Some(at.y + size / 2.0),
            _ => None,
        })
        .expect("a label A1");
    assert!(
        label_bottom <= counter_top,
        "{label_bottom} > {counter_top}"
    );
}

#[test]
fn hidden_layers_are_left_out_of_scene_and_svg() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let s = big(4);
    let o = SceneOptions {
        layers: vec![LayerId::Terrain],
        ..SceneOptions::default()
    };
    let scene = scene::build(&s, r, &o);
    assert!(scene.layer(LayerId::Grid).is_empty());
    assert!(scene.layer(LayerId::Labels).is_empty());
    let all = scene::build(&s, r, &SceneOptions::default());
    let text = write_svg(
        &all,
        &SvgOptions {
            layers: Some(vec![LayerId::Grid]),
            ..SvgOptions::default()
        },
    );
    assert!(text.contains("layer-grid"));
    assert!(!text.contains("layer-terrain"));
}

#[test]
fn grid_and_hex_labels_can_be_turned_off() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let s = big(4);
    let o = SceneOptions {
        grid: false,
        hex_labels: false,
        ..SceneOptions::default()
    };
    let scene = scene::build(&s, r, &o);
    assert!(scene.layer(LayerId::Grid).is_empty());
    assert!(scene.layer(LayerId::Labels).is_empty());
}

#[test]
fn every_kind_of_every_ruleset_is_drawn() {
    // One scenario per ruleset that names each kind once: each adds items beyond the
    // bare board's.
    let rulesets = Rulesets::built_in();
    for r in rulesets.iter() {
        let bare = Scenario::new("t", r.id.clone(), r.board.clone());
        let base = count(&scene::build(&bare, r, &SceneOptions::default()));
        for list in KindList::ALL {
            for k in r.kinds(list) {
                let mut s = bare.clone();
                if !place(&mut s, list, &k.id) {
                    continue;
                }
                let n = count(&scene::build(&s, r, &SceneOptions::default()));
                assert!(
                    n > base || list == KindList::Terrain,
                    "{} {} {}",
                    r.id,
                    list.noun(),
                    k.id
                );
                if list == KindList::Terrain && Some(k.id.as_str()) != r.default_terrain.as_deref()
                {
                    let scene = scene::build(&s, r, &SceneOptions::default());
                    let fills: Vec<_> = scene
                        .layer(LayerId::Terrain)
                        .items()
                        .iter()
                        .filter_map(|i| match i {
                            Item::Polygon { style, .. } => style.fill,
                            _ => None,
                        })
                        .collect();
                    let c: Rgba = k.colour.into();
                    assert!(fills.contains(&c), "{} terrain {}", r.id, k.id);
                }
            }
        }
    }
}

fn count(s: &scene::Scene) -> usize {
    s.layers.iter().map(|l| l.items().len()).sum()
}

/// Puts one item of kind `id` on the scenario's board.
fn place(s: &mut Scenario, list: KindList, id: &str) -> bool {
    use sandtable::board::freeform::Point;
    use sandtable::board::{HexsideKey, Side};
    use sandtable::scenario::{Area, HexsideAttrs, Landmark, Line, Road, Token};
    match s.board.clone() {
        Board::Hex(b) => {
            let h = b
                .parse_label(&b.label(b.from_offset(sandtable::board::Offset { col: 2, row: 2 })))
                .unwrap();
            let n = h + Side::all(b.orientation)[0].step(b.orientation).unwrap();
            match list {
                KindList::Terrain => {
                    s.hexes.insert(h, HexCell::terrain(id));
                }
                KindList::Hexside => {
                    let key = HexsideKey::between(h, n);
                    s.hexsides
                        .insert((key, id.to_string()), HexsideAttrs { up: Some(h) });
                }
                KindList::Token => s.tokens.push(Token {
                    id: "t1".into(),
                    kind: id.into(),
                    hex: h,
                    facing: vec![Side::all(b.orientation)[0]],
                }),
                KindList::Marker => {
                    let mut c = HexCell::terrain(s.hexes.get(&h).map_or("clear", |c| &c.terrain));
                    c.markers.push(id.into());
                    s.hexes.insert(h, c);
                }
                KindList::Road => s.roads.push(Road {
                    id: "r1".into(),
                    kind: id.into(),
                    hexes: vec![h, n],
                }),
                KindList::UnitClass => {
                    let mut u = Unit::new("u1", id);
                    u.hex = Some(h);
                    s.units.push(u);
                }
                _ => return false,
            }
        }
        Board::Square(_) => unreachable!("the examples have no square board"),
        Board::Area(_) => unreachable!("the examples have no area map"),
        Board::Freeform(_) => {
            let square = |x: f64| {
                vec![
                    Point::new(x, 10.0),
                    Point::new(x + 20.0, 10.0),
                    Point::new(x + 20.0, 30.0),
                    Point::new(x, 30.0),
                ]
            };
            match list {
                KindList::Terrain => s.areas.push(Area {
                    id: "a1".into(),
                    terrain: id.into(),
                    polygon: square(10.0),
                    level: None,
                    passable: None,
                    dangerous: None,
                    compulsory: None,
                    owner: None,
                    ..Area::default()
                }),
                KindList::Line => s.lines.push(Line {
                    id: "l1".into(),
                    kind: id.into(),
                    points: vec![Point::new(5.0, 5.0), Point::new(40.0, 20.0)],
                    width: None,
                    ..Line::default()
                }),
                KindList::Landmark => s.landmarks.push(Landmark {
                    id: "m1".into(),
                    kind: id.into(),
                    at: Some(Point::new(20.0, 20.0)),
                    size: None,
                    polygon: None,
                    ..Landmark::default()
                }),
                KindList::UnitClass => {
                    let mut u = Unit::new("u1", id);
                    u.at = Some(Point::new(30.0, 30.0));
                    s.units.push(u);
                }
                _ => return false,
            }
        }
    }
    true
}

#[test]
fn a_side_with_its_own_colour_draws_its_counters_in_it() {
    use sandtable::scenario::PlayerSide;
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let mut s = big(3);
    let hex = s.board.as_hex().unwrap().hexes().next().unwrap();
    let green: sandtable::colour::Colour = "#10a040".to_string().try_into().unwrap();
    s.sides.push(PlayerSide {
        id: "union".into(),
        name: "Union".into(),
        base_edge: None,
        colour: Some(green),
    });
    let mut u = Unit::new("u1", "infantry");
    u.side = "union".into();
    u.hex = Some(hex);
    s.units.push(u);
    let scene = scene::build(&s, r, &SceneOptions::default());
    match scene.layer(LayerId::Units).cell(0).first() {
        Some(Item::Polygon { style, .. }) => assert_eq!(style.fill, Some(Rgba::rgb(16, 160, 64))),
        other => panic!("{other:?}"),
    }
}

/// A view of a big board is drawn on its own: only the hexes it shows (and a hex of
/// margin), each exactly as the whole board's drawing has it.
#[test]
fn a_view_draws_its_hexes_as_the_whole_board_does() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let board = HexBoard::new(Orientation::Pointy, 60, 50, Stagger::Odd).unwrap();
    let mut s = Scenario::new("view", "battle-cry-150", Board::Hex(board.clone()));
    let terrains = ["woods", "hill", "town", "waterway", "clear"];
    for (i, hex) in board.hexes().enumerate() {
        let mut cell = HexCell::terrain(terrains[i % terrains.len()]);
        cell.elevation = u8::from(i % 5 == 1) as i32;
        s.hexes.insert(hex, cell);
        if i % 97 == 0 {
            let mut u = Unit::new(format!("u{i}"), "infantry");
            u.side = "union".into();
            u.hex = Some(hex);
            s.units.push(u);
        }
    }
    let whole = scene::build(&s, r, &SceneOptions::default());
    let w = board.hex_width_mm as f32;
    let (min, max) = (
        hexx::Vec2::new(10.0 * w, 8.0 * w),
        hexx::Vec2::new(22.0 * w, 17.0 * w),
    );
    let view = scene::build(
        &s,
        r,
        &SceneOptions {
            view: Some([min, max]),
            ..SceneOptions::default()
        },
    );
    let window = view.window.unwrap();
    assert!(!window.whole);
    assert!(window.len() < board.area() / 4, "{window:?}");
    assert!(view.covers(min, max));
    assert!(!view.covers(hexx::Vec2::ZERO, whole.size));
    assert!(whole.covers(hexx::Vec2::ZERO, whole.size));

    let shown = view.cells_in(min, max).unwrap();
    let in_whole = whole.cells_in(min, max).unwrap();
    assert_eq!(shown.len(), in_whole.len());
    assert!(!shown.is_empty());
    for layer in LayerId::ALL {
        for (a, b) in shown.iter().zip(&in_whole) {
            assert_eq!(
                view.layer(*layer).cell(*a),
                whole.layer(*layer).cell(*b),
                "{layer:?} cell {b}"
            );
        }
    }
    // Far away hexes are not drawn at all.
    let items = |sc: &scene::Scene| -> usize {
        LayerId::ALL
            .iter()
            .map(|l| sc.layer(*l).items().len())
            .sum()
    };
    assert!(items(&view) * 4 < items(&whole));
}

/// A board seen from far is one colour per hex: the colour its terrain's fill has in
/// the scene, shaded by height, under its first unit's counter.
#[test]
fn hex_colours_are_the_scenes_own() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let board = HexBoard::new(Orientation::Pointy, 12, 9, Stagger::Odd).unwrap();
    let mut s = Scenario::new("far", "battle-cry-150", Board::Hex(board.clone()));
    let terrains = [
        "woods",
        "hill",
        "town",
        "waterway",
        "clear",
        "no-such-terrain",
    ];
    for (i, hex) in board.hexes().enumerate() {
        s.hexes
            .insert(hex, HexCell::terrain(terrains[i % terrains.len()]));
        if i % 17 == 0 {
            let mut u = Unit::new(format!("u{i}"), "infantry");
            u.side = "confederate".into();
            u.hex = Some(hex);
            s.units.push(u);
        }
    }
    let o = SceneOptions::default();
    let scene = scene::build(&s, r, &o);
    let colours = scene::hex_colours(&s, r, &board, &o, scene.background);
    assert_eq!(colours.len(), board.area());
    for (i, hex) in board.hexes().enumerate() {
        let first_fill = |layer: LayerId| match scene.layer(layer).cell(i).first() {
            Some(Item::Polygon { style, .. }) => style.fill,
            _ => None,
        };
        let want = first_fill(LayerId::Units)
            .or(first_fill(LayerId::Terrain))
            .unwrap();
        assert_eq!(colours[i], want, "{}", board.label(hex));
    }
}

#[test]
fn a_pbs_table_draws_its_sectors_and_centre_line_as_guides() {
    // 9.E "The table has two flank sectors of 10BW measured from each side-edge"; 10.B
    // "You cannot deploy closer than 6BW to the table centre line".
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("pbs-2023").unwrap();
    let s = Scenario::new("t", "pbs-2023", r.board.clone());
    let scene = scene::build(&s, r, &SceneOptions::default());
    let guides = scene.layer(LayerId::Overlays).free();
    let texts: Vec<&str> = guides
        .iter()
        .filter_map(|i| match i {
            Item::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert!(texts.contains(&"centre line") && texts.contains(&"flank sector"));
    let centre = guides.iter().any(|i| match i {
        Item::Polyline { points, .. } => points.iter().all(|p| (p.y - 15.0).abs() < 1e-4),
        _ => false,
    });
    assert!(centre, "a line across the table at 15 BW");
}

/// Issue 41: "the woods pattern hides the hex labels (labels stay readable over every
/// pattern, as on a printed map)": a label over woods sits on a light plate drawn just
/// before it; a label over plain clear ground needs none.
#[test]
fn hex_labels_over_a_pattern_sit_on_a_light_plate() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let s = big(3);
    let scene = scene::build(&s, r, &SceneOptions::default());
    let labels = scene.layer(LayerId::Labels);
    // Hex 0 is woods, hex 6 clear (the `big` board's terrain cycle).
    let plate_before_label = |cell: usize| {
        let items = labels.cell(cell);
        items.windows(2).any(|w| match (&w[0], &w[1]) {
            (Item::Polyline { stroke, .. }, Item::Text { size, .. }) => {
                stroke.width >= *size && stroke.colour.luminance() > 0.8
            }
            _ => false,
        })
    };
    assert!(plate_before_label(0), "{:?}", labels.cell(0));
    assert!(!plate_before_label(6), "{:?}", labels.cell(6));
}

/// Issue 41: "At 32% zoom a lone general is a tiny square": a general alone in its hex
/// is a counter as big as a unit's; beside a unit it is the small badge at its corner.
#[test]
fn a_lone_general_is_a_full_counter_and_a_general_with_troops_a_badge() {
    let rulesets = Rulesets::built_in();
    let r = rulesets.get("battle-cry-150").unwrap();
    let mut s = big(3);
    let hexes: Vec<_> = s.board.as_hex().unwrap().hexes().collect();
    let mut put = |id: &str, class: &str, hex| {
        let mut u = Unit::new(id, class);
        u.hex = Some(hex);
        s.units.push(u);
    };
    put("g1", "general", hexes[0]);
    put("u1", "infantry", hexes[1]);
    put("g2", "general", hexes[1]);
    let scene = scene::build(&s, r, &SceneOptions::default());
    let widths = |cell: usize| -> Vec<f32> {
        scene
            .layer(LayerId::Units)
            .cell(cell)
            .iter()
            .filter_map(|i| match i {
                Item::Polygon { points, style } if style.stroke.is_some() => {
                    let (lo, hi) = points.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                        (lo.min(p.x), hi.max(p.x))
                    });
                    Some(hi - lo)
                }
                _ => None,
            })
            .collect()
    };
    let (lone, beside) = (widths(0), widths(1));
    assert_eq!(lone.len(), 1);
    assert_eq!(beside.len(), 2);
    let unit = beside[0];
    assert!(
        (lone[0] - unit).abs() < 1e-3,
        "lone general {lone:?}, unit {unit}"
    );
    assert!(beside[1] < unit * 0.6, "badge {beside:?}");
}
