//! The kinds' icons, drawn by egui's SVG loader.

use crate::scene::icons::ICONS;

/// The image for a kind's icon `file` in the module `r`: one of ours, or the module's
/// own file.
pub fn icon(r: &crate::rules::Ruleset, file: &str) -> Option<egui::ImageSource<'static>> {
    let built_in = ICONS
        .iter()
        .find(|(name, _)| *name == file)
        .map(|(name, bytes)| egui::ImageSource::Bytes {
            uri: format!("bytes://icons/{name}").into(),
            bytes: egui::load::Bytes::Static(bytes),
        });
    built_in.or_else(|| {
        let key = crate::rules::icon_files::key(&r.id, file);
        let own = crate::rules::icon_files::get(&key)?;
        Some(egui::ImageSource::Bytes {
            // Drawn as SVG (a PNG inside one): the loader reads the type from the end.
            uri: format!("bytes://own-icons/{key}.svg").into(),
            bytes: egui::load::Bytes::Shared(own.svg),
        })
    })
}
