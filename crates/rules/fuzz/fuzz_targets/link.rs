//! Share links: reading any text never panics; an accepted link encodes back to itself, and
//! decodes to the same game; the moves it holds are legal in turn.

#![no_main]

use libfuzzer_sys::fuzz_target;
use quirkat_rules::link;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let shared = match link::decode(text) {
        Err(e) => {
            assert!(!e.to_string().is_empty(), "empty error for {text:?}");
            return;
        }
        Ok(s) => s,
    };
    let again = link::encode(&shared.start, &shared.moves)
        .unwrap_or_else(|e| panic!("{text:?}: the decoded game does not encode: {e}"));
    assert_eq!(again, text, "encodes otherwise");
    assert_eq!(link::decode(&again).as_ref(), Ok(&shared));
    let (_, moves) = shared.record().replay().expect("the record of a link replays");
    assert_eq!(moves, shared.moves);
});
