//! What the rules say about one unit attacking another: whether it may, with how many
//! dice (Battle Cry) or which column shift (Sticks and Stones), and why.

use hexx::Hex;

use super::built_up::BuiltUp;
use super::sight::{SightMap, Sighting};
use crate::board::line::{Step, exit_sides};
use crate::board::{HexBoard, HexsideKey, Side};
use crate::rules::model::{Combat, Kind, KindList, Ruleset, Situation, names_class};
use crate::rules::modifier::{self as entry, Effect};
use crate::rules::question::{PlaceError, PlaceErrorKind};
use crate::scenario::{HexCell, Scenario, Unit};

/// One thing that changed the dice or the column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modifier {
    pub source: String,
    /// Dice added (negative: taken away).
    pub dice: Option<i32>,
    /// Columns shifted to the left.
    pub shift: Option<i32>,
    pub counts: Counts,
    /// The rule text of a ruleset modifier entry.
    pub quote: Option<String>,
}

/// Whether a modifier counts in the answer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Counts {
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
                Some(q) => format!("{line} (\"{q}\")"),
                None => line,
            })
        }
    }
}

/// What a board counts for one attack before the line's cover: hexes count dice or
/// column shifts (this module), a table its own way (`play::table`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Odds {
    pub allowed: bool,
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
    pub odds: Odds,
    pub range: u32,
    pub los: bool,
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
    pub range: u32,
    /// Dice at range 1, 2, ...
    pub dice: Vec<u32>,
    /// A range extension: (the standard range, dice beyond it, the terrain's name).
    pub beyond: Option<(u32, u32, String)>,
    pub notes: Vec<Modifier>,
}

/// Everything battles look up, built once per (scenario, ruleset).
pub struct BattleMap<'a> {
    pub sight: SightMap<'a>,
    s: &'a Scenario,
    r: &'a Ruleset,
    board: &'a HexBoard,
    built_up: BuiltUp,
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
                        .and_then(|k| k.profile.as_ref())
                        .is_some_and(|p| p.general && p.attaches_in_hex)
            })
            .collect();
        Some(BattleMap {
            sight: SightMap::new(s, r)?,
            s,
            r,
            board: s.board.as_hex()?,
            built_up: BuiltUp::new(s, r),
            attachers,
        })
    }

    pub fn board(&self) -> &'a HexBoard {
        self.board
    }

    fn cell(&self, hex: Hex) -> Option<&'a HexCell> {
        self.s.hexes.get(&hex)
    }

    fn terrain(&self, hex: Hex) -> Option<&'a Kind> {
        crate::rules::terrain_at(self.s, self.r, hex)
    }

    fn level(&self, hex: Hex) -> i32 {
        self.sight.level(hex)
    }

    fn class(&self, u: &Unit) -> Option<&'a Kind> {
        self.r.kind(KindList::UnitClass, &u.class)
    }

    /// Whether the attacker is in front of the facing `front` of the target's hex: the
    /// ray from the target's centre to the attacker's leaves through a front side, or
    /// through a corner of one (docs/rulesets.md, Readings).
    pub fn in_front(&self, target: Hex, attacker: Hex, front: &[Side]) -> bool {
        let o = self.board.orientation;
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
        let range = a.unsigned_distance_to(t);
        let los = sighting.visible;
        if same_side(attacker, target) {
            let why = format!("{} and {} are on the same side", attacker.id, target.id);
            return refuse(range, los, sighting, why);
        }
        match self.r.combat {
            Some(Combat::ColumnShift) => self.shift_battle(attacker, target, a, t, range, sighting),
            Some(Combat::Dice) => self.dice_battle(attacker, target, a, t, range, sighting),
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

    /// Whether battles are column shifts rather than dice (the ruleset's `combat`): unit
    /// classes then need no battle profile.
    pub fn by_column_shift(&self) -> bool {
        self.r.combat == Some(Combat::ColumnShift)
    }

    /// How far `u` reaches from where it stands, with its dice by range; or why it may
    /// not battle at all (Battle Cry).
    pub fn reach(&self, u: &Unit) -> Result<Reach, PlaceError> {
        let not = |why: String| PlaceError::new(PlaceErrorKind::NotAllowed, why);
        let Some(profile) = self.class(u).and_then(|k| k.profile.as_ref()) else {
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
            reach.notes.push(Modifier {
                source: format!(
                    "{} {when} {name}: range {}, dice {:?}",
                    u.class, o.range, reach.dice
                ),
                dice: None,
                shift: None,
                counts: Counts::Yes,
                quote: None,
            });
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

    fn dice_battle(
        &self,
        u: &Unit,
        target: &Unit,
        a: Hex,
        t: Hex,
        range: u32,
        sighting: Sighting,
    ) -> Battle {
        let reach = match self.reach(u) {
            Ok(r) => r,
            Err(why) => return refuse(range, false, sighting, why.message),
        };
        let Some(profile) = self.class(u).and_then(|k| k.profile.as_ref()) else {
            return refuse(
                range,
                false,
                sighting,
                format!("unit class '{}' has no battle profile", u.class),
            );
        };
        let here = self.terrain(a);
        let name = |k: Option<&Kind>| k.map_or_else(|| "clear".into(), |k| k.name.to_lowercase());
        let mut mods = reach.notes.clone();
        let (max_range, table, beyond) = (reach.range, &reach.dice, reach.beyond.clone());
        if range > max_range {
            return refuse(
                range,
                false,
                sighting,
                format!(
                    "the target is {range} hexes away; {} reaches {max_range}",
                    u.id
                ),
            );
        }
        if !sighting.visible {
            let why = sighting
                .blockers
                .first()
                .map_or(String::new(), |b| format!(": {}", b.reason));
            return refuse(range, false, sighting, format!("no line of sight{why}"));
        }
        let base = match beyond {
            Some((standard, dice, _)) if range > standard => {
                mods.push(Modifier {
                    source: format!("{} firing from {} at range {range}", u.class, name(here)),
                    dice: None,
                    shift: None,
                    counts: Counts::Yes,
                    quote: None,
                });
                dice as i32
            }
            // Range 0 (a unit in the target's own hex) has no row: no dice.
            _ => (range as usize)
                .checked_sub(1)
                .and_then(|i| table.get(i))
                .copied()
                .unwrap_or(0) as i32,
        };
        let mut dice = base;
        if self.attached(u) && profile.attached_general_dice != 0 {
            dice += profile.attached_general_dice;
            mods.push(Modifier {
                source: "an attached general".into(),
                dice: Some(profile.attached_general_dice),
                shift: None,
                counts: Counts::Yes,
                quote: None,
            });
        }
        if let Some(k) = here.filter(|k| k.battle.attacker_dice != 0) {
            dice += k.battle.attacker_dice;
            mods.push(Modifier {
                source: format!("attacker on {}", name(Some(k))),
                dice: Some(k.battle.attacker_dice),
                shift: None,
                counts: Counts::Yes,
                quote: None,
            });
        }
        // Terrain reductions add up among themselves; a token's does not add to them.
        let there = self.terrain(t);
        let mut terrain_mods = Vec::new();
        if let Some(k) = there {
            let facing = self.cell(t).map_or(&[][..], |c| c.facing.as_slice());
            if k.battle.target_dice != 0 {
                if k.battle.front_only && !self.in_front(t, a, facing) {
                    mods.push(Modifier {
                        source: format!("{}: the attacker is behind it", name(there)),
                        dice: Some(0),
                        shift: None,
                        counts: Counts::No,
                        quote: None,
                    });
                } else {
                    terrain_mods.push((format!("target on {}", name(there)), k.battle.target_dice));
                }
            }
            let (la, lt) = (self.level(a), self.level(t));
            if lt > la && k.battle.uphill_target_dice != 0 {
                terrain_mods.push(("target up hill".into(), k.battle.uphill_target_dice));
            }
            if let Some(h) = here
                && h.id == k.id
                && k.battle.across_dice != 0
                && range > 1
            {
                terrain_mods.push((
                    format!("both on {} hexes, not adjacent", name(there)),
                    k.battle.across_dice,
                ));
            }
        }
        let terrain_total: i32 = terrain_mods.iter().map(|(_, d)| d).sum();
        let mut flags = 0;
        let token = self.s.tokens.iter().find(|x| x.hex == t).and_then(|x| {
            let k = self.r.kind(KindList::Token, &x.kind)?;
            Some((x, k))
        });
        let mut token_dice = None;
        if let Some((x, k)) = token {
            if k.battle.front_only && !self.in_front(t, a, &x.facing) {
                mods.push(Modifier {
                    source: format!(
                        "{} {}: the attacker is behind it",
                        k.name.to_lowercase(),
                        x.id
                    ),
                    dice: Some(0),
                    shift: None,
                    counts: Counts::No,
                    quote: None,
                });
            } else {
                token_dice = Some((
                    format!("{} {}", k.name.to_lowercase(), x.id),
                    k.battle.target_dice,
                ));
                flags += k.battle.ignore_flags;
            }
        }
        match token_dice {
            Some((source, d)) if !terrain_mods.is_empty() => {
                let applied = d.min(terrain_total);
                let names: Vec<&str> = terrain_mods.iter().map(|(s, _)| s.as_str()).collect();
                dice += applied;
                mods.push(Modifier {
                    source: format!(
                        "{source} ({d}) and {} ({terrain_total}) do not add up: the larger reduction applies",
                        names.join(", ")
                    ),
                    dice: Some(applied),
                    shift: None,
                    counts: Counts::Yes,
                    quote: None,
                });
            }
            Some((source, d)) => {
                dice += d;
                mods.push(Modifier {
                    source,
                    dice: Some(d),
                    shift: None,
                    counts: Counts::Yes,
                    quote: None,
                });
            }
            None => {
                for (source, d) in terrain_mods {
                    dice += d;
                    mods.push(Modifier {
                        source,
                        dice: Some(d),
                        shift: None,
                        counts: Counts::Yes,
                        quote: None,
                    });
                }
            }
        }
        if let Some(p) = self.class(target).and_then(|k| k.profile.as_ref())
            && (self.attached(target) || p.general)
        {
            flags += p.attached_general_flags;
        }
        flags += self.terrain_flags(a, t);
        for (source, d, f) in self.markers_and_sides(a, t) {
            flags += f;
            if d != 0 {
                dice += d;
                mods.push(note(source, Some(d), None));
            }
        }
        let mut shift = 0;
        let factor = self.entries(
            u, target, range, &sighting, &mut dice, &mut shift, &mut mods,
        );
        Battle {
            odds: Odds {
                ignore_retreat_flags: flags,
                ..Odds::dice(base, dice, factor, mods)
            },
            range,
            los: true,
            sighting,
        }
    }

    /// Sticks and Stones: column shifts by the target's class.
    fn shift_battle(
        &self,
        attacker: &Unit,
        target: &Unit,
        a: Hex,
        t: Hex,
        range: u32,
        sighting: Sighting,
    ) -> Battle {
        let class = target.class.as_str();
        let mut mods = Vec::new();
        let (mut fire, mut assault) = (0, 0);
        let there = self.terrain(t);
        if let Some(k) = there {
            let row = self.built_up.row(t, k);
            let (name, battle) = match row.group {
                Some(size) => (
                    format!(
                        "{} ({size} hex{})",
                        row.name,
                        if size == 1 { "" } else { "es" }
                    ),
                    row.battle,
                ),
                None => (row.name.to_string(), row.battle),
            };
            if battle.shift_only_from_below && self.level(a) >= self.level(t) {
                mods.push(Modifier {
                    source: format!(
                        "{name}: only when attacked exclusively from a lower elevation"
                    ),
                    dice: None,
                    shift: Some(0),
                    counts: Counts::No,
                    quote: None,
                });
            } else {
                fire = battle.fire_shift.get(class).copied().unwrap_or(0);
                assault = battle.assault_shift.get(class).copied().unwrap_or(0);
                mods.push(Modifier {
                    source: format!("target on {name}"),
                    dice: None,
                    shift: Some(fire),
                    counts: Counts::Yes,
                    quote: None,
                });
            }
        }
        // Markers in the target's hex: a unit in the tunnel takes the tunnel's row; a
        // wreck gives its own shift. The larger shift applies (they do not add up).
        for m in self.cell(t).map(|c| c.markers.as_slice()).unwrap_or(&[]) {
            let Some(k) = self.r.kind(KindList::Marker, m) else {
                continue;
            };
            let (Some(f), Some(c)) = (
                k.battle.fire_shift.get(class),
                k.battle.assault_shift.get(class),
            ) else {
                continue;
            };
            if k.sight
                .rules
                .contains(&crate::rules::model::SightRule::Tunnel)
            {
                (fire, assault) = (*f, *c);
                let source = "target in the tunnel".to_string();
                replace_shifts(&mut mods, &source);
                mods.push(Modifier {
                    source,
                    dice: None,
                    shift: Some(*f),
                    counts: Counts::Yes,
                    quote: None,
                });
            } else if *f > fire || *c > assault {
                let source = format!(
                    "{} in the target's hex (the larger shift applies)",
                    k.name.to_lowercase()
                );
                if *f > fire {
                    replace_shifts(&mut mods, &source);
                }
                fire = fire.max(*f);
                assault = assault.max(*c);
                mods.push(Modifier {
                    source,
                    dice: None,
                    shift: Some(*f),
                    counts: Counts::Yes,
                    quote: None,
                });
            }
        }
        let mut flags = self.terrain_flags(a, t);
        for (source, f, c, x) in self.side_shifts(a, t, class) {
            fire += f;
            assault += c;
            flags += x;
            if f != 0 || c != 0 {
                mods.push(note(source, None, Some(f)));
            }
        }
        flags += self.marker_and_token_flags(a, t);
        let mut dice = 0;
        self.entries(
            attacker, target, range, &sighting, &mut dice, &mut fire, &mut mods,
        );
        let assault_allowed = range == 1 && !self.river_between(a, t, &attacker.class);
        if range == 1 && !assault_allowed {
            mods.push(Modifier {
                source: "close assault across a river hexside is prohibited (no bridge)".into(),
                dice: None,
                shift: None,
                counts: Counts::Yes,
                quote: None,
            });
        }
        if !sighting.visible {
            let why = sighting
                .blockers
                .first()
                .map_or(String::new(), |b| format!(": {}", b.reason));
            let mut b = refuse(range, false, sighting, format!("no line of sight{why}"));
            b.assault_shift = assault_allowed.then_some(assault);
            b.modifiers = mods;
            return b;
        }
        Battle {
            odds: Odds {
                allowed: true,
                column_shift: Some(fire),
                assault_shift: assault_allowed.then_some(assault),
                modifiers: mods,
                ignore_retreat_flags: flags,
                ..Odds::default()
            },
            range,
            los: true,
            sighting,
        }
    }

    /// The hexside features on the side between two adjacent hexes.
    fn side_kinds(&self, a: Hex, b: Hex) -> Vec<&'a Kind> {
        let key = HexsideKey::between(a, b);
        self.s
            .hexsides
            .keys()
            .filter(|(k, _)| *k == key)
            .filter_map(|(_, kind)| self.r.kind(KindList::Hexside, kind))
            .collect()
    }

    /// The features of the side between adjacent attacker and target that no other
    /// feature of the side negates ("attacking across" it).
    fn across_side(&self, a: Hex, t: Hex) -> Vec<&'a Kind> {
        if a.unsigned_distance_to(t) != 1 {
            return Vec::new();
        }
        let side = self.side_kinds(a, t);
        side.iter()
            .filter(|k| !super::movement::negated(&side, &k.id))
            .copied()
            .collect()
    }

    /// Retreat flags the target's terrain lets it ignore (not when the attacker is
    /// behind the terrain's facing).
    fn terrain_flags(&self, a: Hex, t: Hex) -> u32 {
        let Some(k) = self.terrain(t).filter(|k| k.battle.ignore_flags != 0) else {
            return 0;
        };
        let facing = self.cell(t).map_or(&[][..], |c| c.facing.as_slice());
        if k.battle.front_only && !self.in_front(t, a, facing) {
            return 0;
        }
        k.battle.ignore_flags
    }

    /// Retreat flags the markers and tokens in the target's hex let it ignore (a token's
    /// not when the attacker is behind its facing), for column-shift battles; dice
    /// battles weigh tokens against terrain themselves.
    fn marker_and_token_flags(&self, a: Hex, t: Hex) -> u32 {
        let markers: u32 = self
            .cell(t)
            .map(|c| c.markers.as_slice())
            .unwrap_or(&[])
            .iter()
            .filter_map(|m| self.r.kind(KindList::Marker, m))
            .map(|k| k.battle.ignore_flags)
            .sum();
        let tokens: u32 = self
            .s
            .tokens
            .iter()
            .filter(|x| x.hex == t)
            .filter_map(|x| Some((x, self.r.kind(KindList::Token, &x.kind)?)))
            .filter(|(x, k)| !k.battle.front_only || self.in_front(t, a, &x.facing))
            .map(|(_, k)| k.battle.ignore_flags)
            .sum();
        markers + tokens
    }

    /// Dice and ignored flags of the markers in the target's hex and of the hexside
    /// features between adjacent attacker and target: (source, dice, flags).
    fn markers_and_sides(&self, a: Hex, t: Hex) -> Vec<(String, i32, u32)> {
        let mut out = Vec::new();
        for m in self.cell(t).map(|c| c.markers.as_slice()).unwrap_or(&[]) {
            if let Some(k) = self.r.kind(KindList::Marker, m) {
                let source = format!("{} in the target's hex", k.name.to_lowercase());
                out.push((source, k.battle.target_dice, k.battle.ignore_flags));
            }
        }
        for k in self.across_side(a, t) {
            let source = format!("attacking across a {}", k.name.to_lowercase());
            out.push((source, k.battle.target_dice, k.battle.ignore_flags));
        }
        out
    }

    /// Column shifts and flags of the hexside features between adjacent attacker and
    /// target: (source, fire, assault, flags).
    fn side_shifts(&self, a: Hex, t: Hex, class: &str) -> Vec<(String, i32, i32, u32)> {
        self.across_side(a, t)
            .into_iter()
            .map(|k| {
                (
                    format!("attacking across a {}", k.name.to_lowercase()),
                    k.battle.fire_shift.get(class).copied().unwrap_or(0),
                    k.battle.assault_shift.get(class).copied().unwrap_or(0),
                    k.battle.ignore_flags,
                )
            })
            .collect()
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
                for q in pair[1].iter().filter(|q| q.unsigned_distance_to(*p) == 1) {
                    let side = self.side_kinds(*p, *q);
                    for k in &side {
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
    fn entries(
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

    /// Whether a side the attacker's class may not cross (nothing negating it) lies
    /// between adjacent hexes: no close assault across it.
    fn river_between(&self, a: Hex, b: Hex, class: &str) -> bool {
        let key = HexsideKey::between(a, b);
        let side: Vec<&Kind> = self
            .s
            .hexsides
            .keys()
            .filter(|(k, _)| *k == key)
            .filter_map(|(_, kind)| self.r.kind(KindList::Hexside, kind))
            .collect();
        super::movement::crossing(&side, class).is_none()
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
fn note(source: String, dice: Option<i32>, shift: Option<i32>) -> Modifier {
    Modifier {
        source,
        dice,
        shift,
        counts: Counts::Yes,
        quote: None,
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

/// Marks the shifts counted so far as replaced by the modifier `by`.
fn replace_shifts(mods: &mut [Modifier], by: &str) {
    for m in mods
        .iter_mut()
        .filter(|m| m.shift.is_some() && m.counts == Counts::Yes)
    {
        m.counts = Counts::ReplacedBy(by.to_string());
    }
}

fn same_side(a: &Unit, b: &Unit) -> bool {
    a.side == b.side && !a.side.is_empty()
}

fn refuse(range: u32, los: bool, sighting: Sighting, reason: String) -> Battle {
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
