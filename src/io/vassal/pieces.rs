//! The pieces of a module: one kind per unit class and side and per token kind, each
//! with a counter image drawn by the scene (the unit alone on a one-hex board, or on a
//! small table), and the piece definitions VASSAL reads (`+/null/type/state`).

use hexx::{Hex, Vec2};

use super::grid::PixelMap;
use super::image;
use super::sequence::encode;
use crate::board::{Board, FreeformBoard, HexBoard, Offset, Side, SquareBoard};
use crate::io::raster::RasterError;
use crate::rules::Ruleset;
use crate::scenario::{Scenario, Token, Unit, shape};
use crate::scene::{self, LayerId, SceneOptions};

/// What a piece stands for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum What {
    Unit { class: String, side: String },
    Token { kind: String },
}

/// A kind of piece in the palette, with its counter image.
#[derive(Debug, Clone)]
pub struct PieceKind {
    pub what: What,
    /// What VASSAL shows as the piece's name.
    pub name: String,
    /// File name under `images/`.
    pub image: String,
    pub png: Vec<u8>,
    pub size: (u32, u32),
    /// The palette list it sits in (the side's name, or "Tokens").
    pub list: String,
}

/// A file name part from an id: letters, digits, `-` and `_`.
fn file_part(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() { "none".into() } else { s }
}

/// Every side: the scenario's list, then sides only units name, in the order they come.
pub fn sides(s: &Scenario) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = s
        .sides
        .iter()
        .map(|p| {
            (
                p.id.clone(),
                if p.name.is_empty() {
                    p.id.clone()
                } else {
                    p.name.clone()
                },
            )
        })
        .collect();
    for u in &s.units {
        if !out.iter().any(|(id, _)| *id == u.side) {
            out.push((
                u.side.clone(),
                if u.side.is_empty() {
                    "No side".into()
                } else {
                    u.side.clone()
                },
            ));
        }
    }
    out
}

/// The kinds of piece: each unit class of the ruleset (and any other the scenario's
/// units name) for each side, then each token kind.
pub fn kinds(s: &Scenario, r: &Ruleset, scale: (f64, f64)) -> Result<Vec<PieceKind>, RasterError> {
    let mut classes: Vec<(String, String)> = r
        .unit_classes
        .iter()
        .map(|k| (k.id.clone(), k.name.clone()))
        .collect();
    for u in &s.units {
        if !classes.iter().any(|(id, _)| *id == u.class) {
            classes.push((u.class.clone(), u.class.clone()));
        }
    }
    let mut out = Vec::new();
    for (side, side_name) in sides(s) {
        for (class, class_name) in &classes {
            let template = s
                .units
                .iter()
                .find(|u| u.side == side && u.class == *class)
                .cloned()
                .unwrap_or_else(|| {
                    let mut u = Unit::new("palette", class.as_str());
                    u.side = side.clone();
                    u
                });
            let (png, size) = unit_image(s, r, &template, scale)?;
            out.push(PieceKind {
                what: What::Unit {
                    class: class.clone(),
                    side: side.clone(),
                },
                name: format!("{side_name} {class_name}"),
                image: format!("unit-{}-{}.png", file_part(&side), file_part(class)),
                png,
                size,
                list: side_name.clone(),
            });
        }
    }
    if s.board.grid().is_some() {
        let board = &s.board;
        let mut tokens: Vec<(String, String)> = r
            .tokens
            .iter()
            .map(|k| (k.id.clone(), k.name.clone()))
            .collect();
        for t in &s.tokens {
            if !tokens.iter().any(|(id, _)| *id == t.kind) {
                tokens.push((t.kind.clone(), t.kind.clone()));
            }
        }
        for (kind, name) in tokens {
            let (png, size) = token_image(s, r, board, &kind, scale)?;
            out.push(PieceKind {
                what: What::Token { kind: kind.clone() },
                name,
                image: format!("token-{}.png", file_part(&kind)),
                png,
                size,
                list: "Tokens".into(),
            });
        }
    }
    Ok(out)
}

/// A one-hex board like `board` (same orientation and hex width).
fn one_hex(board: &HexBoard) -> Result<(HexBoard, Hex), RasterError> {
    let mut b = HexBoard::new(board.orientation, 1, 1, board.stagger)
        .map_err(|e| RasterError::Encode(e.to_string()))?;
    b.hex_width_mm = board.hex_width_mm;
    let hex = b.from_offset(Offset { col: 0, row: 0 });
    Ok((b, hex))
}

/// A board of one cell like `board`'s (a hex or a square), its cell, and the cell's
/// width in millimetres; `None` for a table.
fn one_cell(board: &Board) -> Result<Option<(Board, Hex, f64)>, RasterError> {
    Ok(match board {
        Board::Hex(board) => {
            let (b, hex) = one_hex(board)?;
            let w = b.hex_width_mm;
            Some((Board::Hex(b), hex, w))
        }
        Board::Square(board) => {
            let mut b = SquareBoard::new(1, 1).map_err(|e| RasterError::Encode(e.to_string()))?;
            b.cell_mm = board.cell_mm;
            b.cell_height_mm = board.cell_height_mm;
            Some((Board::Square(b), Hex::ZERO, board.cell_mm))
        }
        // A counter on an area map is drawn on one area of its size.
        Board::Area(board) => {
            let w = board.counter_mm;
            let area = crate::board::area::Area {
                id: "counter".into(),
                name: None,
                polygon: vec![
                    [0.0, 0.0].into(),
                    [w, 0.0].into(),
                    [w, w].into(),
                    [0.0, w].into(),
                ],
                point: None,
                stacking: None,
            };
            let mut b = crate::board::AreaBoard::new(w, w, vec![area])
                .map_err(|e| RasterError::Encode(e.to_string()))?;
            b.counter_mm = w;
            Some((Board::Area(b), Hex::ZERO, w))
        }
        Board::Freeform(_) => None,
    })
}

/// The scenario with nothing on it but what `place` puts there; the other units stay
/// listed (off the board) so that sides keep their colours.
fn alone(s: &Scenario, board: Board) -> Scenario {
    let mut mini = Scenario::new(&s.title, &s.ruleset, board);
    mini.sides = s.sides.clone();
    mini.units = s
        .units
        .iter()
        .cloned()
        .map(|mut u| {
            u.hex = None;
            u.at = None;
            u
        })
        .collect();
    mini
}

fn draw(
    mini: &Scenario,
    r: &Ruleset,
    layer: LayerId,
    centre_mm: Vec2,
    half_mm: (f64, f64),
    scale: (f64, f64),
) -> Result<(Vec<u8>, (u32, u32)), RasterError> {
    let options = SceneOptions {
        layers: vec![layer],
        grid: false,
        hex_labels: false,
        ..SceneOptions::default()
    };
    let scene = scene::build(mini, r, &options);
    let mm_per_unit = f64::from(scene.mm_per_unit);
    let (cx, cy) = (
        f64::from(centre_mm.x) * mm_per_unit,
        f64::from(centre_mm.y) * mm_per_unit,
    );
    let w = ((2.0 * half_mm.0 * scale.0).ceil() as u32).max(1);
    let h = ((2.0 * half_mm.1 * scale.1).ceil() as u32).max(1);
    let map = PixelMap {
        scale,
        offset: (-(cx - half_mm.0) * scale.0, -(cy - half_mm.1) * scale.1),
        image: (w, h),
    };
    let [r8, g8, b8, _] = scene.background.0;
    let png = image::render(&scene, &map, Some([r8, g8, b8]))?;
    Ok((png, (w, h)))
}

fn unit_image(
    s: &Scenario,
    r: &Ruleset,
    template: &Unit,
    scale: (f64, f64),
) -> Result<(Vec<u8>, (u32, u32)), RasterError> {
    let mut u = template.clone();
    match (&s.board, one_cell(&s.board)?) {
        (_, Some((b, hex, w))) => {
            let centre = b.grid().map_or(Vec2::ZERO, |g| g.layout().centre(hex));
            let mut mini = alone(s, b);
            u.hex = Some(hex);
            u.at = None;
            mini.units.push(u);
            draw(
                &mini,
                r,
                LayerId::Units,
                centre,
                (0.28 * w, 0.23 * w),
                scale,
            )
        }
        (Board::Freeform(t), None) => {
            let (f, d) = shape::unit_size(&u);
            let side = f.max(d).max(1.0) * 1.2;
            let table = FreeformBoard {
                width: side,
                height: side,
                unit: t.unit,
                cm_per_unit: t.cm_per_unit,
                background: None,
            };
            let mm = table.cm_per_unit().unwrap_or(1.0) * 10.0;
            let mut mini = alone(s, Board::Freeform(table));
            u.at = Some(crate::board::freeform::Point {
                x: side / 2.0,
                y: side / 2.0,
            });
            u.hex = None;
            u.facing_deg = Some(0.0);
            mini.units.push(u);
            let c = Vec2::splat((side / 2.0) as f32);
            let half = (f * mm / 2.0 + 1.0, d * mm / 2.0 + 1.0);
            draw(&mini, r, LayerId::Units, c, half, scale)
        }
        (_, None) => Err(RasterError::Encode("a board of cells has a cell".into())),
    }
}

fn token_image(
    s: &Scenario,
    r: &Ruleset,
    board: &Board,
    kind: &str,
    scale: (f64, f64),
) -> Result<(Vec<u8>, (u32, u32)), RasterError> {
    let Some((b, hex, w)) = one_cell(board)? else {
        return Err(RasterError::Encode("a table has no tokens".into()));
    };
    let centre = b.grid().map_or(Vec2::ZERO, |g| g.layout().centre(hex));
    let mut mini = alone(s, b);
    mini.tokens.push(Token {
        id: "palette".into(),
        kind: kind.to_string(),
        hex,
        facing: Vec::new(),
    });
    draw(&mini, r, LayerId::Tokens, centre, (0.5 * w, 0.5 * w), scale)
}

/// Degrees clockwise from north that a token's front sides face (their mean direction).
pub fn token_facing<'b>(board: impl Into<crate::board::Grid<'b>>, t: &Token) -> f64 {
    front_direction(board, t.hex, &t.facing).unwrap_or(0.0)
}

/// Degrees clockwise from north of the mean direction of `sides` of `hex`; none when
/// they have none (no sides, or sides that cancel out).
pub fn front_direction<'b>(
    board: impl Into<crate::board::Grid<'b>>,
    hex: Hex,
    sides: &[Side],
) -> Option<f64> {
    let layout = board.into().layout();
    let c = layout.centre(hex);
    let sum = sides
        .iter()
        .filter_map(|side| layout.side_midpoint(hex, *side))
        .fold(Vec2::ZERO, |acc, m| acc + (m - c).normalize_or_zero());
    // Unit vectors to sides that do not cancel out add up to at least 1; the sum of
    // opposite sides is rounding alone, whose direction is noise.
    (sum.length() >= 1e-3).then(|| f64::from(sum.x.atan2(-sum.y).to_degrees()).rem_euclid(360.0))
}

/// The Marker property of a token piece that lists its front sides, as the scenario
/// names them, separated by spaces, as the map lies: its rotation alone cannot tell
/// three sides from the one in their middle.
pub const FRONT: &str = "Front";

/// The piece definition (`+/null/type/state`) of a kind, turned `clockwise_deg`, a token
/// with the front sides `front`.
pub fn definition(kind: &PieceKind, gpid: u32, clockwise_deg: f64, front: &[Side]) -> String {
    let (type_, state) = type_and_state(
        kind,
        &kind.name,
        &gpid.to_string(),
        (clockwise_deg, front),
        (0, 0),
    );
    encode(&["+", "null", type_.as_str(), state.as_str()], '/')
}

/// A piece of `kind` named `name` as VASSAL writes it: its type (traits, outermost first)
/// and its state, turned `turn.0` degrees clockwise (a token with the front sides
/// `turn.1`, listed under [`FRONT`] when there are any), its basic piece at `at` (map
/// pixels) with the palette slot's `gpid`.
pub fn type_and_state(
    kind: &PieceKind,
    name: &str,
    gpid: &str,
    turn: (f64, &[Side]),
    at: (i32, i32),
) -> (String, String) {
    let (clockwise_deg, front) = turn;
    let front: Vec<String> = front.iter().map(ToString::to_string).collect();
    let front = front.join(" ");
    let (marker_keys, marker_values): (Vec<&str>, Vec<&str>) = match &kind.what {
        What::Unit { class, side } => (vec!["Kind", "Class", "Side"], vec!["unit", class, side]),
        What::Token { kind } if !front.is_empty() => (
            vec!["Kind", "Class", FRONT],
            vec!["token", kind, front.as_str()],
        ),
        What::Token { kind } => (vec!["Kind", "Class"], vec!["token", kind]),
    };
    // FreeRotator, free rotation: 1 angle; Ctrl+R (key 82, modifiers 130) sets it.
    let rotate_type = format!(
        "rotate;{}",
        encode(
            &["1", "82,130", "Rotate", "", "", "", "", "", "", "", "true"],
            ';'
        )
    );
    let marker_type = format!("mark;{}", encode(&marker_keys, ','));
    let basic_type = format!(
        "piece;{}",
        encode(&["", "", kind.image.as_str(), name], ';')
    );
    // VASSAL turns counter-clockwise for a positive angle.
    let angle = (360.0 - clockwise_deg).rem_euclid(360.0);
    let angle = if angle.abs() < 1e-9 { 0.0 } else { angle };
    // Each trait's type (and state) is followed by its inner piece's, as one field.
    let type_ = encode(
        &[rotate_type, encode(&[marker_type, basic_type], '\t')],
        '\t',
    );
    let basic_state = encode(
        &["null", &at.0.to_string(), &at.1.to_string(), gpid, "0"],
        ';',
    );
    let state = encode(
        &[
            format!("{angle}"),
            encode(&[encode(&marker_values, ','), basic_state], '\t'),
        ],
        '\t',
    );
    (type_, state)
}
