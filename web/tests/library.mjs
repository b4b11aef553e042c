// End-to-end tests of what a player keeps, sends and brings back: the release build in headless
// Debian Chromium through playwright-core.
//
//   node web/tests/library.mjs [DIST_DIR]
//
// Serves DIST_DIR (default: dist) on 127.0.0.1 and clicks the real app: a record exported through
// the real download and imported back through the real file chooser, by paste and by a dropped
// file; a malformed record and a record with an illegal move refused with their reasons, losing
// nothing (every key of local storage compared before and after), and the legal beginning kept on
// request; a share link opened at its ply, and an illegal one refused; the library listing,
// continuing, renaming, deleting and undoing; a backup restored into an empty browser, with what
// was kept aside as unreadable; a match with its running score; the phone layout with the picker
// folded; a full storage told to the player, the whole game kept once there is room, and a saved
// game with a bad ply that cannot be kept aside left as it was.
// Screenshots go to web/tests/artifacts/. Prints a libtest-style summary line that `cargo xtask
// test` adds up.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, browserPath, check, equal, run, truthy, watcher, shot } from './harness.mjs';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const artifacts = path.join(here, 'artifacts');

const plies = (page) => page.locator('[data-ply]').count();
const moves = (page) => page.locator('[data-ply]').allTextContents();
const notice = async (page) => ((await page.locator('.notice').count()) ? page.textContent('.notice') : '');
// what the page says it did (a record imported): apart from the notice, which is for problems
const said = async (page) => ((await page.locator('[data-said]').count()) ? page.textContent('[data-said]') : '');
const storage = (page) => page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));

/** Opens a ruleset from the picker and starts a new game. */
async function fresh(page, game, ruleset) {
  await page.click(`[data-game="${game}"]`);
  await page.click(`[data-ruleset="${ruleset}"]`);
  await page.locator(`svg[data-ruleset="${ruleset}"]`).waitFor();
  await page.click('.controls [data-action="new-game"]');
  equal(await plies(page), 0, `${ruleset}: a new game`);
}

/** Plays moves in notation by clicking their points (steps and chains written in full). */
async function play(page, ...texts) {
  for (const text of texts) {
    const before = await plies(page);
    for (const p of text.split(/[-x]/)) await page.click(`svg.board [data-point="${p}"]`);
    await page.locator(`[data-ply="${before + 1}"]`).waitFor();
    equal(await page.textContent(`[data-ply="${before + 1}"]`), text, `ply ${before + 1}`);
  }
}

async function openRecords(page) {
  if (!(await page.locator('details.records[open]').count())) await page.click('.records summary');
}

async function openLibrary(page) {
  if (!(await page.locator('[data-library]').count())) await page.click('[data-action="library"]');
  await page.locator('[data-library]').waitFor();
}

/** Downloads through the button `action`; resolves to the file's text and name. */
async function download(page, action, dir) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(`[data-action="${action}"]`)]);
  const file = path.join(dir, d.suggestedFilename());
  await d.saveAs(file);
  return { file, text: fs.readFileSync(file, 'utf8'), name: d.suggestedFilename() };
}

/** Chooses `file` in the file input `selector` through the browser's real file chooser. */
async function choose(page, selector, file) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click(selector)]);
  await chooser.setFiles(file);
}

// srand from the start: a capture chain at ply 6 (as in e2e.mjs)
const SRAND = ['d4-e5', 'f6xd4', 'c3xe5', 'c5xc3', 'c2xc4', 'a5xc3xc5'];
// queah: the same position a third time, a draw with equal pieces (e2e.mjs)
const QUEAH_DRAW = ['b4-c5', 'd2-c1', 'c5-b4', 'c1-d2', 'b4-a5', 'd2-c1', 'a5-b4', 'c1-d2'];

async function main() {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: build the app first (trunk build --release)`);
  }
  fs.mkdirSync(artifacts, { recursive: true });
  const server = await serve(dist);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'quirkat-files-'));
  const browser = await chromium.launch({ executablePath: browserPath, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, acceptDownloads: true, serviceWorkers: 'block' });
  const errors = [];
  const watch = watcher(errors);
  /** A browser of its own (`options` added to the context's), its Srand game filed at its first
   *  move: `[context, page]`. Its pages have `keptEntry()`: the one game kept, `[key, entry]`, or
   *  null. */
  const firstMoveKept = async (options = {}) => {
    const own = await browser.newContext({ viewport: { width: 1000, height: 900 }, serviceWorkers: 'block', ...options });
    await own.addInitScript(() => {
      window.keptEntry = () => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('quirkat.v1.library.'));
        return key ? [key, JSON.parse(localStorage.getItem(key))] : null;
      };
    });
    const p = await own.newPage();
    watch(p);
    await p.goto(base);
    await p.waitForSelector('[data-status]');
    await fresh(p, 'srand', 'srand');
    await play(p, SRAND[0]);
    await p.waitForFunction(() => window.keptEntry() !== null);
    return [own, p];
  };
  try {
    const page = await context.newPage();
    watch(page);
    await page.goto(base);
    await page.waitForSelector('[data-status]');

    let exported;
    await check('a game is downloaded as a record and imported back through the file chooser', async () => {
      await fresh(page, 'srand', 'srand');
      await play(page, ...SRAND);
      await openRecords(page);
      exported = await download(page, 'export-text', files);
      truthy(/^quirkat-srand-\d{4}-\d\d-\d\d-6\.txt$/.test(exported.name), `file name ${exported.name}`);
      truthy(exported.text.startsWith('[Ruleset "srand"]'), `the record's first line: ${exported.text.split('\n')[0]}`);
      for (const tag of ['[Date "', '[First "person"]', '[Second "person"]', '[Result "*"]']) {
        truthy(exported.text.includes(tag), `${tag} in\n${exported.text}`);
      }
      truthy(exported.text.includes('a5xc3xc5'), 'the chain in the notation of the rules');
      const json = await download(page, 'export-json', files);
      equal(JSON.parse(json.text).moves.join(' '), SRAND.join(' '), 'the JSON record\'s moves');
      await fresh(page, 'zamma', 'zamma');
      await choose(page, '[data-import-file]', exported.file);
      await page.locator('svg[data-ruleset="srand"]').waitFor();
      equal(JSON.stringify(await moves(page)), JSON.stringify(SRAND), 'the moves imported');
      equal(await said(page), 'The record was imported: 6 plies.', 'said, not as a problem');
      equal(await notice(page), '', 'no notice');
      equal(await page.getAttribute('[data-import-text]', 'placeholder'), '[Ruleset "srand"] 1. e4-e5 …', 'the example, its quotes as quotes');
      // and the JSON file, dropped on the page
      await fresh(page, 'zamma', 'zamma');
      await page.evaluate((text) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], 'game.json', { type: 'application/json' }));
        document.querySelector('.app').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, json.text);
      await page.locator('svg[data-ruleset="srand"]').waitFor();
      equal(JSON.stringify(await moves(page)), JSON.stringify(SRAND), 'the moves of the dropped file');
      await shot(page, path.join(artifacts, 'record-imported.png'));
    });

    await check('a malformed record is refused with its reason and changes nothing', async () => {
      await openRecords(page);
      const before = await storage(page);
      const shown = await moves(page);
      await page.fill('[data-import-text]', '[Ruleset "chess"]\n1. e2-e4');
      await page.click('[data-action="import-paste"]');
      truthy((await notice(page)).includes('cannot be read'), `the reason: ${await notice(page)}`);
      await page.fill('[data-import-text]', 'not a record at all');
      await page.click('[data-action="import-paste"]');
      truthy((await notice(page)).includes('cannot be read'), `the reason: ${await notice(page)}`);
      equal(JSON.stringify(await moves(page)), JSON.stringify(shown), 'the game shown');
      equal(await storage(page), before, 'local storage');
    });

    await check('a record with an illegal move names its line, ply, move and reason; its beginning can be kept', async () => {
      await openRecords(page);
      const before = await storage(page);
      await page.fill('[data-import-text]', '[Ruleset "srand"]\n[Event "a test"]\n1. d4-e5 f6xd4\n2. c3xe5 c5xc3\n3. a3-a4 a7-a6');
      await page.click('[data-action="import-paste"]');
      const problem = await page.textContent('[data-import-problem]');
      for (const part of ['line 5', 'ply 5', 'a3-a4', 'capture is compulsory']) {
        truthy(problem.includes(part), `"${part}" in: ${problem}`);
      }
      equal(await page.getAttribute('[data-import-problem]', 'data-import-problem'), '4', 'legal plies');
      equal(await storage(page), before, 'nothing saved is touched before the choice');
      await shot(page, path.join(artifacts, 'import-refused.png'));
      await page.click('[data-action="import-keep"]');
      await page.locator('[data-ply="4"]').waitFor();
      equal(await plies(page), 4, 'the legal beginning');
      equal(await page.locator('[data-import-problem]').count(), 0, 'the choice is gone');
      await openRecords(page);
      const kept = await download(page, 'export-text', files);
      truthy(kept.text.includes('[Event "a test"]'), `the record's tags are kept:\n${kept.text}`);
    });

    await check('a share link opens the game at its ply, and goes on from there as a new game', async () => {
      await fresh(page, 'srand', 'srand');
      await play(page, ...SRAND);
      await page.click('[data-ply="4"]');
      await openRecords(page);
      await page.click('[data-action="share"]');
      const link = await page.getAttribute('[data-share-link]', 'data-share-link');
      truthy(/\?g=1[A-Za-z0-9_-]+&ply=4$/.test(link), `the link: ${link}`);
      truthy(link.length < 80, `short: ${link.length} characters`);
      const other = await context.newPage();
      watch(other);
      await other.goto(link);
      await other.locator('[data-ply="6"]').waitFor();
      equal(JSON.stringify(await moves(other)), JSON.stringify(SRAND), 'the shared moves');
      equal(await other.getAttribute('[data-ply="4"]', 'aria-current'), 'step', 'shown at ply 4');
      equal(new URL(other.url()).search, '', 'the address no longer holds the link');
      truthy((await said(other)).startsWith('A shared game: 6 plies, shown after ply 4'), await said(other));
      equal(await notice(other), '', 'nothing went wrong');
      await shot(other, path.join(artifacts, 'link-opened.png'));
      await other.click('svg.board [data-point="c2"]');
      await other.click('svg.board [data-point="c4"]');
      await other.locator('[data-ply="5"][aria-current]').waitFor();
      equal(await plies(other), 5, 'a move at ply 4 goes on from there, the later moves dropped');
      await other.reload();
      await other.waitForSelector('[data-status]');
      equal(await plies(other), 5, 'a reload keeps the new game, and does not open the link again');
      await other.close();
    });

    await check('a changed or cut link is refused with a notice, and the app still opens', async () => {
      const other = await context.newPage();
      watch(other);
      for (const [bad, words] of [['?g=1AAAAAAA', 'shared link'], ['?g=9abc', 'shared link'], [`?g=1${'x'.repeat(20)}&ply=2`, 'shared link']]) {
        await other.goto(`${base}${bad}`);
        await other.waitForSelector('[data-status]');
        truthy((await notice(other)).includes(words), `${bad}: ${await notice(other)}`);
        truthy(await other.locator('svg.board [data-piece]').count(), 'a board is drawn');
      }
      await shot(other, path.join(artifacts, 'link-refused.png'));
      await other.close();
    });

    await check('the library lists every game; continue, rename, delete and undo', async () => {
      await page.reload();
      await page.waitForSelector('[data-status]');
      await openLibrary(page);
      const count = await page.locator('[data-entry]').count();
      truthy(count >= 4, `games kept: ${count}`);
      const first = page.locator('[data-entry]').first();
      truthy(await first.locator('svg.thumb').count(), 'a small board');
      truthy(/srand|Srand/.test(await first.textContent()), 'its ruleset');
      await shot(page, path.join(artifacts, 'library.png'));
      // continue the game with the 4 legal plies kept from the import
      const kept = page.locator('[data-entry][data-moves="4"]').first();
      const id = await kept.getAttribute('data-entry');
      truthy((await kept.textContent()).includes(' · 4 plies · in progress'), `its length: ${await kept.textContent()}`);
      await kept.locator('[data-action="continue"]').click();
      await page.locator('[data-ply="4"]').waitFor();
      equal(await plies(page), 4, 'continued');
      equal(await page.getAttribute(`[data-entry="${id}"]`, 'data-current'), '', 'marked as the game shown');
      await page.click(`[data-entry="${id}"] [data-action="rename"]`);
      await page.fill(`[data-entry="${id}"] [data-rename]`, 'Opening study');
      await page.click(`[data-entry="${id}"] [data-action="rename-save"]`);
      equal(await page.textContent(`[data-entry="${id}"] .title`), 'Opening study', 'renamed');
      const other = page.locator('[data-entry]:not([data-current])').first();
      const otherId = await other.getAttribute('data-entry');
      await other.locator('[data-action="delete"]').click();
      equal(await page.locator(`[data-entry="${otherId}"]`).count(), 0, 'deleted');
      equal(await page.locator('[data-entry]').count(), count - 1, 'one game fewer');
      await page.click('[data-action="undo-delete"]');
      equal(await page.locator(`[data-entry="${otherId}"]`).count(), 1, 'back after undo');
      equal(await page.locator('[data-entry]').count(), count, 'every game');
    });

    await check('an unnamed game is titled by the day and minute it began where the player is', async () => {
      // Kathmandu is 5 h 45 min ahead of UTC all year: neither the UTC time nor a whole hour off
      const [own, p] = await firstMoveKept({ timezoneId: 'Asia/Kathmandu' });
      try {
        const [key, { created }] = await p.evaluate(() => window.keptEntry());
        const id = key.slice('quirkat.v1.library.'.length);
        await openLibrary(p);
        const local = new Date(created + (5 * 60 + 45) * 60000).toISOString();
        equal(await p.textContent(`[data-entry="${id}"] .title`), `Srand, ${local.slice(0, 10)} ${local.slice(11, 16)}`, 'the title');
      } finally {
        await own.close();
      }
    });

    await check('games begun in the same minute are told apart by the second, then by number', async () => {
      const own = await browser.newContext({ viewport: { width: 1000, height: 900 }, serviceWorkers: 'block', timezoneId: 'Asia/Kathmandu' });
      // both games begin at one moment: 10:15:30 UTC, 16:00:30 in Kathmandu
      await own.clock.setFixedTime(new Date('2026-03-01T10:15:30Z'));
      const p = await own.newPage();
      watch(p);
      try {
        await p.goto(base);
        await p.waitForSelector('[data-status]');
        for (let i = 0; i < 2; i++) {
          await fresh(p, 'srand', 'srand');
          await play(p, SRAND[0]);
        }
        await p.waitForFunction(() => Object.keys(localStorage).filter((k) => k.startsWith('quirkat.v1.library.')).length === 2);
        await openLibrary(p);
        const titles = (await p.locator('[data-entry] .title').allTextContents()).sort();
        equal(JSON.stringify(titles), JSON.stringify(['Srand, 2026-03-01 16:00:30', 'Srand, 2026-03-01 16:00:30 (2)']), 'the titles');
        await shot(p, path.join(artifacts, 'library-same-second.png'));
      } finally {
        await own.close();
      }
    });

    await check('every game is saved to a backup file and restored into an empty browser', async () => {
      await openLibrary(page);
      const ids = (await page.locator('[data-entry]').evaluateAll((els) => els.map((e) => e.getAttribute('data-entry')))).sort();
      // what was kept aside as unreadable (a later build's entry, say) goes into the file too
      const aside = ['quirkat.v1.unreadable.library.zz', '{"from": "a later build"}'];
      await page.evaluate(([k, v]) => localStorage.setItem(k, v), aside);
      const backup = await download(page, 'backup', files);
      await page.evaluate(([k]) => localStorage.removeItem(k), aside);
      truthy(/^quirkat-backup-\d{4}-\d\d-\d\d\.json$/.test(backup.name), backup.name);
      const empty = await browser.newContext({ viewport: { width: 1000, height: 900 }, serviceWorkers: 'block' });
      const other = await empty.newPage();
      watch(other);
      try {
        await other.goto(base);
        await other.waitForSelector('[data-status]');
        await openLibrary(other);
        equal(await other.locator('[data-entry]').count(), 0, 'an empty library');
        // a file that is not a backup changes nothing
        const junk = path.join(files, 'junk.json');
        fs.writeFileSync(junk, '{"format": "something else"}');
        await choose(other, '[data-restore-file]', junk);
        await other.locator('[data-library-message]').waitFor();
        truthy((await other.textContent('[data-library-message]')).startsWith('Nothing was restored: '), 'refused');
        equal(await other.locator('[data-entry]').count(), 0, 'still empty');
        await choose(other, '[data-restore-file]', backup.file);
        await other.locator(`[data-entry="${ids[0]}"]`).waitFor();
        const back = (await other.locator('[data-entry]').evaluateAll((els) => els.map((e) => e.getAttribute('data-entry')))).sort();
        equal(JSON.stringify(back), JSON.stringify(ids), 'the same games');
        const said = await other.textContent('[data-library-message]');
        truthy(said.startsWith(`Restored ${ids.length} games`), said);
        truthy(said.endsWith('; 1 unreadable entry kept aside as it was.'), said);
        equal(await other.evaluate(([k]) => localStorage.getItem(k), aside), aside[1], 'kept aside in the new browser too');
        await other.locator('[data-entry]:has-text("Opening study") [data-action="continue"]').click();
        await other.locator('[data-ply="4"]').waitFor();
        equal(await plies(other), 4, 'a restored game continues');
      } finally {
        await empty.close();
      }
    });

    await check('a match of two games: the running score, the next game, the end', async () => {
      await fresh(page, 'queah', 'queah');
      await openLibrary(page);
      await page.fill('[data-match-count]', '2');
      await page.selectOption('[data-match-goal]', 'games');
      await page.click('[data-action="start-match"]');
      await page.locator('[data-match-game="1"]').waitFor();
      equal(await page.getAttribute('.match-bar', 'data-match-score'), '0-0', 'the score at the start');
      await play(page, ...QUEAH_DRAW);
      equal(await page.getAttribute('[data-status]', 'data-status'), 'over:draw', 'game 1 drawn');
      await page.click('[data-action="next-match-game"]');
      await page.locator('[data-match-game="2"]').waitFor();
      equal(await plies(page), 0, 'game 2 starts');
      await play(page, ...QUEAH_DRAW);
      await page.locator('.match-bar[data-match-over]').waitFor();
      equal(await page.getAttribute('.match-bar', 'data-match-score'), '0-0', 'two draws score nothing');
      truthy((await page.textContent('.match-bar')).includes('drawn'), 'the verdict');
      await shot(page, path.join(artifacts, 'match-over.png'));
      await openLibrary(page);
      equal(await page.locator('[data-match-id][data-match-over]').count(), 1, 'the match is kept in the library');
    });

    await check('a 360x740 phone: the board in view from the start, the picker folded away once a game is chosen', async () => {
      const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
      const p = await phone.newPage();
      watch(p);
      try {
        await p.goto(`${base}?ruleset=srand`);
        await p.waitForSelector('svg.board [data-piece]');
        const inView = async (what) => {
          const box = await p.locator('svg.board').boundingBox();
          truthy(box.y >= 0 && box.y + box.height <= 740 && box.x >= 0 && box.x + box.width <= 360,
            `${what}: the board from (${box.x}, ${box.y}) to (${box.x + box.width}, ${box.y + box.height})`);
          equal(await p.evaluate(() => window.scrollY), 0, `${what}: not scrolled`);
        };
        await inView('on opening');
        equal(await p.locator('.picker').isVisible(), false, 'the picker is folded');
        await shot(p, path.join(artifacts, 'phone-opening.png'));
        await p.tap('[data-action="choose-game"]');
        equal(await p.locator('.picker').isVisible(), true, 'unfolded');
        await shot(p, path.join(artifacts, 'phone-picker.png'));
        await p.tap('[data-game="towers"]');
        await p.locator('svg[data-ruleset="towers"]').waitFor();
        equal(await p.locator('.picker').isVisible(), false, 'folded again once a game is chosen');
        await inView('after choosing towers');
        await shot(p, path.join(artifacts, 'phone-towers.png'));
      } finally {
        await phone.close();
      }
    });

    await check('a full storage: told at every refused save, the whole game kept once there is room, a bad entry left as it was', async () => {
      const [own, p] = await firstMoveKept();
      try {
        // the moves of the one game kept (-1: none)
        const kept = () => p.evaluate(() => window.keptEntry()?.[1].record.moves.length ?? -1);
        equal(await kept(), 1, 'filed at its first move');
        // the origin's storage filled to the last character: megabytes while they fit, then the
        // longest value that fits, found by halving
        const fill = () => p.evaluate(() => {
          const fits = (key, length) => {
            try {
              localStorage.setItem(key, 'x'.repeat(length));
              return true;
            } catch {
              return false;
            }
          };
          let n = 0;
          while (fits(`filler-${n}`, 1 << 20)) n += 1;
          let [lo, hi] = [0, 1 << 20];
          while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (fits('filler-last', mid)) lo = mid;
            else hi = mid - 1;
          }
          fits('filler-last', lo);
          return n * (1 << 20) + lo;
        });
        const empty = () => p.evaluate(() => {
          for (const k of Object.keys(localStorage)) if (k.startsWith('filler-')) localStorage.removeItem(k);
        });
        const filled = await fill();
        truthy(filled > 1 << 20, `storage filled with ${filled} characters`);
        const refused = p.locator('.notice', { hasText: 'the game could not be kept' });
        await play(p, SRAND[1]);
        await refused.waitFor();
        truthy((await notice(p)).includes('refused'), `the browser's reason: ${await notice(p)}`);
        await shot(p, path.join(artifacts, 'storage-full.png'));
        await play(p, SRAND[2]);
        await refused.waitFor();
        equal(await kept(), 1, 'the entry as it was before the storage filled');
        await empty();
        await play(p, SRAND[3]);
        await p.waitForFunction(() => window.keptEntry()[1].record.moves.length === 4);
        equal(await notice(p), '', 'nothing to tell once there is room');
        equal(await kept(), 4, 'every move kept, those the full storage refused too');
        // another build's ply in the game kept, and no room to keep the whole entry aside: its
        // beginning opens as a new game, and the entry is left as it was
        const bad = await p.evaluate(() => {
          const [key, entry] = window.keptEntry();
          entry.record.moves[2] = 'a1-a9';
          localStorage.setItem(key, JSON.stringify(entry));
          return [key, localStorage.getItem(key)];
        });
        await fill();
        await p.reload();
        await p.waitForSelector('[data-status]');
        await p.locator('.notice', { hasText: 'the game could not be kept' }).waitFor();
        const told = await notice(p);
        truthy(told.includes('ply 3: a1-a9') && told.includes('left as it was'), `why, and what was done: ${told}`);
        equal(await plies(p), 2, 'the readable beginning');
        await shot(p, path.join(artifacts, 'storage-full-bad-entry.png'));
        equal(await p.evaluate((k) => localStorage.getItem(k), bad[0]), bad[1], 'the entry as it was');
        equal(await p.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('quirkat.v1.library.')).length), 1, 'no copy filed');
      } finally {
        await own.close();
      }
    });

    await check('no console errors', async () => {
      if (errors.length) throw new Error(errors.join('\n'));
    });
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(files, { recursive: true, force: true });
  }
}

await run(main);
