import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { problemOf } from '../../errors';

/** The problem document a failed call answers with (what REST and the console show). */
export async function problemFrom(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return problemOf(error, 'test');
}
