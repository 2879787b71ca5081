//! The kinds' icons (`assets/icons/*.svg`), built into the binary: the SVG export
//! embeds them and the designer draws them.

use std::borrow::Cow;

use crate::rules::icon_files;

/// Every icon a built-in ruleset names, by file name.
pub const ICONS: &[(&str, &[u8])] = &[
    ("afv.svg", include_bytes!("../../assets/icons/afv.svg")),
    (
        "artillery.svg",
        include_bytes!("../../assets/icons/artillery.svg"),
    ),
    (
        "bridge.svg",
        include_bytes!("../../assets/icons/bridge.svg"),
    ),
    (
        "cavalry.svg",
        include_bytes!("../../assets/icons/cavalry.svg"),
    ),
    ("clear.svg", include_bytes!("../../assets/icons/clear.svg")),
    (
        "double-slope.svg",
        include_bytes!("../../assets/icons/double-slope.svg"),
    ),
    ("dunes.svg", include_bytes!("../../assets/icons/dunes.svg")),
    (
        "entrenchment.svg",
        include_bytes!("../../assets/icons/entrenchment.svg"),
    ),
    ("fence.svg", include_bytes!("../../assets/icons/fence.svg")),
    ("field.svg", include_bytes!("../../assets/icons/field.svg")),
    (
        "fieldwork.svg",
        include_bytes!("../../assets/icons/fieldwork.svg"),
    ),
    ("ford.svg", include_bytes!("../../assets/icons/ford.svg")),
    ("fort.svg", include_bytes!("../../assets/icons/fort.svg")),
    (
        "general.svg",
        include_bytes!("../../assets/icons/general.svg"),
    ),
    ("hill.svg", include_bytes!("../../assets/icons/hill.svg")),
    (
        "homestead.svg",
        include_bytes!("../../assets/icons/homestead.svg"),
    ),
    (
        "infantry.svg",
        include_bytes!("../../assets/icons/infantry.svg"),
    ),
    ("lake.svg", include_bytes!("../../assets/icons/lake.svg")),
    ("marsh.svg", include_bytes!("../../assets/icons/marsh.svg")),
    (
        "orchard.svg",
        include_bytes!("../../assets/icons/orchard.svg"),
    ),
    ("palm.svg", include_bytes!("../../assets/icons/palm.svg")),
    ("river.svg", include_bytes!("../../assets/icons/river.svg")),
    ("road.svg", include_bytes!("../../assets/icons/road.svg")),
    (
        "rolling.svg",
        include_bytes!("../../assets/icons/rolling.svg"),
    ),
    ("rough.svg", include_bytes!("../../assets/icons/rough.svg")),
    ("slope.svg", include_bytes!("../../assets/icons/slope.svg")),
    ("town.svg", include_bytes!("../../assets/icons/town.svg")),
    ("track.svg", include_bytes!("../../assets/icons/track.svg")),
    (
        "tunnel.svg",
        include_bytes!("../../assets/icons/tunnel.svg"),
    ),
    (
        "waterway.svg",
        include_bytes!("../../assets/icons/waterway.svg"),
    ),
    ("woods.svg", include_bytes!("../../assets/icons/woods.svg")),
    ("wreck.svg", include_bytes!("../../assets/icons/wreck.svg")),
];

/// What the drawing knows a kind's icon `file` of the module `r` by: a built-in icon's
/// file name, or the module's own file under the module's id ([`icon_files::key`]).
pub fn drawn_as(r: &crate::rules::Ruleset, file: &str) -> String {
    match built_in(file) {
        Some(_) => file.to_string(),
        None => icon_files::key(&r.id, file),
    }
}

/// The SVG text of an icon, by what the drawing knows it by ([`drawn_as`]): one of
/// ours, else a module's own icon file ([`icon_files`]).
pub fn svg(file: &str) -> Option<Cow<'static, [u8]>> {
    built_in(file)
        .map(Cow::Borrowed)
        .or_else(|| icon_files::get(file).map(|f| Cow::Owned(f.svg.to_vec())))
}

/// The SVG text of a built-in icon.
pub fn built_in(file: &str) -> Option<&'static [u8]> {
    ICONS
        .iter()
        .find(|(name, _)| *name == file)
        .map(|(_, b)| *b)
}
