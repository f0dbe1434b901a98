// The board does not prefetch the pages its rows link to: Next's <Link> prefetches every
// link that scrolls into view, so each re-render of the board asked the server for up to a page size of
// process-instance pages (a console-layout render each) that nobody opens. Links still navigate on click.
import { expect, test } from './support';
import { IncidentApi, boardRow, signInAsAdmin, uniqueTag } from './incident-support';

test('the board prefetches no process-instance page, over several refreshes, and its links still work', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('prefetch');
  const incidents = [];
  for (let i = 0; i < 5; i++) incidents.push(await api.report({ message: `Prefetch probe ${tag} ${i}` }));

  await signInAsAdmin(page);
  // Every request for a React Server Component payload of a process-instance page: Next sends those with an
  // RSC header (a prefetch also with Next-Router-Prefetch); a click's navigation is one of them too.
  const rscRequests: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/process-instances/')) return;
    const headers = req.headers();
    if (headers['rsc'] || headers['next-router-prefetch'] || url.searchParams.has('_rsc')) {
      rscRequests.push(`${req.method()} ${url.pathname}${url.search}`);
    }
  });
  await page.goto(`/incidents?q=${tag}`);
  for (const incident of incidents) await expect(boardRow(page, incident.id)).toBeVisible();
  // Two changes pushed by the live stream re-render the rows and their links.
  for (const changed of incidents.slice(1, 3)) {
    await api.acknowledge(changed.id);
    await expect(boardRow(page, changed.id)).toHaveAttribute('data-status', 'ACKNOWLEDGED');
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  expect(rscRequests, 'RSC requests for process-instance pages before any click').toEqual([]);

  // The link is an ordinary client-side navigation when clicked.
  const target = incidents[0];
  await boardRow(page, target.id)
    .getByRole('link', { name: String(target.processInstanceId) })
    .click();
  await expect(page).toHaveURL(`/process-instances/${target.processInstanceId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(String(target.processInstanceId));
  expect(rscRequests.length, 'the click fetched the page').toBeGreaterThan(0);
});
