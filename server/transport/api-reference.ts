// The API reference at /api/docs: Swagger UI's page over /api/openapi.json, its two assets read from the
// swagger-ui-dist package, nothing else.
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { notFound, problemOf } from '../errors';
import { sendProblem } from './answers';

const swaggerDir = path.join(process.cwd(), 'node_modules', 'swagger-ui-dist');
const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference · BPM Admin Console</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/icon.svg">
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui', deepLinking: true, persistAuthorization: true });`;
const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css',
  'swagger-ui-bundle.js': 'text/javascript',
};

/** The page (`name` empty), its script, or one of the two assets; anything else is a 404. */
export async function sendApiReference(res: ServerResponse, name: string): Promise<void> {
  if (name === '' || name === 'init.js') {
    res.setHeader('Content-Type', name ? 'text/javascript' : 'text/html; charset=utf-8');
    res.end(name ? DOCS_INIT : DOCS_HTML);
    return;
  }
  const type = DOCS_ASSETS[name];
  if (!type) return sendProblem(res, problemOf(notFound('File', name), ''));
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.end(await readFile(path.join(swaggerDir, name)));
}
