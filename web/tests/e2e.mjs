// End-to-end smoke test: the release build in headless Debian Chromium through playwright-core.
//
//   node web/tests/smoke.mjs [DIST_DIR]
//
// Serves DIST_DIR (default: dist) on 127.0.0.1 with a tiny static server, opens the page, picks every
// game and ruleset below, and checks the board against the testability contract of issue 3: the
// number of `data-point` elements and pieces, the status line, and no console errors. One screenshot
// per board goes to web/tests/artifacts/. Prints a libtest-style summary line that `cargo xtask test`
// adds to its counts: `test result: ok. N passed; M failed; ...`.

import { chromium } from 'playwright-core';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const artifacts = path.join(here, 'artifacts');
const browserPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

// [game, ruleset, points, pieces on the board, reserves]
const BOARDS = [
  ['srand', 'srand', 81, 80, null],
  ['srand', 'satoel', 93, 92, null],
  ['zamma', 'zamma', 81, 80, null],
  ['surakarta', 'surakarta', 36, 24, null],
  ['surakarta', 'bas-basan-sepur', 49, 28, null],
  ['queah', 'queah', 13, 8, ['first:6', 'second:6']],
  ['towers', 'towers', 25, 24, null],
];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

function serve(dir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) file = path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let passed = 0;
let failed = 0;
async function check(name, f) {
  try {
    await f();
    passed += 1;
    console.log(`test ${name} ... ok`);
  } catch (e) {
    failed += 1;
    console.log(`test ${name} ... FAILED\n    ${String(e?.message ?? e).split('\n').join('\n    ')}`);
  }
}
function equal(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${expected}, got ${actual}`);
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
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width: 1000, height: 900 },
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
      equal(await page.getAttribute('[data-status]', 'data-status'), 'to-move:first', 'status');
    });

    await check('the picker offers the five games', async () => {
      equal(await page.locator('[data-game]').count(), 5, 'games');
    });

    for (const [game, ruleset, points, pieces, reserves] of BOARDS) {
      await check(`board ${ruleset}`, async () => {
        await page.click(`[data-game="${game}"]`);
        await page.click(`[data-ruleset="${ruleset}"]`);
        const svg = page.locator(`svg[data-ruleset="${ruleset}"]`);
        await svg.waitFor();
        equal(await page.locator('svg.board').count(), 1, 'boards on the page');
        equal(await svg.locator('[data-point]').count(), points, 'points');
        equal(await svg.locator('[data-piece]').count(), pieces, 'pieces');
        equal(await svg.locator('[data-piece][data-at]').count(), pieces, 'pieces with data-at');
        if (ruleset === 'towers') {
          equal(await svg.locator('[data-stack]').count(), pieces, 'stacks');
        }
        if (ruleset.startsWith('surakarta') || ruleset === 'bas-basan-sepur') {
          equal(await svg.locator('[data-circuit]').count(), 2, 'circuits');
        }
        const found = await page.locator('[data-reserve]').evaluateAll((els) =>
          els.map((e) => e.getAttribute('data-reserve')).sort());
        equal(JSON.stringify(found), JSON.stringify(reserves ?? []), 'reserves');
        equal(await page.getAttribute('[data-status]', 'data-status'), 'to-move:first', 'status');
        await page.screenshot({ path: path.join(artifacts, `${ruleset}.png`) });
      });
    }

    await check('srand: click a piece, see its targets, click one to move', async () => {
      await page.click('[data-game="srand"]');
      await page.click('[data-ruleset="srand"]');
      await page.locator('svg[data-ruleset="srand"]').waitFor();
      // a first-player man on the front rank that can step forward
      await page.click('[data-point="e4"]');
      const targets = page.locator('[data-target]');
      if ((await targets.count()) === 0) throw new Error('no targets after clicking e4');
      const to = await targets.first().getAttribute('data-point');
      await targets.first().click();
      await page.locator('[data-ply="1"]').waitFor();
      equal(await page.textContent('[data-ply="1"]'), `e4-${to}`, 'first move');
      equal(await page.getAttribute('[data-status]', 'data-status'), 'to-move:second', 'status');
      equal(await page.locator(`[data-piece][data-at="${to}"]`).count(), 1, 'piece moved');
      equal(await page.locator('[data-target]').count(), 0, 'targets after the move');
      await page.screenshot({ path: path.join(artifacts, 'srand-after-move.png') });
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

try {
  await main();
} catch (e) {
  failed += 1;
  console.log(`test setup ... FAILED\n    ${e?.stack ?? e}`);
}
const verdict = failed === 0 ? 'ok' : 'FAILED';
console.log(`\ntest result: ${verdict}. ${passed} passed; ${failed} failed; 0 ignored; 0 measured; 0 filtered out`);
process.exit(failed === 0 ? 0 : 1);
