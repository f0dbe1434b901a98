// The domain vocabulary's helpers (domain/): how an id and a worker-request reference are written and read.
import { describe, expect, it } from 'vitest';
import { parseId } from '../../../domain/ids';
import { WORKER_REFERENCE_FORM, workerReference, workerRequestIdOf } from '../../../domain/workers';

describe('domain vocabulary', () => {
  it('reads an id written as a positive integer up to 2^53-1, and nothing else', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of ['', '0', '01', '-1', '+1', '1.5', '1e3', '0x10', ' 1', '9007199254740992']) {
      expect(parseId(bad), bad).toBeNull();
    }
  });

  it('writes a worker-request reference and reads it back; other references name no request', () => {
    expect(workerReference(42)).toBe('worker-request:42');
    expect(workerRequestIdOf(workerReference(42))).toBe(42);
    expect(WORKER_REFERENCE_FORM).toBe('worker-request:<id>');
    for (const other of [
      'job:42',
      'worker-request:',
      'worker-request:0',
      'worker-request:abc',
      'worker-request:1:2',
    ]) {
      expect(workerRequestIdOf(other), other).toBeNull();
    }
  });
});
