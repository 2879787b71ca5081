//! Lists opened from a modal dialog, drawn above it.
//!
//! egui draws a combo box's list in a layer of the same order as a modal's; when the
//! press and the release of the click that opens it come in one frame (a quick click),
//! both layers ask to be on top and the list, opened before, stays below the modal:
//! dimmed behind its backdrop and unclickable. Marking the list a sublayer of the
//! modal's layer keeps it right above the modal.

use egui::{ComboBox, IdSalt, LayerId, Order, Ui};

/// A combo box (`ComboBox::from_id_salt(salt)`) whose list shows above the dialog
/// it is in; `label` is shown to its right.
pub fn combo<R>(
    ui: &mut Ui,
    salt: &str,
    label: &str,
    selected: impl Into<String>,
    list: impl FnOnce(&mut Ui) -> R,
) {
    ComboBox::new(IdSalt::new(salt), label)
        .selected_text(selected.into())
        .show_ui(ui, list);
    keep_above(ui, salt);
}

/// Puts the open list of the combo box `salt` of `ui` above `ui`'s layer, when that
/// is a modal's (a window's lists are above it anyway).
pub fn keep_above(ui: &Ui, salt: &str) {
    let parent = ui.layer_id();
    if parent.order != Order::Foreground {
        return;
    }
    let list = ui.make_persistent_id(IdSalt::new(salt)).with("popup");
    if egui::Popup::is_id_open(ui.ctx(), list) {
        ui.ctx()
            .set_sublayer(parent, LayerId::new(Order::Foreground, list));
    }
}
