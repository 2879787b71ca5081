//! The kinds' icons, drawn by egui's SVG loader.

use crate::scene::icons::ICONS;

/// The image for an icon file name, if it is one of ours.
pub fn icon(file: &str) -> Option<egui::ImageSource<'static>> {
    ICONS
        .iter()
        .find(|(name, _)| *name == file)
        .map(|(name, bytes)| egui::ImageSource::Bytes {
            uri: format!("bytes://icons/{name}").into(),
            bytes: egui::load::Bytes::Static(bytes),
        })
}
