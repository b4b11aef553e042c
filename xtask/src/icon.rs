//! The app's icon, described once as shapes and drawn two ways: as SVG text and as PNG pixels.
//!
//! The drawing is an Alquerque board seen from above: a wooden square with the board's lines (the
//! grid and both diagonals of a 3 × 3 board), a dark piece and a light one. [`SHAPES`] is the whole
//! description, in a 0–1 box; [`svg`] writes it as SVG and [`png`] rasterises it with
//! anti-aliased edges (each pixel covered by the signed distance to each shape) and encodes the
//! pixels as a PNG of our own making (zlib stored blocks, CRC-32, Adler-32: no compression is needed
//! for a few icons, and no dependency).

/// A colour, red, green and blue.
type Rgb = [u8; 3];

const PAPER: Rgb = [0xf4, 0xec, 0xd8];
const WOOD: Rgb = [0xe3, 0xc5, 0x8f];
const LINE: Rgb = [0x5a, 0x43, 0x28];
const DARK: Rgb = [0x1f, 0x1b, 0x18];
const LIGHT: Rgb = [0xf7, 0xf3, 0xea];

/// The theme colour of the manifest and the page (the board's lines).
#[cfg(test)]
pub const THEME: &str = "#5a4328";
/// The background colour of the manifest (the page's paper).
#[cfg(test)]
pub const BACKGROUND: &str = "#f4ecd8";

/// One shape of the icon, in the unit box (x right, y down).
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// A square with rounded corners: left, top, side, corner radius.
    RoundSquare(f64, f64, f64, f64, Rgb),
    /// A line with round ends: from, to, width.
    Line([f64; 2], [f64; 2], f64, Rgb),
    /// A filled disc: centre, radius.
    Disc([f64; 2], f64, Rgb),
    /// A circle's outline: centre, radius, width.
    Ring([f64; 2], f64, f64, Rgb),
}

/// The board's three coordinates along each side, in the unit box.
const A: f64 = 0.24;
const B: f64 = 0.5;
const C: f64 = 0.76;
/// The width of the board's lines.
const W: f64 = 0.035;

/// The icon, drawn in this order (later shapes cover earlier ones).
const SHAPES: [Shape; 14] = [
    Shape::RoundSquare(0.06, 0.06, 0.88, 0.14, WOOD),
    // the grid
    Shape::Line([A, A], [C, A], W, LINE),
    Shape::Line([A, B], [C, B], W, LINE),
    Shape::Line([A, C], [C, C], W, LINE),
    Shape::Line([A, A], [A, C], W, LINE),
    Shape::Line([B, A], [B, C], W, LINE),
    Shape::Line([C, A], [C, C], W, LINE),
    // both diagonals
    Shape::Line([A, A], [C, C], W, LINE),
    Shape::Line([C, A], [A, C], W, LINE),
    // a dark piece and a light one, edged
    Shape::Disc([A, C], 0.11, DARK),
    Shape::Disc([C, A], 0.11, LINE),
    Shape::Disc([C, A], 0.09, LIGHT),
    Shape::Disc([B, B], 0.11, DARK),
    Shape::Ring([B, B], 0.08, 0.015, LINE),
];

/// Where the description is drawn in the picture: the unit box scaled by `scale` about the centre.
/// A maskable icon fills its whole square with the background and keeps the drawing inside the
/// central circle of 80% that every mask leaves visible.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// The unit box's size as a fraction of the picture.
    pub scale: f64,
    /// Whether the whole picture is first filled with the paper colour.
    pub full_bleed: bool,
}

/// The ordinary icon: the drawing fills the picture, with transparent corners.
pub const PLAIN: Frame = Frame {
    scale: 1.0,
    full_bleed: false,
};
/// The maskable icon: paper to the edges, the drawing within the safe zone.
pub const MASKABLE: Frame = Frame {
    scale: 0.68,
    full_bleed: true,
};

/// The signed distance from `p` to the shape (negative inside), in unit-box lengths.
fn distance(shape: &Shape, p: [f64; 2]) -> f64 {
    let len = |x: f64, y: f64| (x * x + y * y).sqrt();
    match *shape {
        Shape::RoundSquare(left, top, side, r, _) => {
            let half = side / 2.0;
            let (cx, cy) = (left + half, top + half);
            let qx = (p[0] - cx).abs() - (half - r);
            let qy = (p[1] - cy).abs() - (half - r);
            len(qx.max(0.0), qy.max(0.0)) + qx.max(qy).min(0.0) - r
        }
        Shape::Line(a, b, w, _) => {
            let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
            let t =
                (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            len(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy) - w / 2.0
        }
        Shape::Disc(c, r, _) => len(p[0] - c[0], p[1] - c[1]) - r,
        Shape::Ring(c, r, w, _) => (len(p[0] - c[0], p[1] - c[1]) - r).abs() - w / 2.0,
    }
}

fn colour(shape: &Shape) -> Rgb {
    match *shape {
        Shape::RoundSquare(.., c)
        | Shape::Line(.., c)
        | Shape::Disc(.., c)
        | Shape::Ring(.., c) => c,
    }
}

fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// The icon as an SVG document, its view box the unit box scaled to 0–100.
pub fn svg() -> String {
    let n = |v: f64| {
        let s = format!("{:.2}", v * 100.0);
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    let mut out = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" width=\"512\" height=\"512\">\n",
    );
    for shape in &SHAPES {
        let fill = hex(colour(shape));
        out += &match *shape {
            Shape::RoundSquare(l, t, s, r, _) => format!(
                "  <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{fill}\"/>\n",
                n(l),
                n(t),
                n(s),
                n(s),
                n(r)
            ),
            Shape::Line(a, b, w, _) => format!(
                "  <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{fill}\" stroke-width=\"{}\" \
                 stroke-linecap=\"round\"/>\n",
                n(a[0]),
                n(a[1]),
                n(b[0]),
                n(b[1]),
                n(w)
            ),
            Shape::Disc(c, r, _) => format!(
                "  <circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\"/>\n",
                n(c[0]),
                n(c[1]),
                n(r)
            ),
            Shape::Ring(c, r, w, _) => format!(
                "  <circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{fill}\" \
                 stroke-width=\"{}\"/>\n",
                n(c[0]),
                n(c[1]),
                n(r),
                n(w)
            ),
        };
    }
    out + "</svg>\n"
}

/// The icon as `size` × `size` pixels, RGBA, row by row.
pub fn pixels(size: u32, frame: Frame) -> Vec<u8> {
    let px = f64::from(size);
    // one pixel in unit-box lengths, for the anti-aliased edge
    let pixel = 1.0 / (px * frame.scale);
    let offset = (1.0 - frame.scale) / 2.0;
    let mut out = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            // the pixel's centre in the unit box
            let p = [
                ((f64::from(x) + 0.5) / px - offset) / frame.scale,
                ((f64::from(y) + 0.5) / px - offset) / frame.scale,
            ];
            let mut rgba = if frame.full_bleed {
                [
                    f64::from(PAPER[0]),
                    f64::from(PAPER[1]),
                    f64::from(PAPER[2]),
                    1.0,
                ]
            } else {
                [0.0; 4]
            };
            for shape in &SHAPES {
                let cover = (0.5 - distance(shape, p) / pixel).clamp(0.0, 1.0);
                if cover == 0.0 {
                    continue;
                }
                let c = colour(shape);
                // "over" with colours not premultiplied
                let alpha = cover + rgba[3] * (1.0 - cover);
                for i in 0..3 {
                    rgba[i] = (f64::from(c[i]) * cover + rgba[i] * rgba[3] * (1.0 - cover)) / alpha;
                }
                rgba[3] = alpha;
            }
            out.extend([
                rgba[0].round() as u8,
                rgba[1].round() as u8,
                rgba[2].round() as u8,
                (rgba[3] * 255.0).round() as u8,
            ]);
        }
    }
    out
}

/// The icon as a PNG file of `size` × `size` pixels.
pub fn png(size: u32, frame: Frame) -> Vec<u8> {
    crate::png::encode(size, size, &pixels(size, frame))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drawing_is_where_the_description_says() {
        let size = 100;
        let at = |p: &[u8], x: usize, y: usize| -> [u8; 4] {
            p[(y * size + x) * 4..][..4].try_into().unwrap()
        };
        let plain = pixels(size as u32, PLAIN);
        assert_eq!(at(&plain, 0, 0)[3], 0, "a transparent corner");
        assert_eq!(
            at(&plain, 50, 50),
            [DARK[0], DARK[1], DARK[2], 255],
            "the centre piece"
        );
        assert_eq!(
            at(&plain, 10, 40),
            [WOOD[0], WOOD[1], WOOD[2], 255],
            "the board"
        );
        let mask = pixels(size as u32, MASKABLE);
        assert_eq!(
            at(&mask, 0, 0),
            [PAPER[0], PAPER[1], PAPER[2], 255],
            "full bleed"
        );
        // every drawn pixel of the maskable icon is inside the safe circle (radius 40%)
        for y in 0..size {
            for x in 0..size {
                let p = at(&mask, x, y);
                let (dx, dy) = (x as f64 + 0.5 - 50.0, y as f64 + 0.5 - 50.0);
                if (dx * dx + dy * dy).sqrt() > 41.0 {
                    assert_eq!(p, [PAPER[0], PAPER[1], PAPER[2], 255], "({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn the_svg_draws_every_shape() {
        let s = svg();
        assert_eq!(s.matches("<line ").count(), 8);
        assert_eq!(s.matches("<circle ").count(), 5);
        assert!(s.contains("viewBox=\"0 0 100 100\""));
    }
}
