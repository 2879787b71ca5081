//! Why something the designer was asked to do did not happen: one error type for the
//! app layer. Its kinds keep the lower layers' errors whole (file, line and column,
//! the item) and word the designer's own reasons once.

use std::path::PathBuf;

/// Why a designer action failed; shown to the user as its message.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// A file that could not be read or written, and the system's reason.
    #[error("{}: {source}", path.display())]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A scenario that did not open (the file, line and column are in it).
    #[error("{0}")]
    Open(#[from] crate::source::SourceError),
    #[error("{0}")]
    Into(#[from] crate::io::vassal::into::IntoError),
    /// An image (a file, or an import's image held in memory, by name) that does not
    /// decode or whose size cannot be read.
    #[error("{name}: {source}")]
    Image {
        name: String,
        source: image::ImageError,
    },
    /// An imported image that should be held in memory and is not.
    #[error("{0}: not in memory")]
    NotInMemory(String),
    #[error("{0}")]
    Background(#[from] crate::board::background::BackgroundError),
    #[error("{0}")]
    Board(#[from] crate::board::hex::BoardError),
    /// Board files that cannot be laid out as a map.
    #[error("{0}")]
    Boards(String),
    #[error("{0}")]
    SquareBoard(#[from] crate::board::square::SquareBoardError),
    #[error("{0}")]
    Table(#[from] crate::board::freeform::TableError),
    #[error("{0}")]
    Edit(#[from] crate::scenario::edit::EditError),
    /// The rules forbid the edit: the finding it would bring.
    #[error("{0}")]
    Refused(String),
    /// A background thread ended without an answer (`what` names the work).
    #[error("{0} stopped unexpectedly")]
    Stopped(&'static str),
    #[error("pick a ruleset")]
    NoRuleset,
    #[error("Choose an image first.")]
    NoImage,
    /// The file dialog's Open or Save pressed with no name typed.
    #[error("Type a file name or pick one from the list.")]
    NoFileName,
    #[error("{} does not exist.", .0.display())]
    Missing(PathBuf),
    #[error("The folder {} does not exist.", .0.display())]
    NoFolder(PathBuf),
    #[error("Name a file, not a folder.")]
    NotAFile,
    /// Save over a file that is there: pressed again, it is replaced.
    #[error("{} exists: press Save again to replace it.", .0.display())]
    Exists(PathBuf),
    /// A module that would not load is not written: each of its problems.
    #[error("The module was not saved: it would not load.\n{}", .0.iter().map(|p| format!("- {p}")).collect::<Vec<_>>().join("\n"))]
    ModuleWouldNotLoad(Vec<String>),
    /// A module whose RON would not read back is not written.
    #[error("The module was not saved: it would not read back.\n{0}")]
    ModuleWouldNotReadBack(crate::source::SourceError),
    #[error("The module was not saved: its icon file could not be written.\n{0}")]
    IconNotWritten(#[from] crate::rules::icon_files::IconError),
    #[error("Could not save the module to {}: {source}", path.display())]
    ModuleNotWritten {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Saving a scenario writes its board image first; it could not be.
    #[error("Could not save the board image; the scenario was not saved.\n{}: {source}", path.display())]
    BoardImageNotWritten {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Saving a scenario writes its changed module first; it could not be.
    #[error("{source}\nThe scenario was not saved either: it names {}.", module.display())]
    ModuleFirst {
        module: PathBuf,
        source: Box<AppError>,
    },
    #[error("Could not save; the previous file is unchanged.\n{0}")]
    NotSaved(#[from] crate::io::SaveError),
}

impl AppError {
    /// A file error naming `path`, for `map_err`.
    pub fn file(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> Self + '_ {
        move |source| AppError::File {
            path: path.to_path_buf(),
            source,
        }
    }
}
