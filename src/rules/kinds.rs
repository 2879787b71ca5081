//! Kinds typed by list: what a ruleset file may say of a terrain, a hexside feature, a
//! token, a marker, a road and a unit class on a hex board, and of an area (a table's
//! terrain), a line, a landmark and a unit class on a freeform table. Each type holds
//! only the fields that work in its list on its board, so a field set where it would do
//! nothing is a load error by construction; once loaded each is the engines' [`Kind`].

use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::model::*;
use super::table::effect::{AreaTable, ClassTable, LandmarkTable, LineTable, TableEffect};

/// `kind_type! { <doc> Name as Effects { <fields> } }`: a kind of one list as files say
/// it, with the fields every kind has (id, name, colour, icon, pattern, description) and
/// its own, each optional; and its effects as the engines read them (`Effects`), each
/// field given its engines' type (`=> type`) and, when `into` does not make it, how
/// (`= conversion`).
macro_rules! kind_type {
    ($(
        $(#[$meta:meta])*
        $name:ident as $fx:ident {
            $( $(#[$fmeta:meta])* $field:ident : $ty:ty => $ety:ty $(= $conv:expr)? ),* $(,)?
        }
    )*) => {$(
        #[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
        #[serde(deny_unknown_fields)]
        $(#[$meta])*
        pub struct $name {
            /// The id written in scenario files (lower case, words joined by `-`).
            pub id: String,
            /// The name shown to people.
            pub name: String,
            /// Its colour on the map, `#rrggbb`.
            #[schemars(example = "#3f7a3a")]
            pub colour: Colour,
            /// Icon file name under `assets/icons/`, if it has one.
            #[serde(default)]
            pub icon: Option<String>,
            /// How the drawing dresses it beyond its colour (trees over woods, a bridge across
            /// its hexside); without one it is drawn as a plain fill or line.
            #[serde(default)]
            pub pattern: Option<Pattern>,
            /// A line on what it is, in the rule text's words where possible.
            #[serde(default)]
            pub description: String,
            $( $(#[$fmeta])* #[serde(default)] pub $field: $ty, )*
        }

        #[doc = concat!("What a kind read as [`", stringify!($name), "`] does, as the engines read it.")]
        #[derive(Debug, Clone, Default, PartialEq)]
        pub struct $fx {
            $( $(#[$fmeta])* pub $field: $ety, )*
        }

        impl $fx {
            /// Its fields into the file's shape, to be written.
            #[allow(unused_variables)]
            fn write(&self, to: &mut KindText) {
                $( to.$field = self.$field.clone(); )*
            }
        }

        impl From<$name> for Kind {
            fn from(k: $name) -> Kind {
                Kind {
                    id: k.id,
                    name: k.name,
                    colour: k.colour,
                    icon: k.icon,
                    pattern: k.pattern,
                    description: k.description,
                    effects: Effects::$name($fx {
                        $( $field: kind_type!(@into k.$field $(, $conv)?), )*
                    }),
                }
            }
        }
    )*

        /// What a kind does, as the engines read it: the effects of its list (on its
        /// board), so an engine asks a terrain for what a terrain has and nothing else.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Effects {
            $(
                #[doc = concat!("A kind read as [`", stringify!($name), "`].")]
                $name($fx),
            )*
        }

        impl Effects {
            /// Its fields into the file's shape, to be written.
            pub(crate) fn write(&self, to: &mut KindText) {
                match self {
                    $( Effects::$name(e) => e.write(to), )*
                }
            }
        }
    };
    (@into $v:expr) => { $v.into() };
    (@into $v:expr, $conv:expr) => { ($conv)($v) };
}

kind_type! {
    /// A terrain of a hex board.
    #[schemars(example = serde_json::json!({
        "id": "woods", "name": "Woods", "colour": "#3f7a3a", "pattern": "trees",
        "description": "Must stop on entry; blocks line of sight.",
        "movement": {"cost": {"*": 1}, "must_stop": ["*"]},
        "battle": {"target_dice": -1},
        "sight": {"blocks": true}
    }))]
    Terrain as TerrainEffects {
        /// What it does to movement.
        movement: TerrainMovement => MoveEffect,
        /// What it does to battles.
        battle: TerrainBattle => BattleEffect,
        /// What it does to line of sight.
        sight: TerrainSight => SightEffect,
        /// What it does to zones of control (needs the ruleset's `zones_of_control`).
        zoc: TerrainZoc => ZocEffect,
        /// What it does to cavalry charges.
        charge: TerrainCharge => ChargeEffect,
        /// Terrain with front sides (an entrenched hex): how many, how arranged.
        facing: Option<FacingSpec> => Option<FacingSpec>,
        /// Built-up terrain whose connected groups take another row of the chart from a
        /// size on (Sticks and Stones: Town at 1-2 hexes, City at 3 or more).
        large_group: Option<TerrainLargeGroup> => Option<LargeGroup>
            = |g: Option<TerrainLargeGroup>| g.map(LargeGroup::from),
    }

    /// A hexside feature (a river, a wall, a ford, a bridge).
    Hexside as HexsideEffects {
        /// What it does to movement across it.
        movement: HexsideMovement => MoveEffect,
        /// What it does to battles across it.
        battle: HexsideBattle => BattleEffect,
        /// What it does to zones of control (needs the ruleset's `zones_of_control`).
        zoc: HexsideZoc => ZocEffect,
        /// What it does to cavalry charges across it.
        charge: HexsideCharge => ChargeEffect,
    }

    /// A token placed on hexes, usually with facing (an entrenchment).
    Token as TokenEffects {
        /// What it does to movement.
        movement: TokenMovement => MoveEffect,
        /// What it does to battles.
        battle: TokenBattle => BattleEffect,
        /// How many front sides it has, how arranged.
        facing: Option<FacingSpec> => Option<FacingSpec>,
        /// The terrains it may be placed on (empty: any).
        allowed_on: Vec<String> => Vec<String>,
    }

    /// An extra per-hex feature (wrecks, a tunnel).
    Marker as MarkerEffects {
        /// What it does to battles.
        battle: MarkerBattle => BattleEffect,
        /// What it does to line of sight (the `tunnel` rule).
        sight: MarkerSight => SightEffect,
        /// The terrains it may be placed on (empty: any).
        allowed_on: Vec<String> => Vec<String>,
    }

    /// A road of a hex board.
    Road as RoadEffects {
        /// What it does to movement along it.
        movement: RoadMovement => MoveEffect,
        /// What it does to battles (`per_other_terrain`).
        battle: RoadBattle => BattleEffect,
    }

    /// A unit class of a hex board.
    UnitClass as ClassEffects {
        /// The base profile.
        profile: Option<UnitProfile> => Option<Profile>
            = |p: Option<UnitProfile>| p.map(Profile::from),
    }

    /// An area terrain of a freeform table (`terrains` of a table ruleset).
    Area as AreaEffects {
        /// What it does on the table.
        table: AreaTable => TableEffect,
        /// Whether it blocks sight on the table.
        sight: FeatureSight => SightEffect,
    }

    /// A line kind of a freeform table (rivers, hedges, roads).
    Line as LineEffects {
        /// What it does on the table.
        table: LineTable => TableEffect,
        /// Whether it blocks sight on the table.
        sight: FeatureSight => SightEffect,
    }

    /// A landmark kind of a freeform table (a bridge, a farm).
    Landmark as LandmarkEffects {
        /// What it does on the table.
        table: LandmarkTable => TableEffect,
        /// Whether it blocks sight on the table.
        sight: FeatureSight => SightEffect,
    }

    /// A unit class of a freeform table.
    TableUnitClass as TableClassEffects {
        /// The base profile: what battle and movement read on a table.
        profile: Option<TableProfile> => Option<Profile>
            = |p: Option<TableProfile>| p.map(Profile::from),
        /// Its fire type, base, and whether it fires on the table.
        table: ClassTable => TableEffect,
    }

    /// A kind of a list the ruleset's board does not use (a table ruleset's hexsides, a
    /// hex ruleset's lines): it may be named and drawn, but does nothing.
    Bare as NoEffects {}
}

impl TerrainEffects {
    /// What a kind read as a terrain that is not one does: nothing.
    pub fn none() -> &'static TerrainEffects {
        static NONE: std::sync::LazyLock<TerrainEffects> =
            std::sync::LazyLock::new(Default::default);
        &NONE
    }
}

impl Effects {
    /// What a new kind of `list` does on a hex board (`hex`) or a table: nothing yet.
    pub fn none(list: KindList, hex: bool) -> Effects {
        match (list, hex) {
            (KindList::Terrain, true) => Effects::Terrain(TerrainEffects::default()),
            (KindList::Terrain, false) => Effects::Area(AreaEffects::default()),
            (KindList::Hexside, true) => Effects::Hexside(HexsideEffects::default()),
            (KindList::Token, true) => Effects::Token(TokenEffects::default()),
            (KindList::Marker, true) => Effects::Marker(MarkerEffects::default()),
            (KindList::Road, true) => Effects::Road(RoadEffects::default()),
            (KindList::Line, false) => Effects::Line(LineEffects::default()),
            (KindList::Landmark, false) => Effects::Landmark(LandmarkEffects::default()),
            (KindList::UnitClass, true) => Effects::UnitClass(ClassEffects::default()),
            (KindList::UnitClass, false) => Effects::TableUnitClass(TableClassEffects::default()),
            _ => Effects::Bare(NoEffects::default()),
        }
    }
}

/// A built-up terrain's other row, for connected groups from `min_size` hexes on.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainLargeGroup {
    /// The group size from which the large row applies.
    #[schemars(example = 3)]
    pub min_size: usize,
    /// The row's name ("City"); the kind's own name is the small row's ("Town").
    pub name: String,
    /// The small row's name as the chart gives it ("Town").
    pub small_name: String,
    /// The large row's movement cost, in place of the kind's.
    pub movement: LargeGroupMovement,
    /// The large row's column shifts, in place of the kind's.
    pub battle: LargeGroupBattle,
}

impl From<TerrainLargeGroup> for LargeGroup {
    fn from(g: TerrainLargeGroup) -> LargeGroup {
        LargeGroup {
            min_size: g.min_size,
            name: g.name,
            small_name: g.small_name,
            movement: g.movement.into(),
            battle: g.battle.into(),
        }
    }
}

/// The type each list's kinds have on one kind of board.
pub trait BoardKinds {
    /// A terrain.
    type Terrain: DeserializeOwned + Into<Kind>;
    /// A hexside feature.
    type Hexside: DeserializeOwned + Into<Kind>;
    /// A token.
    type Token: DeserializeOwned + Into<Kind>;
    /// A marker.
    type Marker: DeserializeOwned + Into<Kind>;
    /// A road.
    type Road: DeserializeOwned + Into<Kind>;
    /// A line.
    type Line: DeserializeOwned + Into<Kind>;
    /// A landmark.
    type Landmark: DeserializeOwned + Into<Kind>;
    /// A unit class.
    type UnitClass: DeserializeOwned + Into<Kind>;
}

/// The kinds of a hex ruleset.
pub enum OnHexes {}

impl BoardKinds for OnHexes {
    type Terrain = Terrain;
    type Hexside = Hexside;
    type Token = Token;
    type Marker = Marker;
    type Road = Road;
    type Line = Bare;
    type Landmark = Bare;
    type UnitClass = UnitClass;
}

/// The kinds of a freeform table's ruleset.
pub enum OnTables {}

impl BoardKinds for OnTables {
    type Terrain = Area;
    type Hexside = Bare;
    type Token = Bare;
    type Marker = Bare;
    type Road = Bare;
    type Line = Line;
    type Landmark = Landmark;
    type UnitClass = TableUnitClass;
}

/// The schema of a ruleset's `terrains`: hex terrains or table areas, by its board.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code, clippy::large_enum_variant)]
pub(crate) enum TerrainOrArea {
    Terrain(Terrain),
    Area(Area),
}

/// The schema of a ruleset's `unit_classes`, by its board.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code, clippy::large_enum_variant)]
pub(crate) enum AnyUnitClass {
    OnHexes(UnitClass),
    OnTables(TableUnitClass),
}

/// A ruleset as a file says it, its lists typed for the board `B`.
#[derive(Deserialize)]
#[serde(rename = "Ruleset", deny_unknown_fields, bound = "")]
pub(crate) struct RulesetText<B: BoardKinds> {
    id: String,
    name: String,
    #[serde(default)]
    source: String,
    #[serde(default)]
    description: String,
    board: crate::board::Board,
    #[serde(default)]
    sides: Vec<crate::scenario::PlayerSide>,
    #[serde(default)]
    flank_sectors: Option<f64>,
    #[serde(default)]
    field_step: Option<f64>,
    #[serde(default)]
    default_terrain: Option<String>,
    terrains: Vec<B::Terrain>,
    #[serde(default)]
    hexsides: Vec<B::Hexside>,
    #[serde(default)]
    tokens: Vec<B::Token>,
    #[serde(default)]
    markers: Vec<B::Marker>,
    #[serde(default)]
    roads: Vec<B::Road>,
    #[serde(default)]
    lines: Vec<B::Line>,
    #[serde(default)]
    landmarks: Vec<B::Landmark>,
    unit_classes: Vec<B::UnitClass>,
    #[serde(default)]
    climb_cost: u32,
    #[serde(default)]
    combat: Option<Combat>,
    #[serde(default)]
    line_of_sight: SightModel,
    #[serde(default)]
    zones_of_control: Option<ZocModel>,
    #[serde(default)]
    square_moves: super::models::squares::SquareMoves,
    #[serde(default)]
    modifiers: Vec<super::modifier::ModifierEntry>,
    #[serde(default)]
    constraints: Vec<super::constraint::Constraint>,
    #[serde(default)]
    layout: Option<super::layout::Layout>,
}

fn kinds<T: Into<Kind>>(list: Vec<T>) -> Vec<Kind> {
    list.into_iter().map(Into::into).collect()
}

impl<B: BoardKinds> From<RulesetText<B>> for Ruleset {
    fn from(t: RulesetText<B>) -> Ruleset {
        Ruleset {
            id: t.id,
            name: t.name,
            source: t.source,
            description: t.description,
            board: t.board,
            sides: t.sides,
            flank_sectors: t.flank_sectors,
            field_step: t.field_step,
            default_terrain: t.default_terrain,
            terrains: kinds(t.terrains),
            hexsides: kinds(t.hexsides),
            tokens: kinds(t.tokens),
            markers: kinds(t.markers),
            roads: kinds(t.roads),
            lines: kinds(t.lines),
            landmarks: kinds(t.landmarks),
            unit_classes: kinds(t.unit_classes),
            climb_cost: t.climb_cost,
            combat: t.combat,
            line_of_sight: t.line_of_sight,
            zones_of_control: t.zones_of_control,
            square_moves: t.square_moves,
            modifiers: t.modifiers,
            constraints: t.constraints,
            layout: t.layout,
        }
    }
}
