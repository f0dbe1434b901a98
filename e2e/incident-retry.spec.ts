// Retrying a WORKER incident from its page: the demo worker (scripts/demo-worker.ts) picks the republished
// service task up and completes it, and the page shows the incident resolved without a reload.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, ADMIN_USERNAME, BASE_URL, expect, shot, test } from './support';
import {
  IncidentApi,
  modalsGone,
  signInAsAdmin,
  uniqueProcessInstanceId,
  uniqueTag,
} from './incident-support';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** Starts the demo worker (no publishing, never failing) and resolves once it is polling. */
async function startDemoWorker(): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn('node', ['--import', 'tsx', 'scripts/demo-worker.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      BPM_URL: BASE_URL,
      BPM_USERNAME: ADMIN_USERNAME,
      BPM_PASSWORD: ADMIN_PASSWORD,
      BPM_TOKEN: '',
      DEMO_PUBLISH_EVERY_MS: '0',
      DEMO_FAILURE_RATE: '0',
      DEMO_DURATION_S: '60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await expect
    .poll(() => output, { timeout: 20_000, message: 'the demo worker starts polling' })
    .toContain('Demo worker on');
  return { child, output: () => output };
}

function stop(child: ChildProcess | undefined) {
  if (child?.pid && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
}

test('a responder retries a failed worker task and watches the incident resolve when the worker completes it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('retry');
  const processInstanceId = uniqueProcessInstanceId();
  const { request: failedRequest, incident } = await api.failWorkerRequest({
    processInstanceId,
    nodeId: 'charge-card',
    topic: 'payment.charge',
    errorMessage: `Payment provider timed out after 30 s ${tag}`,
  });
  expect(incident).toMatchObject({ source: 'WORKER', status: 'OPEN', severity: 'HIGH' });

  let worker: Awaited<ReturnType<typeof startDemoWorker>> | undefined;
  try {
    await signInAsAdmin(page);

    // The process instance stopped at the failed node, with its incident.
    await page.goto(`/process-instances/${processInstanceId}`);
    const state = page.getByRole('region', { name: 'Current state' });
    await expect(state).toContainText('FAILED');
    await expect(state).toContainText('charge-card');
    const incidentRow = page
      .getByRole('table', { name: `Incidents of process instance ${processInstanceId}` })
      .getByRole('row', { name: new RegExp(`^Incident ${incident.id}:`) });
    await expect(incidentRow).toBeVisible();
    await shot(page, 'incident-retry-01-process-instance-failed');

    await incidentRow.click();
    await expect(page).toHaveURL(`/incidents/${incident.id}`);
    await expect(page.getByRole('region', { name: 'Details', exact: true })).toContainText(
      `worker request ${failedRequest.id}`,
    );
    const actions = page.getByRole('group', { name: 'Actions' });
    await expect(actions.getByRole('button', { name: 'Retry…' })).toBeVisible();
    await shot(page, 'incident-retry-02-incident-open');
    // Anything that reloads the page would drop this.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    await actions.getByRole('button', { name: 'Retry…' }).click();
    const confirm = page.getByRole('dialog', { name: `Retry incident ${incident.id}?` });
    await expect(confirm).toContainText(`worker request ${failedRequest.id}`);
    await shot(page, 'incident-retry-03-confirm');
    await confirm.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(confirm).toBeHidden();

    // No worker is polling yet: the retry waits, and the page says so.
    const underWay = page.getByRole('status').filter({ hasText: 'Retry under way' });
    await expect(underWay).toBeVisible();
    await expect(underWay).toContainText(`worker request ${failedRequest.id} republished (attempt 2)`);
    await expect(actions.getByRole('button', { name: 'Retry under way' })).toBeDisabled();
    await modalsGone(page);
    await shot(page, 'incident-retry-04-under-way');

    // The worker starts, takes the republished task and completes it; the page follows by itself.
    worker = await startDemoWorker();
    const details = page.getByRole('region', { name: 'Details', exact: true });
    await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('RESOLVED', {
      timeout: 20_000,
    });
    await expect(underWay).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Retry succeeded' })).toBeVisible();
    await expect(details).toContainText('Retried successfully');
    await expect(details).toContainText(`by ${ADMIN_USERNAME}`);
    const types = await page
      .getByRole('list', { name: 'Timeline entries' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-event-type')));
    expect(types).toEqual(['CREATED', 'RETRY_REQUESTED', 'RETRY_SUCCEEDED', 'RESOLVED']);
    await expect(actions.getByRole('button')).toHaveText(['Reopen…']);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await shot(page, 'incident-retry-05-resolved');

    expect(await api.get(incident.id)).toMatchObject({
      status: 'RESOLVED',
      resolutionAction: 'RETRIED_SUCCESSFULLY',
      resolvedBy: ADMIN_USERNAME,
    });
    expect(worker.output()).toMatch(
      new RegExp(`completed payment.charge #${failedRequest.id} \\(attempt 2\\)`),
    );

    await page
      .getByRole('link', { name: String(processInstanceId) })
      .first()
      .click();
    await expect(page).toHaveURL(`/process-instances/${processInstanceId}`);
    await expect(page.getByRole('region', { name: 'Current state' })).toContainText('RUNNING');
    await expect(
      page
        .getByRole('table', { name: `Incidents of process instance ${processInstanceId}` })
        .getByRole('row', { name: new RegExp(`^Incident ${incident.id}: HIGH, RESOLVED`) }),
    ).toBeVisible();
    await shot(page, 'incident-retry-06-process-instance-running');
  } finally {
    stop(worker?.child);
    if (worker) await testInfo.attach('demo-worker.log', { body: worker.output() });
  }
});

test('retry is offered only where it can work, and a retry refused meanwhile says why in words', async ({
  page,
  request,
  consoleGuard,
}) => {
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('noretry');
  // A WORKER incident whose reference names no worker request: a retry cannot work, so none is offered
  // (the API says so per incident).
  const orphan = await api.report({ message: `Worker lost its lease ${tag}`, source: 'WORKER' });
  expect(orphan.retryable).toBe(false);
  await signInAsAdmin(page, `/incidents/${orphan.id}`);
  const actions = page.getByRole('group', { name: 'Actions' });
  await expect(actions.getByRole('button', { name: 'Acknowledge', exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: /Retry/ })).toHaveCount(0);

  // One that could be retried when the page loaded and was retried elsewhere since: the service refuses.
  const { incident } = await api.failWorkerRequest({
    processInstanceId: uniqueProcessInstanceId(),
    nodeId: 'charge-card',
    topic: uniqueTag('noretry-topic'),
    errorMessage: `Gateway timeout ${tag}`,
  });
  expect(incident.retryable).toBe(true);
  consoleGuard.allow(/status of 400/);
  await page.goto(`/incidents/${incident.id}`);
  const retry = actions.getByRole('button', { name: 'Retry…' });
  await retry.click();
  const confirm = page.getByRole('dialog', { name: `Retry incident ${incident.id}?` });
  // Someone else retries it while this dialog is open (the page shows it live; the dialog stays).
  await api.retry(incident.id);
  await confirm.getByRole('button', { name: 'Retry', exact: true }).click();
  const refusal = confirm.getByRole('alert');
  await expect(refusal).toContainText('Retry refused');
  await expect(refusal).toContainText('a retry is already under way');
  await shot(page, 'incident-retry-07-refused');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect((await api.get(incident.id)).status).toBe('OPEN');

  // An unknown incident id says so.
  consoleGuard.allow(/status of 404/);
  await page.goto('/incidents/987654321');
  await expect(page.getByText('Incident 987654321 does not exist')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to incidents' })).toBeVisible();
  await shot(page, 'incident-retry-08-not-found');
});
