//! Static exchanges: what a capture wins once the other side has answered on its target.
//!
//! **Surakarta** ([`exchange`]): both sides take and retake on the target as long as it pays them.
//! Every piece is worth the same, so a capture either wins a piece (1: the enemy cannot retake,
//! or runs out of retakes first) or trades evenly (0); it never loses, since the taker may stop.
//! The attackers come from [`attackers`], asked again after every take with the pieces that have
//! left their points: a piece lined up behind one that took (on its circuit, or through the point
//! it left) joins the exchange. Which of several attackers takes first is the lowest point's;
//! with equal pieces only the lines the move opens could tell them apart, and those are left to
//! the search.
//!
//! **The leap games** ([`retaken`]): whether the piece that has just taken can be taken back at
//! once by a short leap. Only the first retake is looked at: a leap capture moves the taker, so
//! the points in play change with every take, and the search sees the rest.

use quirkat_rules::family::surakarta::attackers;
use quirkat_rules::{Direction, Move, Point, Position, Rules};

/// What the capture `m` wins on its target, in pieces: 1 or 0 (see the module). A move that is
/// not a capture, or has no start, wins 0.
pub fn exchange(rules: &Rules, pos: &Position, m: &Move) -> i32 {
    let (Some(from), target) = (m.from(), m.to()) else {
        return 0;
    };
    if !m.is_capture() {
        return 0;
    }
    let side = pos.side_to_move();
    let t = target.bit();
    // each side's pieces that may still take, the target's holder aside
    let mut left = [pos.occupied_by(side), pos.occupied_by(side.other())];
    left[0] &= !from.bit();
    left[1] &= !t;
    // the takes after the first, each by the lowest attacker of the side whose turn it is; every
    // take removes a piece from `left`, so the loop ends
    let mut takes = 0;
    let mut turn = 1;
    loop {
        let found = attackers(rules, left[0] | left[1] | t, left[turn], target);
        if found == 0 {
            break;
        }
        left[turn] &= !(found & found.wrapping_neg());
        takes += 1;
        turn ^= 1;
    }
    // With equal pieces only the count matters. An even number of takes after the first: the
    // first taker makes the last take and ends a piece up, whether or not the other side retakes.
    // An odd number: the other side makes the last take, and the first taker's piece is traded
    // back (stopping earlier does no better): an even trade.
    i32::from(takes % 2 == 0)
}

/// Whether the piece on `to` in `child`, the side not to move's, can be taken at once by a short
/// leap of a piece of the side to move: an enemy piece next to it along a line, and the point
/// beyond it on that line empty. Flying captures are not looked at: the search uses this only in
/// the leap games where capturing is a choice, to skip trades there ([`crate::search`]), and a
/// long retake is left to the search like any other.
pub fn retaken(rules: &Rules, child: &Position, to: Point) -> bool {
    let board = rules.board;
    let side = child.side_to_move();
    let enemy = child.occupied_by(side);
    let empty = board.all() & !(enemy | child.occupied_by(side.other()));
    Direction::ALL
        .iter()
        .any(|&d| board.shift(enemy, d) & to.bit() & board.shift(empty, d.opposite()) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use quirkat_rules::rng::Rng;
    use quirkat_rules::{Game, RulesetId, generate, make};

    /// The exchange played out with the real move generator: each side in turn takes on `target`
    /// with its capture from the lowest point, or stops when stopping is better. What the side
    /// to move in `pos` wins from here (0 or 1).
    fn played_out(rules: &Rules, pos: &Position, target: quirkat_rules::Point) -> i32 {
        let mut moves = Vec::new();
        generate(rules, pos, &mut moves);
        let Some(m) = moves
            .iter()
            .filter(|m| m.is_capture() && m.to() == target)
            .min_by_key(|m| m.from())
        else {
            return 0;
        };
        (1 - played_out(rules, &make(rules, pos, m), target)).max(0)
    }

    /// Random games of each of `ids` (`games` of up to `plies` plies, seeded from `seed`): calls
    /// `check(rules, game, m)` for every legal capture `m` in every position met, and returns how
    /// often it answered 0 and 1, so that a test can show both outcomes were met.
    fn each_capture(
        ids: &[RulesetId],
        seed: u64,
        games: usize,
        plies: usize,
        mut check: impl FnMut(&Rules, &Game, &Move) -> usize,
    ) -> [usize; 2] {
        let mut seen = [0; 2];
        for (i, &id) in ids.iter().enumerate() {
            let mut rng = Rng::new(seed + i as u64);
            for _ in 0..games {
                let mut game = Game::new(Rules::new(id));
                for _ in 0..plies {
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let rules = *game.rules();
                    for m in moves.iter().filter(|m| m.is_capture()) {
                        seen[check(&rules, &game, m)] += 1;
                    }
                    game.apply(&moves[rng.below(moves.len())]);
                }
            }
        }
        seen
    }

    /// In random Surakarta and Bas-basan games, every capture's exchange agrees with the exchange
    /// played out move by move, x-rays included (a piece behind one that took joins in). The
    /// positions hold both outcomes, so the check is not vacuous.
    #[test]
    fn the_exchange_agrees_with_the_exchange_played_out() {
        let ids = [RulesetId::Surakarta, RulesetId::BasBasanSepur];
        let seen = each_capture(&ids, 7, 40, 120, |rules, game, m| {
            let pos = game.position();
            let expected = 1 - played_out(rules, &make(rules, pos, m), m.to());
            let got = exchange(rules, pos, m);
            let text = m.text(rules.board);
            assert_eq!(got, expected, "{text} in {}", game.to_position_string());
            got as usize
        });
        assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
    }

    /// In random games of the readings where every piece takes by short leap and capturing is a
    /// choice, after every capture the retake test agrees with the move generator: the side now to
    /// move has a one-leap capture of the piece that took exactly when [`retaken`] says so (a chain
    /// may stop after any leap there, so its first leap is such a capture too). Both answers occur
    /// often, so the check is not vacuous.
    #[test]
    fn a_retake_is_seen_exactly_when_the_generator_has_one() {
        let ids = [
            RulesetId::Ratti,
            RulesetId::Meurimueng,
            RulesetId::Satoel1919,
        ];
        let mut moves = Vec::new();
        let seen = each_capture(&ids, 11, 20, 150, |rules, game, m| {
            let child = make(rules, game.position(), m);
            generate(rules, &child, &mut moves);
            let expected = moves
                .iter()
                .any(|r| r.capture_count() == 1 && r.captured_set() & m.to().bit() != 0);
            let got = retaken(rules, &child, m.to());
            let text = m.text(rules.board);
            assert_eq!(got, expected, "{text} in {}", game.to_position_string());
            usize::from(got)
        });
        assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
    }
}
