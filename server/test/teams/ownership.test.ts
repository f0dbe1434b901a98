// Who owns an incident (docs/contract.md §13, "Ownership"): decided when a report (REST, a batch, the worker
// protocol) creates or reopens it; decided again for every unresolved incident when the rules change, with a
// timeline entry; kept by resolved ones; shown on every read and filtered by on the list, the summary, the
// grouped view and the export; and right after rules and reports race. Real server, real database.
import { beforeAll, describe, expect, it } from 'vitest';
import { OwnershipMatcher, type OwnershipRule } from '../../../domain/ownership';
import { ReportIncidentRequest } from '../../schemas/incidents';
import { recordReports } from '../../services/incidents/record-reports';
import type { RecordedReport } from '../../services/incidents/report-incident';
import { csvObjects } from '../support/downloads';
import { unique } from '../support/helpers';
import { expectFieldError, useTestApi, type Actor, type Client } from '../support/http-helpers';
import {
  act,
  eventsOf,
  getIncident,
  list,
  newProcessInstanceId,
  report,
  reportBody,
  typesOf,
  type Incident,
} from '../support/incident-helpers';

const t = useTestApi();
let admin: Client;
let engine: Client;
let member: Actor;
let teamA: { id: number; code: string };
let teamB: { id: number; code: string };

type Owned = Incident & { owner: { id: number; code: string } | null; processDefinition: string | null };

const code = () =>
  unique('O')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');

async function newTeam() {
  const c = code();
  const res = await admin.post('/admin/teams', { code: c, name: c });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: number; code: string };
}

async function setRules(rules: OwnershipRule[]) {
  const res = await admin.put('/admin/ownership-rules', { rules });
  expect(res.status, res.text).toBe(200);
  return res.body as { revision: number; reevaluated: number; changed: number };
}

const ownerOf = async (id: number) => ((await getIncident(admin, id)) as Owned).owner?.code ?? null;

beforeAll(async () => {
  admin = t.as((await t.admin()).token);
  engine = t.as((await t.actor(['ACCESS_ENGINE_API'])).token);
  [teamA, teamB] = [await newTeam(), await newTeam()];
  member = await t.actor(['ACCESS_BPM_ADMIN']);
  expect((await admin.put(`/admin/teams/${teamA.id}/members`, { userIds: [member.id] })).status).toBe(200);
});

describe('the owner of a reported incident', () => {
  it('is decided on a single report and on a batch, by the most specific rule, and shown on every read', async () => {
    const node = unique('pay-');
    await setRules([
      { team: teamA.code, nodeId: `${node}*` },
      { team: teamB.code, nodeId: `${node}*`, processDefinition: 'refunds' },
    ]);
    const single = (await report(engine, { nodeId: `${node}-1` })) as Owned;
    expect(single.owner).toEqual({ id: teamA.id, code: teamA.code });
    const batch = await engine.post('/incidents/batch', {
      reports: [
        { ...reportBody({ nodeId: `${node}-2` }), processDefinition: 'refunds' },
        reportBody({ nodeId: 'nobody-owns-this' }),
      ],
    });
    expect(batch.status, batch.text).toBe(200);
    const [refund, stray] = batch.body.results.map((r: { incident: Owned }) => r.incident);
    expect(refund).toMatchObject({ processDefinition: 'refunds', owner: { id: teamB.id, code: teamB.code } });
    expect(stray.owner).toBeNull();
    expect(((await getIncident(admin, refund.id)) as Owned).owner?.code).toBe(teamB.code);
    const page = await list(admin, `nodeId=${node}-2`);
    expect((page.content[0] as Owned).owner?.code).toBe(teamB.code);
  });

  it('is decided for a worker request that fails for good, by its topic and process definition', async () => {
    const topic = unique('payments.charge-');
    await setRules([{ team: teamB.code, topic: 'payments.*', processDefinition: 'order-*' }]);
    const published = await engine.post('/worker-requests', {
      processInstanceId: newProcessInstanceId(),
      nodeId: 'charge-card',
      topic,
      processDefinition: 'order-fulfilment',
      retries: 0,
    });
    expect(published.status, published.text).toBe(200);
    expect(published.body.processDefinition).toBe('order-fulfilment');
    const locked = await engine.post('/worker-requests/fetch-and-lock', { workerId: 'w1', topics: [topic] });
    expect(locked.body).toHaveLength(1);
    const failed = await engine.post(`/worker-requests/${published.body.id}/failure`, {
      workerId: 'w1',
      errorMessage: 'Card declined',
      retries: 0,
    });
    expect(failed.body.status, failed.text).toBe('FAILED');
    const [incident] = (await list(admin, `processInstanceId=${published.body.processInstanceId}`))
      .content as Owned[];
    expect(incident).toMatchObject({ processDefinition: 'order-fulfilment', owner: { code: teamB.code } });
  });

  it('refuses a blank process definition in a report, writing nothing', async () => {
    const body = { ...reportBody(), processDefinition: '  ' };
    const res = await t.withoutChange(() => engine.post('/incidents', body));
    expectFieldError(res, 'processDefinition');
  });
});

describe('changing the rules', () => {
  it('decides every unresolved incident again with a timeline entry; resolved ones keep their owner', async () => {
    const node = unique('ship-');
    await setRules([{ team: teamA.code, nodeId: `${node}*` }]);
    const open = await report(engine, { nodeId: `${node}-open` });
    const resolved = await report(engine, { nodeId: `${node}-resolved` });
    await act(admin, 'resolve', resolved.id, {});

    const outcome = await setRules([{ team: teamB.code, nodeId: `${node}*` }]);
    expect(outcome.changed).toBeGreaterThanOrEqual(1);
    expect(await ownerOf(open.id)).toBe(teamB.code);
    expect(await ownerOf(resolved.id)).toBe(teamA.code);
    const entries = (await eventsOf(admin, open.id)).filter((e) => e.eventType === 'OWNER_CHANGED');
    expect(entries).toHaveLength(1);
    expect(entries[0].message).toBe(`Owner: ${teamB.code} (was ${teamA.code}): the ownership rules changed`);
    expect(typesOf(await eventsOf(admin, resolved.id))).not.toContain('OWNER_CHANGED');

    // Reopened by a report, it is unresolved again: the rules in force decide.
    const again = (await report(engine, {
      nodeId: resolved.nodeId,
      source: resolved.source,
      externalReferenceId: resolved.externalReferenceId,
    })) as Owned;
    expect(again.status).toBe('OPEN');
    expect(again.owner?.code).toBe(teamB.code);

    // Reopened by a person, likewise.
    const manual = await report(engine, { nodeId: `${node}-manual` });
    await act(admin, 'resolve', manual.id, {});
    await setRules([{ team: teamA.code, nodeId: `${node}*` }]);
    expect(await ownerOf(manual.id)).toBe(teamB.code);
    expect(((await act(admin, 'reopen', manual.id, {})) as Owned).owner?.code).toBe(teamA.code);
    expect(await ownerOf(manual.id)).toBe(teamA.code);

    await setRules([]);
    expect(await ownerOf(open.id)).toBeNull();
    expect((await eventsOf(admin, open.id)).at(-1)?.message).toBe(
      `Owner: nobody (was ${teamA.code}): the ownership rules changed`,
    );
  });
});

describe('the owner filter', () => {
  it('keeps a team, mine or none on the list, the summary, the grouped view and the export', async () => {
    const node = unique('flt-');
    await setRules([
      { team: teamA.code, nodeId: `${node}-a` },
      { team: teamB.code, nodeId: `${node}-b` },
    ]);
    const a = await report(engine, { nodeId: `${node}-a`, severity: 'CRITICAL' });
    const b = await report(engine, { nodeId: `${node}-b` });
    const none = await report(engine, { nodeId: `${node}-none` });
    const ids = async (query: string) =>
      (await list(admin, `q=${node}&${query}`)).content.map((i) => i.id).sort((x, y) => x - y);
    expect(await ids(`owner=${teamA.code}`)).toEqual([a.id]);
    expect(await ids(`owner=${teamB.code}`)).toEqual([b.id]);
    expect(await ids('owner=none')).toEqual([none.id]);
    const asMember = t.as(member.token);
    const mine = await list(asMember, `q=${node}&owner=mine`);
    expect(mine.content.map((i) => i.id)).toEqual([a.id]);
    expect(mine.totalElements).toBe(1);
    expect((await list(admin, `q=${node}&owner=mine`)).content).toEqual([]);

    const summary = await asMember.get('/incidents/summary?owner=mine');
    expect(summary.status, summary.text).toBe(200);
    const all = (await admin.get(`/incidents?owner=${teamA.code}&status=OPEN&size=1`)).body.totalElements;
    expect(summary.body.openIncidents).toBe(all);
    expect(summary.body.criticalIncidents).toBeGreaterThanOrEqual(1);

    const groups = await admin.get(`/incidents/groups?owner=${teamB.code}&q=${node}`);
    expect(groups.status, groups.text).toBe(200);
    expect(groups.body.content.map((g: { nodeId: string }) => g.nodeId)).toEqual([`${node}-b`]);

    const csv = await admin.get(`/incidents/export?owner=${teamA.code}&q=${node}`);
    expect(csv.status, csv.text).toBe(200);
    const rows = csvObjects(csv.text);
    expect(rows.map((r) => [r.id, r.owner])).toEqual([[String(a.id), teamA.code]]);

    expectFieldError(await admin.get('/incidents?owner=lowercase'), 'owner');
    expectFieldError(await admin.get('/incidents/summary?owner=-'), 'owner');
  });
});

describe('rules replaced while reports arrive', () => {
  it("waits for a report's transaction that is writing, then decides its incident too", async () => {
    const node = unique('held-');
    await setRules([{ team: teamA.code, nodeId: `${node}*` }]);
    let replacement: Promise<unknown> | undefined;
    let replaced = false;
    const id = await t.database.db.transaction(async (tx) => {
      const [written] = await recordReports(tx, [
        { input: ReportIncidentRequest.parse(reportBody({ nodeId: `${node}-1` })) },
      ]);
      const { row } = written as RecordedReport;
      expect(row.ownerTeamId).toBe(teamA.id);
      // The new rules arrive while this incident is written but not committed: the replacement cannot see
      // it, so it must wait for this transaction rather than commit past it.
      replacement = setRules([{ team: teamB.code, nodeId: `${node}*` }]).then(() => (replaced = true));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(replaced, 'the replacement committed while a report was being written').toBe(false);
      return row.id;
    });
    await replacement;
    expect(await ownerOf(id)).toBe(teamB.code);
  });

  it('leaves every unresolved incident with the owner the rules in force give it', async () => {
    const node = unique('race-');
    const sets: OwnershipRule[][] = [
      [{ team: teamA.code, nodeId: `${node}-*` }],
      [{ team: teamB.code, nodeId: `${node}-*` }],
      [
        { team: teamA.code, nodeId: `${node}-1*` },
        { team: teamB.code, nodeId: `${node}-2*` },
      ],
      [],
    ];
    const reports = Array.from({ length: 60 }, (_, i) =>
      engine.post('/incidents', reportBody({ nodeId: `${node}-${i % 3}-${i}` })),
    );
    const replacements = Array.from({ length: 8 }, (_, i) =>
      admin.put('/admin/ownership-rules', { rules: sets[i % sets.length] }),
    );
    const answers = await Promise.all([...reports, ...replacements]);
    for (const res of answers) expect(res.status, res.text).toBe(200);

    const inForce = (await admin.get('/admin/ownership-rules')).body.rules as OwnershipRule[];
    const matcher = new OwnershipMatcher(inForce);
    const page = await list(admin, `q=${node}&size=100`);
    expect(page.totalElements).toBe(60);
    for (const incident of page.content as Owned[]) {
      const expected = matcher.ownerOf({
        source: incident.source,
        processDefinition: incident.processDefinition,
        nodeId: incident.nodeId,
        topic: null,
        incidentGroup: '',
      });
      expect(incident.owner?.code ?? null, incident.nodeId).toBe(expected);
    }
  });
});
