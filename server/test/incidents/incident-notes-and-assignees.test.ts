// Notes and assignees (docs/contract.md §6), over REST and tRPC on both databases: who may
// write them, what bad input does (4xx and nothing changed), the timeline entries, the `assignee` filter, and
// (on PostgreSQL) concurrent assignments that queue into one consistent chain.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDateTime } from '../../time';
import { api, onPostgres } from '../support/helpers';
import { expectProblem, useTestApi, type Actor, type Client } from '../support/http-helpers';
import {
  act,
  eventsOf,
  getIncident,
  incidentIn,
  list,
  report,
  setTimestamp,
  typesOf,
  withoutIncidentChange,
  newReference,
} from '../support/incident-helpers';

const t = useTestApi();
let admin: Actor;
let as: Client;
let colleague: Actor;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
  colleague = await t.admin();
});

/** A tRPC mutation over HTTP, as the console sends it (its errors are tRPC's, not problem documents). */
const trpc = (token: string, procedure: string, input: unknown) =>
  api(t.url, 'POST', `/trpc/incidents.${procedure}`, { token, body: input });

describe('notes', () => {
  it.each(['OPEN', 'ACKNOWLEDGED', 'RESOLVED'] as const)(
    'adds a NOTE_ADDED entry with its author to a %s incident, status unchanged',
    async (status) => {
      const incident = await incidentIn(as, status);
      const res = await as.post(`/incidents/${incident.id}/notes`, { text: '  Called the ledger team  ' });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ id: incident.id, status });
      expect(res.body.updatedAt >= incident.updatedAt).toBe(true);
      const events = await eventsOf(as, incident.id);
      expect(events.at(-1)).toMatchObject({
        eventType: 'NOTE_ADDED',
        actor: admin.username,
        message: 'Called the ledger team',
      });
    },
  );

  it('over tRPC too, the author being the caller', async () => {
    const incident = await report(as);
    const res = await trpc(colleague.token, 'addNote', { id: incident.id, text: 'from the console' });
    expect(res.status, res.text).toBe(200);
    expect((await eventsOf(as, incident.id)).at(-1)).toMatchObject({
      eventType: 'NOTE_ADDED',
      actor: colleague.username,
      message: 'from the console',
    });
  });

  it('refuses an empty, missing, too long or non-string text with 400, and changes nothing', async () => {
    const incident = await report(as);
    for (const body of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(4001) }, { text: 42 }]) {
      const res = await withoutIncidentChange(t, () => as.post(`/incidents/${incident.id}/notes`, body));
      expectProblem(res, 400, 'VALIDATION_FAILED');
    }
    const res = await withoutIncidentChange(t, () => trpc(admin.token, 'addNote', { id: incident.id }));
    expect(res.status).toBe(400);
    expect((await as.post(`/incidents/${incident.id}/notes`, { text: 'x'.repeat(4000) })).status).toBe(200);
  });

  it('answers 404 for an unknown incident, 401 without a token, 403 without ACCESS_BPM_ADMIN', async () => {
    const missing = await withoutIncidentChange(t, () =>
      as.post('/incidents/999999999/notes', { text: 'lost' }),
    );
    expectProblem(missing, 404, 'NOT_FOUND');
    const incident = await report(as);
    expect((await t.as().post(`/incidents/${incident.id}/notes`, { text: 'anon' })).status).toBe(401);
    const engine = await t.actor(['ACCESS_ENGINE_API']);
    const refused = await withoutIncidentChange(t, () =>
      t.as(engine.token).post(`/incidents/${incident.id}/notes`, { text: 'engine' }),
    );
    expectProblem(refused, 403);
    expect((await trpc(engine.token, 'addNote', { id: incident.id, text: 'engine' })).status).toBe(403);
  });
});

describe('assignees', () => {
  it('assigns, reassigns and unassigns, with ASSIGNED entries naming the new and previous assignee', async () => {
    const incident = await report(as);
    expect(incident.assignee ?? null).toBeNull();
    let res = await as.post(`/incidents/${incident.id}/assign`, { username: admin.username });
    expect(res.status, res.text).toBe(200);
    expect(res.body.assignee).toBe(admin.username);
    // usernames are case-insensitive; the incident keeps the user's own spelling
    res = await as.post(`/incidents/${incident.id}/assign`, { username: colleague.username.toUpperCase() });
    expect(res.body.assignee).toBe(colleague.username);
    res = await as.post(`/incidents/${incident.id}/assign`, { username: null });
    expect(res.status, res.text).toBe(200);
    expect(res.body.assignee).toBeNull();
    expect((await getIncident(as, incident.id)).assignee).toBeNull();
    const assigned = (await eventsOf(as, incident.id)).filter((e) => e.eventType === 'ASSIGNED');
    expect(assigned.map((e) => [e.actor, e.message])).toEqual([
      [admin.username, `Assigned to ${admin.username} by ${admin.username}`],
      [admin.username, `Assigned to ${colleague.username} by ${admin.username} (was ${admin.username})`],
      [admin.username, `Unassigned by ${admin.username} (was ${colleague.username})`],
    ]);
  });

  it('assigning the current assignee again writes nothing; a resolved incident keeps its assignee', async () => {
    const incident = await report(as);
    await as.post(`/incidents/${incident.id}/assign`, { username: admin.username });
    const res = await withoutIncidentChange(t, () =>
      as.post(`/incidents/${incident.id}/assign`, { username: admin.username }),
    );
    expect(res.status).toBe(200);
    const resolved = await act(as, 'resolve', incident.id, { resolutionNote: 'done' });
    expect(resolved.assignee).toBe(admin.username);
    const reassigned = await as.post(`/incidents/${incident.id}/assign`, { username: colleague.username });
    expect(reassigned.body).toMatchObject({ status: 'RESOLVED', assignee: colleague.username });
  });

  it('over tRPC too', async () => {
    const incident = await report(as);
    const res = await trpc(colleague.token, 'assign', { id: incident.id, username: colleague.username });
    expect(res.status, res.text).toBe(200);
    expect((await getIncident(as, incident.id)).assignee).toBe(colleague.username);
    expect((await eventsOf(as, incident.id)).at(-1)).toMatchObject({
      eventType: 'ASSIGNED',
      actor: colleague.username,
    });
  });

  it('refuses an unknown user and bad bodies with 400, an unknown incident with 404, and changes nothing', async () => {
    const incident = await report(as);
    const unknown = await withoutIncidentChange(t, () =>
      as.post(`/incidents/${incident.id}/assign`, { username: 'nobody.by.this.name' }),
    );
    expectProblem(unknown, 400, 'VALIDATION_FAILED');
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'username' })]);
    const viaTrpc = await withoutIncidentChange(t, () =>
      trpc(admin.token, 'assign', { id: incident.id, username: 'nobody.by.this.name' }),
    );
    expect(viaTrpc.status).toBe(400);
    for (const body of [{}, { username: '' }, { username: 7 }, { username: 'x'.repeat(201) }]) {
      const res = await withoutIncidentChange(t, () => as.post(`/incidents/${incident.id}/assign`, body));
      expectProblem(res, 400, 'VALIDATION_FAILED');
    }
    const missing = await withoutIncidentChange(t, () =>
      as.post('/incidents/999999999/assign', { username: admin.username }),
    );
    expectProblem(missing, 404, 'NOT_FOUND');
    const engine = await t.actor(['ACCESS_ENGINE_API']);
    const refused = await withoutIncidentChange(t, () =>
      t.as(engine.token).post(`/incidents/${incident.id}/assign`, { username: engine.username }),
    );
    expectProblem(refused, 403);
  });

  it('lists by assignee (several comma-separated), with exact totals', async () => {
    const [me, other] = [await t.actor([]), await t.actor([])];
    const mine = await report(as);
    const theirs = await report(as);
    await report(as); // nobody's
    await as.post(`/incidents/${mine.id}/assign`, { username: me.username });
    await as.post(`/incidents/${theirs.id}/assign`, { username: other.username });
    const page = await list(as, `assignee=${encodeURIComponent(me.username)}`);
    expect(page.content.map((i) => i.id)).toEqual([mine.id]);
    expect(page.totalElements).toBe(1);
    const both = await list(
      as,
      `assignee=${encodeURIComponent(`${me.username},${other.username}`)}&sort=id,asc`,
    );
    expect(both.content.map((i) => i.id)).toEqual([mine.id, theirs.id]);
    expect(both.totalElements).toBe(2);
    expect((await list(as, 'assignee=nobody.at.all')).totalElements).toBe(0);
    expectProblem(await as.get(`/incidents?assignee=${'x'.repeat(201)}`), 400, 'VALIDATION_FAILED');
  });
});

describe.runIf(onPostgres)('concurrent assignments (PostgreSQL)', () => {
  it('20 parallel assigns to different users queue: every entry names the assignee it replaced', async () => {
    const incident = await report(as);
    const users = await Promise.all(Array.from({ length: 5 }, () => t.actor([])));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        as.post(`/incidents/${incident.id}/assign`, { username: users[i % 5].username }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const assigned = (await eventsOf(as, incident.id)).filter((e) => e.eventType === 'ASSIGNED');
    // Replay the chain: each entry's "was" is the assignee the previous entry set.
    let current: string | null = null;
    for (const entry of assigned) {
      const match = /^Assigned to (\S+) by \S+(?: \(was (\S+)\))?$/.exec(entry.message)!;
      expect(match, entry.message).not.toBeNull();
      expect(match[2] ?? null).toBe(current);
      expect(match[1]).not.toBe(current);
      current = match[1];
    }
    expect((await getIncident(as, incident.id)).assignee).toBe(current);
    expect(typesOf(await eventsOf(as, incident.id))[0]).toBe('CREATED');
  });

  it('notes added in parallel are all kept', async () => {
    const incident = await report(as);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => as.post(`/incidents/${incident.id}/notes`, { text: `note ${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const notes = (await eventsOf(as, incident.id)).filter((e) => e.eventType === 'NOTE_ADDED');
    expect(notes.map((n) => n.message).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `note ${i}`).sort(),
    );
  });
});

describe('node and creation-date filters, and q on node ids', () => {
  it('nodeId is exact, takes several values, and combines with the others; q finds the node', async () => {
    const node = `Task_Storm${Date.now()}`;
    const a = await report(as, { nodeId: node, severity: 'HIGH' });
    const b = await report(as, { nodeId: node, severity: 'LOW' });
    const other = await report(as, { nodeId: `${node}_Other` });
    const exact = await list(as, `nodeId=${node}&sort=id,asc`);
    expect(exact.content.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(exact.totalElements).toBe(2);
    const several = await list(as, `nodeId=${node},${node}_Other&sort=id,asc`);
    expect(several.content.map((i) => i.id)).toEqual([a.id, b.id, other.id]);
    expect((await list(as, `nodeId=${node}&nodeId=${node}_Other`)).totalElements).toBe(3);
    const high = await list(as, `nodeId=${node}&severity=HIGH`);
    expect(high.content.map((i) => i.id)).toEqual([a.id]);
    expect(high.totalElements).toBe(1);
    // q: a case-insensitive substring of the node id (the dashboard's top nodes had 0 hits before)
    const searched = await list(as, `q=${node.toLowerCase()}&sort=id,asc`);
    expect(searched.content.map((i) => i.id)).toEqual([a.id, b.id, other.id]);
    expect(searched.totalElements).toBe(3);
    expectProblem(await as.get(`/incidents?nodeId=${'n'.repeat(201)}`), 400, 'VALIDATION_FAILED');
  });

  it('q on node ids and nodeId count from the counters exactly what the incidents hold', async () => {
    // Letters only: q then searches the templates, and its total is summed from the counters (templates
    // found, nodes found for their other templates, references alone). `createdFrom` far in the past
    // matches the same incidents but makes the total count them one by one: the two must agree.
    const w = `Nodesearch${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
    const node = `Task_${w}`;
    const nodeOnly = await report(as, { nodeId: node, message: 'Timeout calling the ledger' });
    const nodeAndText = await report(as, { nodeId: node, source: 'WORKER', message: `Lookup ${w} failed` });
    await report(as, { nodeId: 'Task_Other', message: `Lookup ${w} failed` });
    await report(as, { nodeId: 'Task_Other', externalReferenceId: newReference(`ref-${w}`) });
    await report(as, {
      nodeId: `${node}_Two`,
      severity: 'LOW',
      externalReferenceId: newReference(`ref-${w}`),
    });
    await act(as, 'acknowledge', nodeAndText.id, {});
    await act(as, 'resolve', nodeOnly.id, {});
    const filters = ['', '&status=OPEN', '&status=OPEN,ACKNOWLEDGED', '&status=RESOLVED', '&source=WORKER'];
    for (const q of [w, w.toUpperCase(), node.toLowerCase(), `${node}_Two`]) {
      for (const filter of [...filters, '&severity=LOW']) {
        const counted = await list(as, `q=${q}${filter}&size=100`);
        const one = await list(as, `q=${q}${filter}&size=100&createdFrom=2000-01-01`);
        expect(counted.totalElements, `q=${q}${filter}`).toBe(one.totalElements);
        expect(counted.totalElements, `q=${q}${filter}`).toBe(counted.content.length);
      }
    }
    expect((await list(as, `q=${w}`)).totalElements).toBe(5);
    expect((await list(as, `q=${node}`)).totalElements).toBe(3);
    for (const filter of filters) {
      const counted = await list(as, `nodeId=${node},${node}_Two${filter}&size=100`);
      expect(counted.totalElements, filter).toBe(counted.content.length);
    }
    expect((await list(as, `nodeId=${node}&status=RESOLVED`)).totalElements).toBe(1);
  });

  it('createdFrom and createdTo bound the creation time, createdTo inclusive; a reversed range is 400', async () => {
    const node = `Task_Range${Date.now()}`;
    const [old, mid, recent] = [
      await report(as, { nodeId: node }),
      await report(as, { nodeId: node }),
      await report(as, { nodeId: node }),
    ];
    await setTimestamp(t, [old.id], 'created_at', new Date(2024, 0, 10, 12, 0, 0));
    await setTimestamp(t, [mid.id], 'created_at', new Date(2024, 0, 15, 23, 59, 30));
    await setTimestamp(t, [recent.id], 'created_at', new Date(2024, 0, 20, 8, 0, 0));
    const ids = async (query: string) => {
      const page = await list(as, `nodeId=${node}&sort=id,asc&${query}`);
      expect(page.totalElements).toBe(page.content.length);
      return page.content.map((i) => i.id);
    };
    expect(await ids('createdFrom=2024-01-11')).toEqual([mid.id, recent.id]);
    expect(await ids('createdTo=2024-01-15')).toEqual([old.id, mid.id]);
    expect(await ids('createdFrom=2024-01-15&createdTo=2024-01-15')).toEqual([mid.id]);
    expect(await ids('createdFrom=2024-01-15T23:59:31')).toEqual([recent.id]);
    expect(await ids('createdTo=2024-01-15T23:59')).toEqual([old.id, mid.id]);
    const reversed = await as.get('/incidents?createdFrom=2024-01-16&createdTo=2024-01-15');
    expectProblem(reversed, 400, 'VALIDATION_FAILED');
    expect(reversed.body.errors).toEqual([expect.objectContaining({ field: 'createdTo' })]);
    expectProblem(await as.get('/incidents?createdFrom=yesterday'), 400, 'VALIDATION_FAILED');
  });

  it('the years 0-99 are those years, not 1900-1999, in a range of creation times', async () => {
    const node = `Task_Antiquity${Date.now()}`;
    const [ancient, modern] = [await report(as, { nodeId: node }), await report(as, { nodeId: node })];
    const year50 = new Date(2000, 0, 1);
    year50.setFullYear(50, 2, 1); // 0050-03-01, local midnight
    year50.setHours(12, 0, 0, 0);
    await setTimestamp(t, [ancient.id], 'created_at', year50);
    await setTimestamp(t, [modern.id], 'created_at', new Date(1950, 2, 1, 12, 0, 0));
    const ids = async (query: string) => {
      const page = await list(as, `nodeId=${node}&sort=id,asc&${query}`);
      return page.content.map((i) => i.id);
    };
    expect(await ids('createdFrom=0050-01-01')).toEqual([ancient.id, modern.id]);
    expect(await ids('createdTo=0050-03-01')).toEqual([ancient.id]);
    expect(await ids('createdFrom=0050-03-01T12:00:01&createdTo=1949-12-31')).toEqual([]);
    expect(await ids('createdFrom=0001-01-01&createdTo=0099-12-31T23:59')).toEqual([ancient.id]);
    // As an answer writes such a time (the drivers themselves read a stored year 50 back as 1950; no
    // incident is created then, its creation time is the database's clock).
    expect(formatLocalDateTime(year50)).toBe('0050-03-01T12:00:00');
    // and a day that year did not have is still refused
    expectProblem(await as.get('/incidents?createdFrom=0050-02-29'), 400, 'VALIDATION_FAILED');
  });
});
