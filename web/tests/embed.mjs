// End-to-end tests of the embeds: a history page on another origin with boards from the app.
//
//   node web/tests/embed.mjs [DIST_DIR]
//
// Serves DIST_DIR (default: dist) on http://127.0.0.1:A (the app) and web/examples/history.html on
// http://localhost:B (a history site: another origin and another site), with the page's
// `http://127.0.0.1:8080` (what `cargo xtask serve` serves) rewritten to the app's address. Checks
// that every embed reaches `quirkat:ready`, heights follow the content, `quirkat:goto` moves the
// replay and `quirkat:position` comes back, a move in the Queah board raises `quirkat:move` and the
// computer's reply another (and the page's own script hears them through embed.js), malformed and
// illegal commands are answered by `quirkat:error` and change nothing, a command from a foreign
// window is ignored, bad parameters are named on the board, a puzzle embedded by its id is that
// puzzle and a bad id is named, and nothing logs an error. Prints the
// figures: transfer sizes, times to every embed ready for 1 and 8 embeds, memory, embed.js's size.
// Screenshots go to web/tests/artifacts/. Ends with a libtest-style summary line.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, browserPath, check, equal, run, truthy, watcher, shot } from './harness.mjs';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const artifacts = path.join(here, 'artifacts');
const examples = path.join(root, 'web', 'examples');

/** The history site: the example pages with the app's address put in, and a page of `n` embeds. */
function site(app) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const many = /^\/many-(\d)\.html$/.exec(url.pathname);
    const teach = /^\/teach\.html$/.exec(url.pathname);
    let body;
    if (teach) {
      // a lesson's first step and the first Srand puzzle, pasted as iframes
      body = '<!doctype html><meta charset="utf-8"><title>Teaching</title><body>'
        + '<iframe id="lesson" style="width:520px;height:760px;border:0" src="http://127.0.0.1:8080/embed.html?ruleset=srand&mode=lesson&step=1"></iframe>'
        + '<iframe id="puzzle" style="width:520px;height:760px;border:0" src="http://127.0.0.1:8080/embed.html?ruleset=srand&mode=puzzle&n=1"></iframe>'
        + '</body>';
    } else if (many) {
      const boards = ['srand', 'zamma', 'surakarta', 'queah', 'towers', 'dam-daman', 'bas-basan-sepur', 'queah-1888'];
      body = `<!doctype html><meta charset="utf-8"><title>${many[1]} boards</title><body style="margin:0">`
        + boards.slice(0, Number(many[1])).map((r) => `<div class="quirkat-board" style="width:300px" data-ruleset="${r}" data-mode="view"></div>`).join('')
        + '<script src="http://127.0.0.1:8080/embed.js"></script></body>';
    } else {
      const file = path.join(examples, path.basename(url.pathname));
      if (!file.endsWith('.html') || !fs.existsSync(file)) {
        // no favicon or other files on this site
        res.writeHead(204).end();
        return;
      }
      body = fs.readFileSync(file, 'utf8');
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body.replaceAll('http://127.0.0.1:8080', app));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Records every message the page's window receives from a frame, with the frame's id. */
function recordMessages(app) {
  window.__events = [];
  window.addEventListener('message', (e) => {
    if (e.origin !== app || !e.data || typeof e.data.type !== 'string') return;
    const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === e.source);
    const id = frame?.id || frame?.closest('[id]')?.id || '?';
    window.__events.push({ id, at: performance.now(), ...e.data });
  });
}

const events = (page, id, type) => page.evaluate(([id, type]) => window.__events.filter((e) => e.id === id && e.type === type), [id, type]);
/** Waits for the `count`th event of a type from an embed; on a time-out, says what came. */
const waitEvent = (page, id, type, count = 1) => page.waitForFunction(
  ([id, type, count]) => window.__events.filter((e) => e.id === id && e.type === type).length >= count, [id, type, count], { timeout: 20000 })
  .catch(async () => {
    const seen = await page.evaluate(() => window.__events.map((e) => `${e.id} ${e.type} ${e.ply ?? e.height ?? e.message ?? ''}`));
    throw new Error(`no ${count}th ${type} from ${id}; the messages:\n${seen.join('\n')}`);
  });
/** Waits until an embed's frame (`sel`) has taken the height of the embed's last quirkat:resize:
 *  `[height, last]`, or on a time-out a line saying the frame's height and the resizes. */
const frameSettled = (page, id, sel) => page.waitForFunction(([id, sel]) => {
  const last = window.__events.filter((e) => e.id === id && e.type === 'quirkat:resize').pop().height;
  const h = document.querySelector(sel).getBoundingClientRect().height;
  return last > 200 && Math.abs(h - last) < 1 ? [h, last] : null;
}, [id, sel], { timeout: 5000 }).then((h) => h.jsonValue(), async () => page.evaluate(([id, sel]) =>
  `${id}: frame ${document.querySelector(sel).getBoundingClientRect().height}, resizes ${JSON.stringify(window.__events.filter((e) => e.id === id && e.type === 'quirkat:resize').map((e) => e.height))}`, [id, sel]));
const send = (page, id, command, origin) => page.evaluate(([id, command, origin]) => {
  const el = document.getElementById(id);
  const frame = el.tagName === 'IFRAME' ? el : el.querySelector('iframe');
  frame.contentWindow.postMessage(command, origin);
}, [id, command, origin]);

async function main() {
  if (!fs.existsSync(path.join(dist, 'embed.html'))) {
    throw new Error(`${dist}/embed.html is missing: build the app first (trunk build --release)`);
  }
  fs.mkdirSync(artifacts, { recursive: true });
  const appServer = await serve(dist);
  const app = `http://127.0.0.1:${appServer.address().port}`;
  const siteServer = await site(app);
  const host = `http://localhost:${siteServer.address().port}`;
  const browser = await chromium.launch({ executablePath: browserPath, headless: true, args: CHROMIUM_ARGS });
  const errors = [];
  const watch = watcher(errors, 15000);
  // a tall window, so that every lazy frame of the article is in view
  const context = await browser.newContext({ viewport: { width: 900, height: 3600 } });
  try {
    const page = await context.newPage();
    watch(page);
    await page.addInitScript(recordMessages, app);
    const ids = ['srand', 'surakarta', 'surakarta-demo', 'queah', 'towers'];

    await check('every embed of the history page (another origin) reaches ready', async () => {
      await page.goto(`${host}/history.html`);
      for (const id of ids) await waitEvent(page, id, 'quirkat:ready');
      const ready = Object.fromEntries(await Promise.all(ids.map(async (id) => [id, (await events(page, id, 'quirkat:ready'))[0]])));
      equal(ready.srand.ruleset, 'srand', 'the replay\'s ruleset');
      equal(ready.srand.ply, 88, 'the replay starts at its ply');
      equal(ready.towers.ruleset, 'towers', 'the loader\'s embed');
      truthy(/^[0-9a-f]{16}$/.test(ready.queah.version), `the build's version: ${ready.queah.version}`);
      truthy(ready.surakarta.position.startsWith('q'), 'a position string');
      const titles = await page.locator('iframe').evaluateAll((fs) => fs.map((f) => f.title));
      truthy(titles.every((t) => t.length > 10), `titles for screen readers: ${titles}`);
      equal(await page.getAttribute('#towers iframe', 'loading'), 'lazy', 'the loader\'s frames load lazily');
    });

    await check('a rule\'s demonstration embedded (mode=demo) plays itself, and Try it refuses a move the rule forbids', async () => {
      const frame = page.frameLocator('#surakarta-demo iframe');
      const demo = frame.locator('figure.demo[data-demo="capturing-round-a-loop"]');
      await demo.waitFor();
      await frame.locator('figure.demo').evaluate((f) => new Promise((done) => {
        const ok = () => f.dataset.ply === f.dataset.plies;
        if (ok()) return done();
        new MutationObserver(() => ok() && done()).observe(f, { attributes: true });
      }));
      equal(await frame.locator('.embed.teach').getAttribute('data-mode'), 'demo', 'the embed\'s mode');
      await demo.locator('[data-action="try-it"]').check();
      equal(await demo.getAttribute('data-ply'), '0', 'the reader has the start');
      await shot(page.locator('#surakarta-demo'), path.join(artifacts, 'embed-demo.png'));
      // a command to a demonstration is refused
      await send(page, 'surakarta-demo', { type: 'quirkat:flip' }, app);
      await waitEvent(page, 'surakarta-demo', 'quirkat:error');
      const [refused] = await events(page, 'surakarta-demo', 'quirkat:error');
      truthy(refused.message.includes('a demo embed takes no commands'), refused.message);
    });

    await check('a lesson step and a puzzle embedded on another origin are played there, and quirkat:done tells the host', async () => {
      const p = await context.newPage();
      watch(p);
      await p.addInitScript(recordMessages, app);
      await p.goto(`${host}/teach.html`);
      const lessons = JSON.parse(fs.readFileSync(path.join(root, 'crates', 'teach', 'data', 'lessons', 'srand.json'), 'utf8'));
      const puzzles = JSON.parse(fs.readFileSync(path.join(root, 'crates', 'teach', 'data', 'puzzles', 'srand.json'), 'utf8'));
      const clicks = (text) => text.split(/[-x]/);
      for (const [id, line, plies] of [
        ['lesson', lessons.steps[0].solution, 'section.lesson-step'],
        ['puzzle', puzzles.puzzles[0].solution, 'section.puzzle'],
      ]) {
        const frame = p.frameLocator(`#${id}`);
        await frame.locator(plies).waitFor();
        for (let k = 0; k < line.length; k += 2) {
          const before = Number(await frame.locator(plies).getAttribute('data-plies'));
          const points = clicks(line[k]);
          for (const q of points) await frame.locator(`svg.board [data-point="${q}"]`).click();
          if (Number(await frame.locator(plies).getAttribute('data-plies')) === before
              && (await frame.locator('[data-selected]').count())) {
            await frame.locator(`svg.board [data-point="${points[points.length - 1]}"]`).click();
          }
          const want = before + (k + 1 < line.length ? 2 : 1);
          await frame.locator(`${plies}[data-plies="${want}"]`).waitFor();
        }
        await waitEvent(p, id, 'quirkat:done');
      }
      const [lesson] = await events(p, 'lesson', 'quirkat:done');
      equal(`${lesson.what} ${lesson.name} ${lesson.stars}`, 'lesson srand-1 3', 'the lesson step done with its stars');
      const [solved] = await events(p, 'puzzle', 'quirkat:done');
      equal(`${solved.what} ${solved.name} ${solved.result}`, `puzzle ${puzzles.puzzles[0].id} solved`, 'the puzzle solved');
      await shot(p, path.join(artifacts, 'embed-lesson-puzzle.png'));
      // the next step and the next puzzle open the app in a new tab, not a bare embed in the column
      const next = (id, action) => p.frameLocator(`#${id}`).locator(`[data-action="${action}"]`)
        .evaluate((a) => ({ href: a.href, target: a.target }));
      const nextStep = await next('lesson', 'next-step');
      equal(`${nextStep.href} ${nextStep.target}`, `${app}/?lesson=srand&step=2 _blank`, 'Next step in the embed');
      const [tab] = await Promise.all([
        p.waitForEvent('popup'),
        p.frameLocator('#puzzle').locator('[data-action="next-puzzle"]').click(),
      ]);
      watch(tab);
      await tab.locator(`section.puzzle[data-id="${puzzles.puzzles[1].id}"]`).waitFor();
      equal(p.url(), `${host}/teach.html`, 'the host page stays');
      equal((await (await p.$('#puzzle')).contentFrame()).url(), `${app}/embed.html?ruleset=srand&mode=puzzle&n=1`, 'the embed stays');
      truthy(await p.frameLocator('#puzzle').locator('section.puzzle[data-solved]').count() === 1, 'the embed still shows its solved puzzle');
      await shot(tab, path.join(artifacts, 'embed-next-puzzle-tab.png'));
      await tab.close();
      await p.close();
    });

    // by its id, a puzzle that is not the first; and bad ids, each in its own page, in parallel
    await check('a puzzle embedded by its id (mode=puzzle&id=…) is that puzzle, and a bad id is named', async () => {
      const { puzzles, last_id: last } = JSON.parse(fs.readFileSync(path.join(root, 'crates', 'teach', 'data', 'puzzles', 'srand.json'), 'utf8'));
      const wanted = puzzles[3];
      const held = new Set(puzzles.map((p) => p.id));
      const dropped = Array.from({ length: last }, (_, i) => `srand-${String(i + 1).padStart(3, '0')}`).find((id) => !held.has(id));
      const open = async (query) => {
        const p = await context.newPage();
        watch(p);
        await p.goto(`${app}/embed.html?ruleset=srand&mode=puzzle&puzzle=srand&${query}`);
        return p;
      };
      await Promise.all([
        (async () => {
          const p = await open(`id=${wanted.id}`);
          await p.locator(`section.puzzle[data-id="${wanted.id}"] svg.board [data-piece]`).first().waitFor();
          truthy((await p.textContent('section.puzzle h2')).startsWith('Puzzle 4 '), 'shown at its place');
          equal(await p.locator('.notice').count(), 0, 'no problem');
          await shot(p.locator('.embed.teach'), path.join(artifacts, 'embed-puzzle-by-id.png'));
          await p.close();
        })(),
        (async () => {
          // well formed, but not in the set: named instead of the board
          const p = await open(`id=${dropped}`);
          const problem = await p.locator('[data-puzzle-problem]').textContent();
          truthy(problem.includes(`no puzzle ${dropped}`), problem);
          equal(await p.locator('section.puzzle').count(), 0, 'no puzzle shown');
          await p.close();
        })(),
        // another game's id, not an id, both id and n: named, and the first puzzle shown
        ...[
          ['id=zamma-001', "id='zamma-001' is the id of a puzzle of Zamma"],
          ['id=srand-8', "id='srand-8' is not a puzzle id"],
          [`id=${wanted.id}&n=4`, 'both id= and n='],
        ].map(async ([query, says]) => {
          const p = await open(query);
          await p.locator(`section.puzzle[data-id="${puzzles[0].id}"]`).waitFor();
          const notice = await p.textContent('.notice[data-problems]');
          truthy(notice.includes(says), `${query}: ${notice}`);
          await p.close();
        }),
      ]);
    });

    await check('heights follow the content', async () => {
      for (const id of ids) {
        const sel = ['queah', 'towers', 'surakarta-demo'].includes(id) ? `#${id} iframe` : `#${id}`;
        // a frame out of view is not rendered (Chromium throttles it), so its size is not observed
        await page.locator(sel).scrollIntoViewIfNeeded();
        await waitEvent(page, id, 'quirkat:resize');
        // the frame takes the height of the embed's last resize message
        const ok = await frameSettled(page, id, sel);
        truthy(Array.isArray(ok), `${id}: ${ok}`);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, path.join(artifacts, 'history.png'));
    });

    await check('quirkat:goto moves the replay, and quirkat:position comes back', async () => {
      await send(page, 'srand', { type: 'quirkat:goto', ply: 89 }, app);
      await waitEvent(page, 'srand', 'quirkat:position');
      const [pos] = await events(page, 'srand', 'quirkat:position');
      equal(pos.ply, 89, 'the ply');
      const srand = page.frameLocator('#srand');
      equal(await srand.locator('[data-ply="89"]').getAttribute('aria-current'), 'step', 'the board shows ply 89');
      // the list scrolls to the move shown, far below its first moves
      const inView = await srand.locator('.moves').evaluate((ol) => {
        const [box, at] = [ol.getBoundingClientRect(), ol.querySelector('[aria-current="step"]').getBoundingClientRect()];
        return at.top >= box.top - 1 && at.bottom <= box.bottom + 1 && ol.scrollTop > 0;
      });
      truthy(inView, 'ply 89 in view in the move list');
      equal(await srand.locator('svg.board [data-piece^="second"]').count(), 6, 'the Mullah took sixteen of 22');
      await shot(srand.locator('svg.board'), path.join(artifacts, 'embed-srand-mullah.png'));
      // the replay's own controls step back
      await srand.locator('[data-action="back"]').click();
      await waitEvent(page, 'srand', 'quirkat:position', 2);
      equal((await events(page, 'srand', 'quirkat:position'))[1].ply, 88, 'one ply back by the controls');
    });

    await check('a side line tried in the replay is dropped by Back to the game', async () => {
      const srand = page.frameLocator('#srand');
      await srand.locator('[data-action="first"]').click();
      await srand.locator('svg.board [data-point="e4"]').click();
      await srand.locator('svg.board [data-point="e5"]').click();
      await srand.locator('[data-ply="1"][aria-current]').waitFor();
      // the same first move as the game's: tried again from the start, d4-e5 instead
      await srand.locator('[data-action="first"]').click();
      await srand.locator('svg.board [data-point="d4"]').click();
      await srand.locator('svg.board [data-point="e5"]').click();
      equal(await srand.locator('[data-ply]').count(), 1, 'the side line replaces the moves after its ply');
      const resizes = (await events(page, 'srand', 'quirkat:resize')).length;
      await srand.locator('[data-action="main-line"]').click();
      equal(await srand.locator('[data-ply]').count(), 89, 'the game is back');
      // the replay grows back to the game's height, moving the frames below it until it has: most
      // likely why, once in a full run, the next test's clicks on the Queah board made no move
      await waitEvent(page, 'srand', 'quirkat:resize', resizes + 1);
      const ok = await frameSettled(page, 'srand', '#srand');
      truthy(Array.isArray(ok), `srand: ${ok}`);
    });

    await check('a move in the Queah board raises quirkat:move, and the computer\'s reply another', async () => {
      const queah = page.frameLocator('#queah iframe');
      await queah.locator('svg.board [data-point="b4"]').click();
      await queah.locator('svg.board [data-point="b4"][data-selected]').waitFor({ timeout: 5000 })
        .catch(() => { throw new Error('b4 was not picked up by its click'); });
      await queah.locator('svg.board [data-point="c5"]').click();
      await waitEvent(page, 'queah', 'quirkat:move', 2);
      const [mine, reply] = await events(page, 'queah', 'quirkat:move');
      equal(mine.move, 'b4-c5', 'the move');
      equal(mine.by, 'person', 'by the reader');
      equal(mine.ply, 1, 'its ply');
      equal(reply.by, 'computer', 'the answer');
      equal(reply.ply, 2, 'its ply');
      await page.waitForFunction(() => document.getElementById('log').textContent.includes('The computer played'));
      await shot(page.locator('#queah'), path.join(artifacts, 'embed-queah.png'));
    });

    await check('malformed and illegal commands are answered by quirkat:error and change nothing', async () => {
      const before = await events(page, 'srand', 'quirkat:position');
      const shown = await page.frameLocator('#srand').locator('[data-ply][aria-current]').textContent();
      for (const bad of [
        { type: 'quirkat:goto', ply: 'x' },
        { type: 'quirkat:goto', ply: 900 },
        { type: 'quirkat:dance' },
        { type: 'quirkat:play', move: 'a1-a9' },
        { type: 'quirkat:load', ruleset: 'chess' },
        { type: 'quirkat:mode', mode: 'fly' },
      ]) {
        await send(page, 'srand', bad, app);
      }
      await waitEvent(page, 'srand', 'quirkat:error', 6);
      const errs = await events(page, 'srand', 'quirkat:error');
      equal(errs.length, 6, 'one error each');
      truthy(errs.every((e) => e.message && e.command?.type), `each names its reason and command: ${JSON.stringify(errs)}`);
      truthy(errs[3].message.includes('a1-a9'), errs[3].message);
      // and messages not for quirkat are ignored
      await send(page, 'srand', { hello: 1 }, app);
      await send(page, 'srand', 'quirkat:goto', app);
      await page.waitForTimeout(300);
      equal((await events(page, 'srand', 'quirkat:error')).length, 6, 'no answer to others');
      equal((await events(page, 'srand', 'quirkat:position')).length, before.length, 'no change');
      equal(await page.frameLocator('#srand').locator('[data-ply][aria-current]').textContent(), shown, 'the ply shown');
    });

    await check('a command from a foreign window is ignored', async () => {
      const before = (await events(page, 'srand', 'quirkat:position')).length;
      // a sibling frame of the article posts to the replay: not its parent, so not obeyed
      await page.evaluate((app) => new Promise((resolve) => {
        const f = document.createElement('iframe');
        f.srcdoc = `<script>parent.document.getElementById('srand').contentWindow.postMessage({ type: 'quirkat:goto', ply: 3 }, '${app}');<\/script>`;
        f.onload = () => setTimeout(resolve, 300);
        document.body.appendChild(f);
      }), app);
      equal((await events(page, 'srand', 'quirkat:position')).length, before, 'no position event');
      truthy(!(await page.frameLocator('#srand').locator('[data-ply="3"]').getAttribute('aria-current')), 'ply 3 not shown');
      // and the same command from the parent is obeyed
      await send(page, 'srand', { type: 'quirkat:goto', ply: 3 }, app);
      await waitEvent(page, 'srand', 'quirkat:position', before + 1);
    });

    await check('quirkat:load, flip and mode are obeyed', async () => {
      await send(page, 'towers', { type: 'quirkat:load', ruleset: 'zamma', options: { limit: 40 }, moves: 'd4-e5 f6xd4', ply: 1 }, app);
      const towers = page.frameLocator('#towers iframe');
      await towers.locator('svg[data-ruleset="zamma"]').waitFor();
      await waitEvent(page, 'towers', 'quirkat:position');
      equal((await events(page, 'towers', 'quirkat:position')).pop().ply, 1, 'shown at ply 1');
      await send(page, 'towers', { type: 'quirkat:flip' }, app);
      await towers.locator('svg.board[data-flipped]').waitFor();
      await send(page, 'towers', { type: 'quirkat:play', move: 'f6xd4' }, app);
      await waitEvent(page, 'towers', 'quirkat:error');
      truthy((await events(page, 'towers', 'quirkat:error')).pop().message.includes('view'), 'a diagram takes no move');
      await send(page, 'towers', { type: 'quirkat:mode', mode: 'play' }, app);
      await towers.locator('.embed[data-mode="play"]').waitFor();
      await send(page, 'towers', { type: 'quirkat:play', move: 'f6xd4' }, app);
      await waitEvent(page, 'towers', 'quirkat:move');
      equal((await events(page, 'towers', 'quirkat:move')).pop().move, 'f6xd4', 'played by command');
    });

    await check('bad parameters are named in a notice on the board, which still draws', async () => {
      const p = await context.newPage();
      watch(p);
      await p.goto(`${app}/embed.html?ruleset=zamma&moves=d4-e5+a1-a9&mode=dance&theme=neon&marks=z9`);
      await p.locator('svg.board [data-piece]').first().waitFor();
      const notice = await p.textContent('.notice[data-problems]');
      for (const part of ['a1-a9', 'dance', 'neon', 'z9']) truthy(notice.includes(part), `${part} in: ${notice}`);
      equal(await p.getAttribute('.notice', 'data-problems'), '4', 'four problems');
      equal(await p.locator('[data-ply]').count(), 0, 'no move list unless asked');
      await shot(p, path.join(artifacts, 'embed-bad-parameters.png'));
      await p.goto(`${app}/embed.html`);
      await p.locator('svg[data-ruleset="srand"] [data-piece]').first().waitFor();
      truthy((await p.textContent('.notice')).includes('ruleset'), 'no ruleset: named, the start of srand shown');
      // a refused move takes the notice's place: its reason, and no count of problems
      await p.goto(`${app}/embed.html?ruleset=srand&mode=play&theme=neon`);
      await p.locator('.notice[data-problems="1"]').waitFor();
      await p.click('svg.board [data-point="a9"]');
      equal(await p.getAttribute('.notice', 'data-refusal'), 'not-your-piece', 'the refusal shown');
      equal(await p.getAttribute('.notice', 'data-problems'), null, 'not counted as a problem');
      await p.close();
    });

    await check('each theme draws the pieces of every game', async () => {
      const p = await context.newPage();
      watch(p);
      await p.setViewportSize({ width: 420, height: 500 });
      for (const theme of ['light', 'dark', 'manuscript']) {
        for (const [ruleset, moves] of [['srand', ''], ['surakarta', ''], ['queah', ''], ['towers', 'd2-c3+b4xd2+e1xc3']]) {
          await p.goto(`${app}/embed.html?ruleset=${ruleset}&mode=view&theme=${theme}&moves=${moves}`);
          await p.locator('svg.board [data-piece]').first().waitFor();
          equal(await p.getAttribute('.embed', 'data-theme'), theme, 'the theme');
          await shot(p, path.join(artifacts, `embed-${theme}-${ruleset}.png`));
        }
      }
      await p.close();
    });

    await check('figures: transfer sizes, time to ready for 1 and 8 embeds, memory, embed.js', async () => {
      const figures = [];
      for (const n of [1, 8]) {
        const fresh = await browser.newContext({ viewport: { width: 1300, height: 1400 } });
        const p = await fresh.newPage();
        watch(p);
        await p.addInitScript(recordMessages, app);
        const start = Date.now();
        await p.goto(`${host}/many-${n}.html`);
        await p.waitForFunction((n) => window.__events.filter((e) => e.type === 'quirkat:ready').length >= n, n, { timeout: 60000 });
        const ms = Date.now() - start;
        // bytes each frame fetched: the first fetches the wasm, the others find it in the HTTP cache
        const sizes = [];
        for (const f of p.frames().filter((f) => f.url().includes('/embed.html'))) {
          sizes.push(await f.evaluate(() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
            .reduce((s, e) => s + (e.transferSize || 0), 0)));
        }
        // memory: the JS heap of the host page and of the frames (frames of another site run in a
        // process of their own); the wasm memories are outside this count
        const heapOf = async (target) => {
          const cdp = await fresh.newCDPSession(target);
          await cdp.send('Performance.enable');
          const { metrics } = await cdp.send('Performance.getMetrics');
          await cdp.detach();
          return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
        };
        // (the embeds are all of one site, so they share one process: each frame's session
        // reports that process's heap)
        const hostHeap = await heapOf(p);
        let embeds = 0;
        for (const f of p.frames().filter((f) => f.url().includes('/embed.html'))) {
          embeds = Math.max(embeds, await heapOf(f).catch(() => 0));
        }
        const mib = (b) => (b / 1048576).toFixed(1);
        figures.push(`${n} embed(s): all ready in ${ms} ms; bytes transferred by each frame: ${sizes.sort((a, b) => b - a).join(', ')}; JS heap: the host page ${mib(hostHeap)} MiB, the embeds' process ${mib(embeds)} MiB`);
        truthy(sizes.length === n, `${n} frames`);
        if (n === 8) await shot(p, path.join(artifacts, 'embed-eight.png'));
        await fresh.close();
      }
      const loader = fs.statSync(path.join(dist, 'embed.js')).size;
      figures.push(`embed.js: ${loader} bytes`);
      console.log(figures.map((f) => `    ${f}`).join('\n'));
    });

    await check('the app\'s Embed panel: snippets of the game shown, a live preview, SVG and PNG', async () => {
      const maker = await browser.newContext({ viewport: { width: 1000, height: 1400 }, acceptDownloads: true, serviceWorkers: 'block' });
      const p = await maker.newPage();
      watch(p);
      try {
        await p.goto(`${app}/?ruleset=zamma`);
        await p.locator('svg[data-ruleset="zamma"]').waitFor();
        await p.click('.controls [data-action="new-game"]');
        for (const [from, to] of [['d4', 'e5'], ['f6', 'd4'], ['c3', 'e5']]) {
          await p.click(`svg.board [data-point="${from}"]`);
          await p.click(`svg.board [data-point="${to}"]`);
        }
        await p.locator('[data-ply="3"]').waitFor();
        await p.click('[data-ply="2"]');
        await p.click('.embed-maker summary');
        // the lists read as words; their values are the parameters
        equal((await p.locator('[data-embed-theme] option').allTextContents()).join(', '), 'Light, Dark, Manuscript', 'the themes named');
        equal((await p.locator('[data-embed-mode] option').allTextContents()).join(', '), 'Replay, Diagram (view), Live board (play)', 'the modes named');
        await p.selectOption('[data-embed-theme]', 'manuscript');
        const iframe = await p.inputValue('[data-snippet="iframe"]');
        truthy(iframe.includes('embed.html?ruleset=zamma&amp;moves=d4-e5+f6xd4+c3xe5&amp;ply=2&amp;mode=replay'), iframe);
        truthy(iframe.includes('theme=manuscript'), iframe);
        const div = await p.inputValue('[data-snippet="div"]');
        truthy(div.includes('data-moves="d4-e5 f6xd4 c3xe5"') && div.includes('/embed.js"></script>'), div);
        // the live preview is the embed itself, at the ply shown
        const preview = p.frameLocator('[data-embed-preview]');
        await preview.locator('[data-ply="2"][aria-current]').waitFor();
        equal(await preview.locator('.embed').getAttribute('data-theme'), 'manuscript', 'the preview\'s theme');
        await shot(p.locator('.embed-maker'), path.join(artifacts, 'embed-panel.png'));
        // the iframe snippet pasted into a page of another origin shows the same
        const pasted = await maker.newPage();
        watch(pasted);
        await pasted.goto(`${host}/many-1.html`);
        await pasted.setContent(`<!doctype html><body>${iframe}</body>`);
        await pasted.frameLocator('iframe').locator('[data-ply="2"][aria-current]').waitFor();
        await pasted.close();
        const [svg] = await Promise.all([p.waitForEvent('download'), p.click('[data-action="download-svg"]')]);
        equal(svg.suggestedFilename(), 'quirkat-zamma-ply-2.svg', 'the SVG file');
        const text = fs.readFileSync(await svg.path(), 'utf8');
        truthy(text.startsWith('<svg') && text.includes('data-ruleset="zamma"') && text.includes('data-theme="manuscript"'), text.slice(0, 200));
        equal((text.match(/data-piece=/g) ?? []).length, 79, 'the pieces at ply 2');
        const [png] = await Promise.all([p.waitForEvent('download'), p.click('[data-action="download-png"]')]);
        equal(png.suggestedFilename(), 'quirkat-zamma-ply-2.png', 'the PNG file');
        const bytes = fs.readFileSync(await png.path());
        equal(bytes.subarray(1, 4).toString(), 'PNG', 'a PNG');
        truthy(bytes.readUInt32BE(16) >= 1000, `twice the SVG's width: ${bytes.readUInt32BE(16)} px`);
      } finally {
        await maker.close();
      }
    });

    await check('no console errors', async () => {
      if (errors.length) throw new Error(errors.join('\n'));
    });
  } finally {
    await browser.close();
    appServer.close();
    siteServer.close();
  }
}

await run(main);
