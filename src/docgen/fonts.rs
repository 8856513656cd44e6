//! The monospace font the workbench's editor and the proposal's diff are set in: Noto Sans
//! Mono (SIL Open Font Licence, `fonts/OFL.txt`), its Latin and Vietnamese subsets, regular
//! and bold. The monospace fonts most systems have lack the precomposed Vietnamese letters, so
//! a browser draws "tiết" as a letter and a detached tone mark; with these faces first in the
//! stack it draws the letters whole. The workbench serves the faces as files, the proposal
//! page carries them inside itself (it is circulated as one file).

use std::fmt::Write as _;

use base64::Engine as _;

/// The family name the stylesheets ask for.
pub const FAMILY: &str = "Xqlaw Mono";

/// The characters of Google Fonts' `latin` subset.
const LATIN: &str = "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

/// The characters of Google Fonts' `vietnamese` subset.
const VIETNAMESE: &str = "U+0102-0103, U+0110-0111, U+0128-0129, U+0168-0169, U+01A0-01A1, U+01AF-01B0, U+0300-0301, U+0303-0304, U+0308-0309, U+0323, U+0329, U+1EA0-1EF9, U+20AB";

/// One face: a subset at one weight.
#[derive(Debug, Clone, Copy)]
pub struct Face {
    /// The name it is served by.
    pub file: &'static str,
    /// Its CSS weight.
    pub weight: u16,
    /// The characters it covers, as a CSS `unicode-range`.
    unicode_range: &'static str,
    /// The WOFF2 file.
    pub bytes: &'static [u8],
}

/// The content type of the faces.
pub const WOFF2: &str = "font/woff2";

/// Every face.
pub const FACES: [Face; 4] = [
    Face {
        file: "mono-latin-400.woff2",
        weight: 400,
        unicode_range: LATIN,
        bytes: include_bytes!("fonts/noto-sans-mono-latin-400-normal.woff2"),
    },
    Face {
        file: "mono-latin-700.woff2",
        weight: 700,
        unicode_range: LATIN,
        bytes: include_bytes!("fonts/noto-sans-mono-latin-700-normal.woff2"),
    },
    Face {
        file: "mono-vietnamese-400.woff2",
        weight: 400,
        unicode_range: VIETNAMESE,
        bytes: include_bytes!("fonts/noto-sans-mono-vietnamese-400-normal.woff2"),
    },
    Face {
        file: "mono-vietnamese-700.woff2",
        weight: 700,
        unicode_range: VIETNAMESE,
        bytes: include_bytes!("fonts/noto-sans-mono-vietnamese-700-normal.woff2"),
    },
];

/// The `@font-face` rules of `faces`, each face's source as `url` gives it.
fn font_faces<'a>(
    faces: impl IntoIterator<Item = &'a Face>,
    url: impl Fn(&Face) -> String,
) -> String {
    let mut css = String::new();
    for face in faces {
        let _ = writeln!(
            css,
            "@font-face {{ font-family: \"{FAMILY}\"; font-style: normal; font-weight: {}; font-display: block; \
             src: url({}) format(\"woff2\"); unicode-range: {}; }}",
            face.weight,
            url(face),
            face.unicode_range
        );
    }
    css
}

/// The rules for a page that fetches the faces from `prefix` (the workbench: `/assets/`).
pub fn served_at(prefix: &str) -> String {
    font_faces(&FACES, |face| format!("{prefix}{}", face.file))
}

/// The rules for a page that carries the regular faces inside itself, as data URLs (the
/// proposal: about 20 KB; it sets nothing bold in this font).
pub fn embedded_regular() -> String {
    let regular = FACES.iter().filter(|face| face.weight == 400);
    font_faces(regular, |face| {
        format!(
            "data:{WOFF2};base64,{}",
            base64::engine::general_purpose::STANDARD.encode(face.bytes)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_is_a_woff2_file() {
        for face in FACES {
            assert_eq!(&face.bytes[..4], b"wOF2", "{}", face.file);
        }
    }

    #[test]
    fn the_served_rules_name_each_file_once() {
        let css = served_at("/assets/");
        for face in FACES {
            assert_eq!(
                css.matches(&format!("url(/assets/{})", face.file)).count(),
                1
            );
        }
        assert_eq!(css.matches("@font-face").count(), FACES.len());
    }

    #[test]
    fn the_embedded_rules_carry_the_regular_faces_and_decode_to_them() {
        let css = embedded_regular();
        assert_eq!(css.matches("@font-face").count(), 2);
        assert!(!css.contains("font-weight: 700"));
        let data: Vec<Vec<u8>> = css
            .split("base64,")
            .skip(1)
            .map(|rest| {
                let encoded = &rest[..rest.find(')').expect("a closed url")];
                base64::engine::general_purpose::STANDARD
                    .decode(encoded)
                    .expect("valid base64")
            })
            .collect();
        assert_eq!(data, vec![FACES[0].bytes.to_vec(), FACES[2].bytes.to_vec()]);
        // The Vietnamese face covers the precomposed letters with tone marks (ế of "tiết").
        assert!(css.contains("U+1EA0-1EF9"));
    }
}
