//! Which of eframe's two renderers draws the window, and whether it rasterises on the CPU.
//!
//! On Linux without a GPU driver (a virtual machine, a remote desktop, Xvfb) both go
//! through Mesa's llvmpipe, but not at the same cost: wgpu has no Vulkan there and runs
//! its GL backend, which cost 57 ms of rasteriser CPU for an empty 1280 x 770 frame,
//! where eframe's own OpenGL renderer (glow) drew the same frame in 7.4 ms and two
//! window-sized fills in 21 ms against 158 ms (`examples/empty_window.rs`, issue 44). So
//! Linux starts with glow and falls back to wgpu when no OpenGL context can be made;
//! other systems keep wgpu (macOS has deprecated OpenGL, Windows' drivers vary).

use eframe::Renderer;

/// The renderer to try first: `SANDTABLE_RENDERER=glow` or `wgpu` says which, otherwise
/// glow on Linux and wgpu elsewhere. The second value is whether the choice was the
/// user's (then there is no fallback).
pub fn first_choice() -> (Renderer, bool) {
    match std::env::var("SANDTABLE_RENDERER").as_deref() {
        Ok("glow") => (Renderer::Glow, true),
        Ok("wgpu") => (Renderer::Wgpu, true),
        _ if cfg!(target_os = "linux") => (Renderer::Glow, false),
        _ => (Renderer::Wgpu, false),
    }
}

/// A name for messages and the frame log.
pub fn name(renderer: Renderer) -> &'static str {
    match renderer {
        Renderer::Glow => "OpenGL (glow)",
        Renderer::Wgpu => "wgpu",
    }
}

/// What drew the window: the device's name, and whether it rasterises on the CPU.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Device {
    pub name: String,
    pub cpu: bool,
}

/// The window's device, from whichever renderer eframe started.
pub fn device(cc: &eframe::CreationContext<'_>) -> Option<Device> {
    if let Some(rs) = &cc.wgpu_render_state {
        let info = rs.adapter.get_info();
        return Some(Device {
            name: format!("{} (wgpu, {:?})", info.name, info.backend),
            cpu: info.device_type == eframe::wgpu::DeviceType::Cpu,
        });
    }
    let gl = cc.gl.as_ref()?;
    use eframe::glow::HasContext as _;
    #[allow(unsafe_code)] // one of the crate's two unsafe calls (Cargo.toml's `[lints]`)
    // SAFETY: glGetString(GL_RENDERER) only reads a constant string of the context eframe
    // made current on this thread before calling the app's creator.
    let name = unsafe { gl.get_parameter_string(eframe::glow::RENDERER) };
    let cpu = is_software(&name);
    Some(Device {
        name: format!("{name} (OpenGL)"),
        cpu,
    })
}

/// Whether an OpenGL renderer string names one of the software rasterisers.
pub fn is_software(gl_renderer: &str) -> bool {
    let lower = gl_renderer.to_ascii_lowercase();
    [
        "llvmpipe",
        "softpipe",
        "swrast",
        "swiftshader",
        "software rasterizer",
    ]
    .iter()
    .any(|s| lower.contains(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mesa_and_other_software_rasterisers_are_recognised() {
        assert!(is_software("llvmpipe (LLVM 15.0.6, 256 bits)"));
        assert!(is_software("softpipe"));
        assert!(is_software("Google SwiftShader"));
        assert!(!is_software("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
        assert!(!is_software("NVIDIA GeForce RTX 3060/PCIe/SSE2"));
    }
}
