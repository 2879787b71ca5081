//! Where units and camps deploy on a laid-out table.

use geo::MultiPolygon;

use crate::rules::model::KindList;
use crate::rules::table::geometry;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Boards, Info, LoadCheck, Mechanism, On, Reach, Reads};
use crate::rules::constraint::Constraint;
use crate::rules::layout::CampIn;
use crate::rules::layout::pieces::{LayoutCx, needs_layout, run_on};
use crate::rules::table::validate::Table;
use crate::scenario::diagnostic::Diagnostic;
use crate::scenario::{Order, Unit, Works};

/// The boards it runs on (its entry in [`registry()`](super::registry)).
pub const BOARDS: Boards = Boards::Table;

/// Tables with a layout: no unit (but a camp) deploys closer than `centre_line` to the
/// table's centre line; only the classes of `unsecure_flank` deploy in a flank sector
/// with no secure-flank piece; a camp lies wholly within `camp_centre` of the
/// table's centre point when the table has no secure flank, else between the centre
/// and the secure flank's table edge, or in a piece the territory's rule allows (to
/// the sides it names, in their order). Units with barricades or redoubts never deploy
/// in an unsecure flank sector, nor the classes of `loose_order` in close order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Deployment {
    /// The least distance from a unit's base to the centre line.
    pub centre_line: f64,
    /// The unit classes that may deploy in an unsecure flank sector.
    #[schemars(extend("x-kinds" = ["unit_classes"]))]
    pub unsecure_flank: Vec<String>,
    /// Of those, the classes that deploy there only in loose or open order (a unit's
    /// `order`; one that gives none is not checked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("x-kinds" = ["unit_classes"]))]
    pub loose_order: Vec<String>,
    /// The unit class of camps.
    #[schemars(extend("x-kinds" = ["unit_classes"]))]
    pub camp: String,
    /// How near the table's centre point a camp lies without a secure flank.
    pub camp_centre: f64,
}

impl Mechanism for Deployment {
    fn info(&self) -> Info {
        Info::new(BOARDS, Reads::UNITS, Reach::None)
    }

    fn check(&self, cx: &mut LoadCheck<'_>) {
        needs_layout(cx);
        cx.kinds(KindList::UnitClass, &self.unsecure_flank);
        cx.kinds(KindList::UnitClass, &self.loose_order);
        cx.kinds(KindList::UnitClass, [&self.camp]);
    }

    fn run(&self, on: On<'_, '_>, c: &Constraint, out: &mut Vec<Diagnostic>) {
        run_on(on, |t, cx| deployment(self, t, cx, c, out));
    }
}

fn deployment(
    m: &Deployment,
    t: &Table<'_>,
    cx: &LayoutCx<'_>,
    c: &Constraint,
    out: &mut Vec<Diagnostic>,
) {
    let f = &cx.frame;
    let unsecure = cx.unsecure_flanks();
    let secure: Vec<_> = f
        .flanks()
        .into_iter()
        .filter(|b| !unsecure.contains(b))
        .collect();
    // The camps that take the territory's camp option, by side.
    let option = cx.set.territory.and_then(|t| t.camp_in.as_ref());
    let takers: Vec<&str> =
        cx.s.units
            .iter()
            .filter(|u| u.class == m.camp)
            .filter(|u| option.is_some_and(|o| takes_option(m, cx, o, u)))
            .map(|u| u.side.as_str())
            .collect();
    for u in &cx.s.units {
        let Some(base) = geometry::unit(u) else {
            continue;
        };
        let base = MultiPolygon::new(vec![base]);
        let class = t.class_name(u);
        if u.class == m.camp {
            if let Some(o) = option.filter(|o| takes_option(m, cx, o, u)) {
                if let Some(why) = option_refused(o, u, &takers) {
                    out.push(t.diag(c, why, &[u.id.as_str()]));
                }
                continue;
            }
            camp(m, t, cx, c, u, &base, &secure, out);
            continue;
        }
        let d = f.from_centre_line(&base);
        if d < m.centre_line - 1e-6 {
            let msg = format!(
                "{class} {} is {d:.2} from the table centre line, closer than {}",
                u.id, m.centre_line
            );
            out.push(t.diag(c, msg, &[u.id.as_str()]));
        }
        if !unsecure.iter().any(|b| b.meets(&base)) {
            continue;
        }
        if !m.unsecure_flank.contains(&u.class) {
            let msg = format!("{class} {} is in an unsecure flank sector", u.id);
            out.push(t.diag(c, msg, &[u.id.as_str()]));
        } else if m.loose_order.contains(&u.class) && u.order == Some(Order::Close) {
            let msg = format!(
                "{class} {} is in close order in an unsecure flank sector (only loose or open order)",
                u.id
            );
            out.push(t.diag(c, msg, &[u.id.as_str()]));
        }
        if let Some(w) = u.works {
            let works = match w {
                Works::Barricades => "barricades",
                Works::Redoubts => "redoubts",
            };
            let msg = format!(
                "{class} {} deploys with {works} in an unsecure flank sector",
                u.id
            );
            out.push(t.diag(c, msg, &[u.id.as_str()]));
        }
    }
}

/// Whether camp `u` lies in a piece the territory's camp rule names: wholly in it, the
/// piece touching the terrain the rule names, else a table edge (in the camp's
/// deployment zone when the rule says so).
fn takes_option(m: &Deployment, cx: &LayoutCx<'_>, rule: &CampIn, u: &Unit) -> bool {
    use geo::{BooleanOps as _, Contains as _};
    let Some(base) = geometry::unit(u) else {
        return false;
    };
    let f = &cx.frame;
    let zone = rule
        .in_deployment_zone
        .then(|| cx.edge_of(&u.side))
        .flatten()
        .map(|e| f.deployment_zone(e, m.centre_line));
    cx.pieces.iter().any(|p| {
        rule.kinds.iter().any(|k| k == p.kind)
            && p.shape.contains(&base)
            && match (&rule.touching, zone) {
                (Some(k), _) => cx.pieces.iter().any(|q| q.kind == k && cx.touch(p, q)),
                (None, Some(z)) => f.touches_edge(&p.shape.intersection(&z.polygon())),
                (None, None) => f.touches_edge(&p.shape),
            }
    })
}

/// Why camp `u` may not take the option that `takers` (the sides of the camps that
/// do) take: its side is not one the rule names, or an earlier side's camp takes it.
fn option_refused(rule: &CampIn, u: &Unit, takers: &[&str]) -> Option<String> {
    if rule.sides.is_empty() {
        return None;
    }
    let Some(at) = rule.sides.iter().position(|s| *s == u.side) else {
        return Some(format!(
            "camp {} is in a {}, which only the {} camp may be",
            u.id,
            rule.kinds.join(" or "),
            rule.sides.join(" or the ")
        ));
    };
    let earlier = rule.sides[..at]
        .iter()
        .find(|s| takers.contains(&s.as_str()))?;
    Some(format!(
        "camp {} is in a {}, which the {} camp takes first",
        u.id,
        rule.kinds.join(" or "),
        earlier
    ))
}

#[allow(clippy::too_many_arguments)]
fn camp(
    m: &Deployment,
    t: &Table<'_>,
    cx: &LayoutCx<'_>,
    c: &Constraint,
    u: &crate::scenario::Unit,
    base: &MultiPolygon<f64>,
    secure: &[crate::rules::layout::sectors::Band],
    out: &mut Vec<Diagnostic>,
) {
    use geo::BoundingRect as _;
    let f = &cx.frame;
    let Some(b) = base.bounding_rect() else {
        return;
    };
    let (cx0, cy0) = (f.width / 2.0, f.height / 2.0);
    let ok = if secure.is_empty() {
        let corners = [
            b.min(),
            b.max(),
            (b.min().x, b.max().y).into(),
            (b.max().x, b.min().y).into(),
        ];
        corners
            .iter()
            .all(|p: &geo::Coord<f64>| (p.x - cx0).hypot(p.y - cy0) <= m.camp_centre + 1e-6)
    } else {
        secure.iter().any(|s| {
            // Between the centre and the secure flank's side edge.
            if f.north_south {
                if s.x0 <= 1e-6 {
                    b.max().x <= cx0 + 1e-6
                } else {
                    b.min().x >= cx0 - 1e-6
                }
            } else if s.y0 <= 1e-6 {
                b.max().y <= cy0 + 1e-6
            } else {
                b.min().y >= cy0 - 1e-6
            }
        })
    };
    if !ok {
        let msg = if secure.is_empty() {
            format!(
                "camp {} is not wholly within {} of the table's centre (the table has no secure flank)",
                u.id, m.camp_centre
            )
        } else {
            format!(
                "camp {} is not between the centre and the secure flank's table edge",
                u.id
            )
        };
        out.push(t.diag(c, msg, &[u.id.as_str()]));
    }
}
