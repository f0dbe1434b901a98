// The dashboard at /: counts that match the REST API and link to the board, the chart of incidents per day,
// the top failing nodes, mean response times, live refresh, the empty and failure states, the keyboard
// path past the shell, the layout from phone to wide screen, and the page-not-found page.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatDuration } from '../components/dashboard/format';
import { expect, getAccessToken, shot, signInAsAdmin, test } from './support';

type Summary = {
  openIncidents: number;
  criticalIncidents: number;
  acknowledgedIncidents: number;
  incidentsCreatedToday: number;
};
type Stats = {
  days: number;
  perDay: { day: string; LOW: number; MEDIUM: number; HIGH: number; CRITICAL: number }[];
  topNodes: { nodeId: string; incidents: number; unresolved: number }[];
  meanSecondsToAcknowledge: number | null;
  meanSecondsToResolve: number | null;
};
type Severity = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';

/** The incident API as the e2e administrator. */
async function incidentApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await getAccessToken(request)}` };
  let n = 0;
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  return {
    tag,
    async report(kind: string, nodeId: string, severity: Severity): Promise<{ id: number }> {
      n += 1;
      const res = await request.post('/api/incidents', {
        headers,
        data: {
          processInstanceId: 900_000 + Math.floor(Math.random() * 99_999),
          nodeId,
          source: 'PROCESS_ENGINE',
          severity,
          message: `Dashboard e2e ${kind} ${n}: the service task failed`,
          externalReferenceId: `${kind}-${tag}:${n}`,
        },
      });
      expect(res.status(), `POST /api/incidents: ${await res.text()}`).toBe(200);
      return (await res.json()) as { id: number };
    },
    async acknowledge(id: number): Promise<void> {
      const res = await request.post(`/api/incidents/${id}/acknowledge`, { headers, data: {} });
      expect(res.status(), `acknowledge ${id}: ${await res.text()}`).toBe(200);
    },
    async summary(): Promise<Summary> {
      const res = await request.get('/api/incidents/summary', { headers });
      expect(res.status()).toBe(200);
      return (await res.json()) as Summary;
    },
    async stats(): Promise<Stats> {
      const res = await request.get('/api/incidents/stats?days=30', { headers });
      expect(res.status()).toBe(200);
      return (await res.json()) as Stats;
    },
  };
}

const card = (page: Page, label: string): Locator =>
  page.getByRole('link', { name: new RegExp(`^${label}\\b`) });

/** Each count card shows exactly the API's number. */
async function expectCounts(page: Page, summary: Summary): Promise<void> {
  const expected: [string, number][] = [
    ['Open', summary.openIncidents],
    ['Critical', summary.criticalIncidents],
    ['Acknowledged', summary.acknowledgedIncidents],
    ['Created today', summary.incidentsCreatedToday],
  ];
  for (const [label, value] of expected) {
    await expect(card(page, label).getByText(value.toLocaleString('en'), { exact: true })).toBeVisible();
  }
}

async function signInToDashboard(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

test('the dashboard shows the API counts, today in the chart, the top failing node, and links to the board', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const api = await incidentApi(request);
  // Our node must make the top-10 list whatever else the shared database holds: one more than the leader.
  const before = await api.stats();
  const runs = Math.min(40, Math.max(3, (before.topNodes[0]?.incidents ?? 0) + 1));
  const node = `dash-node-${api.tag}`;
  const severities: Severity[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];
  const created: { id: number }[] = [];
  for (let i = 0; i < runs; i++) created.push(await api.report('dashboard', node, severities[i % 4]));
  await api.acknowledge(created[1].id);

  await signInToDashboard(page);
  await expect(page).toHaveTitle('Dashboard · BPM Admin Console');
  const summary = await api.summary();
  const stats = await api.stats();
  expect(summary.openIncidents).toBeGreaterThanOrEqual(runs - 1);
  expect(summary.acknowledgedIncidents).toBeGreaterThanOrEqual(1);
  expect(summary.incidentsCreatedToday).toBeGreaterThanOrEqual(runs);
  await expectCounts(page, summary);

  // The chart: today's counts (the last day) are in its table, and today's bar is drawn with a tooltip.
  const chart = page.getByRole('region', { name: 'Incidents per day' });
  const today = stats.perDay.at(-1)!;
  const todayRow = chart.getByRole('row', { name: /\(today\)/ });
  await expect(todayRow.getByRole('cell')).toHaveText([
    String(today.CRITICAL),
    String(today.HIGH),
    String(today.MEDIUM),
    String(today.LOW),
    String(today.LOW + today.MEDIUM + today.HIGH + today.CRITICAL),
  ]);
  const bars = chart.locator('path.recharts-rectangle');
  await expect(bars.first()).toBeVisible();
  const boxes = await bars.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2, h: r.height };
    }),
  );
  const rightmost = boxes.filter((b) => b.h > 0).sort((a, b) => b.x - a.x)[0];
  await page.mouse.move(rightmost.x, rightmost.y);
  const tooltip = chart.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toContainText('(today)');
  await expect(tooltip).toContainText('Critical');
  await shot(page, 'dashboard-01-overview');

  // Top failing nodes: ours, with all its incidents and the unresolved ones (none resolved).
  const nodeRow = page
    .getByRole('table', { name: 'Top failing nodes' })
    .getByRole('row', { name: new RegExp(node) });
  await expect(nodeRow.getByRole('cell')).toHaveText([node, String(runs), String(runs)]);

  // Mean times, in the API's words.
  await expect(page.getByRole('region', { name: 'Mean time to acknowledge' })).toContainText(
    formatDuration(stats.meanSecondsToAcknowledge),
  );
  await expect(page.getByRole('region', { name: 'Mean time to resolve' })).toContainText(
    formatDuration(stats.meanSecondsToResolve),
  );

  // Live: a new incident shows up in the counts within one refresh, without reloading the page.
  await api.report('dashboard-live', `${node}-live`, 'CRITICAL');
  await expectCounts(page, await api.summary());

  // Each card links to the board filtered the same way.
  await expect(card(page, 'Critical')).toHaveAttribute(
    'href',
    '/incidents?status=OPEN,ACKNOWLEDGED&severity=CRITICAL',
  );
  await expect(card(page, 'Acknowledged')).toHaveAttribute('href', '/incidents?status=ACKNOWLEDGED');
  await expect(card(page, 'Created today')).toHaveAttribute('href', '/incidents?sort=createdAt,desc');
  await card(page, 'Open').click();
  await expect(page).toHaveURL((url) => url.pathname === '/incidents' && url.search === '?status=OPEN');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'dashboard-02-open-card-to-board');
});

test('with no incidents at all the dashboard says so and tells where incidents come from', async ({
  page,
}) => {
  // A shared e2e database always holds incidents, so the two dashboard queries answer as an empty one would.
  await page.route('**/api/trpc/**', async (route) => {
    const url = new URL(route.request().url());
    const procedures = url.pathname.replace('/api/trpc/', '').split(',');
    const mocked = (p: string) => p === 'incidents.summary' || p === 'incidents.stats';
    // Anything else (the change stream, the notifications alert) reaches the server, also when a batch
    // mixes it with the two mocked calls: then only their answers are replaced.
    if (!procedures.some(mocked)) return route.continue();
    const days = Array.from({ length: 30 }, (_, i) => {
      const d = new Date(Date.now() - (29 - i) * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    const data = (p: string) =>
      p === 'incidents.summary'
        ? { openIncidents: 0, criticalIncidents: 0, acknowledgedIncidents: 0, incidentsCreatedToday: 0 }
        : {
            days: 30,
            perDay: days.map((day) => ({ day, LOW: 0, MEDIUM: 0, HIGH: 0, CRITICAL: 0 })),
            topNodes: [],
            meanSecondsToAcknowledge: null,
            meanSecondsToResolve: null,
          };
    const real = procedures.every(mocked) ? [] : ((await (await route.fetch()).json()) as unknown[]);
    await route.fulfill({
      json: procedures.map((p, i) => (mocked(p) ? { result: { data: data(p) } } : real[i])),
    });
  });
  await signInToDashboard(page);
  const empty = page.getByRole('region', { name: 'No incidents' });
  await expect(empty).toContainText('no incidents yet');
  await expect(empty).toContainText('POST /api/incidents');
  await expect(empty).toContainText('npm run worker:demo');
  await expectCounts(page, {
    openIncidents: 0,
    criticalIncidents: 0,
    acknowledgedIncidents: 0,
    incidentsCreatedToday: 0,
  });
  await expect(page.getByRole('region', { name: 'Incidents per day' })).toHaveCount(0);
  await shot(page, 'dashboard-03-empty');
});

test('while the numbers load, each card and the chart show a skeleton', async ({ page }) => {
  await signInToDashboard(page);
  // Hold the dashboard's queries back until the skeletons have been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/trpc/incidents.*', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(card(page, 'Open')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByLabel('Loading the chart')).toBeVisible();
  await shot(page, 'dashboard-09-loading');
  release();
  await expect(card(page, 'Open')).toHaveAttribute('aria-busy', 'false');
  await expect(card(page, 'Open').getByText(/^\d[\d,]*$/)).toBeVisible();
});

test('when the service cannot be reached the dashboard says so in words and recovers on retry', async ({
  page,
  consoleGuard,
}) => {
  // Chromium logs every aborted request; those are this test's point.
  for (let i = 0; i < 40; i++) consoleGuard.allow(/net::ERR_FAILED|Failed to load resource/);
  await signInToDashboard(page);
  await expect(card(page, 'Open').getByText(/^\d[\d,]*$/)).toBeVisible();

  await page.route('**/api/trpc/incidents.*', (route) => route.abort('failed'));
  await page.reload();
  const counts = page.getByRole('alert').filter({ hasText: 'Could not load the dashboard' });
  await expect(counts).toContainText('The service cannot be reached', { timeout: 15_000 });
  await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText(/Reconnecting…|Stale since/);
  await expect(card(page, 'Open').getByText('—')).toBeVisible();
  await shot(page, 'dashboard-04-unreachable');

  await page.unroute('**/api/trpc/incidents.*');
  await counts.getByRole('button', { name: 'Try again' }).click();
  await expect(counts).toHaveCount(0);
  await expect(card(page, 'Open').getByText(/^\d[\d,]*$/)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText(/^Live/, { timeout: 30_000 });
});

test('the keyboard skips past the shell to the page, with a visible focus', async ({ page }) => {
  await signInToDashboard(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shot(page, 'dashboard-05-skip-link');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card(page, 'Open')).toBeFocused();
  const outline = await card(page, 'Open').evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await shot(page, 'dashboard-06-focused-card');
});

test('an unknown address shows a page-not-found page with a way back', async ({ page, consoleGuard }) => {
  // Chromium logs the 404 of the page itself; that one is this test's point.
  consoleGuard.allow(/status of 404 .*\/no-such-page/);
  await signInToDashboard(page);
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · BPM Admin Console');
  await shot(page, 'dashboard-07-not-found');
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

for (const [name, width, height] of [
  ['laptop', 1280, 800],
  ['wide', 1920, 1080],
  ['phone', 390, 844],
] as const) {
  test(`the dashboard fits a ${name} screen (${width} px)`, async ({ page, request }) => {
    const api = await incidentApi(request);
    await api.report('dashboard-layout', `dash-layout-${api.tag}`, 'HIGH');
    await page.setViewportSize({ width, height });
    await signInToDashboard(page);
    await expect(card(page, 'Open').getByText(/^\d[\d,]*$/)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Incidents per day' }).locator('path.recharts-rectangle').first(),
    ).toBeVisible();
    // Nothing sticks out sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `dashboard-08-${name}`);
  });
}
