//! The embedded font with the chess symbols (egui's own fonts have none).

use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily};

/// DejaVu Sans (Bitstream Vera licence with public-domain changes, in
/// `assets/DejaVuSans-LICENSE.txt`): the pieces are its glyphs U+2654-U+265F.
pub const DEJAVU_SANS: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

/// Adds DejaVu Sans after egui's default font, so text keeps egui's look and
/// the chess symbols come from DejaVu.
pub fn install(ctx: &egui::Context) {
    let mut fonts = FontDefinitions::default();
    fonts
        .font_data
        .insert("DejaVuSans".into(), Arc::new(FontData::from_static(DEJAVU_SANS)));
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        let list = fonts.families.entry(family).or_default();
        let at = list.len().min(1);
        list.insert(at, "DejaVuSans".into());
    }
    ctx.set_fonts(fonts);
}
