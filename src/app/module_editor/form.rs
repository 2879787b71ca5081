//! Sheets built from the ruleset's JSON Schema (what `schemars` derives from the typed
//! parameters and their doc comments): every parameter of a mechanism, a check, the
//! sight model, zones of control or the board preset is shown, an absent one with its
//! default, each with its description; and the module's problems under the field they
//! are about.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use serde_json::{Map, Value};

use crate::rules::model::KindList;
use crate::rules::module::{self, Entry};
use crate::rules::{Problem, Ruleset};

use super::named::named;

/// The ruleset's schema, made once.
pub fn root() -> &'static Value {
    static ROOT: OnceLock<Value> = OnceLock::new();
    ROOT.get_or_init(|| serde_json::to_value(schemars::schema_for!(Ruleset)).unwrap_or_default())
}

/// A node with its `$ref` followed (one level is all `schemars` writes).
fn resolve(node: &Value) -> &Value {
    node.get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/$defs/"))
        .and_then(|name| root().get("$defs")?.get(name))
        .unwrap_or(node)
}

/// The schema of a field of the ruleset itself (`line_of_sight`, `board`...).
pub fn ruleset_field(key: &str) -> Option<&'static Value> {
    root().get("properties")?.get(key)
}

/// The schema of a definition (`Constraint`, `ModifierEntry`...).
pub fn definition(name: &str) -> Option<&'static Value> {
    root().get("$defs")?.get(name)
}

/// The schema of a kind of `list` as a file of a hex board (`hex`) or a table says it:
/// only the fields that work in that list.
pub fn kind_definition(list: KindList, hex: bool) -> Option<&'static Value> {
    let name = match list {
        KindList::Terrain if hex => "Terrain",
        KindList::Terrain => "Area",
        KindList::Hexside => "Hexside",
        KindList::Token => "Token",
        KindList::Marker => "Marker",
        KindList::Road => "Road",
        KindList::Line => "Line",
        KindList::Landmark => "Landmark",
        KindList::UnitClass if hex => "UnitClass",
        KindList::UnitClass => "TableUnitClass",
    };
    definition(name)
}

/// The fields of a schema object (`node`, a record of the entry at `path` holding
/// `value`) in the order its type declares them ([`module::field_order`], asked once per
/// record type), where the schema's map would list them alphabetically; fields the
/// order does not name follow.
pub fn properties<'s>(
    r: &Ruleset,
    entry: &Entry,
    path: &str,
    node: &'s Value,
    value: &Value,
) -> Vec<(&'s str, &'s Value)> {
    static ORDERS: OnceLock<Mutex<HashMap<usize, Option<Vec<String>>>>> = OnceLock::new();
    let Some(props) = node.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    // The schema is made once and never moves: a node's address names its type.
    let key = std::ptr::from_ref(node) as usize;
    let orders = ORDERS.get_or_init(Default::default);
    let known = orders.lock().ok().and_then(|m| m.get(&key).cloned());
    let order = known.unwrap_or_else(|| {
        let found = module::field_order(r, entry, path, value);
        if let Ok(mut m) = orders.lock() {
            m.insert(key, found.clone());
        }
        found
    });
    let mut out: Vec<(&str, &Value)> = Vec::with_capacity(props.len());
    for name in order.iter().flatten() {
        if let Some((k, v)) = props.get_key_value(name.as_str()) {
            out.push((k.as_str(), v));
        }
    }
    for (k, v) in props {
        if !out.iter().any(|(x, _)| *x == k.as_str()) {
            out.push((k.as_str(), v));
        }
    }
    out
}

/// `node` without an `Option`'s null, and whether it was optional.
fn unwrap_optional(node: &Value) -> (&Value, bool) {
    if let Some(any) = node.get("anyOf").and_then(Value::as_array)
        && any.len() == 2
        && let Some(i) = any
            .iter()
            .position(|x| x.get("type") == Some(&"null".into()))
    {
        return (resolve(&any[1 - i]), true);
    }
    if let Some(types) = node.get("type").and_then(Value::as_array)
        && types.iter().any(|t| t == "null")
    {
        return (node, true);
    }
    (resolve(node), false)
}

fn type_of(node: &Value) -> Option<&str> {
    match node.get("type")? {
        Value::String(s) => Some(s),
        Value::Array(types) => types
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null"),
        _ => None,
    }
}

/// The variant of a tagged `oneOf` (a check by `mechanism`, a board by `kind`) that
/// `v` is, with its tag's key.
fn variant<'s>(node: &'s Value, v: &Value) -> Option<(&'s Value, &'s str)> {
    let branches = node.get("oneOf")?.as_array()?;
    branches.iter().find_map(|b| {
        let props = b.get("properties")?.as_object()?;
        props.iter().find_map(|(key, p)| {
            let tag = p.get("const")?;
            (v.get(key) == Some(tag)).then_some((b, key.as_str()))
        })
    })
}

/// The choices of a string enum (`enum`, or a `oneOf` of constants).
fn choices(node: &Value) -> Option<Vec<String>> {
    if let Some(list) = node.get("enum").and_then(Value::as_array) {
        return Some(
            list.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect(),
        );
    }
    let branches = node.get("oneOf")?.as_array()?;
    branches
        .iter()
        .map(|b| b.get("const").and_then(Value::as_str).map(String::from))
        .collect()
}

/// What an absent field stands for: the schema's default, else its type's empty value.
fn default_of(prop: &Value, inner: &Value) -> Value {
    if let Some(d) = prop.get("default").or_else(|| inner.get("default")) {
        return d.clone();
    }
    if let Some(c) = choices(inner) {
        return c.first().cloned().map_or(Value::Null, Value::String);
    }
    match type_of(inner) {
        Some("boolean") => Value::Bool(false),
        Some("integer") => inner.get("minimum").cloned().unwrap_or(Value::from(0)),
        Some("number") => Value::from(0.0),
        Some("string") => Value::String(String::new()),
        Some("array") => Value::Array(Vec::new()),
        _ => Value::Object(Map::new()),
    }
}

/// The entry's problems, each shown once: under the field it is about where the sheet
/// draws that field, the rest (fields the sheet has no widget for) at its end.
pub struct Marks {
    items: Vec<(String, String, bool)>,
}

impl Marks {
    pub fn new(problems: &[Problem], entry: &Entry) -> Self {
        let items = problems
            .iter()
            .filter(|p| p.place.entry.as_ref() == Some(entry))
            .map(|p| (p.place.field.clone(), p.message.clone(), false))
            .collect();
        Marks { items }
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Shows the problems about the entry as a whole (no field), not shown yet.
    pub fn whole(&mut self, ui: &mut egui::Ui) {
        self.under(ui, "");
    }

    /// Shows the problems about `field` or a field inside it, not shown yet.
    pub fn under(&mut self, ui: &mut egui::Ui, field: &str) {
        for (f, message, shown) in &mut self.items {
            let inside = f == field
                || (f.len() > field.len()
                    && f.starts_with(field)
                    && f.as_bytes()[field.len()] == b'.');
            if !*shown && inside {
                *shown = true;
                mark(ui, message);
            }
        }
    }

    /// The problems no field showed, with the field they are about.
    pub fn rest(&mut self, ui: &mut egui::Ui) {
        for (f, message, shown) in &mut self.items {
            if !*shown {
                *shown = true;
                if f.is_empty() {
                    mark(ui, message);
                } else {
                    mark(ui, &format!("{f}: {message}"));
                }
            }
        }
    }
}

/// What a schema sheet's fields share: the entry's problems and the keys a per-class
/// table offers.
pub struct Cx<'a> {
    r: &'a Ruleset,
    entry: &'a Entry,
    marks: &'a mut Marks,
    classes: Vec<String>,
}

/// One problem, in the warning colour, named for a screen reader.
fn mark(ui: &mut egui::Ui, message: &str) {
    let text = format!("(!) {message}");
    let r = ui.colored_label(ui.visuals().warn_fg_color, &text);
    named(&r, egui::Role::Label, &text);
}

/// The fields of the object `v` that `node` (an object schema, or a tagged `oneOf`)
/// describes, each with its widget and description; `path` is `v`'s place in the entry
/// (`check`, `line_of_sight`). Returns whether a field changed.
pub fn object(ui: &mut egui::Ui, node: &Value, v: &mut Value, path: &str, cx: &mut Cx<'_>) -> bool {
    let node = resolve(node);
    let mut changed = false;
    let (node, tag) = match variant(node, v) {
        Some((b, tag)) => {
            // The tag chooses the variant: another one starts from its defaults.
            if let Some(other) = switch_variant(ui, node, tag, v, path) {
                *v = other;
                changed = true;
            }
            match variant(node, v) {
                Some((b, _)) => (b, Some(tag)),
                None => (b, Some(tag)),
            }
        }
        None => (node, None),
    };
    if node.get("properties").is_none() {
        return false;
    }
    if !v.is_object() {
        *v = Value::Object(Map::new());
    }
    let props = properties(cx.r, cx.entry, path, node, v);
    if tag.is_some()
        && let Some(d) = node.get("description").and_then(Value::as_str)
    {
        describe(ui, d);
    }
    for (key, prop) in props {
        if Some(key) == tag {
            continue;
        }
        let here = if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        };
        let Value::Object(map) = v else { break };
        ui.push_id(key, |ui| {
            changed |= field(ui, key, prop, map, &here, cx);
        });
    }
    changed
}

/// One field of an object: its widget, its description, its problems.
fn field(
    ui: &mut egui::Ui,
    key: &str,
    prop: &Value,
    map: &mut Map<String, Value>,
    path: &str,
    cx: &mut Cx<'_>,
) -> bool {
    let (inner, optional) = unwrap_optional(prop);
    let title = key.replace('_', " ");
    let description = prop
        .get("description")
        .or_else(|| inner.get("description"))
        .and_then(Value::as_str);
    let mut changed = false;
    // A record, or a tagged choice of records (a check's mechanism, a board's kind).
    let nested = inner.get("properties").is_some()
        || (inner.get("oneOf").is_some() && choices(inner).is_none());
    let present = map.get(key).is_some_and(|x| !x.is_null());
    if let Some(row) = record_rows(inner) {
        if let Some(d) = description {
            describe(ui, d);
        }
        // The map holds the list only once it changes.
        let mut rows = map
            .get(key)
            .cloned()
            .unwrap_or_else(|| Value::Array(Vec::new()));
        if records(ui, &title, row, &mut rows, path, cx) {
            changed = true;
            if rows.as_array().is_some_and(Vec::is_empty) && optional {
                map.remove(key);
            } else {
                map.insert(key.to_string(), rows);
            }
        }
        cx.marks.under(ui, path);
        return changed;
    }
    if let Some(table) = Table::of(inner) {
        let mut on = present || !optional;
        ui.horizontal(|ui| {
            if optional {
                let label = format!("{title} set");
                let default = || default_of(prop, inner);
                changed |= set_or_not(ui, &mut on, ("", &label), map, key, default);
            }
            ui.label(&title);
        });
        if on {
            let mut value = map
                .get(key)
                .cloned()
                .unwrap_or_else(|| default_of(prop, inner));
            ui.push_id(path, |ui| {
                if table.show(ui, &title, &mut value, cx) {
                    map.insert(key.to_string(), value);
                    changed = true;
                }
            });
        }
        if let Some(d) = description {
            describe(ui, d);
        }
        cx.marks.under(ui, path);
        return changed;
    }
    if nested {
        let mut on = present || !optional;
        if optional {
            let default = || default_of(prop, inner);
            changed |= set_or_not(ui, &mut on, (&title, &title), map, key, default);
        }
        if let Some(d) = description {
            describe(ui, d);
        }
        if on {
            let mut value = map
                .get(key)
                .cloned()
                .unwrap_or_else(|| default_of(prop, inner));
            egui::CollapsingHeader::new(&title)
                .id_salt(path)
                .default_open(true)
                .show(ui, |ui| {
                    if object(ui, inner, &mut value, path, cx) {
                        map.insert(key.to_string(), value);
                        changed = true;
                    }
                });
        }
        cx.marks.under(ui, path);
        return changed;
    }
    ui.horizontal(|ui| {
        let mut on = present || !optional;
        if optional {
            let label = format!("{title} set");
            let default = || default_of(prop, inner);
            changed |= set_or_not(ui, &mut on, ("", &label), map, key, default);
        }
        ui.label(&title);
        if !on {
            ui.weak("none");
            return;
        }
        let mut value = map
            .get(key)
            .cloned()
            .unwrap_or_else(|| default_of(prop, inner));
        let edited = if key == "terrain" && type_of(inner) == Some("string") {
            terrain_pick(ui, cx.r, &mut value, &title)
        } else {
            leaf(ui, inner, &mut value, &title)
        };
        if edited {
            map.insert(key.to_string(), value);
            changed = true;
        }
    });
    if let Some(d) = description {
        describe(ui, d);
    }
    cx.marks.under(ui, path);
    changed
}

/// The choice of a tagged `oneOf`'s variant (a check's mechanism, a board's kind):
/// the value of another variant, its required fields at their defaults, when the user
/// picks one.
fn switch_variant(
    ui: &mut egui::Ui,
    node: &Value,
    tag: &str,
    v: &Value,
    path: &str,
) -> Option<Value> {
    let branches = node.get("oneOf")?.as_array()?;
    let name_of = |b: &Value| {
        b.get("properties")?
            .get(tag)?
            .get("const")?
            .as_str()
            .map(String::from)
    };
    let current = v.get(tag).and_then(Value::as_str).unwrap_or_default();
    let mut picked = current.to_string();
    let label = tag.replace('_', " ");
    ui.horizontal(|ui| {
        ui.label(&label);
        egui::ComboBox::from_id_salt((path, tag))
            .selected_text(current)
            .show_ui(ui, |ui| {
                for b in branches {
                    if let Some(n) = name_of(b) {
                        ui.selectable_value(&mut picked, n.clone(), &n);
                    }
                }
            })
            .response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &label));
    });
    if picked == current {
        return None;
    }
    let b = branches
        .iter()
        .find(|b| name_of(b).as_deref() == Some(picked.as_str()))?;
    let mut out = fresh(b);
    if let Value::Object(m) = &mut out {
        m.insert(tag.to_string(), Value::String(picked));
    }
    Some(out)
}

/// The schema of a list's rows, when they are records.
fn record_rows(node: &Value) -> Option<&Value> {
    if type_of(node) != Some("array") {
        return None;
    }
    let row = resolve(node.get("items")?);
    row.get("properties").is_some().then_some(row)
}

/// A new row of `row`'s records: each required field at its default.
fn fresh(row: &Value) -> Value {
    let required: Vec<&str> = row
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut out = Map::new();
    if let Some(props) = row.get("properties").and_then(Value::as_object) {
        for (key, prop) in props.iter().filter(|(k, _)| required.contains(&k.as_str())) {
            let (inner, _) = unwrap_optional(prop);
            let v = if inner.get("properties").is_some() {
                fresh(inner)
            } else {
                default_of(prop, inner)
            };
            out.insert(key.clone(), v);
        }
    }
    Value::Object(out)
}

/// A list of records: each row's fields as a form, with a button that removes it, and
/// one that adds a row.
fn records(
    ui: &mut egui::Ui,
    title: &str,
    row: &Value,
    rows: &mut Value,
    path: &str,
    cx: &mut Cx<'_>,
) -> bool {
    let Value::Array(list) = rows else {
        return false;
    };
    let mut changed = false;
    let mut remove = None;
    for (i, item) in list.iter_mut().enumerate() {
        let here = format!("{path}.{i}");
        let name = format!("{title} {}", i + 1);
        ui.push_id(i, |ui| {
            egui::CollapsingHeader::new(&name)
                .id_salt(&here)
                .default_open(true)
                .show(ui, |ui| {
                    changed |= object(ui, row, item, &here, cx);
                    let label = format!("Remove {name}");
                    let r = ui.button("Remove");
                    named(&r, egui::Role::Button, &label);
                    if r.clicked() {
                        remove = Some(i);
                    }
                });
        });
    }
    if let Some(i) = remove {
        list.remove(i);
        changed = true;
    }
    let label = format!("Add to {title}");
    let r = ui.button(format!("Add ({title})"));
    named(&r, egui::Role::Button, &label);
    if r.clicked() {
        list.push(fresh(row));
        changed = true;
    }
    changed
}

/// A field shown as a table: a map keyed by class (`*`: every class) with a value a
/// row, rows added and removed; or a list of numbers (dice by range, levels) with a row
/// an item, added and removed unless the list has a fixed length (a point, a base).
enum Table<'s> {
    ByClass(&'s Value),
    Numbers(&'s Value, Option<usize>),
}

impl<'s> Table<'s> {
    fn of(node: &'s Value) -> Option<Self> {
        match type_of(node)? {
            "object" if node.get("properties").is_none() => {
                let values = node.get("additionalProperties")?;
                values.is_object().then(|| Table::ByClass(resolve(values)))
            }
            "array" => {
                let item = resolve(node.get("items")?);
                if !matches!(type_of(item), Some("integer" | "number")) {
                    return None;
                }
                let len = |k: &str| node.get(k).and_then(Value::as_u64);
                let fixed = match (len("minItems"), len("maxItems")) {
                    (Some(a), Some(b)) if a == b => usize::try_from(a).ok(),
                    _ => None,
                };
                Some(Table::Numbers(item, fixed))
            }
            _ => None,
        }
    }

    /// The table; returns whether a value, or the rows, changed.
    fn show(&self, ui: &mut egui::Ui, title: &str, v: &mut Value, cx: &Cx<'_>) -> bool {
        use egui_extras::{Column, TableBuilder};
        // The rows as (key, value): a class id, or the item's place from 1.
        let (mut rows, item): (Vec<(String, Value)>, &Value) = match (self, &*v) {
            (Table::ByClass(item), Value::Object(m)) => (
                m.iter().map(|(k, x)| (k.clone(), x.clone())).collect(),
                item,
            ),
            (Table::Numbers(item, _), Value::Array(xs)) => (
                xs.iter()
                    .enumerate()
                    .map(|(i, x)| ((i + 1).to_string(), x.clone()))
                    .collect(),
                item,
            ),
            (Table::ByClass(item), _) => (Vec::new(), *item),
            (Table::Numbers(item, _), _) => (Vec::new(), *item),
        };
        let by_class = matches!(self, Table::ByClass(_));
        let removable = !matches!(self, Table::Numbers(_, Some(_)));
        let (mut changed, mut remove) = (false, None);
        let head = if by_class { "Class" } else { "#" };
        TableBuilder::new(ui)
            .id_salt(title)
            .striped(true)
            .vscroll(false)
            .column(Column::auto().at_least(if by_class { 90.0 } else { 30.0 }))
            .column(Column::auto().at_least(70.0))
            .column(Column::auto())
            .header(20.0, |mut h| {
                for t in [head, "Value", ""] {
                    h.col(|ui| {
                        ui.strong(t);
                    });
                }
            })
            .body(|mut body| {
                for (i, (key, x)) in rows.iter_mut().enumerate() {
                    body.row(22.0, |mut row| {
                        row.col(|ui| {
                            ui.label(if key == "*" {
                                "every class"
                            } else {
                                key.as_str()
                            });
                        });
                        row.col(|ui| {
                            let name = if by_class {
                                format!("{title} for {key}")
                            } else {
                                format!("{title} {key}")
                            };
                            changed |= leaf(ui, item, x, &name);
                        });
                        row.col(|ui| {
                            if removable {
                                let r = ui.small_button("Remove");
                                named(&r, egui::Role::Button, &format!("Remove {title} {key}"));
                                if r.clicked() {
                                    remove = Some(i);
                                }
                            }
                        });
                    });
                }
            });
        if let Some(i) = remove {
            rows.remove(i);
            changed = true;
        }
        let fresh = || default_of(item, item);
        if by_class {
            let free: Vec<&String> = cx
                .classes
                .iter()
                .filter(|c| rows.iter().all(|(k, _)| k != *c))
                .collect();
            let mut picked = None;
            if !free.is_empty() {
                let label = format!("Add a row to {title}");
                egui::ComboBox::from_id_salt((title, "add"))
                    .selected_text("Add a class...")
                    .show_ui(ui, |ui| {
                        for c in free {
                            let text = if c == "*" { "every class" } else { c.as_str() };
                            if ui.selectable_label(false, text).clicked() {
                                picked = Some(c.clone());
                            }
                        }
                    })
                    .response
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &label));
            }
            if let Some(c) = picked {
                rows.push((c, fresh()));
                changed = true;
            }
        } else if removable {
            let r = ui.small_button("Add");
            named(&r, egui::Role::Button, &format!("Add to {title}"));
            if r.clicked() {
                let last = rows.last().map_or_else(fresh, |(_, x)| x.clone());
                rows.push((String::new(), last));
                changed = true;
            }
        }
        if changed {
            *v = if by_class {
                Value::Object(rows.into_iter().collect())
            } else {
                Value::Array(rows.into_iter().map(|(_, x)| x).collect())
            };
        }
        changed
    }
}

/// An optional field's box: ticked, the field holds `default`; unticked, it is left
/// out. `text` is the box's own text and its name for a screen reader.
fn set_or_not(
    ui: &mut egui::Ui,
    on: &mut bool,
    (text, name): (&str, &str),
    map: &mut Map<String, Value>,
    key: &str,
    default: impl FnOnce() -> Value,
) -> bool {
    let r = ui.checkbox(on, text);
    let ticked = *on;
    r.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, ticked, name));
    if r.changed() {
        if ticked {
            map.insert(key.to_string(), default());
        } else {
            map.remove(key);
        }
    }
    r.changed()
}

/// A terrain id: typed (a terrain the module does not have yet), or picked from the
/// module's terrains by name beside it.
fn terrain_pick(ui: &mut egui::Ui, r: &Ruleset, v: &mut Value, label: &str) -> bool {
    let mut id = v.as_str().unwrap_or_default().to_string();
    let before = id.clone();
    let typed = ui.add(egui::TextEdit::singleline(&mut id).desired_width(120.0));
    named(&typed, egui::Role::TextInput, label);
    let shown = r
        .terrains
        .iter()
        .find(|t| t.id == id)
        .map_or("(not a terrain of this game)".to_string(), |t| {
            t.name.clone()
        });
    let list = format!("{label} of the game");
    egui::ComboBox::from_id_salt((label, "terrains"))
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for t in &r.terrains {
                ui.selectable_value(&mut id, t.id.clone(), format!("{} ({})", t.name, t.id));
            }
        })
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &list));
    if id != before {
        *v = Value::String(id);
        return true;
    }
    false
}

/// A value's widget by its type: a choice, a flag, a number, a text, a list of ids.
fn leaf(ui: &mut egui::Ui, node: &Value, v: &mut Value, label: &str) -> bool {
    if let Some(options) = choices(node) {
        let mut current = v.as_str().unwrap_or_default().to_string();
        let before = current.clone();
        egui::ComboBox::from_id_salt(label)
            .selected_text(&current)
            .show_ui(ui, |ui| {
                for o in &options {
                    ui.selectable_value(&mut current, o.clone(), o);
                }
            })
            .response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, label));
        if current != before {
            *v = Value::String(current);
            return true;
        }
        return false;
    }
    let spin = |ui: &mut egui::Ui, d: egui::DragValue<'_>| {
        let r = ui.add(d);
        named(&r, egui::Role::SpinButton, label);
        r.changed()
    };
    match (type_of(node), &mut *v) {
        (Some("boolean"), Value::Bool(b)) => {
            let r = ui.checkbox(b, "");
            let on = *b;
            r.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, on, label));
            r.changed()
        }
        (Some("integer"), n) => {
            let mut i = n.as_i64().unwrap_or(0);
            let mut d = egui::DragValue::new(&mut i);
            if let Some(min) = node.get("minimum").and_then(Value::as_i64) {
                let max = node
                    .get("maximum")
                    .and_then(Value::as_i64)
                    .unwrap_or(i64::MAX);
                d = d.range(min..=max);
            }
            let changed = spin(ui, d);
            if changed {
                *v = Value::from(i);
            }
            changed
        }
        (Some("number"), n) => {
            let mut f = n.as_f64().unwrap_or(0.0);
            let changed = spin(ui, egui::DragValue::new(&mut f).speed(0.1));
            if changed {
                *v = Value::from(f);
            }
            changed
        }
        (Some("string"), Value::String(s)) => {
            let r = ui.text_edit_singleline(s);
            named(&r, egui::Role::TextInput, label);
            r.changed()
        }
        (Some("array"), Value::Array(items)) if items.iter().all(Value::is_string) => {
            let mut text = items
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(", ");
            let r = ui.text_edit_singleline(&mut text);
            named(&r, egui::Role::TextInput, label);
            if r.changed() {
                *items = text
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| Value::String(s.to_string()))
                    .collect();
            }
            r.changed()
        }
        (_, other) => {
            // What no widget edits yet: shown as it is, edited as text.
            ui.monospace(other.to_string());
            ui.weak("(edit under As text)");
            false
        }
    }
}

/// A parameter's doc comment, small and quiet.
fn describe(ui: &mut egui::Ui, text: &str) {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    ui.label(egui::RichText::new(one_line).small().weak());
}

/// The schema-built part of an entry's sheet: the keys of its value that `node`
/// describes (all of them for a check or the board preset; a kind's beyond its id,
/// name, colour, pattern, icon and description). Returns the entry's new value when a
/// field changed.
pub fn entry(
    ui: &mut egui::Ui,
    r: &Ruleset,
    entry: &Entry,
    keys: &[(&str, &Value)],
    marks: &mut Marks,
) -> Option<Value> {
    let mut v = module::entry_value(r, entry);
    let mut changed = false;
    let Value::Object(map) = &mut v else {
        return None;
    };
    // A per-class table's rows are keyed by a class id, or `*` for every class.
    let classes = std::iter::once("*".to_string())
        .chain(r.unit_classes.iter().map(|c| c.id.clone()))
        .collect();
    let mut cx = Cx {
        r,
        entry,
        marks,
        classes,
    };
    for (key, node) in keys {
        ui.push_id(*key, |ui| {
            changed |= field(ui, key, node, map, key, &mut cx);
        });
    }
    changed.then_some(v)
}
