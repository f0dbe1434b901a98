// `npm run build` (after `next build`): compiles the process entry server/http.ts and everything it imports
// from this repository into plain JavaScript in dist/server/, so that production (`npm start`) starts Node
// on JavaScript instead of transpiling TypeScript at every start (tsx). Packages stay in node_modules
// (external), as Next's own server build keeps them (next.config.mjs serverExternalPackages): the process and
// Next's routes load the same postgres, pino and prom-client. Code splitting keeps every `await import()` of
// server/http.ts a separate module loaded when the import runs, so the order in which modules first run is
// the same as under tsx (next-auth's modules only after Next is prepared: docs/decisions/0001-thin-node-server.md).
// Usage: node scripts/build-server.mjs [outdir]   (default dist/server)
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';

const outdir = path.resolve(process.argv[2] ?? 'dist/server');
const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  // The notification deliverer's thread is a module of its own (server/runtime/run-deliverer-thread.ts starts it).
  entryPoints: { http: 'server/http.ts', 'deliverer-thread': 'server/deliverer-thread.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  // Stack traces in the logs name the TypeScript files and lines.
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.mjs'));
console.log(
  `server: ${path.relative(process.cwd(), outdir)}/http.mjs, deliverer-thread.mjs and ${files.length - 2} chunks ` +
    `in ${Math.round(performance.now() - started)} ms`,
);
