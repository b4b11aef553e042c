// What the browser test scripts share: Debian Chromium's flags, the checks and their libtest-style
// summary line (`test result: ok. N passed; M failed; ...`), which `cargo xtask test` adds up.

export const browserPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let passed = 0;
let failed = 0;
const took = [];

/** Runs one named test, printing `test NAME ... ok` or `... FAILED` with the reason. */
export async function check(name, f) {
  const start = Date.now();
  try {
    await f();
    took.push([Date.now() - start, name]);
    passed += 1;
    console.log(`test ${name} ... ok`);
  } catch (e) {
    failed += 1;
    console.log(`test ${name} ... FAILED\n    ${String(e?.message ?? e).split('\n').join('\n    ')}`);
  }
}

export function equal(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

export function truthy(v, what) {
  if (!v) throw new Error(what);
}

/** Waits until every move's glide and every fading capture has ended, in the page and in each of
 *  its frames (embeds), so that a screenshot shows the board at rest, not a piece between
 *  points. */
export async function settled(page) {
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    // polled by time: a frame out of view gets no animation frames
    await frame.waitForFunction(() => {
      const gliding = [...document.querySelectorAll('animateMotion.glide')].some((a) => {
        // a glide never begun has no start time, and throws
        try {
          return a.ownerSVGElement.getCurrentTime() < a.getStartTime() + a.getSimpleDuration();
        } catch {
          return false;
        }
      });
      const fading = document.getAnimations().some((a) =>
        a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      return !gliding && !fading;
    }, null, { polling: 50 }).catch((e) => {
      // a frame taken out of the page meanwhile (a preview rebuilt) has nothing to show
      if (!frame.isDetached()) throw e;
    });
  }
}

/** A screenshot of `target` (a page or a locator) once its boards are at rest, into `file`. */
export async function shot(target, file, options = {}) {
  await settled(typeof target.page === 'function' ? target.page() : target);
  await target.screenshot({ path: file, ...options });
}

/** A function that makes a page report its console errors and uncaught exceptions into `errors`
 *  (checked by a test of their own at the end) and sets its default time-out. */
export function watcher(errors, timeout = 10000) {
  return (page) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.setDefaultTimeout(timeout);
  };
}

/** Runs `main`, then prints the slowest tests and the summary line and exits with its verdict. */
export async function run(main) {
  try {
    await main();
  } catch (e) {
    failed += 1;
    console.log(`test setup ... FAILED\n    ${e?.stack ?? e}`);
  }
  took.sort((a, b) => b[0] - a[0]);
  console.log(`\nslowest: ${took.slice(0, 5).map(([ms, n]) => `${(ms / 1000).toFixed(1)} s ${n}`).join('; ')}`);
  const verdict = failed === 0 ? 'ok' : 'FAILED';
  console.log(`\ntest result: ${verdict}. ${passed} passed; ${failed} failed; 0 ignored; 0 measured; 0 filtered out`);
  process.exit(failed === 0 ? 0 : 1);
}
