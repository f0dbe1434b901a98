// A real OpenID provider for the tests (the oidc-provider package), on loopback over plain http: its own
// sign-in page (a username, no password: the people are the test's), consent given at once, and people
// whose groups a test changes between sign-ins. It can be made slow (every request held until `resume`)
// or stopped and started again on its port, to prove the console's answers to a provider in trouble.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import type { Socket } from 'node:net';
import Provider from 'oidc-provider';

export interface IdpPerson {
  username: string;
  groups?: unknown;
  /** Other claims of the ID token, to send odd ones (a groups claim of the wrong type, no username). */
  claims?: Record<string, unknown>;
}

export interface IdentityProvider {
  issuer: string;
  /** The people who may sign in, by subject (their `sub`); a test may change them at any time. */
  people: Map<string, IdpPerson>;
  /** Every request (discovery included) is held, unanswered, until resume(). */
  hang(): void;
  resume(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
}

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head><body><main>${body}</main></body></html>`;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

export async function startIdentityProvider(options: {
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  host?: string;
}): Promise<IdentityProvider> {
  const host = options.host ?? '127.0.0.1';
  const issuer = `http://${host}:${options.port}`;
  const people = new Map<string, IdpPerson>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // The ID token carries the claims (next-auth reads the person from it, idToken: true).
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], groups: ['groups'] },
    scopes: ['openid', 'profile', 'groups'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          preferred_username: person.username,
          name: person.username,
          ...(person.groups !== undefined && { groups: person.groups }),
          ...person.claims,
        }),
      };
    },
    // Its interaction and session cookies are signed with this.
    cookies: { keys: ['identity-provider-test-cookie-key'] },
    pkce: { required: () => true },
    // A key of its own (the quick-start keys are announced on every start) and lifetimes a test outlives.
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          kid: 'test',
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
  });
  // oidc-provider logs its errors through events; a test reads the console's answers, not these.
  provider.on('server_error', () => {});

  const oidc = provider.callback();
  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'consent') {
      const grant = new provider.Grant({
        accountId: details.session!.accountId!,
        clientId: options.clientId,
      });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
      return;
    }
    if (req.method === 'POST') {
      const form = await readForm(req);
      const sub = form.get('subject') ?? '';
      if (!people.has(sub)) {
        res.writeHead(400, { 'content-type': 'text/html' }).end(page('<p>Unknown person</p>'));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: sub } });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      page(`<h1>Test identity provider</h1>
<form method="post" action="/interaction/${escape(details.uid)}">
<label>Subject <input name="subject" autofocus></label>
<button type="submit">Sign in at the provider</button></form>`),
    );
  }

  let held: (() => void)[] | null = null;
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const go = () => {
      // A browser asks for one; an error in its console would fail the browser tests.
      if (req.url === '/favicon.ico') res.writeHead(204).end();
      else if (req.url?.startsWith('/interaction/')) {
        interaction(req, res).catch((error: unknown) => {
          res.writeHead(500).end(String(error));
        });
      } else oidc(req, res);
    };
    if (held) held.push(go);
    else go();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  await start();
  return {
    issuer,
    people,
    hang: () => {
      held ??= [];
    },
    resume: () => {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    start,
  };
}

/**
 * The verified claims of an ID token `sub` gets from the provider through the authorization code flow with
 * PKCE, as a relying party would get them (cookies kept, redirects followed by hand, the token's signature,
 * issuer and audience checked with the provider's keys): what next-auth hands the console's sign-in.
 */
export async function idTokenClaimsOf(
  idp: IdentityProvider,
  client: { clientId: string; clientSecret: string; redirectUri: string; scope?: string },
  sub: string,
): Promise<Record<string, unknown>> {
  const { createHash, randomBytes } = await import('node:crypto');
  const { createRemoteJWKSet, jwtVerify } = await import('jose');
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL(`${idp.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    redirect_uri: client.redirectUri,
    scope: client.scope ?? 'openid profile groups',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  let res = await go(authorize.toString());
  let location = new URL(res.headers.get('location')!, idp.issuer);
  let signedIn = false;
  for (let step = 0; !location.toString().startsWith(client.redirectUri); step++) {
    if (step > 10) throw new Error(`no redirect back after ${step} steps`);
    if (location.pathname.startsWith('/interaction/') && !signedIn) {
      signedIn = true;
      res = await go(location.toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ subject: sub }).toString(),
      });
    } else res = await go(location.toString());
    if (res.status !== 302 && res.status !== 303)
      throw new Error(`${location} answered ${res.status}: ${await res.text()}`);
    location = new URL(res.headers.get('location')!, idp.issuer);
  }
  if (location.searchParams.get('state') !== state) throw new Error('state not given back');
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code: ${location}`);
  const token = await fetch(`${idp.issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  const tokens = (await token.json()) as { id_token?: string };
  if (!tokens.id_token) throw new Error(`no ID token: ${JSON.stringify(tokens)}`);
  const { payload } = await jwtVerify(tokens.id_token, createRemoteJWKSet(new URL(`${idp.issuer}/jwks`)), {
    issuer: idp.issuer,
    audience: client.clientId,
  });
  return payload as Record<string, unknown>;
}
