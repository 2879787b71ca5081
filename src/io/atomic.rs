//! Atomic file replacement: write a temporary file beside the target, sync, rename.
//! A failure at any step leaves the previous file as it was.

use std::io::Write;
use std::path::Path;

/// Replaces `path` with what `write` produces, or leaves it untouched on any error.
pub fn write_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".sandtable-save-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    {
        let mut buffered = std::io::BufWriter::new(tmp.as_file_mut());
        write(&mut buffered)?;
        buffered.flush()?;
    }
    tmp.as_file().sync_all()?;
    // Keep the permissions of the file being replaced.
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.persist(path).map_err(|e| e.error)?;
    // Make the rename itself durable where the platform allows syncing a directory.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Replaces `path` with `bytes` atomically.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_with(path, |w| w.write_all(bytes))
}
