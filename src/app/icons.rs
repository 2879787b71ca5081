//! The kinds' icons, drawn by egui's SVG loader.

use crate::scene::icons::ICONS;

/// The image for an icon file name: one of ours, or a module's own file.
pub fn icon(file: &str) -> Option<egui::ImageSource<'static>> {
    let built_in = ICONS
        .iter()
        .find(|(name, _)| *name == file)
        .map(|(name, bytes)| egui::ImageSource::Bytes {
            uri: format!("bytes://icons/{name}").into(),
            bytes: egui::load::Bytes::Static(bytes),
        });
    built_in.or_else(|| {
        let own = crate::rules::icon_files::get(file)?;
        Some(egui::ImageSource::Bytes {
            // Drawn as SVG (a PNG inside one): the loader reads the type from the end.
            uri: format!("bytes://own-icons/{file}.svg").into(),
            bytes: egui::load::Bytes::Shared(own.svg),
        })
    })
}
