//! The `quirkat` command as a user runs it: the real binary, its output and exit status.
//! Every figure printed is checked against the rules library, not against a copy of the output.

use quirkat_rules::{Game, Rules, RulesetId};
use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};

fn quirkat(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quirkat"))
        .args(args)
        .output()
        .expect("the quirkat binary runs")
}

/// Standard output of a run that must succeed.
fn ok(args: &[&str]) -> String {
    let out = quirkat(args);
    assert!(
        out.status.success(),
        "quirkat {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Standard error of a run that must fail with status 1, without a panic.
fn fails(args: &[&str]) -> String {
    let out = quirkat(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "quirkat {args:?}: {err}");
    assert!(
        !err.contains("panicked"),
        "quirkat {args:?} panicked: {err}"
    );
    assert!(err.starts_with("quirkat: "), "quirkat {args:?}: {err}");
    err
}

/// A match's output without the lines that hold times, which differ from run to run.
fn untimed(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| !l.contains(" ms a move"))
        .map(str::to_string)
        .collect()
}

/// The words of a command line without quoted arguments.
fn w(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// The legal moves of `game` as `quirkat legal` prints them: sorted byte-wise, space-separated.
fn sorted_moves(game: &Game) -> String {
    let board = game.rules().board;
    let mut moves: Vec<String> = game.legal_moves().iter().map(|m| m.text(board)).collect();
    moves.sort();
    moves.join(" ")
}

#[test]
fn rulesets_lists_every_ruleset_once() {
    let out = ok(&["rulesets"]);
    let ids: Vec<&str> = out.lines().map(|l| l.split('\t').next().unwrap()).collect();
    let want: Vec<String> = RulesetId::ALL.iter().map(|r| r.id().to_string()).collect();
    assert_eq!(ids, want);
}

#[test]
fn perft_prints_the_library_counts() {
    for (id, depth) in [("srand", 4), ("queah", 5), ("towers", 5), ("surakarta", 3)] {
        let out = ok(&["perft", "--ruleset", id, "--depth", &depth.to_string()]);
        let game = Game::new(Rules::new(id.parse().unwrap()));
        let want: Vec<String> = (1..=depth)
            .map(|d| format!("depth {d}: {}", game.perft(d)))
            .collect();
        assert_eq!(out.lines().collect::<Vec<_>>(), want, "{id}");
    }
    // an option changes the rules the count is made under
    let out = ok(&[
        "perft",
        "--ruleset",
        "srand",
        "--option",
        "enforcement=huffing",
        "--depth",
        "2",
    ]);
    let rules = Rules::from_pairs(RulesetId::Srand, [("enforcement", "huffing")]).unwrap();
    assert_eq!(
        out.lines().last(),
        Some(format!("depth 2: {}", Game::new(rules).perft(2)).as_str())
    );
}

#[test]
fn legal_prints_the_sorted_moves_after_a_line() {
    let rules = Rules::new(RulesetId::Zamma);
    let mut game = Game::new(rules);
    assert_eq!(
        ok(&["legal", "--ruleset", "zamma"]).trim_end(),
        sorted_moves(&game)
    );
    // a line of six plies, each the first legal move in sorted order
    let mut line = Vec::new();
    let mut each = vec![format!("0: {}", sorted_moves(&game))];
    for k in 1..=6 {
        let m = sorted_moves(&game).split(' ').next().unwrap().to_string();
        game.play_text(&m).unwrap();
        line.push(m);
        each.push(format!("{k}: {}", sorted_moves(&game)));
    }
    let moves = line.join(" ");
    let out = ok(&["legal", "--ruleset", "zamma", "--moves", &moves]);
    assert_eq!(out.trim_end(), sorted_moves(&game));
    let out = ok(&["legal", "--ruleset", "zamma", "--moves", &moves, "--each"]);
    assert_eq!(out.lines().collect::<Vec<_>>(), each);
}

#[test]
fn legal_starts_from_a_position_string_of_its_rules() {
    // a Zamma position after two plies, then one more ply from it
    let mut game = Game::new(Rules::new(RulesetId::Zamma));
    game.play_text("d4-e5").unwrap();
    game.play_text("f6xd4").unwrap();
    let s = game.to_position_string();
    let out = ok(&["legal", "--ruleset", "zamma", "--position", &s]);
    assert_eq!(out.trim_end(), sorted_moves(&game));
    let m = sorted_moves(&game).split(' ').next().unwrap().to_string();
    let out = ok(&[
        "legal",
        "--ruleset",
        "zamma",
        "--position",
        &s,
        "--moves",
        &m,
        "--each",
    ]);
    let before = format!("0: {}", sorted_moves(&game));
    game.play_text(&m).unwrap();
    let after = format!("1: {}", sorted_moves(&game));
    assert_eq!(out.lines().collect::<Vec<_>>(), [before, after]);
    // the position must be of the rules named, as for a diagram
    let err = fails(&["legal", "--ruleset", "srand", "--position", &s]);
    assert!(err.contains("--position is a position of zamma"), "{err}");
    let err = fails(&["legal", "--ruleset", "zamma", "--position", "q1_zamma"]);
    assert!(err.contains("--position"), "{err}");
}

#[test]
fn bad_input_is_a_clear_error() {
    let first = ok(&["legal", "--ruleset", "srand"]);
    let first = first.split(' ').next().unwrap();
    // the second ply repeats the first move, whose piece has gone: named by ply and move
    let err = fails(&[
        "legal",
        "--ruleset",
        "srand",
        "--moves",
        &format!("{first} {first}"),
    ]);
    assert!(err.contains("ply 2") && err.contains(first), "{err}");
    let err = fails(&["legal", "--ruleset", "srand", "--moves", "zz9"]);
    assert!(err.contains("ply 1") && err.contains("zz9"), "{err}");
    let err = fails(&["perft", "--ruleset", "nope", "--depth", "2"]);
    assert!(err.contains("nope"), "{err}");
    let err = fails(&w("perft --ruleset srand --option limit=abc --depth 2"));
    assert!(err.contains("limit") && err.contains("abc"), "{err}");
    fails(&["perft", "--ruleset", "srand"]);
    fails(&["perft", "--ruleset", "srand", "--depth", "two"]);
    fails(&w("match --ruleset srand --a 7 --b 1 --games 2"));
    fails(&w("match --ruleset srand --a 2 --b 1 --games 0"));
    let err = fails(&w("match --ruleset srand --a 2 --b 1 --games 2 --skip 2"));
    assert!(err.contains("--skip"), "{err}");
    fails(&["no-such-command"]);
}

/// `W-D-L` and the score from `score A vs B: W-D-L (P%), elo +E ± M`.
fn score_line(out: &str) -> (u32, u32, u32, f64) {
    let last = out.lines().last().expect("a last line");
    let rest = last.split_once(": ").expect("score A vs B: ...").1;
    let (wdl, rest) = rest.split_once(" (").unwrap();
    let n: Vec<u32> = wdl.split('-').map(|x| x.parse().unwrap()).collect();
    let (pct, elo) = rest.split_once("%), elo ").unwrap();
    let (e, margin) = elo.split_once(" ± ").unwrap();
    assert!(e.starts_with('+') || e.starts_with('-'), "{last}");
    e[1..].parse::<f64>().unwrap();
    margin.parse::<f64>().unwrap();
    (n[0], n[1], n[2], pct.parse().unwrap())
}

#[test]
fn a_match_reports_every_game_and_the_score() {
    let args = [
        "match",
        "--ruleset",
        "zamma",
        "--a",
        "2",
        "--b",
        "random",
        "--games",
        "6",
    ];
    let out = ok(&args);
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("score level 2 vs random: "),
        "{out}"
    );
    let (w, d, l, pct) = score_line(&out);
    assert_eq!(w + d + l, 6);
    assert!(
        (pct - (w as f64 + 0.5 * d as f64) * 100.0 / 6.0).abs() < 0.06,
        "{out}"
    );
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 6);
    let a_won = games.iter().filter(|l| l.contains("A wins")).count() as u32;
    assert_eq!(a_won, w);
    // colours alternate, first player in even games
    assert!(
        games[0].contains("as first") && games[1].contains("as second"),
        "{out}"
    );
    // A's record with each colour, as the games went
    let record = |colour: &str| {
        let mine: Vec<&&str> = games.iter().filter(|l| l.contains(colour)).collect();
        let count = |word: &str| mine.iter().filter(|l| l.contains(word)).count();
        let (w, d, l) = (count("A wins"), count(": draw"), count("B wins"));
        let pct = (w as f64 + 0.5 * d as f64) * 100.0 / mine.len() as f64;
        format!("{w}-{d}-{l} ({pct:.1}%)")
    };
    let by_side = format!(
        "A (level 2) as first: {}; as second: {}",
        record("as first"),
        record("as second")
    );
    assert!(out.lines().any(|l| l == by_side), "{by_side}\n{out}");
    // a game's line names A's colour after A's player, one space apart
    assert!(
        games[0].starts_with("game 1/6: A (level 2) as first: "),
        "{out}"
    );
    // the openings' length in words: the leap games' 8 plies, and one ply
    assert!(out.contains("; openings: 8 plies, balanced"), "{out}");
    let one_ply = ok(&[&args[..], &["--opening-plies", "1"]].concat());
    assert!(one_ply.contains("; openings: 1 ply, balanced"), "{one_ply}");
    // a seed fixes the games; skipping the first three plays the same last three
    assert_eq!(untimed(&ok(&args)), untimed(&out));
    let mut skipped = args.to_vec();
    skipped.extend(["--skip", "3"]);
    let part = ok(&skipped);
    let part_games: Vec<&str> = part.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(part_games, games[3..]);
    let (w3, d3, l3, _) = score_line(&part);
    assert_eq!(w3 + d3 + l3, 3);
    // played three at a time, the same games, moves and lines, in the games' order
    let mut verbose = skipped.clone();
    verbose.push("--verbose");
    let one = ok(&verbose);
    assert!(
        one.lines().any(|l| l.starts_with("pair 2: opening ")),
        "{one}"
    );
    verbose.extend(["--jobs", "3"]);
    assert_eq!(untimed(&ok(&verbose)), untimed(&one));
    let mut parallel = args.to_vec();
    parallel.extend(["--jobs", "2"]);
    assert_eq!(untimed(&ok(&parallel)), untimed(&out));
    fails(&[&args[..], &["--jobs", "0"]].concat());
    let err = fails(&[&args[..], &["--jobs", "65"]].concat());
    assert!(err.contains("--jobs 65"), "{err}");
    // timed moves need a core a game
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let over = format!("--jobs {}", cores + 1);
    let timed = format!("match --ruleset zamma --a 6 --b material --games 4 --movetime 10 {over}");
    let err = fails(&timed.split_whitespace().collect::<Vec<_>>());
    assert!(err.contains(&over), "{err}");
}

/// Level 6 and the plain yardstick at fixed nodes, whose searches keep tables, history and killers
/// from move to move: two games at once play the same games as one at a time.
#[test]
fn level_6_and_material_play_the_same_games_two_at_once() {
    let args = w("match --ruleset srand --a 6 --b material --games 4 --nodes 3000 -v");
    let one = untimed(&ok(&args));
    assert_eq!(one.iter().filter(|l| l.starts_with("game ")).count(), 4);
    assert_eq!(untimed(&ok(&[&args[..], &["--jobs", "2"]].concat())), one);
}

/// A side's engine that stops in the middle of a match (a script that hands the real engine its
/// first requests, then ends): with one job and with two, the match fails with an error that names
/// the failed game, after every line a whole run prints for the games before it, and with no game
/// after it.
#[cfg(unix)]
#[test]
fn a_match_whose_engine_stops_keeps_the_games_before_and_names_the_game() {
    use std::os::unix::fs::PermissionsExt;
    let exe = env!("CARGO_BIN_EXE_quirkat");
    let args = w("match --ruleset srand --a 2 --b 2 --games 6 -v");
    let whole = ok(&[&args[..], &["--b-exe", exe]].concat());
    // B's requests in each game: a new game, then one for each of its moves
    let mut asked = vec![1];
    for l in whole.lines() {
        match w(l).as_slice() {
            [ply, "B", ..] if ply.parse::<u32>().is_ok() => *asked.last_mut().unwrap() += 1,
            ["game", ..] => asked.push(1),
            _ => {}
        }
    }
    asked.pop();
    assert_eq!(asked.len(), 6, "{whole}");
    // enough for either of the first two games and two more requests: a seat plays its first game
    // (game 1 or 2) whole and fails in a later one; one job fails in game 2
    let k = asked[0].max(asked[1]) + 2;
    assert!(asked[0] + asked[1] > k, "{asked:?}");
    let script = std::env::temp_dir().join(format!("quirkat-engine-stops-{}", std::process::id()));
    // the shell's `read` takes a line at a time from a pipe, where awk may wait for a whole block
    let text = format!(
        r#"#!/bin/sh
n=0
while [ $n -lt {k} ] && IFS= read -r line; do
  n=$((n + 1))
  printf '%s\n' "$line"
done | '{exe}' "$@"
"#
    );
    std::fs::write(&script, text).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let script_path = script.to_str().unwrap();
    for jobs in ["1", "2"] {
        let out = quirkat(&[&args[..], &["--b-exe", script_path, "--jobs", jobs]].concat());
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(1), "--jobs {jobs}: {stderr}");
        assert!(!stderr.contains("panicked"), "--jobs {jobs}: {stderr}");
        let failed: usize = stderr
            .strip_prefix("quirkat: game ")
            .and_then(|rest| rest.split(':').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("--jobs {jobs}: {stderr}"));
        assert!(stderr.contains(script_path), "--jobs {jobs}: {stderr}");
        if jobs == "1" {
            assert_eq!(failed, 2, "{stderr}");
        }
        assert!((2..=6).contains(&failed), "--jobs {jobs}: {stderr}");
        // the whole run's lines up to the end of the game before the failed one
        let whole_lines: Vec<&str> = whole.lines().collect();
        let end = whole_lines
            .iter()
            .position(|l| l.starts_with(&format!("game {}/", failed - 1)))
            .unwrap_or_else(|| panic!("game {} in\n{whole}", failed - 1));
        let before = &whole_lines[..=end];
        let lines: Vec<&str> = stdout.lines().collect();
        assert!(lines.len() >= before.len(), "--jobs {jobs}: {stdout}");
        assert_eq!(lines[..before.len()], *before, "--jobs {jobs}");
        // then the failed game's moves at most: no game's end
        assert!(
            !lines[before.len()..].iter().any(|l| l.starts_with("game ")),
            "--jobs {jobs}: a game from the failed one on was printed\n{stdout}"
        );
    }
    let _ = std::fs::remove_file(&script);
}

#[test]
fn solve_prints_the_value_the_size_and_the_time() {
    let out = ok(&["solve", "queah"]);
    assert!(out.contains("start position: "), "{out}");
    let positions = out
        .lines()
        .find(|l| l.starts_with("positions: "))
        .expect("positions line");
    let n: u64 = positions["positions: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(n > 1_000_000, "{positions}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("table: ") && l.contains("bytes")),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("build: ") && l.ends_with(" s")),
        "{out}"
    );
    fails(&["solve", "srand"]);
}

/// Output that nobody reads any more ends the command quietly (as a broken pipe would), never with
/// a panic.
#[test]
fn a_closed_output_ends_the_command_without_a_panic() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quirkat"))
        .args(["bench", "--seconds", "0.001"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the quirkat binary runs");
    let mut header = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut header)
        .unwrap();
    assert!(header.starts_with("ruleset"), "{header}");
    // the reader is dropped here: the next line cannot be written
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(141), "{err}");
}

#[test]
fn diagram_prints_the_librarys_svg_of_the_position_asked_for() {
    // what the draw library writes for a game, which `quirkat diagram` must print
    use quirkat_draw::{Marks, Style, Theme, diagram as drawn};
    let moves = ["d4-e5", "f6xd4", "c3xe5", "c5xc3"];
    let mut games = vec![Game::new(Rules::new(RulesetId::Srand))];
    for m in moves {
        let mut g = games.last().unwrap().clone();
        g.play_text(m).unwrap();
        games.push(g);
    }
    let line = moves.join(" ");
    // the start, the last ply by default, and any ply asked for
    assert_eq!(
        ok(&["diagram", "--ruleset", "srand"]),
        drawn(&games[0], Some(0), &Style::default())
    );
    assert_eq!(
        ok(&["diagram", "--ruleset", "srand", "--moves", &line]),
        drawn(&games[4], Some(4), &Style::default())
    );
    let out = ok(&[
        "diagram",
        "--ruleset",
        "srand",
        "--moves",
        &line,
        "--ply",
        "2",
    ]);
    assert_eq!(out, drawn(&games[2], Some(2), &Style::default()));
    assert!(
        out.contains("<title>Srand, ply 2, first to move</title>"),
        "{out}"
    );
    // every drawing option reaches the drawing
    let board = games[4].rules().board;
    let style = Style {
        flip: true,
        labels: true,
        marks: Marks::parse(board, "c2,c2>c4").unwrap(),
        theme: Theme::Manuscript,
    };
    let out = ok(&[
        "diagram",
        "--ruleset",
        "srand",
        "--moves",
        &line,
        "--flip",
        "--labels",
        "--marks",
        "c2,c2>c4",
        "--theme",
        "manuscript",
    ]);
    assert_eq!(out, drawn(&games[4], Some(4), &style));
    for theme in ["light", "dark", "manuscript"] {
        let out = ok(&["diagram", "--ruleset", "towers", "--theme", theme]);
        assert!(out.contains(&format!("data-theme=\"{theme}\"")));
    }
    // a position string draws its position; options must agree with it
    let mut huffing =
        Game::new(Rules::from_pairs(RulesetId::Srand, [("enforcement", "huffing")]).unwrap());
    huffing.play_text("d4-e5").unwrap();
    let s = huffing.to_position_string();
    let out = ok(&[
        "diagram",
        "--ruleset",
        "srand",
        "--option",
        "enforcement=huffing",
        "--position",
        &s,
    ]);
    assert_eq!(out, drawn(&huffing, None, &Style::default()));
    assert!(
        out.contains("<title>Srand (enforcement huffing), second to move</title>"),
        "a position as it stands has no ply: {out}"
    );
    let err = fails(&["diagram", "--ruleset", "srand", "--position", &s]);
    assert!(
        err.contains("--position is a position of srand (enforcement=huffing)"),
        "{err}"
    );
    let err = fails(&["diagram", "--ruleset", "zamma", "--position", &s]);
    assert!(err.contains("position of srand"), "{err}");
}

#[test]
fn diagram_writes_a_file_when_asked() {
    let dir = std::env::temp_dir().join(format!("quirkat-diagram-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("queah.svg");
    let out = ok(&[
        "diagram",
        "--ruleset",
        "queah",
        "--output",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out, "", "nothing on standard output");
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        written,
        ok(&["diagram", "--ruleset", "queah"]),
        "the same bytes as on standard output"
    );
    assert!(written.contains("data-reserve=\"first:"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn diagram_refuses_every_bad_argument_in_one_line() {
    let cases: [(&[&str], &str); 14] = [
        (&["--ruleset", "nope"], "unknown ruleset 'nope'"),
        (
            &["--ruleset", "srand", "--option", "x=y"],
            "unknown option 'x'",
        ),
        (&["--ruleset", "srand", "--option", "limit=abc"], "limit"),
        (
            &["--ruleset", "srand", "--position", "q1_srand"],
            "--position: ",
        ),
        (
            &["--ruleset", "srand", "--position", "nonsense"],
            "--position: ",
        ),
        (&["--ruleset", "srand", "--moves", "d4-e5 zz"], "ply 2: "),
        (&["--ruleset", "srand", "--moves", "d4-e5 d4-e5"], "ply 2: "),
        (
            &["--ruleset", "srand", "--moves", "d4-e5", "--ply", "2"],
            "--ply 2 is beyond the 1 move given",
        ),
        (
            &["--ruleset", "srand", "--ply", "1"],
            "--ply 1 is beyond the 0 moves given",
        ),
        (
            &["--ruleset", "srand", "--ply", "two"],
            "--ply takes a number, not 'two'",
        ),
        (
            &["--ruleset", "srand", "--marks", "c3,z9"],
            "--marks: 'z9' in the mark 'z9' is not a point",
        ),
        (
            &["--ruleset", "srand", "--marks", "c3,,e5"],
            "--marks: mark 2 is empty",
        ),
        (
            &["--ruleset", "srand", "--theme", "sepia"],
            "--theme: unknown theme 'sepia'",
        ),
        (
            &["--ruleset", "srand", "--position", "x", "--moves", "d4-e5"],
            "cannot be used with",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["diagram"];
        all.extend_from_slice(args);
        let err = fails(&all);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
    // a later move is checked even when an earlier ply is drawn
    let err = fails(&[
        "diagram",
        "--ruleset",
        "srand",
        "--moves",
        "d4-e5 f6xd4 zz",
        "--ply",
        "1",
    ]);
    assert!(err.contains("ply 3: "), "{err}");
    let err = fails(&[
        "diagram",
        "--ruleset",
        "srand",
        "--output",
        "/nonexistent/dir/x.svg",
    ]);
    assert!(err.contains("cannot write /nonexistent/dir/x.svg"), "{err}");
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("quirkat-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn tune_keeps_a_clearly_better_value_and_writes_its_line_alone() {
    use quirkat_ai::weights::{Profile, Weights, parse};
    let dir = scratch("tune-kept");
    let file = dir.join("leap.weights");
    // the shipped file with men made worth less than nothing: 100 must win clearly
    let shipped = Profile::LeapFlyingKings.text();
    let spoilt = shipped.replacen("man = 100", "man = -100", 1);
    assert_ne!(spoilt, shipped);
    std::fs::write(&file, &spoilt).unwrap();
    let path = file.to_str().unwrap();
    let args = w("tune --ruleset zamma --weight man --values 100 --games 12 --level 3 --write");
    let out = ok(&[&args[..], &["--file", path]].concat());
    assert!(out.contains("man = 100: 12-0-0 (100.0%)"), "{out}");
    assert!(out.contains("kept: man = 100"), "{out}");
    let written = std::fs::read_to_string(&file).unwrap();
    let changed: Vec<(&str, &str)> = spoilt
        .lines()
        .zip(written.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed.len(), 1, "{written}");
    assert!(
        changed[0].1.starts_with(
            "man = 100        # quirkat tune --ruleset zamma --weight man --values 100 \
             --games 12 --level 3 (was -100): 12-0-0 (100.0%)"
        ),
        "{}",
        changed[0].1
    );
    assert_eq!(spoilt.lines().count(), written.lines().count());
    assert_eq!(
        parse(&written).unwrap().over(Weights::ZERO),
        Profile::LeapFlyingKings.weights()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file with a base: the weights it lacks come from the base in its directory, and a kept value
/// of such a weight is written into the file itself, the base left as it was.
#[test]
fn tune_reads_a_files_base_and_writes_into_the_file_not_the_base() {
    use quirkat_ai::weights::{Profile, Weights, parse};
    let dir = scratch("tune-base");
    let base = dir.join("leap-flying-kings.weights");
    let file = dir.join("derived.weights");
    // the base with men worth less than nothing; the file gives only `exposed`
    let spoilt = Profile::LeapFlyingKings
        .text()
        .replacen("man = 100", "man = -100", 1);
    std::fs::write(&base, &spoilt).unwrap();
    let derived = "# built on the leap weights\nbase = leap-flying-kings.weights\nexposed = 5\n";
    std::fs::write(&file, derived).unwrap();
    let path = file.to_str().unwrap();
    let args = w("tune --ruleset zamma --weight man --values 100 --games 12 --level 3 --write");
    let out = ok(&[&args[..], &["--file", path]].concat());
    assert!(out.contains("man = -100 in"), "{out}");
    assert!(out.contains("kept: man = 100"), "{out}");
    assert_eq!(std::fs::read_to_string(&base).unwrap(), spoilt);
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.starts_with(derived), "{written}");
    let read = parse(&written).unwrap();
    assert_eq!(read.base, Some("leap-flying-kings.weights"));
    let spoilt_weights = parse(&spoilt).unwrap().over(Weights::ZERO);
    assert_eq!(
        read.over(spoilt_weights),
        Weights {
            man: 100,
            exposed: 5,
            ..spoilt_weights
        }
    );
    // a base that is not there, and a base with a base of its own, are refused by name
    std::fs::remove_file(&base).unwrap();
    let err = fails(&[&args[..], &["--file", path]].concat());
    assert!(
        err.contains("cannot read")
            && err.contains("the base of")
            && err.contains("derived.weights"),
        "{err}"
    );
    std::fs::write(&base, "base = derived.weights\n").unwrap();
    let err = fails(&[&args[..], &["--file", path]].concat());
    assert!(err.contains("names a base of its own"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tune_leaves_the_file_as_it_was_when_no_value_is_clearly_better() {
    use quirkat_ai::weights::Profile;
    let dir = scratch("tune-none");
    let file = dir.join("towers.weights");
    std::fs::write(&file, Profile::Towers.text()).unwrap();
    let path = file.to_str().unwrap();
    // a stack commanded worth as much as now, and worth nothing: neither clearly better
    let args = w("tune --ruleset towers --weight top --values 100,0 --games 4 --level 3 --write");
    let out = ok(&[&args[..], &["--file", path]].concat());
    assert!(out.contains("top = 100: the file's value"), "{out}");
    assert!(out.contains("none kept: top stays 100"), "{out}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        Profile::Towers.text()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tune_refuses_bad_arguments_and_files_in_one_line() {
    let dir = scratch("tune-bad");
    let file = dir.join("bad.weights");
    std::fs::write(&file, "man = 100\nmobility 2\n").unwrap();
    let path = file.to_str().unwrap();
    let err = fails(&w("tune --ruleset zamma --weight queen --values 1"));
    assert!(err.contains("queen") && err.contains("mobility"), "{err}");
    fails(&w("tune --ruleset zamma --weight man --values 1,x"));
    fails(&w("tune --ruleset zamma --weight man --values 1 --level 6"));
    let base = w("tune --ruleset zamma --weight man --values 1 --file");
    let err = fails(&[&base[..], &[path]].concat());
    assert!(
        err.contains("bad.weights, line 2: not `NAME = VALUE`"),
        "{err}"
    );
    let missing = dir.join("none.weights");
    let err = fails(&[&base[..], &[missing.to_str().unwrap()]].concat());
    assert!(
        err.contains("cannot read") && err.contains("none.weights"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `quirkat engine` answers one line a request, refuses what it cannot read without stopping, and
/// ends with its input.
#[test]
fn the_engine_answers_each_request_in_one_line() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_quirkat"))
        .args([
            "engine",
            "--ruleset",
            "zamma",
            "--player",
            "6",
            "--nodes",
            "3000",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the quirkat binary runs");
    let mut to = child.stdin.take().unwrap();
    let mut from = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |request: &str| {
        writeln!(to, "{request}").unwrap();
        let mut line = String::new();
        from.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    };
    assert_eq!(ask("new"), "ok");
    // a move of the start position, then one after a first move of the library's
    let rules = Rules::new(RulesetId::Zamma);
    let mut game = Game::new(rules);
    let answer = ask("move 7");
    let words = w(&answer);
    assert_eq!(words.len(), 4, "{answer}");
    let first = game.play_text(words[0]).expect("a legal move");
    words[1].parse::<u32>().expect("a depth");
    // every node the search visited: the node limit cuts its last iteration, and those count
    assert_eq!(words[2], "3000", "{answer}");
    words[3].parse::<i32>().expect("a score");
    let answer = ask(&format!("move 7 {}", first.text(rules.board)));
    game.play_text(w(&answer)[0]).expect("a legal reply");
    // what it cannot read is refused, and it reads on
    for bad in ["move 7 a1-a1", "move seven", "hello", ""] {
        assert!(ask(bad).starts_with("error: "), "{bad:?}");
    }
    assert_eq!(ask("new"), "ok");
    drop(to);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A side played by another build through `--a-exe` or `--b-exe` (here this same build) plays the
/// same games as the same player in the match's own process.
#[test]
fn a_side_played_by_another_build_plays_the_same_games() {
    let exe = env!("CARGO_BIN_EXE_quirkat");
    let args = w("match --ruleset surakarta --a 6 --b 5 --games 2 --nodes 4000 -v");
    let here = untimed(&ok(&args));
    assert!(here.iter().filter(|l| l.starts_with("game ")).count() == 2);
    for side in ["--a-exe", "--b-exe"] {
        let mut other = args.clone();
        other.extend([side, exe]);
        assert_eq!(untimed(&ok(&other)), here, "{side}");
    }
    let err = fails(&[&args[..], &["--b-exe", "/nonexistent/quirkat"]].concat());
    assert!(err.contains("/nonexistent/quirkat"), "{err}");
    let err = fails(&[&args[..], &["--b-exe", exe, "--tune-b", "mobility=3"]].concat());
    assert!(err.contains("--tune-b"), "{err}");
}
