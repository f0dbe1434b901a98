// postgres.js 3.4.9 (the latest) can end the whole process when a connection closes in the middle of a
// transaction: its ROLLBACK is written to the closed connection, and the TypeError is thrown from a timer
// (porsager/postgres #1066, #1154, #1208: a backend ended by pg_terminate_backend, a connection cut under
// traffic). patches/postgres+3.4.9.patch holds the guard proposed upstream (pull requests #1168 and
// #1209), applied by patch-package at every install (package.json, postinstall). An install that skipped it
// (`npm ci --ignore-scripts`, a node_modules copied from elsewhere) would serve until the first lost
// connection and then die, so a server refuses to start on one, and says how to mend it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** A line the patch adds to both builds of postgres.js's connection.js. */
const GUARD = 'if (!socket) return (chunk = nextWriteTimer = null';

let checked = false;

export function assertPostgresPatched(): void {
  if (checked) return;
  // The package's CommonJS entry is <root>/cjs/src/index.js; its ES module build is <root>/src.
  const root = path.resolve(path.dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..');
  for (const build of ['src', path.join('cjs', 'src')]) {
    const file = path.join(root, build, 'connection.js');
    if (!readFileSync(file, 'utf8').includes(GUARD)) {
      throw new Error(
        `postgres.js at ${root} lacks the fix of patches/postgres+3.4.9.patch (a lost connection would end ` +
          'the process): install with its scripts, `npm ci`, which applies it (patch-package)',
      );
    }
  }
  checked = true;
}
