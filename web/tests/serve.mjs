// A tiny static server for the browser tests: files of DIR on 127.0.0.1, index.html for any path
// that is not a file (as a static host serving a single-page app would).
//
//   node web/tests/serve.mjs DIR [PORT]   prints `listening PORT` once it serves
//
// e2e.mjs imports `serve`; offline.mjs runs this file as its own process, so that stopping the
// server is stopping a process (nothing left for a service worker's fetches to reach).

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Serves `dir` on 127.0.0.1:`port` (0: any free port); resolves to the listening server. */
export function serve(dir, port = 0) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) file = path.join(dir, 'index.html');
    // as a static host would: the files Trunk names by their hash never change, the others may
    const hashed = /-[0-9a-f]{16}(_bg)?\.(js|wasm|css)$/.test(file);
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serve(path.resolve(process.argv[2] ?? 'dist'), Number(process.argv[3] ?? 0));
  console.log(`listening ${server.address().port}`);
}
