//! RULES.md, "Games and rulesets": every ruleset is selectable, on its board, with its start
//! material and its options.

use crate::*;
use quirkat_rules::{BoardKind, GameKind, OptionKey, Rules, RulesetId, Side};

/// "every ruleset below must be selectable, and its options must be visible (and explained)".
#[test]
fn every_ruleset_of_rules_md_is_selectable() {
    let ids: Vec<&str> = RulesetId::ALL.iter().map(|r| r.id()).collect();
    assert_eq!(
        ids,
        [
            "srand",
            "dam-daman",
            "satoel",
            "crand-1952",
            "ratti",
            "meurimueng",
            "satoel-1919",
            "zamma",
            "zamma-immediate",
            "zamma-1951",
            "surakarta",
            "bas-basan-sepur",
            "surakarta-olympiad",
            "surakarta-orthogonal",
            "queah",
            "queah-1888",
            "towers",
            "alquerque",
            "alquerque-alfonso",
            "alquerque-murray",
            "alquerque-covarrubias",
            "lasca",
            "bashni",
        ]
    );
    for id in RulesetId::ALL {
        assert_eq!(id.id().parse::<RulesetId>().unwrap(), id);
        assert_eq!(id.id().to_uppercase().parse::<RulesetId>().unwrap(), id);
        assert!(GameKind::ALL.contains(&id.game()));
        assert!(id.game().rulesets().contains(&id));
    }
    assert!("chess".parse::<RulesetId>().is_err());
    for g in GameKind::ALL {
        assert_eq!(GameKind::from_id(g.id()), Some(g));
    }
    // a game's id is its default ruleset's; another reading's id names no game
    for id in ["chess", "", "zamma-1951", "SRAND"] {
        assert_eq!(GameKind::from_id(id), None, "{id}");
    }
    // defaults first, as in RULES.md
    let defaults: Vec<&str> = GameKind::ALL
        .iter()
        .map(|g| g.default_ruleset().id())
        .collect();
    assert_eq!(
        defaults,
        [
            "srand",
            "zamma",
            "surakarta",
            "queah",
            "towers",
            "alquerque",
            "lasca",
            "bashni"
        ]
    );
    let historical: Vec<&str> = RulesetId::ALL
        .iter()
        .filter(|r| r.historical())
        .map(|r| r.id())
        .collect();
    assert_eq!(
        historical,
        [
            "crand-1952",
            "ratti",
            "meurimueng",
            "satoel-1919",
            "zamma-1951",
            "queah-1888",
            "alquerque-alfonso",
            "alquerque-murray",
            "alquerque-covarrubias"
        ]
    );
}

/// Each ruleset's board and start material.
#[test]
fn boards_and_start_material() {
    use BoardKind::*;
    for (id, board, pieces) in [
        ("srand", Alquerque9, 40),
        ("dam-daman", Alquerque9, 40),
        ("satoel", Satoel, 46),
        ("crand-1952", Square9x, 40),
        ("ratti", Alquerque9, 40),
        ("meurimueng", Alquerque9, 40),
        ("satoel-1919", Satoel, 40),
        ("zamma", Alquerque9, 40),
        ("zamma-immediate", Alquerque9, 40),
        ("zamma-1951", Alquerque9, 40),
        ("surakarta", Surakarta6, 12),
        ("bas-basan-sepur", Surakarta7, 14),
        ("surakarta-olympiad", Surakarta6, 12),
        ("surakarta-orthogonal", Surakarta6, 12),
        ("queah", Queah, 10),
        ("queah-1888", Queah, 10),
        ("towers", Alquerque5, 12),
        ("alquerque", Alquerque5, 12),
        ("alquerque-alfonso", Alquerque5, 12),
        ("alquerque-murray", Alquerque5, 12),
        ("alquerque-covarrubias", Alquerque5, 12),
        ("lasca", Checker7, 11),
        ("bashni", Checker8, 12),
    ] {
        let g = new_game(id, &[]);
        assert_eq!(g.rules().board.kind, board, "{id}");
        for side in [Side::First, Side::Second] {
            assert_eq!(g.position().material(side), pieces, "{id}");
        }
        assert_eq!(g.position().side_to_move(), Side::First);
    }
    let g = new_game("bas-basan-sepur", &[("middle_circuit", "true")]);
    assert_eq!(g.rules().board.kind, Surakarta7Middle);
}

/// The options of each ruleset: `enforcement` (srand, satoel, towers, alquerque), `chains`
/// (alquerque), `rejump` (lasca), `men_capture` (bashni), `middle_circuit`,
/// `drop_ends_turn`, `no_rejump`, and `limit` and `repetition` everywhere; the Olympiad's limit
/// is 50 plies, everyone else's 100; every option is explained, in each ruleset with only the
/// values and the kinds of progress it has.
#[test]
fn options_per_ruleset() {
    use OptionKey::*;
    for id in RulesetId::ALL {
        let mut want = vec![];
        let alquerque = id.game() == GameKind::Alquerque;
        if matches!(id, RulesetId::Srand | RulesetId::Satoel | RulesetId::Towers) || alquerque {
            want.push(Enforcement);
        }
        if alquerque {
            want.push(Chains);
        }
        if id == RulesetId::Lasca {
            want.push(Rejump);
        }
        if id == RulesetId::Bashni {
            want.push(MenCapture);
        }
        if id == RulesetId::Towers {
            want.push(NoRejump);
        }
        if id == RulesetId::BasBasanSepur {
            want.push(MiddleCircuit);
        }
        if matches!(id, RulesetId::Queah | RulesetId::Queah1888) {
            want.push(DropEndsTurn);
        }
        want.extend([Limit, Repetition]);
        let mut got = id.options().to_vec();
        got.sort_by_key(|k| k.key());
        want.sort_by_key(|k| k.key());
        assert_eq!(got, want, "{id}");
        let limit = if id == RulesetId::SurakartaOlympiad {
            50
        } else {
            100
        };
        assert_eq!(Rules::new(id).options.limit, limit, "{id}");
        assert!(Rules::new(id).options.repetition);
    }
    for key in OptionKey::ALL {
        assert!(key.describe().len() > 20, "{}", key.key());
        for ruleset in RulesetId::ALL {
            // a ruleset's sentence names only the values it takes
            let said = key.describe_in(ruleset);
            let free = ruleset.option_values(key).contains(&"free");
            assert_eq!(
                said.contains("Free"),
                key == OptionKey::Enforcement && free,
                "{ruleset} {}",
                key.key()
            );
            // and counts as progress only what the ruleset has (RULES.md, "End of game")
            if key == OptionKey::Limit {
                let promotes = Rules::new(ruleset).promotion;
                // RULES.md: `enforcement=huffing` where the option is, and Zamma after Monod's
                // capture is enforced only by huffing
                let huffs = matches!(
                    ruleset,
                    RulesetId::Srand
                        | RulesetId::Satoel
                        | RulesetId::Towers
                        | RulesetId::Zamma1951
                        | RulesetId::Alquerque
                        | RulesetId::AlquerqueAlfonso
                        | RulesetId::AlquerqueMurray
                        | RulesetId::AlquerqueCovarrubias
                );
                assert_eq!(said.contains("promotion"), promotes, "{ruleset}");
                assert_eq!(said.contains("huff"), huffs, "{ruleset}");
                assert!(said.contains("a capture"), "{ruleset}");
                let queah = matches!(ruleset, RulesetId::Queah | RulesetId::Queah1888);
                assert_eq!(said.contains("a drop is not one"), queah, "{ruleset}");
            }
        }
        assert!(!key.values().is_empty());
    }
    assert!(Rules::from_pairs(RulesetId::Srand, [("no_rejump", "true")]).is_err());
    assert!(Rules::from_pairs(RulesetId::Srand, [("limit", "-1")]).is_err());
    assert!(Rules::from_pairs(RulesetId::Srand, [("colour", "red")]).is_err());
}
