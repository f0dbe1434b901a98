// Validation by zod's synchronous parse (server/sync-parsing.ts): the same answers and the same errors as
// tRPC's own validation, the asynchronous parse only for a schema that needs it, and every procedure of the
// API changed. It relies on @trpc/server keeping a procedure's chain in `_def.middlewares` with its inputs in
// `_def.inputs` and its output in `_def.output`; these tests fail first when an upgrade changes that.
import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../../routers';
import { parseSchemasSynchronously } from '../../sync-parsing';

/** A router of its own, and a schema counting its asynchronous parses. */
function testRouter() {
  const t = initTRPC.create();
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
  const router = t.router({
    get: t.procedure
      .input(input.schema)
      .output(output.schema)
      .query(({ input: given }) => ({ id: given.id, label: given.id === 9 ? 'x' : `n${given.id}` })),
    add: t.procedure.input(slowInput.schema).mutation(({ input: given }) => given.name),
    none: t.procedure.query(() => 'fine'),
  });
  return { router, caller: t.createCallerFactory(router)({}), calls: { input, output, slowInput } };
}

/** What a call answers or throws, comparably. */
async function outcome(call: () => Promise<unknown>) {
  try {
    return { data: await call() };
  } catch (error) {
    const e = error as TRPCError;
    return { code: e.code, message: e.message, issues: (e.cause as z.ZodError | undefined)?.issues };
  }
}

describe('validation by the synchronous parse', () => {
  it('answers and refuses exactly as tRPC validating with parseAsync', async () => {
    const before = testRouter();
    const after = testRouter();
    expect(parseSchemasSynchronously(after.router._def.procedures as Record<string, unknown>)).toBe(2);
    const calls: ((c: typeof before.caller) => Promise<unknown>)[] = [
      (c) => c.get({ id: '7' as never, tags: ['a'] }),
      (c) => c.get({ id: -1, tags: ['a'] }), // input refused: 400
      (c) => c.get({ id: 3, tags: 'a' as never }),
      (c) => c.get(undefined as never),
      (c) => c.get({ id: 9, tags: [] }), // output refused: 500
      (c) => c.add({ name: 'free' }),
      (c) => c.add({ name: 'taken' }), // refused by the asynchronous refinement
      (c) => c.add({ name: 5 as never }),
      (c) => c.none(),
    ];
    for (const call of calls) {
      const expected = await outcome(() => call(before.caller));
      expect(await outcome(() => call(after.caller))).toEqual(expected);
    }
    const refused = await outcome(() => after.caller.get({ id: 9, tags: [] }));
    expect(refused).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed' });
    expect(await outcome(() => after.caller.get({ id: -1, tags: [] }))).toMatchObject({
      code: 'BAD_REQUEST',
    });

    // tRPC's own validation parses asynchronously every time; the replaced one only where the schema must.
    expect(before.calls.input.calls.parseAsync).toBeGreaterThan(0);
    expect(after.calls.input.calls.parseAsync).toBe(0);
    expect(after.calls.output.calls.parseAsync).toBe(0);
    // 'free' and 'taken' reach the asynchronous refinement; a name of the wrong type is refused before it.
    expect(after.calls.slowInput.calls.parseAsync).toBe(2);
  });

  it('is what every procedure of the API validates with', () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { inputs: unknown[]; middlewares: { _type?: string; parsesSynchronously?: true }[] } }
    >;
    let validated = 0;
    for (const [path, procedure] of Object.entries(procedures)) {
      const steps = procedure._def.middlewares.filter((m) => m._type === 'input' || m._type === 'output');
      expect(steps.filter((m) => m._type === 'input').length, path).toBe(procedure._def.inputs.length);
      for (const step of steps) expect(step.parsesSynchronously, path).toBe(true);
      if (steps.length) validated++;
    }
    expect(validated).toBeGreaterThan(50);
  });
});
