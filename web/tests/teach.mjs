// End-to-end tests of the teaching pages: the release build in headless Debian Chromium through
// playwright-core.
//
//   node web/tests/teach.mjs [DIST_DIR]
//
// Serves DIST_DIR (default: dist) on 127.0.0.1 and reads the real pages: every game's rules page
// (`?rules=ID`) opens from the picker or the address, with its history, sources and readings, and
// every demonstration on it plays itself to its end (the eight pages in parallel pages), the
// marks of its end drawn there and only there (Srand's crowning: the Mullah's flights); a reader's
// try on a demonstration refused with the rule's reason drawn on the board, and the move shown
// accepted; the comparison of zamma and zamma-immediate shows the move only one of them allows; a
// bad rules address is named; the lessons: every step of every course solved by clicking its
// solution (the courses in parallel pages, the opponent's replies played by the page), with its
// stars kept over a reload, a hint costing a star, a wrong try in Srand refused as
// `capture-compulsory` with the pieces that could capture marked, a short capture in Zamma refused
// with the majority marks, a wrong move failing its step; a puzzle opened by its id
// (`?puzzle=srand&id=…`) and bad ids named; a review of a game, and a review that stops when
// another game is opened under it. Screenshots go to web/tests/artifacts/. Prints a libtest-style summary line that `cargo xtask test` adds up.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, browserPath, check, equal, run, truthy, watcher, shot } from './harness.mjs';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const artifacts = path.join(here, 'artifacts');

const GAMES = ['srand', 'zamma', 'surakarta', 'queah', 'towers', 'alquerque', 'lasca', 'bashni'];
const COURSES = ['srand', 'zamma', 'surakarta', 'queah', 'towers'];
// a Srand game of poor moves (each the 7i-th legal move in notation order), for the review
const REVIEWED = ('e4-e5 e6xe4 e3xe5 c5xe3 f2xd4 d6-c5 d4xd6 f6xd4 c3xe5 c6xe6xe4 f4xd4 a5xc3xe3 d2xf4 c5xc3xe5 ' +
  'f5xd5 c7-c6 d5-d6 c6xe6 g1-f2 e7-f6 g5xe7xe5 b8-c7 e2-e3 g7-f6 i5xg7xg5xe7xg7 h7xf7 a3-b4 c7-d6 e5xc7xe7xg7 f8xh6').split(' ');
// a Surakarta game whose fourth move leaves c6, a point past the end of a towers board
const SURAKARTA = ('a2-a3 c5-c4 b2-b3 c6-c5 b1-b2 d5-d4 e2-f3 b5-a4 b3-b4 d4-d3 f2-e3 a4-b3 a1-b1 c4-d4 ' +
  'e3-f4 d4-e3 e1-e2 b6-c6 a3-a4 c5-d4 b1-a1 e6-d5 b2-a2 e5-e6 b4-c3 d4-c5 a4-a3 e3-d4 e2-f2 b3-b2 ' +
  'a2xb2 c5-c4 a3-b4 d6-e5 c1-b1 d5-d6 c2-c1 d4-e3 c1-c2 a6-b5').split(' ');
// the courses as shipped: the tests click their solutions
const course = (game) => JSON.parse(fs.readFileSync(path.join(root, 'crates', 'teach', 'data', 'lessons', `${game}.json`), 'utf8'));
const puzzleSet = (game) => JSON.parse(fs.readFileSync(path.join(root, 'crates', 'teach', 'data', 'puzzles', `${game}.json`), 'utf8'));

/** The points a move's clicks go to: huff, drop, piece, landings. */
function clicksOf(text) {
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
  return clicks;
}

/** The plies played in the lesson step shown. */
const stepPlies = async (page) => Number(await page.getAttribute('section.lesson-step', 'data-plies'));

/** Plays the reader's move `text` in a lesson step by clicking, and waits for the opponent's reply
 *  unless the step is over. */
async function lessonMove(page, text) {
  const before = await stepPlies(page);
  const clicks = clicksOf(text);
  for (const p of clicks) await page.click(`section.lesson-step svg.board [data-point="${p}"]`);
  // a chain that could go on is ended by a second click on its last point
  if ((await stepPlies(page)) === before && (await page.locator('section.lesson-step [data-selected]').count())) {
    await page.click(`section.lesson-step svg.board [data-point="${clicks[clicks.length - 1]}"]`);
  }
  await page.waitForFunction((n) => Number(document.querySelector('section.lesson-step').dataset.plies) > n, before);
  const over = async () => page.locator('section.lesson-step[data-lesson-done], section.lesson-step[data-lesson-failed]').count();
  if (!(await over())) {
    await page.waitForFunction((n) => {
      const s = document.querySelector('section.lesson-step');
      return Number(s.dataset.plies) > n + 1 || s.dataset.lessonDone !== undefined || s.dataset.lessonFailed !== undefined;
    }, before);
  }
}

/** Opens step `n` (from 1) of a course in `page`. */
async function openStep(page, base, game, n) {
  await page.goto(`${base}?lesson=${game}&step=${n}`);
  await page.locator(`main.lesson-page[data-lesson="${game}"][data-step="${n}"] section.lesson-step`).waitFor();
}

/** Opens the rules page of `id` in a new page. */
async function rulesPage(context, watch, base, id) {
  const page = await context.newPage();
  watch(page);
  await page.goto(`${base}?rules=${id}`);
  await page.locator(`main.rules-page[data-rules="${id}"]`).waitFor();
  return page;
}

/** Waits until every demonstration of the page has played its script to the end. */
async function demosPlayed(page) {
  await page.waitForFunction(
    () => [...document.querySelectorAll('figure.demo')].every((f) => f.dataset.ply === f.dataset.plies),
    null,
    { timeout: 30000 },
  );
}

/** Clicks the points of a move on the board inside `scope`. */
async function play(scope, text) {
  for (const p of text.split(/[-x]/)) await scope.locator(`svg.board [data-point="${p}"]`).click();
}

async function main() {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: build the app first (trunk build --release)`);
  }
  fs.mkdirSync(artifacts, { recursive: true });
  const server = await serve(dist);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: browserPath, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, serviceWorkers: 'block' });
  const errors = [];
  const watch = watcher(errors);
  try {
    await check('the picker links to the rules page of the ruleset chosen', async () => {
      const page = await context.newPage();
      watch(page);
      await page.goto(`${base}?ruleset=zamma-1951`);
      await page.locator('svg[data-ruleset="zamma-1951"]').waitFor();
      await page.click('[data-rules-link="zamma-1951"]');
      await page.locator('main.rules-page[data-rules="zamma-1951"]').waitFor();
      equal(await page.getAttribute('[data-reading-link][aria-current="page"]', 'data-reading-link'), 'zamma-1951', 'the reading shown is marked');
      await page.click('[data-play-link]');
      await page.locator('svg[data-ruleset="zamma-1951"]').waitFor();
      await page.close();
    });

    // the eight pages at once, each in its own page: their demonstrations play in parallel
    await check('every game has a rules page: history, sources, readings, and demonstrations that play', async () => {
      await Promise.all(
        GAMES.map(async (game) => {
          const page = await rulesPage(context, watch, base, game);
          equal(await page.locator('[data-rules-problem], [data-demo-error], [data-compare-error]').count(), 0, `${game}: no data problem`);
          truthy((await page.locator('.story p').count()) >= 1, `${game}: its history`);
          truthy((await page.locator('[data-source]').count()) >= 1, `${game}: its sources`);
          truthy((await page.locator('[data-reading-link]').count()) >= 1, `${game}: its readings`);
          const demos = await page.locator('figure.demo').count();
          truthy(demos >= 3, `${game}: ${demos} demonstrations`);
          await demosPlayed(page);
          if (game === 'srand') {
            // the crowning ends on the reply that gives the Mullah its turn: its flights are drawn
            const crowned = page.locator('figure.demo[data-demo="promotion-to-mullah"]');
            equal(await crowned.locator('svg.board .annotation.arrow').evaluateAll((a) => a.map((e) => e.dataset.mark).join(' ')), 'e9>e1 e9>a5', 'the flights drawn at the end');
            await shot(crowned, path.join(artifacts, 'rules-demo-end-marks.png'));
            await crowned.locator('[data-action="demo-back"]').click();
            await page.waitForFunction(() => document.querySelector('figure.demo[data-demo="promotion-to-mullah"]').dataset.ply === '1');
            equal(await crowned.locator('svg.board .annotation').count(), 0, 'no marks on the move between');
          }
          if (game === 'surakarta') {
            // the Olympiad's reading ends the game at the position compared: no move, and why
            const none = await page.locator('[data-reading="surakarta-olympiad"] [data-no-moves]').textContent();
            truthy(none.startsWith('None: the game is over here (draw'), `the Olympiad's moves: ${none}`);
          }
          await shot(page, path.join(artifacts, `rules-${game}.png`), { fullPage: true });
          await page.close();
        }),
      );
    });

    await check('a try refused on a demonstration is explained on its board, and the move shown accepted', async () => {
      const page = await rulesPage(context, watch, base, 'zamma');
      const demo = page.locator('figure.demo[data-demo="take-the-most"]');
      await demo.locator('[data-action="try-it"]').check();
      equal(await demo.getAttribute('data-trying'), '', 'the reader has the board');
      equal(await demo.getAttribute('data-ply'), '0', 'at the demonstration\'s start');
      // the single capture, where the majority rule asks for the chain of three
      await demo.locator('svg.board [data-point="g7"]').click();
      await demo.locator('.notice[data-refusal="majority"]').waitFor();
      truthy((await demo.locator('svg.board [data-why="longest"]').count()) >= 1, 'the piece with the longest chain is marked');
      equal(await demo.locator('svg.board .why-count').first().textContent(), '3', 'the chain drawn with its count');
      await shot(demo, path.join(artifacts, 'rules-try-refused.png'));
      await play(demo, 'h6xf6xd4xd6');
      await page.waitForFunction(() => document.querySelector('figure.demo[data-demo="take-the-most"]').dataset.tried === 'shown');
      // switching back gives the demonstration again
      await demo.locator('[data-action="try-it"]').uncheck();
      equal(await demo.getAttribute('data-trying'), null, 'back to the demonstration');
      await page.close();
    });

    await check('the comparison of zamma and zamma-immediate shows the move only one of them allows', async () => {
      const page = await rulesPage(context, watch, base, 'zamma-immediate');
      const cmp = page.locator('section.compare[data-compare="zamma zamma-immediate"]');
      await cmp.waitFor();
      const only = async (id) => cmp.locator(`[data-reading="${id}"] li[data-only="${id}"]`).allTextContents();
      const [a, b] = [await only('zamma'), await only('zamma-immediate')];
      truthy(a.length + b.length >= 1, `a move only one reading allows: ${JSON.stringify([a, b])}`);
      const list = async (id) => cmp.locator(`[data-reading="${id}"] li[data-move]`).allTextContents();
      const [la, lb] = [await list('zamma'), await list('zamma-immediate')];
      for (const m of a) truthy(!lb.includes(m), `${m} is not among zamma-immediate's moves`);
      for (const m of b) truthy(!la.includes(m), `${m} is not among zamma's moves`);
      truthy((await cmp.locator('.sentence').textContent()).length > 20, 'the sentence of the rule');
      truthy((await cmp.locator('svg.board .annotation').count()) >= 1, 'the differing moves drawn');
      await shot(cmp, path.join(artifacts, 'rules-compare-zamma.png'));
      await page.close();
    });

    await check('a rules address that names no ruleset is named, with the games to choose from', async () => {
      const page = await context.newPage();
      watch(page);
      await page.goto(`${base}?rules=chess`);
      const problem = await page.locator('[data-rules-problem]').textContent();
      truthy(problem.includes("'chess'"), problem);
      equal(await page.locator('[data-rules-game]').count(), GAMES.length, 'every game offered');
      await page.click('[data-rules-game="queah"]');
      await page.locator('main.rules-page[data-rules="queah"]').waitFor();
      await page.close();
    });

    // every course at once, each in its own page: every step solved by its solution
    await check('every lesson step is solved by clicking its solution, and its stars are kept over a reload', async () => {
      await Promise.all(
        COURSES.map(async (game) => {
          // a context of its own: the courses' progress is one local-storage value, written by
          // each page in turn
          const own = await browser.newContext({ viewport: { width: 1100, height: 900 }, serviceWorkers: 'block' });
          const page = await own.newPage();
          watch(page);
          const { steps } = course(game);
          truthy(steps.length >= 8, `${game}: ${steps.length} steps`);
          for (const [i, step] of steps.entries()) {
            const n = i + 1;
            await openStep(page, base, game, n);
            equal(await page.textContent('[data-lesson-goal]'), step.goal_text, `${game} ${n}: the goal line`);
            for (let k = 0; k < step.solution.length; k += 2) await lessonMove(page, step.solution[k]);
            await page.locator('section.lesson-step[data-lesson-done]').waitFor();
            equal(await page.getAttribute('section.lesson-step', 'data-stars'), '3', `${game} ${n}: three stars`);
            // kept: the course beside the step shows them
            await page.locator(`aside li[data-course-step="${n}"][data-stars="3"]`).waitFor();
            if (n === 1) await shot(page, path.join(artifacts, `lesson-${game}-done.png`));
          }
          // the course remembers, after a reload
          await page.goto(`${base}?lesson=${game}`);
          await page.reload();
          await page.locator('ol.course').waitFor();
          equal(await page.locator('li[data-course-step][data-stars="3"]').count(), steps.length, `${game}: every step's stars kept`);
          await shot(page, path.join(artifacts, `lesson-${game}-course.png`));
          await own.close();
        }),
      );
    });

    await check('a hint costs a star, and a wrong move fails its step', async () => {
      const page = await context.newPage();
      watch(page);
      const { steps } = course('towers');
      const n = steps.findIndex((s) => s.hints.length >= 1) + 1;
      await openStep(page, base, 'towers', n);
      await page.click('[data-action="hint"]');
      equal(await page.textContent('[data-hint="1"]'), steps[n - 1].hints[0], 'the first hint');
      for (let k = 0; k < steps[n - 1].solution.length; k += 2) await lessonMove(page, steps[n - 1].solution[k]);
      await page.locator('section.lesson-step[data-lesson-done]').waitFor();
      equal(await page.getAttribute('section.lesson-step', 'data-stars'), '2', 'two stars with a hint');
      // a step whose goal is one move: any other legal move fails it
      const all = COURSES.flatMap((g) => course(g).steps.map((s, i) => [g, i + 1, s]));
      const [g, m, step] = all.find(([, , s]) => s.goal.goal === 'play' && s.wrong);
      await openStep(page, base, g, m);
      await lessonMove(page, step.wrong);
      await page.locator('section.lesson-step[data-lesson-failed]').waitFor();
      equal(await page.textContent('.verdict.failed p'), step.failure, 'the failure message');
      await page.click('[data-action="lesson-restart"]');
      equal(await stepPlies(page), 0, 'the step starts again');
      await page.close();
    });

    await check('a Srand lesson refuses a step where a capture is compulsory, marking the pieces that could capture', async () => {
      const page = await context.newPage();
      watch(page);
      const { steps } = course('srand');
      const n = steps.findIndex((s) => s.refused?.kind === 'capture-compulsory') + 1;
      truthy(n > 0, 'a step names its refused try');
      await openStep(page, base, 'srand', n);
      // the piece of the refused try: the page refuses it at once, saying why
      await page.click(`section.lesson-step svg.board [data-point="${clicksOf(steps[n - 1].refused.move)[0]}"]`);
      await page.locator('section.lesson-step .notice[data-refusal="capture-compulsory"]').waitFor();
      truthy((await page.locator('section.lesson-step svg.board [data-why="capturer"]').count()) >= 1, 'the pieces that could capture are marked');
      equal(await stepPlies(page), 0, 'nothing was played');
      await shot(page.locator('section.lesson-step'), path.join(artifacts, 'lesson-srand-refused.png'));
      await page.close();
    });

    await check('a Zamma lesson refuses a short capture with the majority marks', async () => {
      const page = await context.newPage();
      watch(page);
      const { steps } = course('zamma');
      const n = steps.findIndex((s) => s.refused?.kind === 'majority') + 1;
      truthy(n > 0, 'a step names its refused try');
      await openStep(page, base, 'zamma', n);
      // the piece of the refused try: the page refuses it at once, saying why
      await page.click(`section.lesson-step svg.board [data-point="${clicksOf(steps[n - 1].refused.move)[0]}"]`);
      await page.locator('section.lesson-step .notice[data-refusal="majority"]').waitFor();
      truthy((await page.locator('section.lesson-step svg.board [data-why="longest"]').count()) >= 1, 'the pieces with the longest chains are marked');
      truthy((await page.locator('section.lesson-step svg.board .why-count').count()) >= 1, 'the chains drawn with their count');
      await shot(page.locator('section.lesson-step'), path.join(artifacts, 'lesson-zamma-majority.png'));
      await page.close();
    });

    /** Plays the reader's move `text` in the puzzle shown, and waits for the reply if one is due. */
    async function puzzleMove(page, text, reply) {
      const plies = async () => Number(await page.getAttribute('section.puzzle', 'data-plies'));
      const before = await plies();
      const clicks = clicksOf(text);
      for (const p of clicks) await page.click(`section.puzzle svg.board [data-point="${p}"]`);
      if ((await plies()) === before && (await page.locator('section.puzzle [data-selected]').count())) {
        await page.click(`section.puzzle svg.board [data-point="${clicks[clicks.length - 1]}"]`);
      }
      await page.waitForFunction((n) => Number(document.querySelector('section.puzzle').dataset.plies) >= n, before + (reply ? 2 : 1));
    }

    await check('a puzzle solved, and a puzzle failed with its refutation drawn; the results kept', async () => {
      const page = await context.newPage();
      watch(page);
      const { puzzles } = puzzleSet('srand');
      truthy(puzzles.length >= 60, `${puzzles.length} Srand puzzles`);
      await page.goto(`${base}?puzzle=srand`);
      await page.locator('main.puzzle-page[data-n="1"] section.puzzle').waitFor();
      const [one, two] = puzzles;
      equal(await page.getAttribute('section.puzzle', 'data-id'), one.id, 'the easiest first');
      for (let k = 0; k < one.solution.length; k += 2) await puzzleMove(page, one.solution[k], k + 1 < one.solution.length);
      await page.locator('section.puzzle[data-solved]').waitFor();
      equal(await page.getAttribute(`li[data-puzzle-id="${one.id}"]`, 'data-result'), 'solved', 'kept as solved');
      await shot(page, path.join(artifacts, 'puzzle-solved.png'));
      // the next visit shows the next puzzle; a wrong first move is refuted on the board
      await page.goto(`${base}?puzzle=srand`);
      await page.locator('main.puzzle-page[data-n="2"] section.puzzle').waitFor();
      const [wrong, refutation] = Object.entries(two.refutations).find(([, r]) => r.length > 0);
      await puzzleMove(page, wrong, true);
      await page.locator('section.puzzle[data-refuted]').waitFor();
      truthy((await page.textContent('.puzzle-message')).includes(`Not ${wrong}`), await page.textContent('.puzzle-message'));
      truthy((await page.textContent('.puzzle-message')).includes(refutation[0]), 'the refutation named');
      truthy((await page.locator('section.puzzle svg.board .annotation').count()) >= 1, 'the refutation drawn');
      await shot(page, path.join(artifacts, 'puzzle-refuted.png'));
      equal(await page.getAttribute(`li[data-puzzle-id="${two.id}"]`, 'data-result'), 'failed', 'kept as failed');
      // tried again and solved: the first result stands
      await page.click('[data-action="puzzle-retry"]');
      equal(await page.getAttribute('section.puzzle', 'data-plies'), '0', 'the position set up anew');
      for (let k = 0; k < two.solution.length; k += 2) await puzzleMove(page, two.solution[k], k + 1 < two.solution.length);
      await page.locator('section.puzzle[data-solved]').waitFor();
      await page.reload();
      await page.locator('main.puzzle-page[data-n="3"]').waitFor();
      equal(await page.getAttribute(`li[data-puzzle-id="${two.id}"]`, 'data-result'), 'failed', 'the first result stands');
      await page.close();
    });

    // by its id, a puzzle that stands at another place than its number says; and bad ids, each
    // in its own page, in parallel
    await check('a puzzle opened by its id is that puzzle, links go by id, and a bad id is named', async () => {
      const { puzzles, last_id: last } = puzzleSet('srand');
      const place = puzzles.findIndex((p, i) => i > 0 && Number(p.id.slice('srand-'.length)) !== i + 1);
      truthy(place > 0, 'a puzzle whose id is not its place');
      const wanted = puzzles[place];
      const held = new Set(puzzles.map((p) => p.id));
      const dropped = Array.from({ length: last }, (_, i) => `srand-${String(i + 1).padStart(3, '0')}`).find((id) => !held.has(id));
      truthy(dropped, 'an id the set no longer holds');
      const opened = async () => {
        const page = await context.newPage();
        watch(page);
        await page.goto(`${base}?puzzle=srand&id=${wanted.id}`);
        await page.locator(`main.puzzle-page section.puzzle[data-id="${wanted.id}"]`).waitFor();
        equal(await page.getAttribute('main.puzzle-page', 'data-n'), String(place + 1), 'shown at its place');
        equal(await page.getAttribute('li.current', 'data-puzzle-id'), wanted.id, 'marked in the list');
        equal(await page.locator('[data-puzzle-problem]').count(), 0, 'no problem');
        equal(await page.getAttribute(`li[data-puzzle-id="${puzzles[0].id}"] a`, 'href'), `?puzzle=srand&id=${puzzles[0].id}`, 'the list links by id');
        await shot(page, path.join(artifacts, 'puzzle-by-id.png'));
        for (let k = 0; k < wanted.solution.length; k += 2) await puzzleMove(page, wanted.solution[k], k + 1 < wanted.solution.length);
        await page.locator('section.puzzle[data-solved]').waitFor();
        equal(await page.getAttribute('[data-action="next-puzzle"]', 'href'), `?puzzle=srand&id=${puzzles[place + 1].id}`, 'Next puzzle by id');
        await page.close();
      };
      const refused = async ([query, says]) => {
        const page = await context.newPage();
        watch(page);
        await page.goto(`${base}?puzzle=srand&${query}`);
        const problem = await page.locator('[data-puzzle-problem]').textContent();
        truthy(problem.includes(says), `${query}: ${problem}`);
        equal(await page.locator('section.puzzle').count(), 0, `${query}: no puzzle shown`);
        truthy((await page.locator('[data-puzzle-game]').count()) >= 5, `${query}: the games with puzzles offered`);
        await page.close();
      };
      await Promise.all([
        opened(),
        ...[
          [`id=${dropped}`, `no puzzle ${dropped}`],
          ['id=zamma-001', 'of Zamma, not of Srand'],
          ['id=srand-8', "id 'srand-8' is not a puzzle id"],
          [`id=${wanted.id}&n=${place + 1}`, 'both id= and n='],
        ].map(refused),
      ]);
    });

    /** A new page with the game `moves` of `ruleset` pasted in as a record, its review started. */
    const reviewing = async (ruleset, moves, ...watchers) => {
      const page = await context.newPage();
      for (const w of [watch, ...watchers]) w(page);
      await page.goto(`${base}?ruleset=${ruleset}`);
      await page.locator(`svg[data-ruleset="${ruleset}"]`).waitFor();
      await page.click('.records summary');
      await page.fill('[data-import-text]', `[Ruleset "${ruleset}"]\n\n${moves.join(' ')}`);
      await page.click('[data-action="import-paste"]');
      await page.locator(`[data-ply="${moves.length}"]`).waitFor();
      await page.click('details.review summary');
      await page.click('[data-action="review"]');
      return page;
    };

    // a game of poor moves (each the 7i-th legal one, a plain record pasted in)
    await check('a review runs the engine over the game: progress, chart, marked moves with the better move drawn', async () => {
      const page = await reviewing('srand', REVIEWED);
      await page.locator('details.review[data-reviewed]').waitFor({ timeout: 60000 });
      const bar = page.locator('[data-review-progress]');
      equal(await bar.getAttribute('value'), await bar.getAttribute('max'), 'the progress bar full');
      equal(Number(await bar.getAttribute('max')), REVIEWED.length + 1, 'every position analysed');
      equal(await page.locator('svg.review-chart rect[data-review-ply]').count(), REVIEWED.length + 1, 'a strip a position');
      const flags = page.locator('li[data-review-flag]');
      truthy((await flags.count()) >= 1, 'poor moves are marked');
      const kinds = await flags.evaluateAll((els) => els.map((e) => e.dataset.reviewFlag));
      truthy(kinds.every((k) => ['inaccuracy', 'mistake', 'blunder'].includes(k)), kinds.join());
      const ply = Number(await flags.first().getAttribute('data-review-ply'));
      await flags.first().click();
      await page.locator('svg.board .annotation').first().waitFor();
      const shown = ply - 1 === 0 ? '[data-start][aria-current]' : `[data-ply="${ply - 1}"][aria-current]`;
      equal(await page.locator(shown).count(), 1, `the position before the marked move (ply ${ply - 1}) shown`);
      await shot(page, path.join(artifacts, 'review.png'));
      // the chart goes to the ply clicked (the last), and the better move's drawing goes
      await page.click(`svg.review-chart rect[data-review-ply="${REVIEWED.length}"]`);
      await page.locator(`[data-ply="${REVIEWED.length}"][aria-current]`).waitFor();
      equal(await page.locator('svg.board .annotation').count(), 0, 'no drawing at another ply');
      await page.close();
    });

    // a review under way when another game is opened stops there: the worker's answers to come
    // belong to the game reviewed, whose moves do not fit the new game's board
    await check('a review stops when another game is opened under it, and says so', async () => {
      const mine = [];
      const page = await reviewing('surakarta', SURAKARTA, watcher(mine));
      const progress = page.locator('[data-review-progress]');
      await progress.waitFor();
      await page.fill('[data-import-text]', '[Ruleset "towers"]\n\nb2-c3');
      // the review was still under way when the other game came (else this test shows nothing)
      truthy(Number(await progress.getAttribute('value')) < SURAKARTA.length, 'the review under way');
      await page.click('[data-action="import-paste"]');
      await page.locator('svg[data-ruleset="towers"]').waitFor();
      const review = page.locator('details.review');
      await review.getByText('The game has changed since the review').waitFor();
      // long enough for several of the review's answers (80,000 nodes each) to have come
      await page.waitForTimeout(2000);
      equal(mine.length, 0, `no error on the page: ${mine.join('; ')}`);
      equal(await page.locator('[data-review-progress]').count(), 0, 'no progress of the old review');
      equal(await review.locator('[data-action="review"]').textContent(), 'Review the game', 'the button offers a review of the game shown');
      await shot(page, path.join(artifacts, 'review-stopped.png'));
      await page.click('[data-action="review"]');
      await page.locator('details.review[data-reviewed]').waitFor({ timeout: 30000 });
      equal(Number(await page.locator('[data-review-progress]').getAttribute('max')), 2, 'the towers game reviewed: its two positions');
      await page.close();
    });

    await check('no console errors', async () => {
      equal(errors.length, 0, errors.join('\n'));
    });
  } finally {
    await browser.close();
    server.close();
  }
}

run(main);
