//! The static exchange on a Surakarta point: what a capture wins once both sides have taken and
//! retaken on the target as long as it pays them.
//!
//! Every piece is worth the same, so a capture either wins a piece (1: the enemy cannot retake,
//! or runs out of retakes first) or trades evenly (0); it never loses, since the taker may stop.
//! The attackers come from [`attackers`], asked again after every take with the pieces that have
//! left their points: a piece lined up behind one that took (on its circuit, or through the point
//! it left) joins the exchange. Which of several attackers takes first is the lowest point's;
//! with equal pieces only the lines the move opens could tell them apart, and those are left to
//! the search.

use quirkat_rules::family::surakarta::attackers;
use quirkat_rules::{Move, Position, Rules};

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

    /// In random Surakarta and Bas-basan games, every capture's exchange agrees with the exchange
    /// played out move by move, x-rays included (a piece behind one that took joins in). The
    /// positions hold both outcomes, so the check is not vacuous.
    #[test]
    fn the_exchange_agrees_with_the_exchange_played_out() {
        let mut seen = [0; 2];
        for (i, id) in [RulesetId::Surakarta, RulesetId::BasBasanSepur]
            .into_iter()
            .enumerate()
        {
            let mut rng = Rng::new(7 + i as u64);
            for _ in 0..40 {
                let mut game = Game::new(Rules::new(id));
                for _ in 0..120 {
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let rules = *game.rules();
                    let pos = game.position();
                    for m in moves.iter().filter(|m| m.is_capture()) {
                        let expected = 1 - played_out(&rules, &make(&rules, pos, m), m.to());
                        let got = exchange(&rules, pos, m);
                        assert_eq!(
                            got,
                            expected,
                            "{} in {}",
                            m.text(rules.board),
                            game.to_position_string()
                        );
                        seen[got as usize] += 1;
                    }
                    let m = moves[rng.below(moves.len())];
                    game.apply(&m);
                }
            }
        }
        assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
    }
}
