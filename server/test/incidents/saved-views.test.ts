// Saved views of the incident board over HTTP (docs/contract.md §6, "Saved views"): each user's own and the
// shared ones, changed and deleted by their owner alone, names unique per owner, the board's query string
// checked, refusals that change nothing.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { expectProblem, useTestApi, type Actor, type Client } from '../support/http-helpers';

const t = useTestApi();
let alice: Actor;
let bob: Actor;
let asAlice: Client;
let asBob: Client;
beforeAll(async () => {
  alice = await t.admin();
  bob = await t.admin();
  asAlice = t.as(alice.token);
  asBob = t.as(bob.token);
});

const rows = async () =>
  rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`select * from saved_views order by id`));

async function save(as: Client, body: Record<string, unknown>) {
  const res = await as.post('/incident-views', body);
  expect(res.status, res.text).toBe(200);
  return res.body as { id: number; name: string; search: string; shared: boolean; yours: boolean };
}

describe('saved views', () => {
  it('a private view is its owner’s alone; a shared one is listed for everyone, marked whose it is', async () => {
    const mine = await save(asAlice, {
      name: 'Payments, critical, mine',
      search: '?status=OPEN,ACKNOWLEDGED&severity=CRITICAL&q=payment',
      mine: true,
    });
    expect(mine).toMatchObject({
      name: 'Payments, critical, mine',
      search: 'status=OPEN,ACKNOWLEDGED&severity=CRITICAL&q=payment',
      mine: true,
      shared: false,
      owner: alice.username,
      yours: true,
    });
    const team = await save(asAlice, {
      name: 'Ledger',
      search: 'nodeId=post-ledger&view=groups',
      shared: true,
    });
    const bobs = await save(asBob, { name: 'Mine', search: 'status=OPEN', mine: true });

    const aliceSees = (await asAlice.get('/incident-views')).body;
    expect(aliceSees.map((v: { id: number }) => v.id)).toEqual([team.id, mine.id]);
    const bobSees = (await asBob.get('/incident-views')).body;
    expect(bobSees.map((v: { id: number; yours: boolean }) => [v.id, v.yours])).toEqual([
      [bobs.id, true],
      [team.id, false],
    ]);
    expect(bobSees[1]).toMatchObject({ owner: alice.username, shared: true });
  });

  it('only its owner changes or deletes a view: 403 for a shared one, 404 for a private one, nothing changed', async () => {
    const shared = await save(asAlice, { name: 'Shared one', search: 'status=OPEN', shared: true });
    const secret = await save(asAlice, { name: 'Private one', search: 'status=OPEN' });
    const before = await rows();
    expectProblem(await asBob.put(`/incident-views/${shared.id}`, { name: 'Taken over' }), 403, 'FORBIDDEN');
    expectProblem(await asBob.del(`/incident-views/${shared.id}`), 403, 'FORBIDDEN');
    expectProblem(await asBob.put(`/incident-views/${secret.id}`, { name: 'Peek' }), 404, 'NOT_FOUND');
    expectProblem(await asBob.del(`/incident-views/${secret.id}`), 404, 'NOT_FOUND');
    expect(await rows()).toEqual(before);

    const changed = await asAlice.put(`/incident-views/${secret.id}`, {
      shared: true,
      search: 'severity=HIGH',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Private one', search: 'severity=HIGH', shared: true });
    expect((await asAlice.del(`/incident-views/${secret.id}`)).status).toBe(204);
    expectProblem(await asAlice.del(`/incident-views/${secret.id}`), 404, 'NOT_FOUND');
  });

  it('a name is its owner’s once, whatever the case; another user may use it', async () => {
    await save(asAlice, { name: 'Night shift', search: '' });
    const before = await rows();
    const again = await asAlice.post('/incident-views', { name: 'NIGHT SHIFT', search: 'status=OPEN' });
    expectProblem(again, 409, 'CONFLICT');
    expect(again.body.errors).toEqual([{ field: 'name', message: 'already taken' }]);
    expect(await rows()).toEqual(before);
    await save(asBob, { name: 'Night shift', search: '' });
  });

  it.each([
    ['a blank name', { name: '   ', search: '' }, 'name'],
    ['a long name', { name: 'x'.repeat(81), search: '' }, 'name'],
    ['a page in the search', { name: 'Paged', search: 'status=OPEN&page=3' }, 'search'],
    ['an unknown key', { name: 'Odd', search: 'status=OPEN&__proto__=x' }, 'search'],
    ['a long search', { name: 'Long', search: `q=${'x'.repeat(2000)}` }, 'search'],
    ['a string for shared', { name: 'Typed', search: '', shared: 'true' }, 'shared'],
  ])('%s is a 400 naming the field, and nothing is saved', async (_, body, field) => {
    const before = await rows();
    const res = await asAlice.post('/incident-views', body);
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await rows()).toEqual(before);
  });

  it('needs the board’s permission; its owner’s deletion takes their views with them', async () => {
    const outsider = await t.actor([]);
    expectProblem(await t.as(outsider.token).get('/incident-views'), 403, 'FORBIDDEN');
    const leaving = await t.admin();
    const view = await save(t.as(leaving.token), { name: 'Gone soon', search: '', shared: true });
    expect((await asAlice.del(`/admin/users/${leaving.id}`)).status).toBe(204);
    expect((await asBob.get('/incident-views')).body.map((v: { id: number }) => v.id)).not.toContain(view.id);
  });
});
