//! Accessible names for the editor's widgets.

/// Names a widget for a screen reader (and a test) where its text does not.
pub(super) fn named(r: &egui::Response, role: egui::Role, label: &str) {
    r.widget_info(|| egui::WidgetInfo::labeled(role, true, label));
}
