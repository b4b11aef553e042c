// End-to-end tests: the release build in headless Debian Chromium through playwright-core.
//
//   node web/tests/e2e.mjs [DIST_DIR]
//
// Serves DIST_DIR (default: dist) on 127.0.0.1 with a tiny static server and clicks the real app:
// every board against the app's testability contract, real moves in every game (a srand
// capture chain, a zamma majority capture, a Surakarta loop capture, a Queah drop, a towers stack
// capture), undo/redo, reload, refusals with reasons, drag and drop, the keyboard, the address bar,
// unreadable saved data, the end banner, a 360 px wide layout, and no console errors. One screenshot
// per board goes to web/tests/artifacts/, and the click-to-targets times (performance measures) are
// printed. Prints a libtest-style summary line that `cargo xtask test` adds to its counts:
// `test result: ok. N passed; M failed; ...`.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, browserPath, check, equal, run, truthy, shot } from './harness.mjs';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const artifacts = path.join(here, 'artifacts');

// [game, ruleset, points, pieces on the board, reserves]; every ruleset is also drawn once
const BOARDS = [
  ['srand', 'srand', 81, 80, null],
  ['srand', 'satoel', 93, 92, null],
  ['zamma', 'zamma', 81, 80, null],
  ['surakarta', 'surakarta', 36, 24, null],
  ['surakarta', 'bas-basan-sepur', 49, 28, null],
  ['queah', 'queah', 13, 8, ['first:6', 'second:6']],
  ['towers', 'towers', 25, 24, null],
  ['alquerque', 'alquerque', 25, 24, null],
  ['lasca', 'lasca', 25, 22, null],
  ['bashni', 'bashni', 32, 24, null],
];

// every game of the picker
const GAMES = ['srand', 'zamma', 'surakarta', 'queah', 'towers', 'alquerque', 'lasca', 'bashni'];
// the games whose pieces are columns (data-stack on every piece)
const COLUMNS = ['towers', 'lasca', 'bashni'];

const status = (page) => page.getAttribute('[data-status]', 'data-status');
const plies = (page) => page.locator('[data-ply]').count();
const notice = async (page) => ((await page.locator('.notice').count()) ? page.textContent('.notice') : null);
// the kind of the refusal the notice shows (`data-refusal`: the engine's reason, in kebab case)
const refusal = async (page) => ((await page.locator('.notice').count()) ? page.getAttribute('.notice', 'data-refusal') : null);
// the points a refusal marks on the board with the given role (`data-why`), by name
const marked = async (page, why) => page.$$eval(`svg.board [data-why="${why}"]`, (els) => els.map((e) => e.getAttribute('data-at')));

/** Opens a game from the picker, fresh. */
async function open(page, game, ruleset) {
  await page.click(`[data-game="${game}"]`);
  await page.click(`[data-ruleset="${ruleset}"]`);
  await page.locator(`svg[data-ruleset="${ruleset}"]`).waitFor();
  await page.click('.controls [data-action="new-game"]');
  equal(await plies(page), 0, `${ruleset}: a new game has no moves`);
}

/** Plays a move in notation by clicking its points in order (huff, drop, piece, landings). */
async function play(page, text) {
  const before = await plies(page);
  let rest = text;
  const clicks = [];
  for (const prefix of ['!', '@']) {
    if (rest.startsWith(prefix)) {
      const [p, more] = rest.slice(1).split(':', 2);
      clicks.push(p);
      rest = more ?? '';
    }
  }
  if (rest) clicks.push(...rest.split(/[-x]/));
  for (const p of clicks) await page.click(`svg.board [data-point="${p}"]`);
  // a chain that could go on is ended by a second click on its last point
  if ((await plies(page)) === before && (await page.locator('[data-selected]').count())) {
    await page.click(`svg.board [data-point="${clicks[clicks.length - 1]}"]`);
  }
  await page.locator(`[data-ply="${before + 1}"]`).waitFor();
  equal(await page.textContent(`[data-ply="${before + 1}"]`), text, `ply ${before + 1}`);
}

/** Plays some legal move for the side to move by clicking: a drop if one is due, then the first
 *  piece that has targets, following its first target until the move is made. */
async function clickSomeMove(page) {
  const before = await plies(page);
  const side = (await status(page)).split(':')[1];
  if ((await page.textContent('[data-status]')).includes('drop')) {
    const empties = await page.locator('svg.board [data-point]:not(:has([data-piece]))').evaluateAll((els) => els.map((e) => e.getAttribute('data-point')));
    for (const p of empties) {
      await page.click(`svg.board [data-point="${p}"]`);
      if ((await page.locator('[data-dropping]').count()) || (await plies(page)) > before) break;
    }
    if ((await plies(page)) > before) return;
  }
  // where every legal move captures, the board marks the pieces that can (`data-must-capture`):
  // only those are tried
  const at = (els) => els.map((e) => e.getAttribute('data-at'));
  const must = await page.locator(`svg.board [data-piece^="${side}"][data-must-capture]`).evaluateAll(at);
  const pieces = must.length ? must : await page.locator(`svg.board [data-piece^="${side}"]`).evaluateAll(at);
  for (const p of pieces) {
    await page.click(`svg.board [data-point="${p}"]`);
    if (!(await page.locator('svg.board [data-target]').count())) continue;
    for (let hop = 0; hop < 60 && (await plies(page)) === before; hop++) {
      if (await page.locator('[data-choice]').count()) {
        await page.keyboard.press('1');
        break;
      }
      const t = await page.locator('svg.board [data-target]').first().getAttribute('data-point');
      await page.click(`svg.board [data-point="${t}"]`);
    }
    if ((await plies(page)) > before) return;
  }
  throw new Error(`no move found by clicking (${await notice(page)})`);
}

/** Waits until it is the first player's turn or the game is over; returns the status. */
async function waitForPerson(page, timeout = 30000) {
  await page.waitForFunction(() => {
    const s = document.querySelector('[data-status]')?.getAttribute('data-status') ?? '';
    return s === 'to-move:first' || s.startsWith('over:');
  }, null, { timeout });
  return status(page);
}

async function targets(page) {
  return (await page.locator('svg.board [data-target]').evaluateAll((els) => els.map((e) => e.getAttribute('data-point')))).sort();
}

async function main() {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: build the app first (trunk build --release)`);
  }
  fs.mkdirSync(artifacts, { recursive: true });
  const server = await serve(dist);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'quirkat-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: browserPath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1000, height: 900 },
    // these tests play the build from the server (one test fakes the worker's script); the service
    // worker has its own tests (offline.mjs)
    serviceWorkers: 'block',
  });
  const errors = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.setDefaultTimeout(10000);

    await check('page loads with the status line', async () => {
      await page.goto(base);
      await page.waitForSelector('[data-status]');
      equal(await status(page), 'to-move:first', 'status');
      equal(await notice(page), null, 'notice');
    });

    await check('the picker offers the eight games, each with a drawing of its board', async () => {
      equal(await page.locator('[data-game]').count(), GAMES.length, 'games');
      equal(await page.locator('[data-game] svg.thumb').count(), GAMES.length, 'thumbnails');
      await page.click('[data-game="queah"]');
      await page.click('.options summary');
      equal(await page.locator('[data-option]').count(), 3, 'queah options (limit, repetition, drop_ends_turn)');
      truthy((await page.textContent('.options')).includes('reserve'), 'the options are explained');
      const names = await page.locator('.options .option .key').allTextContents();
      equal(JSON.stringify(names), JSON.stringify(['A drop is the whole turn', 'Plies without progress', 'Repetition ends the game']),
        'the options are named in words, not by their keys');
      equal(JSON.stringify(await page.locator('[data-option="drop_ends_turn"] option').allTextContents()),
        JSON.stringify(['No', 'Yes']), 'a yes-or-no option reads as one');
      await page.click('[data-game="srand"]');
      await page.locator('svg[data-ruleset="srand"]').waitFor();
      equal(JSON.stringify(await page.locator('[data-option="enforcement"] option').evaluateAll((os) => os.map((o) => o.value))),
        JSON.stringify(['compulsory', 'huffing']), 'Srand offers only the captures it takes (free is Alquerque\'s)');
    });

    for (const [game, ruleset, points, pieces, reserves] of BOARDS) {
      await check(`board ${ruleset}`, async () => {
        await open(page, game, ruleset);
        const svg = page.locator(`svg[data-ruleset="${ruleset}"]`);
        equal(await page.locator('svg.board').count(), 1, 'boards on the page');
        equal(await svg.locator('[data-point]').count(), points, 'points');
        equal(await svg.locator('[data-piece]').count(), pieces, 'pieces');
        equal(await svg.locator('[data-piece][data-at]').count(), pieces, 'pieces with data-at');
        if (COLUMNS.includes(ruleset)) {
          equal(await svg.locator('[data-stack]').count(), pieces, 'columns');
        }
        if (ruleset === 'lasca' || ruleset === 'bashni') {
          const squares = ruleset === 'lasca' ? 49 : 64;
          equal(await svg.locator('polygon.cell.square').count(), squares, 'a chequered board of squares');
          equal(await svg.locator('polygon.cell.dark').count(), points, 'the points on the dark squares');
          equal(await svg.locator('polyline.line').count(), 0, 'no lines');
        }
        if (ruleset === 'queah') {
          equal(await svg.locator('polygon.cell').count(), 13, 'the cells');
        }
        if (ruleset.startsWith('surakarta') || ruleset === 'bas-basan-sepur') {
          equal(await svg.locator('[data-circuit]').count(), 2, 'circuits');
          truthy((await svg.locator('[data-circuit]').first().getAttribute('d')).includes('A'), 'loops are arcs');
        }
        const found = await page.locator('[data-reserve]').evaluateAll((els) =>
          els.map((e) => e.getAttribute('data-reserve')).sort());
        equal(JSON.stringify(found), JSON.stringify(reserves ?? []), 'reserves');
        equal(await status(page), 'to-move:first', 'status');
        await shot(page, path.join(artifacts, `${ruleset}.png`));
      });
    }

    await check('every other ruleset opens and draws its board', async () => {
      const drawn = new Set(BOARDS.map((b) => b[1]));
      for (const game of GAMES) {
        await page.click(`[data-game="${game}"]`);
        const ids = await page.locator('.rulesets [data-ruleset]').evaluateAll((els) => els.map((e) => e.getAttribute('data-ruleset')));
        for (const id of ids.filter((i) => !drawn.has(i))) {
          await page.click(`.rulesets [data-ruleset="${id}"]`);
          await page.locator(`svg[data-ruleset="${id}"]`).waitFor();
          truthy((await page.locator('svg.board [data-piece]').count()) > 0, `${id}: pieces`);
          await shot(page, path.join(artifacts, `${id}.png`));
        }
      }
    });

    await check('srand: click a piece, see its targets, click one to move', async () => {
      await open(page, 'srand', 'srand');
      await page.click('[data-point="e4"]');
      equal(JSON.stringify(await targets(page)), JSON.stringify(['e5']), 'targets of e4');
      await page.click('[data-point="e5"]');
      await page.locator('[data-ply="1"]').waitFor();
      equal(await page.textContent('[data-ply="1"]'), 'e4-e5', 'first move');
      equal(await status(page), 'to-move:second', 'status');
      equal(await page.locator('[data-piece][data-at="e5"]').count(), 1, 'piece moved');
      equal(await page.locator('[data-target]').count(), 0, 'targets after the move');
      equal(await page.getAttribute('[data-last-move]', 'data-last-move'), 'e4-e5', 'last move marked');
    });

    await check('an illegal click is refused with its reason', async () => {
      await open(page, 'srand', 'srand');
      await page.click('[data-point="e4"]');
      await page.click('[data-point="e6"]');
      equal(await refusal(page), 'occupied', 'e6 is occupied');
      truthy(await notice(page), 'the reason is said in words');
      equal(await plies(page), 0, 'nothing played');
      await page.keyboard.press('Escape');
      await page.click('[data-point="a9"]');
      equal(await refusal(page), 'not-your-piece', 'an opponent piece is refused');
    });

    await check('srand: a capture chain by its final point, the whole path and captures marked', async () => {
      await open(page, 'srand', 'srand');
      for (const m of ['d4-e5', 'f6xd4', 'c3xe5', 'c5xc3', 'c2xc4']) await play(page, m);
      equal(await page.locator('[data-must-capture]').count(), 1, 'the piece that must capture is marked');
      // a piece that cannot capture is refused, and the board shows who must capture and how
      await page.click('[data-point="a9"]');
      equal(await refusal(page), 'capture-compulsory', 'a piece that does not capture is refused');
      equal(await notice(page), 'Capture is compulsory (a5 can capture).', 'the reason, as a sentence');
      equal(JSON.stringify(await marked(page, 'capturer')), '["a5"]', 'the piece that must capture is ringed');
      equal(await page.getAttribute('svg.board .refusal-marks', 'data-refusal'), 'capture-compulsory', 'on the board too');
      truthy(await page.locator('svg.board [data-why-move]').count(), 'its captures are drawn');
      await shot(page, path.join(artifacts, 'srand-capture-compulsory.png'));
      await page.click('[data-point="a5"]');
      equal(await page.locator('svg.board .refusal-marks').count(), 0, 'the marks go with the next click');
      equal(JSON.stringify(await targets(page)), JSON.stringify(['c3', 'c5']), 'first hop and final point');
      await page.click('[data-point="c5"]');
      await page.locator('[data-ply="6"]').waitFor();
      equal(await page.textContent('[data-ply="6"]'), 'a5xc3xc5', 'the chain');
      equal(await page.getAttribute('[data-last-move]', 'data-captured'), 'b4 c4', 'captured points');
      equal(await page.locator('svg.board .captured-mark').count(), 2, 'captured points marked');
      await shot(page, path.join(artifacts, 'srand-chain.png'));
    });

    await check('zamma: the majority rule: a single capture refused, the chain of three offered', async () => {
      await open(page, 'zamma', 'zamma');
      const moves = ['d4-e5', 'f6xd4', 'c3xe5', 'c5xc3', 'c2xc4', 'a5xc3xc5', 'a3-b4', 'c5xa3xa5', 'e5xc5', 'b6xd4',
        'e3xc5', 'd6xb4', 'b2-c3', 'b4xb2xd4', 'd3xd5', 'e7-f6', 'g5xe7xe5', 'a7-b6', 'a1-b2', 'g6-g5', 'g4xg6'];
      for (const m of moves) await play(page, m);
      await page.click('[data-point="g7"]');
      equal(await refusal(page), 'majority', `the single capture is refused: ${await notice(page)}`);
      equal(JSON.stringify(await marked(page, 'longest')), '["h6"]', 'the piece with the longest chain is ringed');
      truthy(await page.locator('svg.board [data-why-move]').count(), 'the longest chains are drawn');
      equal(await page.textContent('svg.board .why-count'), '3', 'with their number of captures');
      await shot(page, path.join(artifacts, 'zamma-majority-refused.png'));
      await page.click('[data-point="h6"]');
      equal(JSON.stringify(await targets(page)), JSON.stringify(['d6', 'f6']), 'first hop and final point');
      await page.click('[data-point="f6"]');
      truthy(await page.locator('[data-entered]').count(), 'the path entered so far is drawn');
      await page.click('[data-point="d6"]');
      await page.locator('[data-ply="22"]').waitFor();
      equal(await page.textContent('[data-ply="22"]'), 'h6xf6xd4xd6', 'the chain of three');
      equal(await page.getAttribute('[data-last-move]', 'data-captured'), 'g6 e5 d5', 'three captured');
    });

    await check('surakarta: a capture round a loop, its route shown before the move', async () => {
      await open(page, 'surakarta', 'surakarta');
      for (const m of ['b2-c3', 'f5-f4', 'a2-b2', 'f4-e3']) await play(page, m);
      await page.click('[data-point="d1"]');
      const route = await page.getAttribute('[data-route="e3"]', 'd');
      truthy(route && route.includes('A'), `the route passes a loop: ${route}`);
      // the arc really goes somewhere: it ends away from where it starts
      const [, start, end] = route.match(/^M(\S+ \S+) A\S+ \S+ \S+ \S+ \S+ (\S+ \S+)/) ?? [];
      truthy(start && end && start !== end, `the loop is drawn as an arc between two points: ${route}`);
      await page.click('[data-point="e3"]');
      await page.locator('[data-ply="5"]').waitFor();
      equal(await page.textContent('[data-ply="5"]'), 'd1xe3', 'the capture');
      equal(await page.locator('svg.board [data-piece^="second"]').count(), 11, 'second lost a piece');
      truthy((await page.getAttribute('.last-path', 'd')).includes('A'), 'the last move is drawn round the loop');
      await shot(page, path.join(artifacts, 'surakarta-loop-capture.png'));
    });

    await check('queah: a drop from the reserve, then a move', async () => {
      await open(page, 'queah', 'queah');
      for (const m of ['b2-c1', 'd4-c5', 'a1-b2', 'e5-d4', 'b2-a1', 'd4-c3', 'a3-b2', 'c3xa5']) await play(page, m);
      truthy((await page.textContent('[data-status]')).includes('drop'), 'the status asks for a drop');
      await page.click('[data-point="b2"]');
      equal(await refusal(page), 'drop-first', 'a move before the drop is refused');
      await page.click('[data-point="a3"]');
      equal(await page.locator('[data-dropping]').count(), 1, 'the dropped piece is shown');
      await page.click('[data-point="a3"]');
      await page.click('[data-point="b4"]');
      await page.locator('[data-ply="9"]').waitFor();
      equal(await page.textContent('[data-ply="9"]'), '@a3:a3-b4', 'drop and move');
      equal(await page.getAttribute('.reserve.first', 'data-reserve'), 'first:5', 'the reserve lost a piece');
    });

    // a press anywhere in a cell is a press on its point: Queah's cells and the dark squares of Lasca
    await check('queah and lasca: moves clicked in the cells, near their corners', async () => {
      // clicks the cell of `at` four fifths of the way from its middle to its corner number `k`,
      // and checks that the click lands on the cell there, not on the point's own element
      const clickCell = async (at, k) => {
        const [x, y, hit, inPoint] = await page.evaluate(([at, k]) => {
          const cell = document.querySelector(`svg.board [data-cell="${at}"]`);
          // in view, as a player would have it (the options above may push the board down)
          cell.scrollIntoView({ block: 'center' });
          const corners = Array.from(cell.points);
          const mx = corners.reduce((a, p) => a + p.x, 0) / corners.length;
          const my = corners.reduce((a, p) => a + p.y, 0) / corners.length;
          const svg = cell.ownerSVGElement;
          const p = svg.createSVGPoint();
          p.x = mx + 0.8 * (corners[k].x - mx);
          p.y = my + 0.8 * (corners[k].y - my);
          const s = p.matrixTransform(cell.getScreenCTM());
          const el = document.elementFromPoint(s.x, s.y);
          return [s.x, s.y, el.getAttribute('data-cell'), el.closest('[data-point]') !== null];
        }, [at, k]);
        equal(`${hit} ${inPoint}`, `${at} false`, `the click near a corner of ${at} lands on its cell`);
        await page.mouse.click(x, y);
      };
      await open(page, 'queah', 'queah');
      equal(await page.locator('svg.board [data-cell]').count(), 13, 'thirteen cells');
      await clickCell('b2', 0);
      await clickCell('c1', 2);
      await page.locator('[data-ply="1"]').waitFor();
      equal(await page.textContent('[data-ply="1"]'), 'b2-c1', 'the move clicked in the cells');
      await shot(page, path.join(artifacts, 'queah-cells-move.png'));

      await open(page, 'lasca', 'lasca');
      equal(await page.locator('svg.board [data-cell]').count(), 25, 'a dark square for every point');
      await clickCell('c3', 1);
      await clickCell('d4', 3);
      await page.locator('[data-ply="1"]').waitFor();
      equal(await page.textContent('[data-ply="1"]'), 'c3-d4', 'the move clicked on the dark squares');
    });

    await check('towers: a stack capture', async () => {
      await open(page, 'towers', 'towers');
      await play(page, 'd2-c3');
      await play(page, 'b4xd2');
      equal(await page.getAttribute('[data-piece][data-at="d2"]', 'data-stack'), 'fs', 'captured piece under the capturer');
      await shot(page, path.join(artifacts, 'towers-stack.png'));
    });

    await check('alquerque: a capture chain', async () => {
      await open(page, 'alquerque', 'alquerque');
      for (const m of ['c2-c3', 'c4xc2', 'c1xc3', 'a3xc1', 'c3xa3', 'b4-c4', 'a3-b3', 'b5-b4', 'b3xb5', 'a4-b4', 'b5xb3', 'c5-b4']) await play(page, m);
      await play(page, 'e3xc5xa3');
      equal(await page.getAttribute('[data-last-move]', 'data-captured'), 'd4 b4', 'two captured');
      await shot(page, path.join(artifacts, 'alquerque-chain.png'));
    });

    await check('lasca: a column capture that frees a prisoner', async () => {
      await open(page, 'lasca', 'lasca');
      await play(page, 'e3-d4');
      await play(page, 'c5xe3');
      equal(await page.getAttribute('[data-piece][data-at="e3"]', 'data-stack'), 'fs', 'the prisoner under the capturer');
      await play(page, 'd2xf4');
      equal(await page.getAttribute('[data-piece][data-at="e3"]', 'data-stack'), 'f', 'the prisoner freed');
      equal(await page.getAttribute('[data-piece][data-at="e3"]', 'data-piece'), 'first:man', 'and its own again');
      equal(await page.getAttribute('[data-piece][data-at="f4"]', 'data-stack'), 'sf', 'the captured commander at the bottom');
      equal(await page.locator('svg.board [data-piece]').count(), 21, 'no piece leaves the board (one fewer column)');
      await shot(page, path.join(artifacts, 'lasca-freed.png'));
    });

    await check('bashni: a man promoted mid-chain goes on capturing as a king', async () => {
      await open(page, 'bashni', 'bashni');
      const moves = 'g3-f4 f6-g5 a3-b4 b6-a5 c3-d4 a5xc3xe5xg3 f2xh4xf6 e7xg5 e3-f4 g5xe3 d2xf4 d6-e5 f4xd6 c7xe5 e3-d4 e5xc3 g3-f4 c3xe5xg3 e1-f2 g3xe5 f2-e3 e5xg3 h2xf4 b8-c7 b2-c3 h6-g5 f4xh6 c7-b6 g1-f2 b6-a5 a1-b2 a7-b6 c1-d2 d8-c7 g3-f4 f6-g5 f2-g3 b6-c5 c3-b4';
      // the opening by import (39 plies), the chain by clicks
      await page.click('.records summary');
      await page.fill('[data-import-text]', `[Ruleset "bashni"]\n${moves}`);
      await page.click('[data-action="import-paste"]');
      await page.locator('[data-ply="39"]').waitFor();
      await play(page, 'a5xc3xe1xh4');
      equal(await page.getAttribute('[data-piece][data-at="h4"]', 'data-piece'), 'second:king', 'a king at the end');
      const column = await page.getAttribute('[data-piece][data-at="h4"]', 'data-stack');
      truthy(column.length === 4 && column.endsWith('S'), `three taken under the new king: ${column}`);
      equal(await page.locator('[data-piece][data-at="h4"] .crown').count(), 1, 'the column under the new king wears a crown');
      await shot(page, path.join(artifacts, 'bashni-promoted.png'));
    });

    await check('undo and redo', async () => {
      await open(page, 'srand', 'srand');
      await play(page, 'e4-e5');
      await play(page, 'e6xe4');
      await page.click('[data-action="undo"]');
      equal(await status(page), 'to-move:second', 'one ply back');
      equal(await page.locator('[data-piece][data-at="e6"]').count(), 1, 'the capturer is back');
      await page.click('[data-action="undo"]');
      equal(await status(page), 'to-move:first', 'two plies back');
      await page.click('[data-action="redo"]');
      await page.click('[data-action="redo"]');
      equal(await page.locator('[data-piece][data-at="e4"]').count(), 1, 'both moves again');
      equal(await page.getAttribute('[data-ply="2"]', 'aria-current'), 'step', 'the last ply is current');
      await page.click('[data-ply="1"]');
      equal(await status(page), 'to-move:second', 'a click on a move shows its position');
      await page.focus('.history');
      await page.keyboard.press('ArrowRight');
      equal(await status(page), 'to-move:first', 'arrow keys step through the history');
    });

    await check('reload restores the game', async () => {
      await open(page, 'srand', 'srand');
      await play(page, 'e4-e5');
      await play(page, 'e6xe4');
      await play(page, 'e3xe5');
      await page.reload();
      await page.waitForSelector('[data-status]');
      equal(await plies(page), 3, 'moves after reload');
      equal(await page.textContent('[data-ply="3"]'), 'e3xe5', 'last move after reload');
      equal(await status(page), 'to-move:second', 'status after reload');
    });

    await check('drag and drop', async () => {
      await open(page, 'srand', 'srand');
      const from = await page.locator('[data-point="e4"]').boundingBox();
      const to = await page.locator('[data-point="e5"]').boundingBox();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
      truthy(await page.locator('svg.board .dragged').count(), 'the piece follows the pointer');
      await page.mouse.up();
      await page.locator('[data-ply="1"]').waitFor();
      equal(await page.textContent('[data-ply="1"]'), 'e4-e5', 'dragged move');
    });

    await check('keyboard: arrows move the cursor, Enter picks and drops, Escape cancels', async () => {
      await open(page, 'srand', 'srand');
      await page.focus('.board-area');
      await page.keyboard.press('ArrowDown');
      equal(await page.getAttribute('[data-cursor]', 'data-point'), 'e5', 'the cursor appears in the middle');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      equal(await page.getAttribute('[data-selected]', 'data-point'), 'e4', 'picked up');
      await page.keyboard.press('Escape');
      equal(await page.locator('[data-selected]').count(), 0, 'Escape cancels');
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await page.locator('[data-ply="1"]').waitFor();
      equal(await page.textContent('[data-ply="1"]'), 'e4-e5', 'move by keyboard');
    });

    await check('a move glides and its captures fade, unless reduced motion is asked for', async () => {
      await open(page, 'srand', 'srand');
      await play(page, 'e4-e5');
      equal(await page.locator('animateMotion.glide').count(), 1, 'the moved piece glides');
      await play(page, 'e6xe4');
      equal(await page.locator('[data-fading]').count(), 1, 'the captured piece fades');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.reload();
      await page.waitForSelector('[data-status]');
      await play(page, 'e3xe5');
      equal(await page.locator('animateMotion.glide').count(), 0, 'no glide');
      equal(await page.locator('[data-fading]').count(), 0, 'no fading');
      equal(await page.getAttribute('[data-last-move]', 'data-captured'), 'e4', 'the capture is still marked');
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    });

    await check('touch: tap a piece and tap its target', async () => {
      // a phone: its own browser with a touch screen
      const phone = await chromium.launch({ executablePath: browserPath, headless: true, args: CHROMIUM_ARGS });
      const touch = await phone.newContext({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } });
      const tpage = await touch.newPage();
      try {
        await tpage.goto(`${base}?ruleset=towers`);
        await tpage.locator('svg[data-ruleset="towers"]').waitFor();
        await tpage.click('.controls [data-action="new-game"]');
        await tpage.tap('svg.board [data-point="c2"]');
        equal(await tpage.getAttribute('[data-selected]', 'data-point'), 'c2', 'picked up by a tap');
        await tpage.tap('svg.board [data-point="c3"]');
        await tpage.locator('[data-ply="1"]').waitFor();
        equal(await tpage.textContent('[data-ply="1"]'), 'c2-c3', 'moved by taps');
      } finally {
        await phone.close();
      }
    });

    await check('flip and point names', async () => {
      await open(page, 'srand', 'srand');
      const below = async () => (await page.locator('[data-point="a1"]').boundingBox()).y;
      const a1 = await below();
      await page.click('[data-action="flip"]');
      truthy((await below()) < a1, 'a1 moves to the top');
      truthy(await page.locator('svg.board .label').count(), 'names shown');
      await page.click('[data-action="labels"]');
      equal(await page.locator('svg.board .label').count(), 0, 'names hidden');
      await page.click('[data-action="labels"]');
      await page.click('[data-action="flip"]');
    });

    await check('a game that ends shows the banner with its reason and score', async () => {
      await open(page, 'queah', 'queah');
      for (const m of ['b4-c5', 'd2-c1', 'c5-b4', 'c1-d2', 'b4-a5', 'd2-c1', 'a5-b4', 'c1-d2']) await play(page, m);
      equal(await status(page), 'over:draw', 'third occurrence, equal pieces');
      equal(await page.getAttribute('[data-banner]', 'data-banner'), 'over:draw', 'banner');
      truthy((await page.textContent('.banner')).includes('third time'), 'the reason');
      equal(await page.getAttribute('.banner [data-score]', 'data-score'), '10-10', 'the score');
      await shot(page, path.join(artifacts, 'queah-over.png'));
      await page.click('.banner [data-action="new-game"]');
      equal(await status(page), 'to-move:first', 'new game');
    });

    await check('the address starts a ruleset with options; a bad one says why', async () => {
      await page.goto(`${base}?ruleset=queah-1888&option.drop_ends_turn=true`);
      await page.locator('svg[data-ruleset="queah-1888"]').waitFor();
      await page.click('.options summary');
      equal(await page.inputValue('[data-option="drop_ends_turn"]'), 'true', 'option from the address');
      await page.goto(`${base}?ruleset=chess`);
      await page.waitForSelector('[data-status]');
      truthy((await notice(page)).includes('unknown ruleset'), 'bad ruleset named');
    });

    await check('unreadable saved data is set aside with a notice; the other games stay', async () => {
      await page.goto(base);
      await open(page, 'zamma', 'zamma');
      await play(page, 'e4-e5');
      await open(page, 'srand', 'srand');
      await play(page, 'e4-e5');
      // the game shown is kept in the library under the id `quirkat.v1.current` names
      const key = await page.evaluate(() => `quirkat.v1.library.${localStorage.getItem('quirkat.v1.current').replace(/^game:/, '')}`);
      await page.evaluate((k) => localStorage.setItem(k, '{"record": {"ruleset": 7'), key);
      await page.reload();
      await page.waitForSelector('[data-status]');
      truthy((await notice(page)).includes('could not be read'), 'notice');
      equal(await plies(page), 0, 'a new srand game');
      const aside = key.replace('quirkat.v1.', 'quirkat.v1.unreadable.');
      equal(await page.evaluate((k) => localStorage.getItem(k), aside), '{"record": {"ruleset": 7', 'kept aside');
      await page.click('[data-game="zamma"]');
      await page.locator('svg[data-ruleset="zamma"]').waitFor();
      equal(await plies(page), 1, 'the zamma game is still there');
    });

    await check('click-to-targets time on the 9x9 boards (performance measures)', async () => {
      const times = [];
      for (const [game, ruleset, piece] of [['srand', 'srand', 'e4'], ['zamma', 'zamma', 'e4'], ['srand', 'satoel', 'e6']]) {
        await open(page, game, ruleset);
        for (let i = 0; i < 5; i++) {
          await page.evaluate(() => performance.clearMeasures('quirkat-click-to-targets'));
          await page.click(`[data-point="${piece}"]`);
          await page.locator('[data-target]').first().waitFor();
          const d = await page.evaluate(() => performance.getEntriesByName('quirkat-click-to-targets').map((e) => e.duration));
          equal(d.length, 1, 'one measure per pick');
          times.push([ruleset, d[0]]);
          await page.keyboard.press('Escape');
        }
      }
      const ms = times.map((t) => t[1]).sort((a, b) => a - b);
      console.log(`    click-to-targets ms: median ${ms[Math.floor(ms.length / 2)].toFixed(1)}, max ${ms[ms.length - 1].toFixed(1)} over ${ms.length} picks`);
    });

    for (const ruleset of GAMES) {
      await check(`${ruleset}: a whole game against the computer at level 1`, async () => {
        // without the glides, which have a check of their own: a game's hundred moves go faster
        await page.emulateMedia({ reducedMotion: 'reduce' });
        try {
          await page.goto(`${base}?ruleset=${ruleset}&option.limit=30`);
          await page.locator(`svg[data-ruleset="${ruleset}"]`).waitFor();
          await page.click('.controls [data-action="new-game"]');
          await page.selectOption('[data-player="second"]', 'computer-1');
          let s = await status(page);
          for (let ply = 0; ply < 400 && !s.startsWith('over:'); ply++) {
            await clickSomeMove(page);
            s = await waitForPerson(page);
          }
          truthy(s.startsWith('over:'), `the game ended: ${s}`);
          truthy(await page.locator('[data-banner]').count(), 'the banner');
          console.log(`    ${ruleset}: ${await plies(page)} plies, ${s}`);
        } finally {
          await page.emulateMedia({ reducedMotion: 'no-preference' });
        }
      });
    }

    for (const ruleset of ['srand', 'zamma', 'surakarta', 'queah', 'towers']) {
      await check(`${ruleset}: moves against level 6, the page responsive while it thinks`, async () => {
        await page.goto(`${base}?ruleset=${ruleset}`);
        await page.locator(`svg[data-ruleset="${ruleset}"]`).waitFor();
        await page.click('.controls [data-action="new-game"]');
        await page.evaluate(() => {
          window.__long = [];
          new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => e.duration)))
            .observe({ type: 'longtask' });
        });
        await page.selectOption('[data-player="second"]', 'computer-6');
        for (let i = 0; i < 3; i++) {
          if ((await status(page)).startsWith('over:')) break;
          await clickSomeMove(page);
          await waitForPerson(page);
        }
        truthy((await plies(page)) >= 4, `the computer answered: ${await plies(page)} plies`);
        const long = await page.evaluate(() => window.__long);
        if (ruleset === 'queah') {
          const solved = await page.textContent('[data-solved]');
          truthy(solved.includes('8612943 positions'), `the worker solved Queah: ${solved}`);
          console.log(`    ${solved}`);
        }
        equal(JSON.stringify(long), '[]', 'long tasks on the main thread');
        await page.selectOption('[data-player="second"]', 'person');
      });
    }

    await check('a hint shows the best move on the board, and the evaluation bar a score', async () => {
      await page.goto(`${base}?ruleset=srand`);
      await open(page, 'srand', 'srand');
      await page.click('[data-action="eval"]');
      await page.click('[data-action="hint"]');
      const hint = await page.locator('[data-hint]').getAttribute('data-hint', { timeout: 20000 });
      truthy(/^[a-i][1-9]-[a-i][1-9]$/.test(hint), `a first move: ${hint}`);
      truthy((await page.getAttribute('.eval', 'data-eval')) !== null, 'the bar has a score');
      await page.click('[data-action="eval"]');
    });

    await check('a worker that answers nonsense is restarted and the game goes on', async () => {
      await page.goto(`${base}?ruleset=srand`);
      await open(page, 'srand', 'srand');
      // the first worker started is a fake one that answers every request with nonsense
      const fake = `self.wasm_bindgen = () => postMessage('"WorkerLoaded"');
        self.onmessage = (e) => { const m = JSON.parse(e.data);
          if (m.ProcessInput) postMessage(JSON.stringify({ ProcessOutput: [m.ProcessInput[0], 'nonsense'] })); };`;
      let served = 0;
      await context.route('**/worker.js', async (route) => {
        served += 1;
        if (served === 1) await route.fulfill({ contentType: 'text/javascript', body: fake });
        else await route.continue();
      });
      await page.selectOption('[data-player="second"]', 'computer-2');
      await clickSomeMove(page);
      await waitForPerson(page);
      equal(await plies(page), 2, 'the restarted worker moved');
      truthy((await notice(page) ?? '').includes('restarted') || served >= 2, 'the restart was said');
      equal(served, 2, 'worker scripts loaded');
      await context.unroute('**/worker.js');
      await page.selectOption('[data-player="second"]', 'person');
    });

    await check('search speed in the worker (the ?bench page)', async () => {
      await page.goto(`${base}?bench`);
      const text = await page.locator('[data-bench]').textContent({ timeout: 120000 });
      console.log(text.split('\n').map((l) => `    ${l}`).join('\n'));
      // a line a family (crates/ai/src/bench.rs): ruleset, nodes, ms, nodes a second
      const lines = text.split('\n').slice(1).map((l) => l.split('\t'));
      equal(lines.map((l) => l[0]).join(' '), 'srand zamma surakarta queah towers', 'the families');
      truthy(lines.every((l) => Number(l[1]) > 0 && Number(l[2]) > 0), `nodes and time: ${text}`);
    });

    await check('a 360 px wide portrait screen: no sideways scrolling, the whole board visible', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${base}?ruleset=srand`);
      await page.locator('svg[data-ruleset="srand"]').waitFor();
      await page.click('.controls [data-action="new-game"]');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      truthy(width <= 360, `page width ${width}`);
      const box = await page.locator('svg.board').boundingBox();
      truthy(box.x >= 0 && box.x + box.width <= 360, `board from ${box.x} to ${box.x + box.width}`);
      await play(page, 'e4-e5');
      await shot(page, path.join(artifacts, 'phone-360.png'), { fullPage: true });
      await page.setViewportSize({ width: 1000, height: 900 });
    });

    await check('no console errors', async () => {
      if (errors.length) throw new Error(errors.join('\n'));
    });
  } finally {
    await context.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

await run(main);
