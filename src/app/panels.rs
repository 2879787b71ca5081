//! The side panels and the status bar: tools and the ruleset's palette, the inspector,
//! the validation list.

use std::sync::Arc;

use egui::{Color32, RichText, Ui};
use rustc_hash::FxHashMap;

use super::DesignerApp;
use super::canvas::Canvas;
use super::icons;
use super::tools::Tool;
use super::view::Hover;
use crate::rules::KindList;
use crate::scenario::Feature;
use crate::scenario::diagnostic::Severity;

impl DesignerApp {
    pub(super) fn palette(&mut self, ui: &mut Ui) {
        ui.heading("Tools");
        let hex = self.doc.scenario.board.grid().is_some();
        let square = self.doc.scenario.board.kind();
        // A wrapped row, so that the ruleset's palette below fits without scrolling.
        let ruleset = self.doc.module().cloned();
        ui.horizontal_wrapped(|ui| {
            for tool in Tool::for_board(self.doc.scenario.board.kind()) {
                let why = ruleset.as_ref().and_then(|r| tool.unavailable(r));
                let name = super::words::for_cells(tool.name(), square);
                let button = egui::Button::selectable(self.tools.tool == *tool, name);
                if ui
                    .add_enabled(why.is_none(), button)
                    .on_hover_text(super::words::for_cells(&tool.tooltip(), square).into_owned())
                    .on_disabled_hover_text(why.unwrap_or_default())
                    .clicked()
                {
                    self.queue(super::commands::Command::Tool(*tool));
                }
            }
        });
        if hex {
            ui.add(egui::Slider::new(&mut self.tools.radius, 0..=3).text("brush radius"))
                .on_hover_text(
                    super::words::for_cells(
                        "Key ` one hex (radius 0); 1, 2, 3; the same key again: one hex",
                        square,
                    )
                    .into_owned(),
                );
        } else {
            self.table_settings(ui);
        }
        if self.tools.tool == Tool::Objective {
            self.objective_section(ui);
        }
        let Some(r) = self.doc.module().cloned() else {
            return;
        };
        // Picking a kind picks the tool that puts it down (the brush keeps the fill).
        let section = |ui: &mut Ui,
                       title: &str,
                       list: KindList,
                       selected: &mut String,
                       tool: &mut Tool,
                       puts: &[Tool]| {
            let kinds = r.kinds(list);
            let mut clicked = false;
            if kinds.is_empty() {
                return clicked;
            }
            ui.separator();
            ui.heading(title);
            for k in kinds {
                let [cr, cg, cb] = k.colour.0;
                ui.horizontal(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(20.0, 20.0), egui::Sense::hover());
                    ui.painter()
                        .rect_filled(rect, 3.0, Color32::from_rgb(cr, cg, cb));
                    if let Some(src) = k.icon.as_deref().and_then(|f| icons::icon(&r, f)) {
                        egui::Image::new(src).paint_at(ui, rect.shrink(1.0));
                    }
                    let picked = *selected == k.id && puts.contains(tool);
                    let resp = ui
                        .selectable_label(picked, &k.name)
                        .on_hover_text(&k.description);
                    if resp.clicked() {
                        clicked = true;
                        *selected = k.id.clone();
                        if !puts.contains(tool) {
                            *tool = puts[0];
                        }
                    }
                });
            }
            clicked
        };
        let area_map = self.doc.scenario.board.as_area().is_some();
        let t = &mut self.tools;
        let line_before = t.line.clone();
        let tool_before = t.tool;
        // A kind picked takes up its tool, as a tool button does: a preview shown hands
        // the clicks back (else the clicks meant to draw went to the preview).
        let mut picked = false;
        picked |= section(
            ui,
            "Terrain",
            KindList::Terrain,
            &mut t.terrain,
            &mut t.tool,
            if area_map {
                &[Tool::Brush, Tool::Fill, Tool::Area]
            } else if hex {
                &[Tool::Brush, Tool::Fill]
            } else {
                &[Tool::Area]
            },
        );
        super::sample::button(ui, &mut self.windows.sample, &self.doc);
        picked |= section(
            ui,
            "Lines",
            KindList::Line,
            &mut t.line,
            &mut t.tool,
            &[Tool::Line],
        );
        // A line kind picked: the width its size rule wants (a river 3 cm, not 1).
        if t.line != line_before
            && let Some(w) = super::tools::line_width(&r, &t.line)
        {
            t.line_width = w;
        }
        picked |= section(
            ui,
            "Landmarks",
            KindList::Landmark,
            &mut t.landmark,
            &mut t.tool,
            &[Tool::Landmark],
        );
        // An area map's connections are of the hexside kinds.
        let (sides, side_tool) = if area_map {
            ("Connections", Tool::Connect)
        } else if self.doc.scenario.board.as_square().is_some() {
            ("Sides", Tool::Hexside)
        } else {
            ("Hexsides", Tool::Hexside)
        };
        picked |= section(
            ui,
            sides,
            KindList::Hexside,
            &mut t.hexside,
            &mut t.tool,
            &[side_tool],
        );
        picked |= section(
            ui,
            "Tokens",
            KindList::Token,
            &mut t.token,
            &mut t.tool,
            &[Tool::Token],
        );
        picked |= section(
            ui,
            "Units",
            KindList::UnitClass,
            &mut t.unit_class,
            &mut t.tool,
            &[Tool::Unit],
        );
        picked |= section(
            ui,
            "Roads",
            KindList::Road,
            &mut t.road,
            &mut t.tool,
            &[Tool::Road],
        );
        picked |= section(
            ui,
            "Markers",
            KindList::Marker,
            &mut t.marker,
            &mut t.tool,
            &[Tool::Marker],
        );
        if picked {
            if self.tools.tool != tool_before {
                self.canvas.table.drawing.clear();
            }
            self.canvas.preview.hand_back();
        }
        let sides = self.doc.scenario.sides.clone();
        if !sides.iter().any(|s| s.id == self.tools.unit_side)
            && let Some(first) = sides.first()
        {
            self.tools.unit_side = first.id.clone();
        }
        if !sides.is_empty() {
            egui::ComboBox::from_label("side of new units")
                .selected_text(super::words::side_name(&sides, &self.tools.unit_side))
                .show_ui(ui, |ui| {
                    for s in &sides {
                        ui.selectable_value(&mut self.tools.unit_side, s.id.clone(), &s.name);
                    }
                });
        }
    }

    /// Line width, landmark size and snapping, for the table tools.
    fn table_settings(&mut self, ui: &mut Ui) {
        let t = &mut self.tools;
        let unit = self
            .doc
            .scenario
            .board
            .as_freeform()
            .map_or(String::new(), |b| {
                super::words::unit_label(b.unit).to_string()
            });
        fn length<'a>(value: &'a mut f64, max: f64, unit: &str) -> egui::DragValue<'a> {
            egui::DragValue::new(value)
                .range(0.1..=max)
                .speed(0.1)
                .suffix(format!(" {unit}"))
        }
        ui.horizontal(|ui| {
            let name = ui.label("line width");
            ui.add(length(&mut t.line_width, 50.0, &unit))
                .labelled_by(name.id);
        });
        ui.horizontal(|ui| {
            let name = ui.label("landmark");
            ui.add(length(&mut t.landmark_size, 100.0, &unit))
                .labelled_by(name.id);
            ui.checkbox(&mut t.landmark_outline, "as outline");
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("snap:");
            let name = ui.checkbox(&mut t.snap_grid, "grid");
            ui.add(length(&mut t.grid, 100.0, &unit))
                .labelled_by(name.id);
            ui.checkbox(&mut t.snap_vertices, "vertices");
            ui.checkbox(&mut t.snap_edge, "table edge");
        });
    }

    pub(super) fn inspector(&mut self, ui: &mut Ui) {
        ui.heading("Inspector");
        if self.doc.ruleset().is_none() {
            return;
        }
        let s = &self.doc.scenario;
        // The selection's sheet, else what is under the pointer: with a selection the
        // panel does not change as the pointer moves (the status bar names what is
        // under it), so its fields stay where the user reaches for them.
        // When the pointer leaves the board the last place it was over stays shown, so
        // that the findings below and their Fix buttons do not jump up under a pointer
        // on its way to them.
        let kept = ui.make_persistent_id("inspector-last-hover");
        let hover = match self.canvas.hover {
            Some(h) => {
                ui.data_mut(|d| d.insert_temp(kept, h));
                Some(h)
            }
            None => ui.data(|d| d.get_temp::<Hover>(kept)),
        };
        let shown = match (hover, self.canvas.select.hexes.first()) {
            (_, Some(h)) if s.board.grid().is_some() => Some(Hover::Hex(*h)),
            (hover, _) => hover,
        };
        match shown {
            Some(Hover::Hex(hex)) if s.board.grid().is_some_and(|b| b.contains(hex)) => {
                let square = s.board.kind();
                let title = format!("Hex {}", s.label(hex));
                ui.label(RichText::new(super::words::for_cells(&title, square)).strong());
                if s.board.as_area().is_some() && self.canvas.select.hexes == [hex] {
                    self.area_inspector(ui, hex);
                }
                let (s, Some(r)) = (&self.doc.scenario, self.doc.ruleset()) else {
                    return;
                };
                let cell = s.hexes.get(&hex);
                let terrain = cell
                    .map(|c| c.terrain.to_string())
                    .or(r.default_terrain.clone())
                    .unwrap_or_default();
                if let Some(k) = r.kind(KindList::Terrain, &terrain) {
                    ui.label(format!("Terrain: {}", k.name));
                    if !k.description.is_empty() {
                        ui.label(RichText::new(&k.description).italics());
                    }
                }
                if let Some(c) = cell {
                    if c.elevation != 0 {
                        ui.label(format!("Elevation: {}", c.elevation));
                    }
                    if !c.facing.is_empty() {
                        let f: Vec<&str> = c.facing.iter().map(|x| x.as_str()).collect();
                        ui.label(format!("Facing: {}", f.join(", ")));
                    }
                    if !c.markers.is_empty() {
                        let names: Vec<&str> = c
                            .markers
                            .iter()
                            .map(|m| r.kind(KindList::Marker, m).map_or(m.as_str(), |k| &k.name))
                            .collect();
                        ui.label(format!("Markers: {}", names.join(", ")));
                    }
                }
                for ((key, kind), _) in s
                    .hexsides
                    .iter()
                    .filter(|((k, _), _)| k.hexes().contains(&hex))
                {
                    let [a, b] = key.hexes();
                    let other = if a == hex { b } else { a };
                    let name = r
                        .kind(KindList::Hexside, kind)
                        .map_or(kind.as_str(), |k| &k.name);
                    ui.label(super::words::for_cells(
                        &format!("Hexside: {name} towards {}", s.label(other)),
                        square,
                    ));
                }
                for road in s.roads.iter().filter(|road| road.hexes.contains(&hex)) {
                    let name = r
                        .kind(KindList::Road, &road.kind)
                        .map_or(road.kind.as_str(), |k| &k.name);
                    ui.label(format!("Road {} ({name})", road.id));
                }
                for t in s.tokens.iter().filter(|t| t.hex == hex) {
                    let f: Vec<&str> = t.facing.iter().map(|x| x.as_str()).collect();
                    ui.label(format!(
                        "Token {} ({}), front: {}",
                        t.id,
                        t.kind,
                        f.join(", ")
                    ));
                }
                for u in s.units.iter().filter(|u| u.hex == Some(hex)) {
                    ui.label(format!(
                        "Unit {} ({}, {})",
                        u.id,
                        u.class,
                        super::words::side_name(&s.sides, &u.side)
                    ));
                }
                // The units and tokens of a lone selected hex can be edited here.
                if self.canvas.select.hexes == [hex] {
                    let features: Vec<Feature> = s
                        .units
                        .iter()
                        .filter(|u| u.hex == Some(hex))
                        .cloned()
                        .map(Feature::Unit)
                        .chain(
                            s.tokens
                                .iter()
                                .filter(|t| t.hex == hex)
                                .cloned()
                                .map(Feature::Token),
                        )
                        .collect();
                    // Each counter can be picked (to move it alone by dragging), removed
                    // or duplicated here as well as on the board.
                    for f in features {
                        ui.separator();
                        let counter = super::select::Counter {
                            kind: f.kind(),
                            id: f.id().to_string(),
                        };
                        let picked = self.canvas.select.counter.as_ref() == Some(&counter);
                        let mut action = None;
                        ui.horizontal(|ui| {
                            let title = RichText::new(format!("{} {}", f.kind(), f.id())).strong();
                            if ui
                                .selectable_label(picked, title)
                                .on_hover_text("Pick it: drag it on the board to move it alone")
                                .clicked()
                            {
                                action = Some(CounterAction::Pick);
                            }
                            if ui.button("Remove").clicked() {
                                action = Some(CounterAction::Remove);
                            }
                            if ui.button("Duplicate").clicked() {
                                action = Some(CounterAction::Duplicate);
                            }
                        });
                        if let Some(a) = action {
                            let s = &self.doc.scenario;
                            self.canvas.select.pick(s, counter);
                            match a {
                                CounterAction::Pick => {}
                                CounterAction::Remove => {
                                    self.canvas
                                        .select
                                        .remove_counter(&mut self.doc, &self.rulesets);
                                }
                                CounterAction::Duplicate => {
                                    self.canvas
                                        .select
                                        .duplicate_counter(&mut self.doc, &self.rulesets);
                                }
                            }
                            // The list changed under the loop: drawn again next frame.
                            ui.ctx().request_repaint();
                            return;
                        }
                        self.edit_feature(ui, &f);
                    }
                }
            }
            Some(Hover::Point(p)) => {
                ui.label(format!("x {:.1}, y {:.1}", p.x, p.y));
            }
            _ if s.board.grid().is_some() => {
                let square = s.board.kind();
                ui.label(super::words::for_cells(
                    "Point at the board to see what is there, or select a hex.",
                    square,
                ));
            }
            _ => {
                ui.label("Point at the table to see what is there, or select a feature.");
            }
        }
    }

    /// The selected feature of a table, or the one under the pointer: what it is, the
    /// rule effects of its kind, its size; width and size can be changed here.
    pub(super) fn feature_inspector(&mut self, ui: &mut Ui) {
        use crate::scenario::shape;
        let s = &self.doc.scenario;
        let pointed = match self.canvas.hover {
            Some(Hover::Point(p)) => shape::feature_at(
                s,
                crate::board::freeform::Point::new(p.x as f64, p.y as f64),
                0.0,
            ),
            _ => None,
        };
        let Some((kind, id)) = self.canvas.table.selected.clone().or(pointed) else {
            return;
        };
        let Some(f) = shape::feature(s, kind, &id) else {
            return;
        };
        let Some(r) = self.doc.ruleset() else {
            return;
        };
        let (list, kind_id) = match &f {
            Feature::Area(a) => (KindList::Terrain, a.terrain.as_str()),
            Feature::Line(l) => (KindList::Line, l.kind.as_str()),
            Feature::Landmark(m) => (KindList::Landmark, m.kind.as_str()),
            Feature::Unit(u) => (KindList::UnitClass, u.class.as_str()),
            _ => return,
        };
        let selected = self.canvas.table.selected.as_ref() == Some(&(kind, id.clone()));
        ui.separator();
        let name = r.kind(list, kind_id).map_or(kind_id, |k| k.name.as_str());
        ui.label(
            RichText::new(format!(
                "{} {id}: {name}{}",
                kind,
                if selected { " (selected)" } else { "" }
            ))
            .strong(),
        );
        if let Some(k) = r.kind(list, kind_id)
            && !k.description.is_empty()
        {
            ui.label(RichText::new(&k.description).italics());
        }
        let unit = s.board.as_freeform().map_or(String::new(), |b| {
            super::words::unit_label(b.unit).to_string()
        });
        let pts = shape::vertices(&f);
        match &f {
            Feature::Area(_) => {
                use geo::Area as _;
                let a = crate::board::freeform::polygon(pts).unsigned_area();
                ui.label(format!("{} vertices, {a:.1} square {unit}", pts.len()));
            }
            Feature::Line(_) => {
                let len: f64 = pts
                    .windows(2)
                    .map(|w| (w[1].x - w[0].x).hypot(w[1].y - w[0].y))
                    .sum();
                ui.label(format!("{} points, {len:.1} {unit} long", pts.len()));
            }
            Feature::Unit(u) => {
                ui.label(format!(
                    "side {}, facing {:.0} degrees",
                    super::words::side_name(&self.doc.scenario.sides, &u.side),
                    u.facing_deg.unwrap_or(0.0)
                ));
            }
            _ => {}
        }
        if !selected {
            return;
        }
        self.edit_feature(ui, &f);
    }

    /// The property editors of a feature; a drag of a value is one undo step.
    fn edit_feature(&mut self, ui: &mut Ui, f: &crate::scenario::Feature) {
        let Some(r) = self.doc.module().cloned() else {
            return;
        };
        let s = &self.doc.scenario;
        let change = super::properties::edit(ui, f, &r, &s.sides, &s.settings);
        if change.began {
            self.doc.history.begin_group();
        }
        if let Some(new) = change.feature {
            self.canvas.table.put(&mut self.doc, &self.rulesets, new);
        }
        if change.ended {
            self.doc.history.end_group();
        }
    }

    pub(super) fn validation_panel(&mut self, ui: &mut Ui) {
        // A clicked finding's outline goes once the finding does (fixed, undone).
        if !self.canvas.focus.is_empty()
            && !self
                .doc
                .diagnostics
                .iter()
                .any(|d| d.hexes == self.canvas.focus)
        {
            self.canvas.focus.clear();
        }
        let (errors, warnings) = self.doc.counts();
        ui.heading(format!(
            "Validation: {}, {}{}",
            super::words::counted(errors, "error"),
            super::words::counted(warnings, "warning"),
            checking_words(&self.doc)
        ));
        if self.doc.ruleset().is_none() {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!(
                    "Unknown ruleset '{}': nothing can be checked or drawn until File > Load ruleset... loads its file.",
                    self.doc.scenario.ruleset
                ),
            );
            if super::commands::Command::LoadRuleset.menu_item(ui, true) {
                let ctx = ui.ctx().clone();
                self.run_command(super::commands::Command::LoadRuleset, &ctx);
            }
        }
        let mut fix = None;
        let mut focus = None;
        // A finding about the plan's turns or victory conditions opens its window.
        let mut plan = false;
        let heights_id = egui::Id::unique("finding-row-heights");
        let heights: Arc<FxHashMap<u64, f32>> =
            ui.data(|m| m.get_temp(heights_id)).unwrap_or_default();
        let mut seen: FxHashMap<u64, f32> = FxHashMap::default();
        for severity in [Severity::Error, Severity::Warning, Severity::Info] {
            let list: Vec<_> = self
                .doc
                .diagnostics
                .iter()
                .filter(|d| d.severity == severity)
                .collect();
            if list.is_empty() {
                continue;
            }
            let colour = match severity {
                Severity::Error => Color32::from_rgb(200, 40, 40),
                Severity::Warning => Color32::from_rgb(200, 130, 0),
                Severity::Info => Color32::GRAY,
            };
            ui.label(
                RichText::new(format!("{severity}s ({})", list.len()))
                    .color(colour)
                    .strong(),
            );
            for d in list {
                // A map breaking thousands of rules lists thousands of rows: only those
                // in view are laid out, the others stand in as the height they had.
                let key = row_key(d);
                if let Some(h) = heights.get(&key).copied() {
                    let rect = egui::Rect::from_min_size(
                        ui.cursor().min,
                        egui::vec2(ui.available_width(), h),
                    );
                    if !ui.is_rect_visible(rect) {
                        ui.add_space(h);
                        seen.insert(key, h);
                        continue;
                    }
                }
                let top = ui.cursor().min.y;
                let short = d
                    .message
                    .split(" (\"")
                    .next()
                    .unwrap_or(&d.message)
                    .to_string();
                let resp = ui.add(
                    egui::Label::new(RichText::new(short).color(colour))
                        .sense(egui::Sense::click()),
                );
                let resp = match &d.quote {
                    Some(q) => resp.on_hover_text(format!("{}\n\n\"{q}\"", d.rule)),
                    None => resp.on_hover_text(&d.rule),
                };
                if resp.clicked() {
                    focus = Some((d.hexes.clone(), d.features.clone()));
                    plan |= of_the_plan(d);
                }
                for f in &d.fixes {
                    if ui.button(format!("Fix: {}", f.label)).clicked() {
                        fix = Some((f.edit.clone(), format!("fix: {}", f.label)));
                    }
                }
                seen.insert(key, ui.cursor().min.y - top);
            }
        }
        ui.data_mut(|m| m.insert_temp(heights_id, Arc::new(seen)));
        if let Some((hexes, features)) = focus {
            self.focus(hexes, &features);
        }
        if plan && self.windows.plan.is_none() {
            self.windows.plan = Some(super::plan_panel::PlanPanel::new(&self.doc));
        }
        if let Some((e, name)) = fix {
            let _ = self.doc.apply_named(e, &self.rulesets, &name);
        }
    }

    /// Centres the canvas on a finding and highlights it: its hexes, or on a table its
    /// first feature, which becomes the selection.
    pub fn focus(&mut self, hexes: Vec<hexx::Hex>, features: &[String]) {
        use crate::scenario::shape;
        let s = &self.doc.scenario;
        // A finding about an objective picks it, with the objective tool in hand.
        if let Some(id) = features.iter().find(|id| s.plan.objective(id).is_some()) {
            let id = id.clone();
            self.pick_objective(&id);
            self.canvas.focus = hexes;
            return;
        }
        let centre = match hexes.first() {
            Some(h) => Canvas::hex_centre(&s.board, *h),
            None => features.iter().find_map(|id| {
                let f = shape::feature_by_id(s, id)?;
                self.canvas.table.select(f.kind(), id);
                shape::centre(&f).map(|c| egui::vec2(c.x as f32, c.y as f32))
            }),
        };
        if let Some(c) = centre {
            self.canvas.centre_pending = Some(c);
        }
        self.canvas.focus = hexes;
    }

    /// A hex under the pointer in one line: label, terrain and counters ("J7: Woods,
    /// 1 unit"), for the status bar.
    fn under_pointer(&self, h: hexx::Hex) -> String {
        let s = &self.doc.scenario;
        let mut out = s.label(h);
        let Some(r) = self.doc.ruleset() else {
            return out;
        };
        let terrain = s
            .hexes
            .get(&h)
            .map(|c| c.terrain.to_string())
            .or(r.default_terrain.clone())
            .unwrap_or_default();
        if let Some(k) = r.kind(KindList::Terrain, &terrain) {
            out = format!("{out}: {}", k.name);
        }
        let units = s.units.iter().filter(|u| u.hex == Some(h)).count();
        if units > 0 {
            out = format!("{out}, {}", super::words::counted(units, "unit"));
        }
        let tokens = s.tokens.iter().filter(|t| t.hex == h).count();
        if tokens > 0 {
            out = format!("{out}, {}", super::words::counted(tokens, "token"));
        }
        out
    }

    pub(super) fn status_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let here = match self.canvas.hover {
                // Beside the board the pointer is over no hex, whatever its label would be.
                Some(Hover::Hex(h))
                    if self
                        .doc
                        .scenario
                        .board
                        .grid()
                        .is_some_and(|b| b.contains(h)) =>
                {
                    self.under_pointer(h)
                }
                Some(Hover::Point(p)) => format!("{:.1}, {:.1}", p.x, p.y),
                _ => "-".into(),
            };
            ui.label(format!("Under cursor: {here}"));
            ui.separator();
            let selected = self.canvas.select.hexes.len();
            if let Some(grid) = self.doc.scenario.board.grid().filter(|_| selected > 0) {
                let cells = if selected == 1 {
                    grid.noun()
                } else {
                    grid.nouns()
                };
                ui.label(format!("{selected} {cells} selected"));
                ui.separator();
            }
            let mm_per_unit = self
                .doc
                .scenario
                .board
                .as_freeform()
                .map_or(1.0, |t| t.cm_per_unit().unwrap_or(1.0) as f32 * 10.0);
            ui.label(format!(
                "Zoom {:.0}%",
                self.canvas.view.percent(mm_per_unit)
            ))
            .on_hover_text("100% is real size on a 96 dpi screen: a 50 mm hex shows 50 mm wide");
            ui.separator();
            let (e, w) = self.doc.counts();
            ui.label(format!(
                "{}, {}{}",
                super::words::counted(e, "error"),
                super::words::counted(w, "warning"),
                checking_words(&self.doc)
            ));
            ui.separator();
            let square = self.doc.scenario.board.kind();
            let tool = match self.tools.tool {
                Tool::Brush | Tool::Eraser if self.doc.scenario.board.grid().is_some() => {
                    format!(
                        "{} ({})",
                        self.tools.tool.name(),
                        brush_words(self.tools.radius, square)
                    )
                }
                t => t.name().to_string(),
            };
            ui.label(format!("{tool} | {}", self.doc.scenario.ruleset));
            ui.separator();
            if let Some(why) = self.canvas.select.refused() {
                ui.colored_label(ui.visuals().error_fg_color, format!("Not there: {why}"));
            } else if let Some(hint) = self.canvas.preview.hint() {
                ui.weak(super::words::for_cells(hint, square).into_owned());
            } else if self.doc.scenario.board.grid().is_some() {
                let hint = self.canvas.hint(self.tools.tool);
                ui.weak(super::words::for_cells(hint, square).into_owned());
            } else {
                ui.weak(super::table::table_tool(&self.tools).hint());
            }
        });
    }
}

/// The brush's size in words: radius 0 is the hex under the pointer alone.
fn brush_words(radius: u32, cells: &str) -> String {
    match radius {
        0 => super::words::for_cells("one hex", cells).into_owned(),
        r => format!("radius {r}"),
    }
}

/// Whether a finding is about what File > Scenario plan edits: the turns, the side
/// that moves first, a victory condition.
fn of_the_plan(d: &crate::scenario::diagnostic::Diagnostic) -> bool {
    use crate::rules::plan::rule;
    let rules = [
        rule::TURNS,
        rule::UNKNOWN_OBJECTIVE,
        rule::UNKNOWN_CLASS,
        rule::EMPTY_CONDITION,
        rule::NO_LAST_TURN,
        rule::UNREACHABLE_POINTS,
        rule::NOTHING_TO_DESTROY,
    ];
    // An unknown side is the plan's when no objective or unit carries it.
    rules.contains(&d.rule.as_str()) || (d.rule == rule::UNKNOWN_SIDE && d.features.is_empty())
}

/// What the inspector's buttons beside a counter do.
#[derive(Clone, Copy)]
enum CounterAction {
    Pick,
    Remove,
    Duplicate,
}

/// What a findings row is known by from one frame to the next (its place in the list
/// moves as findings come and go): its words, what it points at and its fixes, which
/// are what decide its height.
fn row_key(d: &crate::scenario::diagnostic::Diagnostic) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    d.message.hash(&mut h);
    d.fixes.len().hash(&mut h);
    for f in &d.fixes {
        f.label.hash(&mut h);
    }
    h.finish()
}

/// Said after the counts of findings while they are brought up to date on a thread
/// (after a flood fill of a big board, for a tenth of a second): the list shown is
/// the one before the edit.
fn checking_words(doc: &super::document::Document) -> &'static str {
    if doc.checking() { " (checking...)" } else { "" }
}
