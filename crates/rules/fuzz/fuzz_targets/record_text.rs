//! Record text: reading any text never panics; an accepted record prints as text that reads back
//! as the same record and prints the same; replaying it (whole or its legal beginning) never
//! panics, and the beginning is what the whole replay reaches when it has no error.

#![no_main]

use libfuzzer_sys::fuzz_target;
use quirkat_rules::Record;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let record = match Record::from_text(text) {
        Err(e) => {
            assert!(!e.to_string().is_empty(), "empty error for {text:?}");
            return;
        }
        Ok(r) => r,
    };
    let printed = record.to_text();
    let again = match Record::from_text(&printed) {
        Ok(r) => r,
        Err(e) => panic!("{text:?} printed as {printed:?}, which does not read back: {e}"),
    };
    assert_eq!(again, record, "{text:?} printed as {printed:?}");
    assert_eq!(again.to_text(), printed, "{text:?}: prints otherwise");
    if let Ok((game, moves, error)) = record.replay_prefix() {
        match record.replay() {
            Ok((states, all)) => {
                assert!(error.is_none());
                assert_eq!(all, moves);
                assert_eq!(states.last(), Some(&game));
            }
            Err(e) => assert_eq!(Some(e), error),
        }
    }
});
