//! The looks a board can take, each a palette of named colours.
//!
//! [`Theme::Light`] is the app's own look (the custom properties at the top of `web/style.css`, which
//! a test compares with [`Palette::css_variables`]); [`Theme::Dark`] suits dark pages;
//! [`Theme::Manuscript`] is iron-gall ink on parchment with red rubrics, for history sites.

use std::fmt;
use std::str::FromStr;

/// A look of the board, by name: `light`, `dark` or `manuscript`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// The app's look: a wooden board, dark and ivory pieces.
    #[default]
    Light,
    /// A dark walnut board with light lines, for dark pages.
    Dark,
    /// Sepia ink on parchment, red for marks: for history sites and print.
    Manuscript,
}

/// The colours of a theme, as CSS colour values, and the typeface of its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Around the board (the page's background).
    pub paper: &'static str,
    /// Text.
    pub ink: &'static str,
    /// The board itself.
    pub wood: &'static str,
    /// The drawn lines, the points' dots and the edge labels.
    pub line: &'static str,
    /// The first player's pieces.
    pub first: &'static str,
    /// Their outline.
    pub first_edge: &'static str,
    /// The second player's pieces.
    pub second: &'static str,
    /// Their outline.
    pub second_edge: &'static str,
    /// Warnings and circled points.
    pub accent: &'static str,
    /// Legal destinations.
    pub target: &'static str,
    /// Surakarta's inner circuit.
    pub inner: &'static str,
    /// Surakarta's outer circuit.
    pub outer: &'static str,
    /// The middle circuit of the three-circuit Bas-basan sepur board.
    pub middle: &'static str,
    /// Arrows: moves drawn on the board (the app's colour for the last move's path).
    pub arrow: &'static str,
    /// A king's crown.
    pub crown: &'static str,
    /// The crown's outline.
    pub crown_edge: &'static str,
    /// The inner rim of the first player's kings.
    pub first_rim: &'static str,
    /// A stack's height written on a first player's top piece.
    pub first_text: &'static str,
    /// The same on a second player's top piece.
    pub second_text: &'static str,
    /// The typeface of labels and numbers.
    pub font: &'static str,
}

const LIGHT: Palette = Palette {
    paper: "#f4ecd8",
    ink: "#3b2f22",
    wood: "#e3c58f",
    line: "#5a4328",
    first: "#1f1b18",
    first_edge: "#000",
    second: "#f7f3ea",
    second_edge: "#5a4328",
    accent: "#c0392b",
    target: "#2e8b57",
    inner: "#b03a2e",
    outer: "#1f5f8b",
    middle: "#6b8e23",
    arrow: "#d4a017",
    crown: "#d4a017",
    crown_edge: "#7a5a00",
    first_rim: "#8a7a60",
    first_text: "#fff",
    second_text: "#3b2f22",
    font: "system-ui, sans-serif",
};

const DARK: Palette = Palette {
    paper: "#1c1a17",
    ink: "#e8dfcc",
    wood: "#3b3129",
    line: "#c8b48c",
    first: "#121010",
    first_edge: "#8f7f62",
    second: "#efe6d2",
    second_edge: "#6b5a45",
    accent: "#ff7060",
    target: "#52c48a",
    inner: "#e36a5c",
    outer: "#5fa8db",
    middle: "#a6c65c",
    arrow: "#f0c040",
    crown: "#e6b422",
    crown_edge: "#6b4e00",
    first_rim: "#8a7a60",
    first_text: "#f4ead2",
    second_text: "#1c1a17",
    font: "system-ui, sans-serif",
};

const MANUSCRIPT: Palette = Palette {
    paper: "#f3e7c9",
    ink: "#3a2614",
    wood: "#ead9ae",
    line: "#4a3220",
    first: "#3a2614",
    first_edge: "#24170b",
    second: "#f8f0da",
    second_edge: "#3a2614",
    accent: "#9b2d20",
    target: "#4f6b2a",
    inner: "#9b2d20",
    outer: "#2f4a6b",
    middle: "#5f6b2a",
    arrow: "#b07810",
    crown: "#b8860b",
    crown_edge: "#4a3210",
    first_rim: "#a08a6a",
    first_text: "#f8f0da",
    second_text: "#3a2614",
    font: "Georgia, 'Times New Roman', serif",
};

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 3] = [Theme::Light, Theme::Dark, Theme::Manuscript];

    /// The theme's name, as `FromStr` reads it.
    pub fn id(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::Manuscript => "manuscript",
        }
    }

    /// The theme's colours.
    pub fn palette(self) -> &'static Palette {
        match self {
            Theme::Light => &LIGHT,
            Theme::Dark => &DARK,
            Theme::Manuscript => &MANUSCRIPT,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A theme name that is none of [`Theme::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Theme::ALL.iter().map(|t| t.id()).collect();
        write!(
            f,
            "unknown theme '{}' (the themes: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownTheme {}

impl FromStr for Theme {
    type Err = UnknownTheme;

    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.id() == s)
            .ok_or_else(|| UnknownTheme(s.to_string()))
    }
}

impl Palette {
    /// The palette as the custom properties `web/style.css` declares on `:root` (`--paper: #…;` one
    /// a line), so that a page can take on a theme by setting them.
    pub fn css_variables(&self) -> String {
        [
            ("paper", self.paper),
            ("ink", self.ink),
            ("wood", self.wood),
            ("line", self.line),
            ("first", self.first),
            ("first-edge", self.first_edge),
            ("second", self.second),
            ("second-edge", self.second_edge),
            ("accent", self.accent),
            ("target", self.target),
            ("inner", self.inner),
            ("outer", self.outer),
            ("middle", self.middle),
        ]
        .iter()
        .map(|(k, v)| format!("--{k}: {v};\n"))
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_a_bad_one_is_named() {
        for t in Theme::ALL {
            assert_eq!(t.id().parse::<Theme>(), Ok(t));
            assert_eq!(t.to_string(), t.id());
        }
        let e = "Dark".parse::<Theme>().unwrap_err();
        assert_eq!(e, UnknownTheme("Dark".into()));
        assert_eq!(
            e.to_string(),
            "unknown theme 'Dark' (the themes: light, dark, manuscript)"
        );
        assert!("".parse::<Theme>().is_err());
    }

    #[test]
    fn the_light_theme_is_the_apps_stylesheet() {
        let css = include_str!("../../../web/style.css");
        let root = &css[css.find(":root {").expect(":root")..];
        let root = &root[..root.find('}').expect("end of :root")];
        let declared: Vec<&str> = root
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("--"))
            .collect();
        let ours = Theme::Light.palette().css_variables();
        let ours: Vec<&str> = ours.lines().collect();
        assert_eq!(ours, declared);
        // the colours the stylesheet writes out rather than naming
        for colour in ["#d4a017", "#7a5a00", "#8a7a60"] {
            assert!(css.contains(colour), "{colour}");
        }
    }

    #[test]
    fn every_theme_has_its_own_colours() {
        let [l, d, m] = Theme::ALL.map(Theme::palette);
        assert_ne!(l, d);
        assert_ne!(l, m);
        assert_ne!(d, m);
        for p in [l, d, m] {
            // pieces stand out from the board and from each other
            assert_ne!(p.first, p.wood);
            assert_ne!(p.second, p.wood);
            assert_ne!(p.first, p.second);
            // an arrow round a loop stands out from the circuit under it
            for circuit in [p.inner, p.outer, p.middle] {
                assert_ne!(p.arrow, circuit);
            }
            for c in p.css_variables().lines() {
                assert!(c.contains(": #"), "{c}");
            }
        }
    }
}
