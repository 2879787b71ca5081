//! The editor's tree: Board, Sides, each list of kinds, Mechanisms, Modifiers, Checks,
//! filtered by the search field; a list's + adds an entry, Paste adds the clipboard's.

use crate::rules::Ruleset;
use crate::rules::module::{self, Entry, PasteInto};
use crate::scenario::Edit;

use super::{Action, ModuleEditor};

pub fn show(
    ed: &mut ModuleEditor,
    ui: &mut egui::Ui,
    r: &Ruleset,
    problems: &[module::Problem],
    actions: &mut Vec<Action>,
) {
    let search = ui
        .add(egui::TextEdit::singleline(&mut ed.search).hint_text("Search id, name, field, quote"));
    super::sheet::named(&search, egui::Role::SearchInput, "Search the module");
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
        for list in module::lists(r) {
            let title = module::list_title(list, hex);
            section(ui, title, searching, |ui| {
                for k in r.kinds(list) {
                    item(ed, ui, Entry::Kind(list, k.id.clone()));
                }
                adders(ed, ui, r, PasteInto::Kinds(list), actions);
            });
        }
        item(ed, ui, Entry::Mechanisms);
        section(ui, "Modifiers", searching, |ui| {
            for i in 0..r.modifiers.len() {
                item(ed, ui, Entry::Modifier(i));
            }
            adders(ed, ui, r, PasteInto::Modifiers, actions);
        });
        section(ui, "Checks", searching, |ui| {
            for i in 0..r.constraints.len() {
                item(ed, ui, Entry::Check(i));
            }
            adders(ed, ui, r, PasteInto::Checks, actions);
        });
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
        if let PasteInto::Kinds(list) = into
            && ui
                .small_button("+")
                .on_hover_text(format!("A new {}", list.noun()))
                .clicked()
        {
            let (new, id) = module::add_kind(r, list);
            ed.select(&new, Entry::Kind(list, id));
            actions.push(Action::Step(Box::new(new), Edit::Batch(Vec::new())));
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
