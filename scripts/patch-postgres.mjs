// Mends a crash of postgres.js 3.4.9 (run after every install; idempotent). When a connection closes in the
// middle of a transaction, its ROLLBACK is written to the closed connection: the write is scheduled with
// setImmediate and runs against a null socket, and the TypeError it throws ends the whole process
// (porsager/postgres issues #1066, #1154, #1208; the guard proposed in pull requests #1168 and #1209).
// Seen here with pg_terminate_backend and with connections cut under traffic. The mend: a write with no
// socket fails its query as CONNECTION_CLOSED, and a close forgets a scheduled write.
// Likewise a connection lost while it reads the array types (its first query) rejected a promise nobody
// awaited, which also ends the process; the query waiting on that connection fails on its own already.
// And each query made two closures of its own (its `resolve` and `reject`), which V8 allocates in the old
// generation. Dead at once, they stay there until the next mark-compact, and until then each kept the young
// rest of its query alive through every scavenge (the promise, its callbacks, the result and its rows): a
// loop of queries promoted 1.1 MB per scavenge (docs/performance.md, "Sixteenth pass"). The mend: a query
// keeps its promise's two functions and settles through methods.
// Files are replaced, not edited in place: node_modules may be hard-linked to other checkouts.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CONNECTION_MARK = '/* bpm: guarded nextWrite */';
const QUERY_MARK = '/* bpm: settled through methods */';
const patches = [
  {
    file: 'connection.js',
    mark: CONNECTION_MARK,
    edits: [
      [
        '  function nextWrite(fn) {\n',
        `  function nextWrite(fn) { ${CONNECTION_MARK}\n` +
          "    if (!socket) return (chunk = nextWriteTimer = null, error(Errors.connection('CONNECTION_CLOSED', options)), false)\n",
      ],
      [
        '    idleTimer.cancel()\n    lifeTimer.cancel()\n    connectTimer.cancel()\n',
        '    idleTimer.cancel()\n    lifeTimer.cancel()\n    connectTimer.cancel()\n    chunk = nextWriteTimer = null\n',
      ],
      ['        return fetchArrayTypes()\n', '        return fetchArrayTypes().catch(() => {})\n'],
    ],
  },
  {
    file: 'query.js',
    mark: QUERY_MARK,
    edits: [
      [
        '    this.resolve = x => (this.active = false, resolve(x))\n    this.reject = x => (this.active = false, reject(x))\n',
        `    this.resolvePromise = resolve ${QUERY_MARK}\n    this.rejectPromise = reject\n`,
      ],
      [
        '  static get [Symbol.species]() {\n',
        '  resolve(x) {\n    this.active = false\n    return this.resolvePromise(x)\n  }\n\n' +
          '  reject(x) {\n    this.active = false\n    return this.rejectPromise(x)\n  }\n\n' +
          '  static get [Symbol.species]() {\n',
      ],
    ],
  },
];

const root = path.join(import.meta.dirname, '..', 'node_modules', 'postgres');
for (const { file: name, mark, edits } of patches) {
  for (const file of [`src/${name}`, `cjs/src/${name}`].map((f) => path.join(root, f))) {
    if (!existsSync(file)) continue;
    let text = readFileSync(file, 'utf8');
    if (text.includes(mark)) continue;
    for (const [from, to] of edits) {
      if (!text.includes(from))
        throw new Error(`patch-postgres: ${file} is not the expected postgres.js 3.4.x`);
      text = text.replace(from, to);
    }
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
    console.log(`patch-postgres: mended ${path.relative(process.cwd(), file)}`);
  }
}
