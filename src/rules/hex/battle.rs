//! What the rules say about one unit attacking another on a hex board: whether it may,
//! and why. The count itself is the ruleset's combat model's (dice, column shifts: one
//! file each in `rules::models::combat`); this holds what every model reads (the
//! attacker's reach, the target's terrain and facing, the sides crossed, the ruleset's
//! modifier entries) and the answer's types.

use hexx::Hex;

use super::built_up::BuiltUp;
use super::movement::Feature;
use super::sight::{SightMap, Sighting};
use crate::board::line::{Step, exit_sides};
use crate::board::{Grid, HexsideKey, Side};
use crate::rules::model::{Kind, KindList, Ruleset, Situation, names_class};
use crate::rules::models::combat::Attack;
use crate::rules::modifier::{self as entry, Effect};
use crate::rules::question::{PlaceError, PlaceErrorKind};
use crate::scenario::{HexCell, Scenario, Unit};

/// One thing that changed the dice or the column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modifier {
    /// What it is, as the answer says it ("attacker on woods").
    pub source: String,
    /// Dice added (negative: taken away).
    pub dice: Option<i32>,
    /// Columns shifted to the left.
    pub shift: Option<i32>,
    /// Whether it counts in the total.
    pub counts: Counts,
    /// The rule text of a ruleset modifier entry.
    pub quote: Option<String>,
}

/// Whether a modifier counts in the answer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Counts {
    /// It counts.
    #[default]
    Yes,
    /// Listed to say why it does not apply (the attacker is behind the fence).
    No,
    /// Replaced by the modifier with this source (a unit in the tunnel takes the
    /// tunnel's row instead of the forest's).
    ReplacedBy(String),
}

/// A modifier as a line of text: what it adds, or what replaced it. `None` for one
/// listed only to say why it does not apply. (`sandtable battle` and the designer's
/// battle preview say it alike.)
pub fn modifier_line(m: &Modifier, all: &[Modifier]) -> Option<String> {
    let amount = |m: &Modifier| match (m.dice, m.shift) {
        (Some(d), _) => format!("{d:+} dice"),
        (_, Some(x)) => format!("{x} left"),
        _ => String::new(),
    };
    match &m.counts {
        Counts::No => None,
        Counts::ReplacedBy(by) => {
            let with = all
                .iter()
                .find(|o| &o.source == by)
                .map_or(String::new(), |o| {
                    format!(" {}", amount(o).trim_end_matches(" left"))
                });
            Some(format!(
                "{} {}, replaced by: {by}{with}",
                m.source,
                amount(m)
            ))
        }
        Counts::Yes => {
            let line = match (m.dice, m.shift) {
                (Some(d), _) => format!("{d:+} {}", m.source),
                (_, Some(x)) => format!("{x} column(s) left: {}", m.source),
                _ => m.source.clone(),
            };
            // A ruleset's modifier entry says which rule it applies.
            Some(match &m.quote {
                // A quote left empty (a module editor field not filled) quotes nothing.
                Some(q) if !q.trim().is_empty() => format!("{line} (\"{q}\")"),
                _ => line,
            })
        }
    }
}

/// What a board counts for one attack before the line's cover: the ruleset's combat
/// model counts it (dice or column shifts), on hexes or on a table.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Odds {
    /// Whether the rules allow the battle.
    pub allowed: bool,
    /// Why not, when they do not.
    pub reason: Option<String>,
    /// Dice before modifiers (Battle Cry).
    pub base_dice: Option<i32>,
    /// Dice rolled, never below 0 (Battle Cry).
    pub dice: Option<i32>,
    /// Fire combat column shift to the left (Sticks and Stones).
    pub column_shift: Option<i32>,
    /// Close assault column shift to the left, when the target is adjacent and may be
    /// assaulted (Sticks and Stones).
    pub assault_shift: Option<i32>,
    /// The dice are multiplied by it, rounding down.
    pub dice_factor: Option<f64>,
    /// Dice and column modifiers (hexes).
    pub modifiers: Vec<Modifier>,
    /// Retreat flags the target may ignore.
    pub ignore_retreat_flags: u32,
    /// Features (id, name) that give the defender the hand-to-hand advantage against a
    /// charge from the attacker.
    pub hand_to_hand: Vec<(String, String)>,
}

impl Odds {
    /// An attack the rules refuse, and why.
    pub fn refused(reason: String) -> Odds {
        Odds {
            allowed: false,
            reason: Some(reason),
            ..Odds::default()
        }
    }

    /// Dice counted on either board: `base` before modifiers, `dice` after them, then
    /// multiplied by `factor` (rounding down) and never below 0; no dice left refuse.
    pub fn dice(base: i32, dice: i32, factor: Option<f64>, modifiers: Vec<Modifier>) -> Odds {
        let (dice, allowed, reason) = rolled(dice, factor);
        Odds {
            allowed,
            reason,
            base_dice: Some(base),
            dice: Some(dice),
            dice_factor: factor,
            modifiers,
            ..Odds::default()
        }
    }
}

/// The answer to "what happens if ATTACKER battles TARGET?" on a hex board: the odds
/// (read through it: `b.dice`), the range, and the line of sight they were counted on.
#[derive(Debug, Clone, PartialEq)]
pub struct Battle {
    /// What the board counts before the line's cover.
    pub odds: Odds,
    /// The distance between the units, in hexes.
    pub range: u32,
    /// Whether the attacker sees the target.
    pub los: bool,
    /// The line of sight the odds were counted on.
    pub sighting: Sighting,
}

impl std::ops::Deref for Battle {
    type Target = Odds;

    fn deref(&self) -> &Odds {
        &self.odds
    }
}

impl std::ops::DerefMut for Battle {
    fn deref_mut(&mut self) -> &mut Odds {
        &mut self.odds
    }
}

/// How far a unit reaches and with what dice.
#[derive(Debug, Clone, PartialEq)]
pub struct Reach {
    /// How far it reaches, in hexes.
    pub range: u32,
    /// Dice at range 1, 2, ...
    pub dice: Vec<u32>,
    /// A range extension: (the standard range, dice beyond it, the terrain's name).
    pub beyond: Option<(u32, u32, String)>,
    /// Why its range or dice differ from its class's (the terrain it stands on).
    pub notes: Vec<Modifier>,
}

/// Everything battles look up, built once per (scenario, ruleset).
pub struct BattleMap<'a> {
    /// Line of sight, which every battle traces.
    pub sight: SightMap<'a>,
    pub(crate) s: &'a Scenario,
    pub(crate) r: &'a Ruleset,
    board: Grid<'a>,
    pub(crate) built_up: BuiltUp,
    /// The generals that attach to a friendly unit by standing in its hex, found once:
    /// every battle asks, and most games have none.
    attachers: Vec<&'a Unit>,
}

impl<'a> BattleMap<'a> {
    /// `None` on a freeform board.
    pub fn new(s: &'a Scenario, r: &'a Ruleset) -> Option<Self> {
        let attachers = s
            .units
            .iter()
            .filter(|g| {
                g.hex.is_some()
                    && r.kind(KindList::UnitClass, &g.class)
                        .and_then(|k| k.profile())
                        .is_some_and(|p| p.general && p.attaches_in_hex)
            })
            .collect();
        let sight = SightMap::new(s, r)?;
        Some(BattleMap {
            board: sight.board(),
            sight,
            s,
            r,
            built_up: BuiltUp::new(s, r),
            attachers,
        })
    }

    /// The board the battles are on.
    pub fn board(&self) -> Grid<'a> {
        self.board
    }

    pub(crate) fn cell(&self, hex: Hex) -> Option<&'a HexCell> {
        self.s.hexes.get(&hex)
    }

    pub(crate) fn terrain(&self, hex: Hex) -> Option<&'a Kind> {
        crate::rules::terrain_at(self.s, self.r, hex)
    }

    pub(crate) fn level(&self, hex: Hex) -> i32 {
        self.sight.level(hex)
    }

    pub(crate) fn class(&self, u: &Unit) -> Option<&'a Kind> {
        self.r.kind(KindList::UnitClass, &u.class)
    }

    /// Whether the attacker is in front of the facing `front` of the target's hex: the
    /// ray from the target's centre to the attacker's leaves through a front side, or
    /// through a corner of one (docs/rulesets.md, Readings).
    pub fn in_front(&self, target: Hex, attacker: Hex, front: &[Side]) -> bool {
        let Grid::Hex(board) = self.board else {
            return square_exit_sides(target, attacker)
                .iter()
                .any(|side| front.contains(side));
        };
        let o = board.orientation;
        exit_sides(target, attacker)
            .into_iter()
            .filter_map(|off| Side::between(o, target, target + off))
            .any(|side| front.contains(&side))
    }

    /// The battle of `attacker` against `target`.
    pub fn battle(&self, attacker: &Unit, target: &Unit) -> Battle {
        let (Some(a), Some(t)) = (attacker.hex, target.hex) else {
            let sighting = self.sight.sight(Hex::ZERO, Hex::ZERO, None);
            return refuse(0, false, sighting, "both units must stand on hexes".into());
        };
        let sighting = self.sight.sight(a, t, Some(attacker));
        let range = self.board.distance(a, t);
        let los = sighting.visible;
        if same_side(attacker, target) {
            let why = format!("{} and {} are on the same side", attacker.id, target.id);
            return refuse(range, los, sighting, why);
        }
        let attack = Attack {
            attacker,
            target,
            from: a,
            to: t,
            range,
        };
        match self.r.combat {
            Some(combat) => combat.model().hex_battle(self, &attack, sighting),
            None => {
                let why = format!("the ruleset {} names no combat mechanism", self.r.id);
                refuse(range, los, sighting, why)
            }
        }
        .with_los(los)
    }

    /// Whether a general is attached to `u`: its `general` flag, or a friendly general
    /// of a class that `attaches_in_hex` standing in its hex.
    pub fn attached(&self, u: &Unit) -> bool {
        u.general
            || u.hex.is_some_and(|h| {
                self.attachers
                    .iter()
                    .any(|g| g.id != u.id && g.hex == Some(h) && g.side == u.side)
            })
    }

    /// Whether an attacker's class needs a battle profile (a range and dice by range) to
    /// battle: with no combat model, or one that counts by it. A column shift reads the
    /// target's class instead.
    pub fn needs_profile(&self) -> bool {
        self.r.combat.is_none_or(|c| c.model().needs_profile())
    }

    /// How far `u` reaches from where it stands, with its dice by range; or why it may
    /// not battle at all (Battle Cry).
    pub fn reach(&self, u: &Unit) -> Result<Reach, PlaceError> {
        let not = |why: String| PlaceError::new(PlaceErrorKind::NotAllowed, why);
        let Some(profile) = self.class(u).and_then(|k| k.profile()) else {
            return Err(PlaceError::new(
                PlaceErrorKind::NoProfile,
                format!("unit class '{}' has no battle profile", u.class),
            ));
        };
        if profile.general || profile.dice.is_empty() {
            // "an infantry", "a general": the article a reader expects.
            let article = if u.class.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            return Err(not(format!("{article} {} does not battle", u.class)));
        }
        if !u.ordered {
            return Err(not(format!("{} is not ordered this turn", u.id)));
        }
        let here = u.hex.and_then(|h| self.terrain(h));
        let name = here.map_or_else(|| "clear".into(), |k| k.name.to_lowercase());
        let here = here.and_then(Kind::terrain);
        let situation = if u.moved {
            Situation::MovedIn
        } else {
            Situation::OrderedIn
        };
        if let Some(k) = here
            && u.moved
            && names_class(&k.battle.no_battle_after_move, &u.class)
        {
            return Err(not(format!(
                "a {} may not battle on the turn it moves onto a {name} hex",
                u.class
            )));
        }
        let mut reach = Reach {
            range: profile.range,
            dice: profile.dice.clone(),
            beyond: None,
            notes: Vec::new(),
        };
        if let Some(o) = here.and_then(|k| {
            k.battle
                .overrides
                .iter()
                .find(|o| o.when == situation && names_class(&o.classes, &u.class))
        }) {
            reach.range = o.range;
            if !o.dice.is_empty() {
                reach.dice = o.dice.clone();
            }
            let when = match situation {
                Situation::MovedIn => "moved onto",
                Situation::OrderedIn => "ordered, already on",
            };
            reach.notes.push(note(
                format!(
                    "{} {when} {name}: range {}, dice {:?}",
                    u.class, o.range, reach.dice
                ),
                None,
                None,
            ));
        }
        if let Some(ext) = here.and_then(|k| {
            k.battle
                .range_extensions
                .iter()
                .find(|e| names_class(&e.classes, &u.class))
        }) && ext.range > reach.range
        {
            reach.beyond = Some((reach.range, ext.dice_beyond, name));
            reach.range = ext.range;
        }
        Ok(reach)
    }

    /// The hexside features on the side between two adjacent hexes.
    pub(crate) fn side_kinds(&self, a: Hex, b: Hex) -> Vec<Feature<'a>> {
        let key = HexsideKey::between(a, b);
        self.s
            .hexsides
            .keys()
            .filter(|(k, _)| *k == key)
            .filter_map(|(_, kind)| self.r.kind(KindList::Hexside, kind))
            .filter_map(|k| Some((k, k.hexside()?)))
            .collect()
    }

    /// The features of the side between adjacent attacker and target that no other
    /// feature of the side negates ("attacking across" it).
    pub(crate) fn across_side(&self, a: Hex, t: Hex) -> Vec<Feature<'a>> {
        if self.board.side_between(a, t).is_none() {
            return Vec::new();
        }
        let side = self.side_kinds(a, t);
        side.iter()
            .filter(|(k, _)| !super::movement::negated(&side, &k.id))
            .copied()
            .collect()
    }

    /// Retreat flags the target's terrain lets it ignore (not when the attacker is
    /// behind the terrain's facing).
    pub(crate) fn terrain_flags(&self, a: Hex, t: Hex) -> u32 {
        let terrain = self.terrain(t).and_then(Kind::terrain);
        let Some(k) = terrain.filter(|k| k.battle.ignore_flags != 0) else {
            return 0;
        };
        let facing = self.cell(t).map_or(&[][..], |c| c.facing.as_slice());
        if k.battle.front_only && !self.in_front(t, a, facing) {
            return 0;
        }
        k.battle.ignore_flags
    }

    /// The hexside kinds (not negated) the line of a sighting crosses: between each two
    /// consecutive hexes of the line, a line along a side counting both hexes beside it.
    fn crossed_kinds(&self, sighting: &Sighting) -> Vec<&'a str> {
        let mut places: Vec<Vec<Hex>> = vec![vec![sighting.from]];
        for s in &sighting.steps {
            places.push(match *s {
                Step::Cross(h) => vec![h],
                Step::Graze(x, y) => vec![x, y],
            });
        }
        places.push(vec![sighting.to]);
        let mut out = Vec::new();
        for pair in places.windows(2) {
            for p in &pair[0] {
                for q in pair[1]
                    .iter()
                    .filter(|q| self.board.side_between(*p, **q).is_some())
                {
                    let side = self.side_kinds(*p, *q);
                    for (k, _) in &side {
                        if !super::movement::negated(&side, &k.id) && !out.contains(&k.id.as_str())
                        {
                            out.push(k.id.as_str());
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether the attacker is in front of the facing of the target's hex (a terrain's
    /// front sides, else a token's); `None` when the hex has none.
    fn facing_side(&self, a: Hex, t: Hex) -> Option<bool> {
        let cell = self.cell(t).map(|c| c.facing.as_slice()).unwrap_or(&[]);
        let facing = if cell.is_empty() {
            self.s
                .tokens
                .iter()
                .find(|x| x.hex == t && !x.facing.is_empty())
                .map(|x| x.facing.as_slice())?
        } else {
            cell
        };
        Some(self.in_front(t, a, facing))
    }

    /// Applies the ruleset's modifier entries in order: each that holds adds its dice or
    /// shift, or replaces the total so far; a factor multiplies the dice at the end.
    /// Returns the product of the factors applied, if any.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn entries(
        &self,
        u: &Unit,
        target: &Unit,
        range: u32,
        sighting: &Sighting,
        dice: &mut i32,
        shift: &mut i32,
        mods: &mut Vec<Modifier>,
    ) -> Option<f64> {
        if self.r.modifiers.is_empty() {
            return None;
        }
        let (Some(a), Some(t)) = (u.hex, target.hex) else {
            return None;
        };
        let id = |h: Hex| self.terrain(h).map_or("", |k| k.id.as_str());
        let situation = entry::Situation {
            attacker_class: &u.class,
            target_class: &target.class,
            attacker_terrain: id(a),
            target_terrain: id(t),
            across: self.crossed_kinds(sighting),
            attacker_level: self.level(a),
            target_level: self.level(t),
            moved: u.moved,
            ordered: u.ordered,
            in_front: self.facing_side(a, t),
            range,
            general: self.attached(u),
            attacker_in: Vec::new(),
            target_in: Vec::new(),
        };
        apply_entries(self.r, &situation, dice, shift, mods)
    }
}

/// The dice rolled from those counted (never below 0) and the factor of the modifier
/// entries (rounding down), and whether that leaves any: (dice, allowed, reason).
fn rolled(dice: i32, factor: Option<f64>) -> (i32, bool, Option<String>) {
    let dice = match factor {
        Some(f) => (f64::from(dice.max(0)) * f).floor() as i32,
        None => dice.max(0),
    };
    if dice == 0 {
        (dice, false, Some("the modifiers leave 0 dice".to_string()))
    } else {
        (dice, true, None)
    }
}

/// Applies `r`'s modifier entries that hold in `situation`, in order, on either board:
/// each adds its dice or shift, or replaces the total so far; a factor multiplies the
/// dice at the end. Returns the product of the factors applied, if any.
pub fn apply_entries(
    r: &Ruleset,
    situation: &entry::Situation,
    dice: &mut i32,
    shift: &mut i32,
    mods: &mut Vec<Modifier>,
) -> Option<f64> {
    let mut factor = None;
    for e in r.modifiers.iter().filter(|e| e.applies(situation)) {
        let mut m = note(e.name.clone(), e.dice, e.shift);
        m.quote = Some(e.quote.clone());
        if e.effect == Effect::Replaces {
            replace_counted(mods, &e.name);
        }
        match (e.dice, e.shift, e.factor, e.effect) {
            (Some(d), _, _, Effect::Adds) => *dice += d,
            (Some(d), _, _, Effect::Replaces) => *dice = d,
            (_, Some(x), _, Effect::Adds) => *shift += x,
            (_, Some(x), _, Effect::Replaces) => *shift = x,
            (_, _, Some(f), _) => factor = Some(factor.unwrap_or(1.0) * f),
            _ => {}
        }
        mods.push(m);
    }
    factor
}

/// A modifier that counts, with no quote.
pub(crate) fn note(source: String, dice: Option<i32>, shift: Option<i32>) -> Modifier {
    Modifier {
        source,
        dice,
        shift,
        counts: Counts::Yes,
        quote: None,
    }
}

/// A modifier listed only to say why it does not count (the attacker is behind the
/// fence).
pub(crate) fn not_counted(source: String, dice: Option<i32>, shift: Option<i32>) -> Modifier {
    Modifier {
        counts: Counts::No,
        ..note(source, dice, shift)
    }
}

/// Marks every dice or shift modifier counted so far as replaced by the modifier `by`.
fn replace_counted(mods: &mut [Modifier], by: &str) {
    for m in mods
        .iter_mut()
        .filter(|m| (m.dice.is_some() || m.shift.is_some()) && m.counts == Counts::Yes)
    {
        m.counts = Counts::ReplacedBy(by.to_string());
    }
}

/// Why a battle is refused when the line is blocked: its first blocker.
pub(crate) fn no_sight(sighting: &Sighting) -> String {
    let why = sighting
        .blockers
        .first()
        .map_or(String::new(), |b| format!(": {}", b.reason));
    format!("no line of sight{why}")
}

fn same_side(a: &Unit, b: &Unit) -> bool {
    a.side == b.side && !a.side.is_empty()
}

pub(crate) fn refuse(range: u32, los: bool, sighting: Sighting, reason: String) -> Battle {
    Battle {
        odds: Odds::refused(reason),
        range,
        los,
        sighting,
    }
}

impl Battle {
    fn with_los(mut self, los: bool) -> Self {
        self.los = los;
        self
    }
}

/// The sides of square `target` that the ray to `attacker`'s centre leaves through:
/// one, or the two beside the corner it leaves through.
fn square_exit_sides(target: Hex, attacker: Hex) -> Vec<Side> {
    let d = attacker - target;
    let (ax, ay) = (d.x.abs(), d.y.abs());
    let ew = if d.x > 0 { Side::E } else { Side::W };
    let ns = if d.y > 0 { Side::S } else { Side::N };
    match ax.cmp(&ay) {
        _ if d == Hex::ZERO => Vec::new(),
        std::cmp::Ordering::Greater => vec![ew],
        std::cmp::Ordering::Less => vec![ns],
        std::cmp::Ordering::Equal => vec![ns, ew],
    }
}

#[cfg(test)]
mod quote_tests {
    use super::*;

    /// Issue 41: "A modifier with no quote shows `Forest cover ("")`: show no quote."
    #[test]
    fn a_modifier_with_an_empty_quote_quotes_nothing() {
        let m = |quote: Option<&str>| Modifier {
            source: "Forest cover".into(),
            dice: Some(-1),
            shift: None,
            counts: Counts::Yes,
            quote: quote.map(str::to_string),
        };
        for quote in [None, Some(""), Some("  ")] {
            let line = modifier_line(&m(quote), &[]);
            assert_eq!(line.as_deref(), Some("-1 Forest cover"), "{quote:?}");
        }
        let line = modifier_line(&m(Some("Woods: -1 die")), &[]);
        assert_eq!(line.as_deref(), Some("-1 Forest cover (\"Woods: -1 die\")"));
    }
}
