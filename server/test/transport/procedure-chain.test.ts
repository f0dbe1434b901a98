// Each procedure's chain run as one step (server/procedure-chain.ts): the same answers and the same errors as
// tRPC walking the chain, the rules first and their settlement last, the asynchronous parse only for a schema
// that needs it, and every procedure of the API run that way. It relies on @trpc/server keeping a
// procedure's chain in `_def.middlewares`, its resolver in `_def.resolver`, its inputs in `_def.inputs` and
// its output in `_def.output`; these tests fail first when an upgrade changes that.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Principal } from '../../auth/principal';
import { notFound, problemOf } from '../../errors';
import { runChainsAsOneStep } from '../../procedure-chain';
import { asResolved, SerializedAnswer } from '../../serialized-answer';
import { appRouter } from '../../routers';
import {
  createCallerFactory,
  permissionProcedure,
  publicProcedure,
  router,
  signedInProcedure,
  type Context,
} from '../../trpc';

/** A router of the API's own procedure builders, and schemas counting their asynchronous parses. */
function testRouter() {
  const counted = <S extends z.ZodType>(schema: S) => {
    const calls = { parseAsync: 0 };
    const original = schema.parseAsync.bind(schema);
    (schema as { parseAsync: unknown }).parseAsync = (value: unknown, params?: never) => {
      calls.parseAsync++;
      return original(value, params);
    };
    return { schema, calls };
  };
  const input = counted(z.object({ id: z.coerce.number().int().positive(), tags: z.array(z.string()) }));
  const output = counted(z.object({ id: z.number(), label: z.string().min(2) }));
  const slowInput = counted(
    z.object({ name: z.string() }).refine(async (v) => v.name !== 'taken', { message: 'is taken' }),
  );
  const seen: unknown[] = [];
  const testProcedures = router({
    get: permissionProcedure('ACCESS_BPM_ADMIN')
      .input(input.schema)
      .output(output.schema)
      .query(({ input: given }) => {
        seen.push(given);
        if (given.id === 404) throw notFound('Thing', 404); // a DomainError: its own status back
        if (given.id === 500) throw new Error('a bug');
        return { id: given.id, label: given.id === 9 ? 'x' : `n${given.id}` };
      }),
    add: publicProcedure.input(slowInput.schema).mutation(({ input: given }) => given.name),
    whoAmI: signedInProcedure.query(async ({ ctx }) => ctx.principal.username),
    // A resolver may return any thenable (a query builder is one): awaited as a promise is, before its
    // answer meets the output schema.
    thenable: publicProcedure.output(z.string()).query(
      // Typed as a promise for tRPC's types; at run time an object with a `then` and nothing else.
      () =>
        ({
          then: (onFulfilled: (value: string) => unknown) => onFulfilled('from a thenable'),
        }) as unknown as Promise<string>,
    ),
  });
  return { testProcedures, seen, calls: { input, output, slowInput } };
}

const principal = (permissions: string[], more: Partial<Principal> = {}): Principal => ({
  userId: 1,
  username: 'someone',
  permissions: new Set(permissions) as Principal['permissions'],
  scope: 'FULL',
  ...more,
});
/** A context as createContext makes it; these procedures never touch the database. */
const contextOf = (over: Partial<Context>) =>
  ({ requestId: 'test', principal: null, ...over }) as unknown as Context;
const callerOf = (procedures: ReturnType<typeof testRouter>['testProcedures'], ctx: Context) =>
  createCallerFactory(procedures)(ctx);
type Caller = ReturnType<typeof callerOf>;

/** What a call answers or throws, comparably. */
async function outcome(call: () => Promise<unknown>) {
  try {
    return { data: await call() };
  } catch (error) {
    const e = error as TRPCError;
    const cause = e.cause as (z.ZodError & { kind?: string }) | undefined;
    return { code: e.code, message: e.message, issues: cause?.issues, kind: cause?.kind };
  }
}

describe('the chain of a procedure run as one step', () => {
  it('answers and refuses exactly as tRPC walking the chain', async () => {
    const before = testRouter();
    const after = testRouter();
    expect(runChainsAsOneStep(after.testProcedures._def.procedures as Record<string, unknown>)).toBe(4);
    const admin = contextOf({ principal: principal(['ACCESS_BPM_ADMIN']) });
    const contexts = {
      admin,
      anonymous: contextOf({ authFailure: 'The bearer token is invalid, expired or revoked' }),
      lacking: contextOf({ principal: principal(['ACCESS_PROCESS_PORTAL']) }),
      mustChange: contextOf({ principal: principal(['ACCESS_BPM_ADMIN'], { mustChangePassword: true }) }),
      workerToken: contextOf({ principal: principal(['ACCESS_BPM_ADMIN'], { scope: 'WORKER' }) }),
      badBody: contextOf({
        principal: principal(['ACCESS_BPM_ADMIN']),
        bodyError: notFound('the body', 0), // any DomainError the transport left for the procedure
      }),
    };
    const calls: [keyof typeof contexts, (c: Caller) => Promise<unknown>][] = [
      ['admin', (c) => c.get({ id: '7' as never, tags: ['a'] })],
      ['admin', (c) => c.get({ id: -1, tags: ['a'] })], // input refused: 400
      ['admin', (c) => c.get({ id: 3, tags: 'a' as never })],
      ['admin', (c) => c.get(undefined as never)],
      ['admin', (c) => c.get({ id: 3, tags: [], ['__proto__' as never]: 1 } as never)], // the input guard
      ['admin', (c) => c.get({ id: 9, tags: [] })], // output refused: 500
      ['admin', (c) => c.get({ id: 404, tags: [] })], // a DomainError of the resolver: 404
      ['admin', (c) => c.get({ id: 500, tags: [] })], // any other error of the resolver: 500
      ['anonymous', (c) => c.get({ id: -1, tags: [] })], // 401 before the input is looked at
      ['lacking', (c) => c.get({ id: 7, tags: [] })], // 403
      ['mustChange', (c) => c.whoAmI()],
      ['workerToken', (c) => c.get({ id: 7, tags: [] })], // the token's scope refuses it
      ['badBody', (c) => c.get({ id: 7, tags: [] })],
      ['anonymous', (c) => c.add({ name: 'free' })],
      ['anonymous', (c) => c.add({ name: 'taken' })], // refused by the asynchronous refinement
      ['anonymous', (c) => c.add({ name: 5 as never })],
      ['admin', (c) => c.whoAmI()],
      ['anonymous', (c) => c.whoAmI()],
      ['anonymous', (c) => c.thenable()],
    ];
    for (const [who, call] of calls) {
      const expected = await outcome(() => call(callerOf(before.testProcedures, contexts[who])));
      const actual = await outcome(() => call(callerOf(after.testProcedures, contexts[who])));
      expect(actual, `${who} ${call}`).toEqual(expected);
    }
    // The resolver got the parsed input (coerced), and nothing when the caller was refused.
    expect(after.seen).toEqual(before.seen);
    expect(after.seen[0]).toEqual({ id: 7, tags: ['a'] });
    expect(await callerOf(after.testProcedures, contexts.anonymous).thenable()).toBe('from a thenable');

    // The cases above do reach each outcome.
    const afterCaller = callerOf(after.testProcedures, admin);
    // An answer its own schema refuses is a fault of the service: a 500, whatever the ZodError behind it says.
    const refusedOutput = await afterCaller.get({ id: 9, tags: [] }).catch((error: unknown) => error);
    expect(refusedOutput).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Output validation failed',
    });
    expect(problemOf(refusedOutput, 'r')).toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(await outcome(() => afterCaller.get({ id: -1, tags: [] }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await outcome(() => afterCaller.get({ id: 404, tags: [] }))).toMatchObject({
      code: 'NOT_FOUND',
      kind: 'NOT_FOUND',
    });
    const anonymous = callerOf(after.testProcedures, contexts.anonymous);
    expect(await outcome(() => anonymous.get({ id: 7, tags: [] }))).toMatchObject({ code: 'UNAUTHORIZED' });

    // tRPC's own validation parses asynchronously every time; the chain as one step only where the schema must.
    expect(before.calls.input.calls.parseAsync).toBeGreaterThan(0);
    expect(after.calls.input.calls.parseAsync).toBe(0);
    expect(after.calls.output.calls.parseAsync).toBe(0);
    // 'free' and 'taken' reach the asynchronous refinement; a name of the wrong type is refused before it.
    expect(after.calls.slowInput.calls.parseAsync).toBe(2);
  });

  it('checks a serialized answer once: sent as it is where the transport writes JSON, its value elsewhere', async () => {
    const Thing = z.object({ id: z.number(), label: z.string().min(2) });
    const lenient = z.object({ id: z.number(), label: z.string() });
    const kept = SerializedAnswer.of(Thing, { id: 1, label: 'one', extra: 'dropped by the check' });
    const procedures = router({
      // Checked by the procedure's own output schema: not parsed again.
      kept: publicProcedure.output(Thing).query(() => asResolved(kept)),
      // Checked by another schema, which let through what this one refuses: parsed again, and refused.
      other: publicProcedure
        .output(Thing)
        .query(() => asResolved(SerializedAnswer.of(lenient, { id: 2, label: 'x' }))),
      // Checked by another schema, and right by this one too: its value, parsed by this one.
      otherRight: publicProcedure
        .output(Thing)
        .query(() => asResolved(SerializedAnswer.of(lenient, { id: 3, label: 'three' }))),
    });
    expect(runChainsAsOneStep(procedures._def.procedures as Record<string, unknown>)).toBe(3);
    const json = createCallerFactory(procedures)(contextOf({ answersAsJson: true }));
    const plain = createCallerFactory(procedures)(contextOf({}));

    expect(kept.json.toString()).toBe('{"id":1,"label":"one"}');
    // The very answer, for the REST transport to write (server/api-handler.ts).
    expect(await json.kept()).toBe(kept);
    // A value for every other transport: tRPC, the console's caller.
    expect(await plain.kept()).toEqual({ id: 1, label: 'one' });
    for (const caller of [json, plain]) {
      expect(await outcome(() => caller.other())).toMatchObject({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'Output validation failed',
      });
      expect(await caller.otherRight()).toEqual({ id: 3, label: 'three' });
    }
  });

  it('leaves a chain of another shape to tRPC', () => {
    const { testProcedures } = testRouter();
    const extra = router({
      more: publicProcedure.use(({ next }) => next()).query(() => 1),
    });
    expect(runChainsAsOneStep(extra._def.procedures as Record<string, unknown>)).toBe(0);
    expect(runChainsAsOneStep(testProcedures._def.procedures as Record<string, unknown>)).toBe(4);
    // Run already: nothing left of that shape.
    expect(runChainsAsOneStep(testProcedures._def.procedures as Record<string, unknown>)).toBe(0);
  });

  it('is how every procedure of the API runs', () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { middlewares: { runsWholeChain?: true }[] } }
    >;
    for (const [path, procedure] of Object.entries(procedures)) {
      expect(procedure._def.middlewares.length, path).toBe(1);
      expect(procedure._def.middlewares[0].runsWholeChain, path).toBe(true);
    }
    expect(Object.keys(procedures).length).toBeGreaterThan(50);
  });
});
