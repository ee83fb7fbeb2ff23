//! The colour schemes of the board pictures: light (a wooden board), dark and high contrast.

use std::fmt;

/// A colour scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// A wooden board with a cream playing surface, red and green points.
    #[default]
    Light,
    /// A dark board for dark pages.
    Dark,
    /// Black, white and strong colours with thick outlines.
    HighContrast,
}

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 3] = [Theme::Light, Theme::Dark, Theme::HighContrast];

    /// The name used on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::HighContrast => "high-contrast",
        }
    }

    /// The theme with this name (`light`, `dark`, `high-contrast`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL
            .into_iter()
            .find(|theme| theme.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The colours of the theme.
    pub(super) fn palette(self) -> Palette {
        match self {
            Theme::Light => Palette {
                frame: "#5b3a21",
                frame_edge: "#3e2614",
                band: "#f4ecdc",
                band_text: "#2b1d12",
                surface: "#e9dcbc",
                tray: "#4a2f1a",
                points: ["#a0352a", "#2f5a47"],
                numbers: "#f1e3c2",
                checker: ["#f7f2e6", "#262422"],
                checker_edge: ["#8a8174", "#000000"],
                checker_text: ["#262422", "#f7f2e6"],
                edge_width: 1.5,
                pin: "#e07b00",
                cube: "#fbfaf5",
                cube_text: "#1a1a1a",
            },
            Theme::Dark => Palette {
                frame: "#1d2127",
                frame_edge: "#0c0e11",
                band: "#121418",
                band_text: "#e4e6ea",
                surface: "#323843",
                tray: "#15181c",
                points: ["#9b4a4a", "#4f7393"],
                numbers: "#aeb6c2",
                checker: ["#e9e9e9", "#d24b3c"],
                checker_edge: ["#9a9a9a", "#6e1f17"],
                checker_text: ["#1d2127", "#ffffff"],
                edge_width: 1.5,
                pin: "#ffc24d",
                cube: "#e9e9e9",
                cube_text: "#121418",
            },
            Theme::HighContrast => Palette {
                frame: "#000000",
                frame_edge: "#000000",
                band: "#000000",
                band_text: "#ffffff",
                surface: "#ffffff",
                tray: "#000000",
                points: ["#0047ab", "#ffb000"],
                numbers: "#ffffff",
                checker: ["#ffffff", "#000000"],
                checker_edge: ["#000000", "#ffffff"],
                checker_text: ["#000000", "#ffffff"],
                edge_width: 3.5,
                pin: "#e00000",
                cube: "#ffffff",
                cube_text: "#000000",
            },
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The colours one picture is drawn with; arrays are indexed by `Side::index` (O, X).
#[derive(Clone, Copy, Debug)]
pub(super) struct Palette {
    pub frame: &'static str,
    pub frame_edge: &'static str,
    pub band: &'static str,
    pub band_text: &'static str,
    pub surface: &'static str,
    pub tray: &'static str,
    pub points: [&'static str; 2],
    pub numbers: &'static str,
    pub checker: [&'static str; 2],
    pub checker_edge: [&'static str; 2],
    pub checker_text: [&'static str; 2],
    pub edge_width: f32,
    pub pin: &'static str,
    pub cube: &'static str,
    pub cube_text: &'static str,
}
