//! How the designer's process asks its allocator to treat the blocks of a frame.
//!
//! Every frame egui copies each layer's mesh into one frame mesh: on a big board
//! zoomed in that is about 300,000 vertices and 1.3 million indices, blocks of 6-8 MB
//! allocated, grown and freed each frame. glibc serves blocks that large with `mmap`
//! and hands them back on `free`, so each frame pays a page fault and a zeroed page for
//! every 4 KB it writes; and because glibc moves that threshold after what was freed
//! last, the same frame cost 5.5 ms in one run and 13 ms in the next. Fixing the
//! thresholds keeps such blocks in the heap, where the next frame reuses them.

/// The largest block glibc accepts as its `mmap` threshold on 64-bit systems:
/// anything smaller comes from the heap.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: i32 = 32 << 20;

/// Free memory at the top of the heap kept for reuse rather than returned to the
/// system: a few frames' worth of meshes.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const TRIM_THRESHOLD: i32 = 128 << 20;

/// Keeps a frame's large blocks in the heap for the next frame. Call once, before the
/// first frame; it changes only how memory is reused, never what is drawn.
pub fn keep_frame_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[allow(unsafe_code)] // one of the crate's two unsafe calls (Cargo.toml's `[lints]`)
    // SAFETY: mallopt only sets two of the allocator's tuning values; it is called
    // before the designer starts its threads, and a refused value leaves glibc's own.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
        libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD);
    }
}
