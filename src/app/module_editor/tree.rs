//! The editor's tree: Board, Sides, each list of kinds, Mechanisms, Modifiers, Checks,
//! filtered by the search field; a list's + adds an entry, Paste adds the clipboard's.

use crate::rules::Ruleset;
use crate::rules::module::{self, Entry, PasteInto};
use crate::scenario::Edit;

use super::named::named;
use super::state::{Action, ModuleEditor};

pub fn show(
    ed: &mut ModuleEditor,
    ui: &mut egui::Ui,
    r: &Ruleset,
    problems: &[module::Problem],
    actions: &mut Vec<Action>,
) {
    let search = ui
        .add(egui::TextEdit::singleline(&mut ed.search).hint_text("Search id, name, field, quote"));
    named(&search, egui::Role::SearchInput, "Search the module");
    let searching = !ed.search.trim().is_empty();
    egui::ScrollArea::vertical().show(ui, |ui| {
        let item = |ed: &mut ModuleEditor, ui: &mut egui::Ui, entry: Entry| {
            if !module::matches(r, &entry, &ed.search) {
                return;
            }
            let flagged = problems
                .iter()
                .any(|p| p.place.entry.as_ref() == Some(&entry));
            let mut text = module::label(r, &entry);
            if flagged {
                text = format!("(!) {text}");
            }
            let on = ed.selected.as_ref() == Some(&entry);
            if ui.selectable_label(on, text).clicked() {
                ed.select(r, entry);
            }
        };
        item(ed, ui, Entry::Board);
        item(ed, ui, Entry::Sides);
        let hex = r.is_hex();
        // While searching, a list none of whose entries match is left out.
        let query = ed.search.clone();
        let any = |entries: Vec<Entry>| {
            !searching || entries.iter().any(|e| module::matches(r, e, &query))
        };
        for list in module::lists(r) {
            let title = module::list_title(list, hex);
            let kinds = r.kinds(list).iter();
            if !any(kinds.map(|k| Entry::Kind(list, k.id.clone())).collect()) {
                continue;
            }
            section(ui, title, searching, |ui| {
                for k in r.kinds(list) {
                    item(ed, ui, Entry::Kind(list, k.id.clone()));
                }
                adders(ed, ui, r, PasteInto::Kinds(list), actions);
            });
        }
        item(ed, ui, Entry::Mechanisms);
        let (modifiers, checks) = (
            any((0..r.modifiers.len()).map(Entry::Modifier).collect()),
            any((0..r.constraints.len()).map(Entry::Check).collect()),
        );
        if !modifiers && !checks {
            return;
        }
        if modifiers {
            section(ui, "Modifiers", searching, |ui| {
                for i in 0..r.modifiers.len() {
                    item(ed, ui, Entry::Modifier(i));
                }
                adders(ed, ui, r, PasteInto::Modifiers, actions);
            });
        }
        if checks {
            section(ui, "Checks", searching, |ui| {
                for i in 0..r.constraints.len() {
                    item(ed, ui, Entry::Check(i));
                }
                adders(ed, ui, r, PasteInto::Checks, actions);
            });
        }
    });
}

fn section(ui: &mut egui::Ui, title: &str, searching: bool, body: impl FnOnce(&mut egui::Ui)) {
    egui::CollapsingHeader::new(title)
        .default_open(true)
        .open(searching.then_some(true))
        .show(ui, body);
}

/// The + (a new kind) and Paste buttons of a list.
fn adders(
    ed: &mut ModuleEditor,
    ui: &mut egui::Ui,
    r: &Ruleset,
    into: PasteInto,
    actions: &mut Vec<Action>,
) {
    ui.horizontal(|ui| {
        let noun = match into {
            PasteInto::Kinds(list) => list.noun(),
            PasteInto::Modifiers => "modifier",
            PasteInto::Checks => "check",
        };
        let label = format!("Add a {noun}");
        let add = ui.small_button("+").on_hover_text(&label);
        named(&add, egui::Role::Button, &label);
        if add.clicked() {
            let made = match into {
                PasteInto::Kinds(list) => {
                    let (new, id) = module::add_kind(r, list);
                    Ok((new, Entry::Kind(list, id)))
                }
                PasteInto::Modifiers => Ok(module::add_modifier(r)),
                PasteInto::Checks => module::add_check(r),
            };
            match made {
                Ok((new, entry)) => {
                    ed.select(&new, entry);
                    actions.push(Action::Step(Box::new(new), Edit::Batch(Vec::new())));
                }
                Err(e) => ed.message = Some(e.to_string()),
            }
        }
        let paste = ui
            .small_button("Paste")
            .on_hover_text("Add the entry in the text below (RON, as Copy writes it)");
        if paste.clicked() {
            let text = ed.paste_text.clone();
            ed.paste(r, into, &text, actions);
        }
    });
}
