// A browser application on another origin calling the REST API with its own bearer token, in Chromium:
// the origin configured for the e2e server (CORS_ORIGINS, playwright.config.ts) reads the answers, after
// a real preflight; any other origin's script gets nothing, and no origin can use the console's cookie.
import http from 'node:http';
import { BASE_URL, PORT, expect, getAccessToken, test } from './support';
import { signInAsAdmin } from './admin-support';

/** PORT + 2 serves the allowed application (see playwright.config.ts); PORT + 3 one that is not. */
const APP_PORT = PORT + 2;
const STRANGER_PORT = PORT + 3;
let servers: http.Server[] = [];
let token = '';

/** A page whose script calls the API as a single-page application would, and writes down what it got. */
const callerPage = (withToken: boolean, credentials: 'omit' | 'include') => `<!doctype html><title>app</title>
<pre id="out">pending</pre>
<script>
  fetch(${JSON.stringify(`${BASE_URL}/api/incidents/summary`)}, {
    method: 'GET',
    credentials: '${credentials}',
    headers: ${withToken ? JSON.stringify({ Authorization: `Bearer ${token}` }) : '{}'},
  }).then(
    async (res) => { document.getElementById('out').textContent = res.status + ' ' + res.headers.get('x-request-id') + ' ' + (await res.text()); },
    (error) => { document.getElementById('out').textContent = 'failed: ' + error.name; },
  );
</script>`;

test.beforeAll(async ({ request }) => {
  token = await getAccessToken(request);
  servers = await Promise.all(
    [APP_PORT, STRANGER_PORT].map(
      (port) =>
        new Promise<http.Server>((resolve) => {
          const server = http.createServer((req, res) => {
            const url = new URL(req.url ?? '/', 'http://x');
            res.writeHead(url.pathname === '/favicon.ico' ? 204 : 200, {
              'Content-Type': 'text/html; charset=utf-8',
            });
            res.end(
              url.pathname === '/favicon.ico'
                ? ''
                : callerPage(
                    url.searchParams.get('token') === '1',
                    url.searchParams.get('cookies') === '1' ? 'include' : 'omit',
                  ),
            );
          });
          server.listen(port, '0.0.0.0', () => resolve(server));
        }),
    ),
  );
});

test.afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

const out = (page: import('@playwright/test').Page) => page.locator('#out');

test('the configured origin reads the API with its bearer token, after a preflight', async ({ page }) => {
  // The Authorization header makes Chromium ask first (a preflight): only its 204 lets the GET go.
  await page.goto(`http://localhost:${APP_PORT}/?token=1`);
  await expect(out(page)).toHaveText(/^200 [0-9a-f-]{36} \{/);
  expect(JSON.parse((await out(page).textContent())!.replace(/^200 \S+ /, ''))).toHaveProperty(
    'openIncidents',
  );
});

test('another origin gets nothing, with or without a token', async ({ page, consoleGuard }) => {
  // Chromium logs the refusal twice: the CORS verdict and the failed load.
  consoleGuard.allow(/blocked by CORS policy/);
  consoleGuard.allow(/Failed to load resource/);
  await page.goto(`http://localhost:${STRANGER_PORT}/?token=1`);
  await expect(out(page)).toHaveText('failed: TypeError');
});

test("the configured origin cannot ride the console's session cookie", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/blocked by CORS policy/);
  consoleGuard.allow(/Failed to load resource: net::ERR_FAILED/);
  consoleGuard.allow(/status of 401/);
  await signInAsAdmin(page);
  // With the browser's cookies and no token: REST never counts the cookie, and no credentials mode is offered.
  await page.goto(`http://localhost:${APP_PORT}/?cookies=1`);
  await expect(out(page)).toHaveText('failed: TypeError');
  // Without credentials mode and without a token, the answer is readable and says 401.
  await page.goto(`http://localhost:${APP_PORT}/`);
  await expect(out(page)).toHaveText(/^401 /);
});
