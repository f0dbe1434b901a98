// Mends a crash of postgres.js 3.4.9 (run after every install; idempotent). When a connection closes in the
// middle of a transaction, its ROLLBACK is written to the closed connection: the write is scheduled with
// setImmediate and runs against a null socket, and the TypeError it throws ends the whole process
// (porsager/postgres issues #1066, #1154, #1208; the guard proposed in pull requests #1168 and #1209).
// Seen here with pg_terminate_backend and with connections cut under traffic. The mend: a write with no
// socket fails its query as CONNECTION_CLOSED, and a close forgets a scheduled write.
// Likewise a connection lost while it reads the array types (its first query) rejected a promise nobody
// awaited, which also ends the process; the query waiting on that connection fails on its own already.
// Files are replaced, not edited in place: node_modules may be hard-linked to other checkouts.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MARK = '/* bpm: guarded nextWrite */';
const edits = [
  [
    '  function nextWrite(fn) {\n',
    `  function nextWrite(fn) { ${MARK}\n` +
      "    if (!socket) return (chunk = nextWriteTimer = null, error(Errors.connection('CONNECTION_CLOSED', options)), false)\n",
  ],
  [
    '    idleTimer.cancel()\n    lifeTimer.cancel()\n    connectTimer.cancel()\n',
    '    idleTimer.cancel()\n    lifeTimer.cancel()\n    connectTimer.cancel()\n    chunk = nextWriteTimer = null\n',
  ],
  ['        return fetchArrayTypes()\n', '        return fetchArrayTypes().catch(() => {})\n'],
];

const root = path.join(import.meta.dirname, '..', 'node_modules', 'postgres');
for (const file of ['src/connection.js', 'cjs/src/connection.js'].map((f) => path.join(root, f))) {
  if (!existsSync(file)) continue;
  let text = readFileSync(file, 'utf8');
  if (text.includes(MARK)) continue;
  for (const [from, to] of edits) {
    if (!text.includes(from))
      throw new Error(`patch-postgres: ${file} is not the expected postgres.js 3.4.x`);
    text = text.replace(from, to);
  }
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
  console.log(`patch-postgres: mended ${path.relative(process.cwd(), file)}`);
}
