// Security events through the signed webhooks (docs/webhooks.md, "Security events"): what the audit log records
// of sign-ins, failures, lockouts, second factors, passwords, API tokens and permissions, delivered by the real
// deliverer to a real receiver that verifies each signature with `standardwebhooks`; retries and redelivery; a
// flood of failed sign-ins gathered; incident and security subscriptions apart; the event filter's refusals.
import { and, eq, isNotNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../../db/schema';
import { SECURITY_EVENT_TYPES } from '../../../domain/security-events';
import { verifyCredentials } from '../../auth/login';
import { reportIncident } from '../../services/incidents/report-incident';
import { SECURITY_EVENT_OF_ACTION } from '../../services/notifications/security-events';
import {
  consoleCall,
  consoleCallerFor,
  openConsoleSession,
  problemCodeOf,
} from '../support/console-session-helpers';
import { api, createTestUser, onPostgres, startApiServer, unique } from '../support/helpers';
import {
  sleep,
  until,
  useNotificationTest,
  whileTransactionRunsElsewhere,
} from '../support/notification-helpers';
import { loopbackNotificationSettings } from '../support/webhook-receiver';

const settings = { ...loopbackNotificationSettings(), failedSignInWindowMs: 1_000 };

const t = useNotificationTest();

// Attempts get the service's own 5 s bound, so that a loaded machine's slow answer is not taken for a timeout.
const deliver = () => t.deliver({ settings, retryBaseMs: 100, rescanMs: 100, timeoutMs: 5_000 });

type Security = {
  id: string;
  type: string;
  actor: string | null;
  action: string;
  address: string | null;
  via: string | null;
  requestId: string | null;
  target: { type: string; id: string | null };
  failures?: { count: number; failures: { username: string; address: string | null }[] };
};

/** The bodies accepted, each verified with the secret (throws on a bad signature). */
const accepted = (receiver: Awaited<ReturnType<typeof t.receiver>>, secret: string) =>
  receiver.accepted([secret]) as unknown as Security[];

const ALL_SECURITY = [...SECURITY_EVENT_TYPES];

describe('each security event', () => {
  it('arrives signed, from the audit record, with who, what, when and where, and no secret', async () => {
    const receiver = await t.receiver();
    const hook = await t.subscribeAlone({
      name: unique('sec '),
      url: receiver.url,
      eventTypes: ALL_SECURITY,
    });
    const server = await startApiServer(t.database);
    t.afterTest(server.close);
    deliver();
    const caller = await t.caller();
    const secrets: string[] = [];

    // A person signs in over REST (the address is the loopback's), fails, and is locked.
    const person = await createTestUser(t.database, { permissions: ['ACCESS_PROCESS_PORTAL'] });
    secrets.push(person.password);
    const signIn = (password: string) =>
      api(server.url, 'POST', '/tokens', { body: { username: person.username, password } });
    const ok = await signIn(person.password);
    expect(ok.status, ok.text).toBe(200);
    secrets.push(ok.body.accessToken);
    for (let i = 0; i < 5; i++) expect((await signIn(`wrong-password-${i}-xyz`)).status).toBe(401);

    // Their second factor, enrolled then reset by an administrator.
    const other = await createTestUser(t.database, { permissions: ['ACCESS_PROCESS_PORTAL'] });
    const own = await consoleCallerFor(t.database, other);
    const started = await own.auth.startTotpEnrolment({});
    secrets.push(started.secret);
    const code = TOTP.generate({ secret: Secret.fromBase32(started.secret), timestamp: Date.now() - 30_000 });
    const { recoveryCodes } = await own.auth.confirmTotpEnrolment({ code });
    secrets.push(...recoveryCodes);
    await caller.admin.resetSecondFactor({ id: other.id });

    // A password reset; API tokens made and revoked, a person's and a service account's; permissions.
    const reset = await caller.admin.resetPassword({ id: other.id, generate: true });
    secrets.push((reset as { password: string }).password);
    const token = await caller.admin.createApiToken({ id: other.id, name: 'ci', scope: 'READ_ONLY' });
    secrets.push(token.token);
    await caller.admin.revokeApiToken({ tokenId: token.id });
    const account = await caller.admin.createServiceAccount({ name: unique('svc-'), permissionCodes: [] });
    const accountToken = await caller.admin.createServiceAccountToken({ id: account.id, name: 'worker' });
    secrets.push(accountToken.token);
    await caller.admin.revokeApiToken({ tokenId: accountToken.id });
    const group = await caller.admin.createGroup({
      code: `G_${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      name: 'Auditors',
      permissionCodes: ['ACCESS_BPM_MODELER'],
    });
    await caller.admin.updateGroupUsers({ id: group.id, userIds: [person.id] });
    // A user's permissions changed, then the same again: one event, for the change.
    await caller.admin.updateUser({ id: other.id, permissionCodes: ['ACCESS_BPM_MODELER'] });
    await caller.admin.updateUser({ id: other.id, permissionCodes: ['ACCESS_BPM_MODELER'] });
    // A rename changes nothing anyone holds: no security event.
    await caller.admin.updateGroup({
      id: group.id,
      name: 'Renamed',
      permissionCodes: ['ACCESS_BPM_MODELER'],
    });

    const expected = [
      'security.sign_in',
      'security.sign_in_failed',
      'security.locked',
      'security.second_factor_changed',
      'security.password_changed',
      'security.token_created',
      'security.token_revoked',
      'security.permissions_changed',
    ];
    await until(() => {
      const types = new Set(receiver.received.map((r) => (JSON.parse(r.body) as Security).type));
      const failures = receiver.received
        .map((r) => JSON.parse(r.body) as Security)
        .reduce((n, e) => n + (e.failures?.count ?? 0), 0);
      // Each change on its own (13 of them), and the five failures gathered: delivered in no set order.
      const single = receiver.received.filter((r) => !(JSON.parse(r.body) as Security).failures).length;
      return expected.every((type) => types.has(type)) && failures === 5 && single === 13;
    });
    const events = accepted(receiver, hook.secret);
    const ofAction = (action: string) => events.filter((e) => e.action === action);

    expect(ofAction('auth.sign_in')[0]).toMatchObject({
      type: 'security.sign_in',
      actor: person.username,
      target: { type: 'user', id: String(person.id) },
      address: expect.stringMatching(/127\.0\.0\.1/),
      via: 'api',
      requestId: ok.headers.get('x-request-id'),
    });
    // The five failures, gathered (in one message, or two when they straddle a window).
    const failed = events.filter((e) => e.type === 'security.sign_in_failed');
    expect(failed.reduce((n, e) => n + e.failures!.count, 0)).toBe(5);
    const listed = failed.flatMap((e) => e.failures!.failures);
    expect(listed.map((f) => f.username)).toEqual(Array(5).fill(person.username));
    expect(listed[0].address).toMatch(/127\.0\.0\.1/);
    expect(ofAction('auth.locked')).toHaveLength(1);
    expect(ofAction('user.second_factor_enrol')[0].type).toBe('security.second_factor_changed');
    expect(ofAction('user.second_factor_reset')[0]).toMatchObject({
      type: 'security.second_factor_changed',
      actor: t.admin.username,
    });
    expect(ofAction('user.password_reset')[0].type).toBe('security.password_changed');
    expect(ofAction('api_token.create').map((e) => e.type)).toEqual([
      'security.token_created',
      'security.token_created',
    ]);
    expect(ofAction('api_token.revoke')).toHaveLength(2);
    expect(ofAction('service_account.create')[0].type).toBe('security.permissions_changed');
    expect(ofAction('group.create')[0].type).toBe('security.permissions_changed');
    expect(ofAction('group.members_update')[0].type).toBe('security.permissions_changed');
    expect(ofAction('group.update')).toHaveLength(0);
    expect(ofAction('user.update').map((e) => e.type)).toEqual(['security.permissions_changed']);

    // No password, token, TOTP secret, recovery code or hash in any body or header.
    const everything = JSON.stringify(receiver.received);
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/"(tokenHash|passwordHash|totpSecret|secret|password)"/);
    // Each arrives once, and the delivery log names its type and audit record.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(
      receiver.received.length,
    );
    const log = await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 100 });
    expect(log.content.every((d) => d.auditEventId !== null && d.eventType.startsWith('security.'))).toBe(
      true,
    );
  });

  it('every audit action in the table is one of the security event types', () => {
    for (const rule of Object.values(SECURITY_EVENT_OF_ACTION)) {
      expect(ALL_SECURITY).toContain(typeof rule === 'string' ? rule : rule.type);
    }
  });
});

describe('delivery', () => {
  it('a failed receiver is retried, and a security event is redelivered with its webhook-id', async () => {
    const receiver = await t.receiver((n) => (n < 2 ? 503 : 204));
    const hook = await t.subscribeAlone({
      name: unique('sec '),
      url: receiver.url,
      eventTypes: ['security.token_created'],
    });
    deliver();
    const caller = await t.caller();
    const user = await createTestUser(t.database);
    const token = await caller.admin.createApiToken({ id: user.id, name: 'retry me', scope: 'FULL' });
    await until(() => receiver.received.some((r) => r.status === 204));
    expect(receiver.received.map((r) => r.status)).toEqual([503, 503, 204]);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [event] = accepted(receiver, hook.secret);
    expect(event).toMatchObject({ type: 'security.token_created', action: 'api_token.create' });
    expect(JSON.stringify(receiver.received)).not.toContain(token.token);

    // The receiver's 204 is recorded by the deliverer just after it arrives.
    const deliveryOf = async () =>
      (await caller.webhooks.deliveries({ id: hook.id, page: 0, size: 10 })).content[0];
    await until(async () => (await deliveryOf()).status !== 'DELIVERING');
    const delivery = await deliveryOf();
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attempts: 3, eventType: 'security.token_created' });
    expect(delivery.log.map((a) => a.responseStatus)).toEqual([503, 503, 204]);
    await caller.webhooks.redeliver({ id: hook.id, deliveryId: delivery.id });
    await until(() => receiver.received.length === 4);
    expect(receiver.received[3].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
    expect(accepted(receiver, hook.secret)[1]).toEqual(event);
  });

  it('a change refused and rolled back is neither audited nor sent; the one that commits is both', async () => {
    const receiver = await t.receiver();
    const hook = await t.subscribeAlone({
      name: unique('sec '),
      url: receiver.url,
      eventTypes: ['security.permissions_changed'],
    });
    deliver();
    const caller = await t.caller();
    const group = await caller.admin.createGroup({
      code: `G_${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      name: 'Rolled back',
    });
    // Refused before anything is written: an unknown user.
    await expect(
      caller.admin.updateGroupUsers({ id: group.id, userIds: [999_999_999] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    // The last administrator cannot take their own permission away: refused after the change and its audit
    // record were written (server/services/admin/admin-change.ts), so both roll back.
    await expect(caller.admin.updateUser({ id: t.admin.id, permissionCodes: [] })).rejects.toBeTruthy();
    await until(() => receiver.received.length >= 1);
    await sleep(500);
    const events = receiver.accepted([hook.secret]) as unknown as Security[];
    expect(events.map((e) => e.action)).toEqual(['group.create']);
  });

  it('a Slack subscription gets one signed line naming the action, actor and target', async () => {
    const receiver = await t.receiver();
    const hook = await t.subscribeAlone({
      name: unique('slack '),
      url: receiver.url,
      format: 'slack',
      eventTypes: ['security.token_revoked'],
    });
    deliver();
    const caller = await t.caller();
    const user = await createTestUser(t.database);
    const token = await caller.admin.createApiToken({ id: user.id, name: 'short-lived', scope: 'FULL' });
    await caller.admin.revokeApiToken({ tokenId: token.id });
    await until(() => receiver.received.length === 1);
    const [message] = receiver.accepted([hook.secret]) as unknown as { text: string; blocks: unknown[] }[];
    expect(message.text).toBe(`api_token.revoke by ${t.admin.username} on api_token ${token.id}`);
    expect(JSON.stringify(message.blocks)).toContain('/admin/audit?action=api_token.revoke');
    expect(receiver.received[0].body).not.toContain(token.token);
  });

  it('incident subscriptions get no security events, and security subscriptions no incident events', async () => {
    const incidentReceiver = await t.receiver();
    const securityReceiver = await t.receiver();
    await t.subscribeAlone({
      name: unique('inc '),
      url: incidentReceiver.url,
      eventTypes: ['incident.created'],
    });
    const caller = await t.caller();
    await caller.webhooks.create({
      name: unique('sec '),
      url: securityReceiver.url,
      eventTypes: ['security.token_created'],
    });
    deliver();
    const user = await createTestUser(t.database);
    await caller.admin.createApiToken({ id: user.id, name: 'apart', scope: 'FULL' });
    await reportIncident(t.database.db, {
      processInstanceId: 7,
      nodeId: 'Task_Apart',
      source: 'WORKER',
      severity: 'HIGH',
      message: 'apart',
      externalReferenceId: unique('apart-'),
    });
    await until(() => incidentReceiver.received.length >= 1 && securityReceiver.received.length >= 1);
    // Another pass of the deliverer finds nothing more for either.
    await sleep(500);
    expect(incidentReceiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['incident.created']);
    expect(securityReceiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['security.token_created']);
  });

  it('a subscription is sent the security events from when it asks for them, not the history', async () => {
    const caller = await t.caller();
    const user = await createTestUser(t.database);
    await caller.admin.createApiToken({ id: user.id, name: 'before', scope: 'FULL' });
    const receiver = await t.receiver();
    const hook = await t.subscribeAlone({
      name: unique('inc '),
      url: receiver.url,
      eventTypes: ['incident.created'],
    });
    deliver();
    await caller.admin.createApiToken({ id: user.id, name: 'while incident-only', scope: 'FULL' });
    await caller.webhooks.update({ id: hook.id, eventTypes: ['security.token_created'] });
    await caller.admin.createApiToken({ id: user.id, name: 'after', scope: 'FULL' });
    await until(() => receiver.received.length >= 1);
    await sleep(500);
    const names = accepted(receiver, hook.secret).map(
      (e) => (e as unknown as { after: { name: string } }).after.name,
    );
    expect(names).toEqual(['after']);
  });

  // Transaction ids are the whole server's: a transaction held open elsewhere (another database of the same
  // server, as another test file's) keeps younger committed records unread, behind the oldest running one.
  // Those are still history when the subscription comes to want them.
  it.runIf(onPostgres)(
    'is not sent the history that waits behind a transaction still running elsewhere',
    async () => {
      const caller = await t.caller();
      const user = await createTestUser(t.database);
      const receiver = await t.receiver();
      const hook = await t.subscribeAlone({
        name: unique('held '),
        url: receiver.url,
        eventTypes: ['security.token_created'],
        enabled: false,
      });
      deliver();
      await whileTransactionRunsElsewhere(async () => {
        await caller.admin.createApiToken({ id: user.id, name: 'before', scope: 'FULL' });
        await caller.webhooks.update({ id: hook.id, enabled: true });
        await caller.admin.createApiToken({ id: user.id, name: 'after', scope: 'FULL' });
        // Nothing is readable while the older transaction runs.
        await sleep(500);
        expect(receiver.received).toHaveLength(0);
      });
      await until(() => receiver.received.length >= 1);
      await sleep(500);
      const names = accepted(receiver, hook.secret).map(
        (e) => (e as unknown as { after: { name: string } }).after.name,
      );
      expect(names).toEqual(['after']);
    },
  );
});

describe('a flood of failed sign-ins', () => {
  it('is gathered into at most one message per subscription and window, and costs the sign-in nothing more', async () => {
    const receiver = await t.receiver();
    const hook = await t.subscribeAlone({
      name: unique('flood '),
      url: receiver.url,
      eventTypes: ['security.sign_in_failed'],
      enabled: false,
    });
    deliver();
    const BURST = 60;
    const fail = (i: number) =>
      verifyCredentials(
        t.database.db,
        { username: unique(`nobody${i}-`), password: 'not-the-password' },
        { via: 'api', clientAddress: `198.51.100.${i % 250}` },
      ).catch((e: unknown) => e);
    const burst = async () => {
      const started = performance.now();
      await Promise.all(Array.from({ length: BURST }, (_, i) => fail(i)));
      return performance.now() - started;
    };
    // The same burst with no subscription wanting it, then with one (enabled, it is sent from then on). The
    // sign-in path writes the same audit record either way; the times are printed, not asserted.
    const quietMs = await burst();
    await (await t.caller()).webhooks.update({ id: hook.id, enabled: true });
    const elapsedMs = await burst();
    console.log(
      `${BURST} failed sign-ins at once: ${Math.round(quietMs)} ms with no subscription, ` +
        `${Math.round(elapsedMs)} ms with one wanting them (and the deliverer at work)`,
    );
    const windows = Math.ceil(elapsedMs / settings.failedSignInWindowMs) + 1;

    const countedFailures = () =>
      receiver.received
        .map((r) => JSON.parse(r.body) as Security)
        .reduce((n, e) => n + (e.failures?.count ?? 0), 0);
    await until(() => countedFailures() >= BURST);
    // The burst before it was enabled is history, never sent; nor is anything counted twice.
    await sleep(500);
    expect(countedFailures()).toBe(BURST);
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.subscriptionId, hook.id), isNotNull(webhookDeliveries.gatheredFailures)),
      );
    console.log(`gathered in ${rows.length} message(s), at most ${windows} allowed`);
    // The outbox: a message per window, not a row per failure.
    expect(rows.length).toBeLessThanOrEqual(windows);
    expect(rows.length).toBeLessThan(BURST / 10);
    const events = accepted(receiver, hook.secret);
    expect(events.every((e) => e.type === 'security.sign_in_failed')).toBe(true);
    expect(events.flatMap((e) => e.failures!.failures).length).toBe(BURST);
    expect(events.flatMap((e) => e.failures!.failures.map((f) => f.address))).toContain('198.51.100.7');
  });
});

describe('the event filter', () => {
  it('accepts the security types and refuses an unknown one with a 400 problem, changing nothing', async () => {
    const server = await startApiServer(t.database);
    t.afterTest(server.close);
    const caller = await t.caller();
    const before = (await caller.webhooks.list({})).length;
    const token = (
      await api(server.url, 'POST', '/tokens', {
        body: { username: t.admin.username, password: t.admin.password },
      })
    ).body.accessToken as string;
    for (const eventTypes of [
      ['security.nope'],
      ['incident.created', 'security.sign_in', 'security.'],
      ['SECURITY.SIGN_IN'],
    ]) {
      const res = await api(server.url, 'POST', '/admin/webhooks', {
        token,
        body: { name: 'x', url: 'http://127.0.0.1:9/hook', eventTypes },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(JSON.stringify(res.body.errors)).toContain('eventTypes');
    }
    expect((await caller.webhooks.list({})).length).toBe(before);
    const made = await api(server.url, 'POST', '/admin/webhooks', {
      token,
      body: {
        name: 'mixed',
        url: 'http://127.0.0.1:9/hook',
        eventTypes: ['incident.created', ...ALL_SECURITY],
      },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body.eventTypes).toEqual(['incident.created', ...ALL_SECURITY]);
    const changed = await api(server.url, 'PUT', `/admin/webhooks/${made.body.id}`, {
      token,
      body: { eventTypes: ['security.bogus'] },
    });
    expect(changed.status).toBe(400);
    expect((await caller.webhooks.get({ id: made.body.id })).eventTypes).toEqual(made.body.eventTypes);
    await caller.webhooks.delete({ id: made.body.id });
  });
});

// Every credential kind over REST, tRPC and batched tRPC is tried by server/test/auth/http-authz.test.ts and
// api-token-scopes.test.ts (OPERATIONS: 'createWebhook (security events)', 'subscribe to security events'); the
// console's session here.
describe('who may subscribe to security events', () => {
  it("the console's session of an administrator, not of anyone else; a cross-site call is not signed in", async () => {
    const server = await startApiServer(t.database);
    t.afterTest(server.close);
    const body = { name: unique('siem '), url: 'http://127.0.0.1:9/hook', eventTypes: ALL_SECURITY };
    const admin = await openConsoleSession(t.database, t.admin);
    const made = await consoleCall(server.url, admin.cookie, 'webhooks.create', body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.result.data.eventTypes).toEqual(ALL_SECURITY);

    const caller = await t.caller();
    const before = await caller.webhooks.list({});
    const person = await createTestUser(t.database, {
      permissions: ['ACCESS_PROCESS_PORTAL', 'ACCESS_ENGINE_API'],
    });
    const other = await openConsoleSession(t.database, person);
    const refused = await consoleCall(server.url, other.cookie, 'webhooks.create', body);
    expect(refused.status).toBe(403);
    expect(problemCodeOf(refused.body)).toBe('FORBIDDEN');
    const crossSite = await fetch(`${server.url}/api/trpc/webhooks.create`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(crossSite.status).toBe(401);
    expect(await caller.webhooks.list({})).toEqual(before);
  });
});
