//! The embedded font with the chess symbols (egui's own fonts have none).

use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily};

/// DejaVu Sans (Bitstream Vera licence with public-domain changes, in
/// `assets/DejaVuSans-LICENSE.txt`): the pieces are its glyphs U+2654-U+265F.
pub const DEJAVU_SANS: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// Noto Sans Symbols 2 (SIL Open Font License 1.1, in
/// `assets/NotoSansSymbols2-LICENSE.txt`): the "classic" piece set.
pub const NOTO_SYMBOLS: &[u8] = include_bytes!("../../assets/NotoSansSymbols2-Regular.ttf");

/// The font family the classic pieces are drawn with.
pub const CLASSIC_PIECES: &str = "classic pieces";

/// Adds DejaVu Sans after egui's default font, so text keeps egui's look and
/// the chess symbols come from DejaVu; and Noto Sans Symbols 2 as a family
/// of its own, for the classic pieces.
pub fn install(ctx: &egui::Context) {
    let mut fonts = FontDefinitions::default();
    fonts
        .font_data
        .insert("DejaVuSans".into(), Arc::new(FontData::from_static(DEJAVU_SANS)));
    fonts
        .font_data
        .insert("NotoSansSymbols2".into(), Arc::new(FontData::from_static(NOTO_SYMBOLS)));
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        let list = fonts.families.entry(family).or_default();
        let at = list.len().min(1);
        list.insert(at, "DejaVuSans".into());
    }
    fonts.families.insert(
        FontFamily::Name(CLASSIC_PIECES.into()),
        vec!["NotoSansSymbols2".into(), "DejaVuSans".into()],
    );
    ctx.set_fonts(fonts);
}
