// Email as a second channel, against a real SMTP server started here (smtp-server) with
// authentication; every mail it takes is parsed with mailparser. Its answers are chosen per message, so that
// 4xx (retried) and 5xx (final) refusals go through the same retry rules and delivery log as webhooks.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal';
import { acknowledgeIncident } from '../../services/incidents/acknowledge-incident';
import { reportIncident } from '../../services/incidents/report-incident';
import { resolveIncident } from '../../services/incidents/resolve-incident';
import type { NotificationSettings } from '../../services/notifications/settings';
import { createTestUser, unique } from '../support/helpers';
import { useNotificationTest } from '../support/notification-helpers';

/** An SMTP server that wants user `bpm`, password `s3cret`, and answers each message with `answer(n)`. */
async function startSmtpServer(answer: (n: number) => number = () => 250) {
  const mails: ParsedMail[] = [];
  let offered = 0;
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'bpm' && auth.password === 's3cret') callback(null, { user: 'bpm' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = answer(offered++);
        if (code >= 400) {
          callback(
            Object.assign(new Error(code < 500 ? 'Mailbox busy, try later' : 'No such user here'), {
              responseCode: code,
            }),
          );
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          mails.push(mail);
          callback(null, `OK: queued as q${mails.length}`);
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    offered: () => offered,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const t = useNotificationTest();
const actor = { username: 'responder' } as Principal;

async function smtp(answer?: (n: number) => number, { attentionAfterMs = 24 * 60 * 60_000 } = {}) {
  const s = await startSmtpServer(answer);
  t.afterTest(s.close);
  t.deliver({
    settings: {
      policy: { allowHttp: false, allowedNetworks: [] },
      publicUrl: 'https://bpm.example.com',
      attentionAfterMs,
      smtp: {
        host: '127.0.0.1',
        port: s.port,
        secure: false,
        user: 'bpm',
        password: 's3cret',
        from: 'BPM <bpm@example.com>',
      },
    } satisfies NotificationSettings,
    retryBaseMs: 100,
    maxRetryDelayMs: 200,
    rescanMs: 100,
    timeoutMs: 3_000,
  });
  return s;
}

const report = () =>
  reportIncident(t.database.db, {
    processInstanceId: 11,
    nodeId: 'Task_Mail',
    source: 'WORKER',
    severity: 'CRITICAL',
    message: 'Mail service <down> & "out"',
    externalReferenceId: unique('mail-'),
  });

/** An email subscription, the only one of this file's database. */
const subscribe = (extra: Record<string, unknown> = {}) =>
  t.subscribeAlone(
    {
      name: unique('mail '),
      channel: 'email',
      recipients: ['oncall@example.com', 'Lead@Example.com'],
      eventTypes: ['incident.created', 'incident.acknowledged', 'incident.resolved'],
      ...extra,
    },
    'deleted',
  );

describe('email subscriptions', () => {
  it('mails a security event as one line naming the action, without the token it tells of (issue 37)', async () => {
    const s = await smtp();
    await subscribe({ eventTypes: ['security.token_created'] });
    const caller = await t.caller();
    const user = await createTestUser(t.database);
    const token = await caller.admin.createApiToken({ id: user.id, name: 'mailed', scope: 'READ_ONLY' });
    await expect.poll(() => s.mails.length, { timeout: 15_000 }).toBe(1);
    expect(s.mails[0].subject).toBe(`api_token.create by ${t.admin.username} on api_token ${token.id}`);
    expect(s.mails[0].text).toContain('https://bpm.example.com/admin/audit?action=api_token.create');
    expect(JSON.stringify(s.mails[0])).not.toContain(token.token);
  });

  it('mails created, acknowledged and resolved, in order, as text and HTML with the link, and logs the SMTP reply', async () => {
    const s = await smtp();
    const sub = await subscribe();
    expect(sub).toMatchObject({
      channel: 'email',
      url: '',
      recipients: ['oncall@example.com', 'lead@example.com'],
    });
    const incident = await report();
    // Acknowledged by a traced request (server/observability/observe-requests.ts): its mail carries the request's trace
    // context, so the delivery joins that trace.
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await acknowledgeIncident(t.database.db, { id: incident.id }, actor, traceparent);
    await resolveIncident(t.database.db, { id: incident.id, resolutionNote: 'restarted' }, actor);
    await expect.poll(() => s.mails.length, { timeout: 15_000 }).toBe(3);
    expect(s.mails.map((m) => m.headers.get('traceparent'))).toEqual([undefined, traceparent, undefined]);
    expect(s.mails.map((m) => m.subject)).toEqual([
      `[CRITICAL] Incident #${incident.id} new: Mail service <down> & "out"`,
      `[CRITICAL] Incident #${incident.id} acknowledged by responder: Mail service <down> & "out"`,
      `[CRITICAL] Incident #${incident.id} resolved by responder: Mail service <down> & "out"`,
    ]);
    const [first] = s.mails;
    expect(first.from?.text).toBe('"BPM" <bpm@example.com>');
    expect(JSON.stringify(first.to)).toContain('oncall@example.com');
    expect(JSON.stringify(first.to)).toContain('lead@example.com');
    const link = `https://bpm.example.com/incidents/${incident.id}`;
    expect(first.text).toContain(`Open in the console: ${link}`);
    expect(first.text).toContain('Node: Task_Mail');
    expect(first.html).toContain(`<a href="${link}">`);
    expect(first.html).toContain('Mail service &lt;down&gt; &amp; &quot;out&quot;');
    expect(first.html).not.toContain('<down>');

    const caller = await t.caller();
    await expect
      .poll(async () =>
        (await caller.webhooks.deliveries({ id: sub.id, page: 0, size: 10 })).content.map((d) => d.status),
      )
      .toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']);
    const [latest] = (await caller.webhooks.deliveries({ id: sub.id, page: 0, size: 10 })).content;
    expect(latest.log[0]).toMatchObject({
      url: 'mailto:oncall@example.com,lead@example.com',
      responseStatus: 250,
      error: null,
    });
    expect(latest.log[0].responseBody).toContain('queued as q3');
    expect(latest.log[0].requestHeaders).toMatchObject({
      to: 'oncall@example.com, lead@example.com',
      subject: s.mails[2].subject,
      'message-id': `<${latest.webhookId}.${sub.id}@bpm-admin-console>`,
    });
    expect(JSON.stringify(latest.log[0])).not.toContain('s3cret');
    expect(s.mails[2].messageId).toBe(`<${latest.webhookId}.${sub.id}@bpm-admin-console>`);
  });

  it('retries a 4xx refusal with the same Message-ID, takes a 5xx as final, and sends a test event', async () => {
    // Message 0: 451 twice then taken; message 1: 550 (final).
    const s = await smtp((n) => (n < 2 ? 451 : n === 3 ? 550 : 250));
    const sub = await subscribe({ eventTypes: ['incident.created'] });
    const a = await report();
    await expect.poll(() => s.mails.length, { timeout: 15_000 }).toBe(1);
    const b = await report();
    const caller = await t.caller();
    const failed = async () =>
      (await caller.webhooks.deliveries({ id: sub.id, page: 0, size: 10, status: 'FAILED' })).content;
    await expect.poll(async () => (await failed()).length, { timeout: 15_000 }).toBe(1);
    const [refused] = await failed();
    expect(refused).toMatchObject({ incidentId: b.id, attempts: 1 });
    expect(refused.log[0].responseStatus).toBe(550);
    expect(refused.lastError).toContain('No such user here');
    const delivered = (
      await caller.webhooks.deliveries({ id: sub.id, page: 0, size: 10, status: 'SUCCEEDED' })
    ).content;
    expect(delivered.map((d) => [d.incidentId, d.log.map((l) => l.responseStatus)])).toEqual([
      [a.id, [451, 451, 250]],
    ]);
    expect(new Set(delivered[0].log.map((l) => l.requestHeaders['message-id']))).toEqual(
      new Set([s.mails[0].messageId]),
    );
    expect(s.mails[0].subject).toContain(`Incident #${a.id} new`);
    expect(s.offered()).toBe(4);

    const sent = await caller.webhooks.test({ id: sub.id });
    await expect.poll(() => s.mails.length, { timeout: 10_000 }).toBe(2);
    expect(s.mails[1].subject).toMatch(/^Test event for subscription "mail /);
    expect(s.mails[1].messageId).toBe(`<${sent.webhookId}.${sub.id}@bpm-admin-console>`);
  });

  it('needs attention when the SMTP server keeps refusing, and enabled again sends the mail it kept', async () => {
    let down = true;
    const s = await smtp(() => (down ? 451 : 250), { attentionAfterMs: 1_500 });
    const sub = await subscribe({ eventTypes: ['incident.created'] });
    const a = await report();
    const caller = await t.caller();
    await expect
      .poll(async () => (await caller.webhooks.get({ id: sub.id })).needsAttention, { timeout: 15_000 })
      .toBe(true);
    expect(await caller.webhooks.get({ id: sub.id })).toMatchObject({ enabled: false, channel: 'email' });
    expect(s.mails).toHaveLength(0);

    down = false;
    await caller.webhooks.update({ id: sub.id, enabled: true });
    await expect.poll(() => s.mails.length, { timeout: 15_000 }).toBe(1);
    expect(s.mails[0].subject).toContain(`Incident #${a.id} new`);
    expect(await caller.webhooks.get({ id: sub.id })).toMatchObject({ enabled: true, needsAttention: false });
  });

  it('refuses an email subscription without valid recipients, and a webhook without a url', async () => {
    const caller = await t.caller();
    for (const input of [
      { channel: 'email' as const },
      { channel: 'email' as const, recipients: [] },
      { channel: 'email' as const, recipients: ['not an address'] },
      { channel: 'webhook' as const },
    ]) {
      await expect(
        caller.webhooks.create({ name: 'x', eventTypes: ['incident.created'], ...input }),
        JSON.stringify(input),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    const sub = await subscribe();
    const changed = await caller.webhooks.update({ id: sub.id, recipients: ['night@example.com'] });
    expect(changed).toMatchObject({ channel: 'email', url: '', recipients: ['night@example.com'] });
  });
});
