// The payload correction of a retry (domain/payload-patch.ts): RFC 7396's own examples, the patch the console
// derives from an edited payload, the changes recorded on the timeline and the masking of secrets in them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MASKED,
  applyMergePatch,
  createMergePatch,
  isSecretField,
  maskSecrets,
  payloadChanges,
  type JsonObject,
} from '../../../domain/payload-patch';
import { SECRET_FIELD_NAMES, SHOWN_FIELD_NAMES } from '../support/secret-field-names';

describe('applyMergePatch', () => {
  // RFC 7396, Appendix A: original, patch, result.
  const examples: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  it.each(examples)('%j patched by %j is %j', (original, patch, result) => {
    const before = JSON.stringify(original);
    expect(applyMergePatch(original, patch)).toEqual(result);
    expect(JSON.stringify(original)).toBe(before);
  });

  it('keeps a member named __proto__ a member, never the prototype', () => {
    const patch = JSON.parse('{"__proto__": {"admin": true}, "a": 1}');
    const patched = applyMergePatch({}, patch) as JsonObject;
    expect(Object.getPrototypeOf(patched)).toBe(Object.prototype);
    expect((patched as { admin?: boolean }).admin).toBeUndefined();
    expect(JSON.stringify(patched)).toBe('{"__proto__":{"admin":true},"a":1}');
  });
});

const jsonValue = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const jsonObject = fc.dictionary(fc.string(), jsonValue) as fc.Arbitrary<JsonObject>;
// Values a merge patch can write: null is a removal, so the edited object holds none.
const withoutNull = (value: unknown): unknown =>
  Array.isArray(value)
    ? value
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== null)
            .map(([k, v]) => [k, withoutNull(v)]),
        )
      : value;

describe('createMergePatch', () => {
  it('gives the patch that turns the payload into the edited one', () => {
    fc.assert(
      fc.property(jsonObject, jsonObject, (before, edited) => {
        const after = withoutNull(edited) as JsonObject;
        expect(applyMergePatch(before, createMergePatch(before, after))).toEqual(after);
      }),
    );
  });

  it('names only what changed', () => {
    const before = { orderId: 'ORD-3', amount: -5, customer: { email: 'x', tier: 'gold' }, fail: true };
    const after = { orderId: 'ORD-3', amount: 5, customer: { email: 'a@example.com', tier: 'gold' } };
    expect(createMergePatch(before, after)).toEqual({
      fail: null,
      amount: 5,
      customer: { email: 'a@example.com' },
    });
  });
});

describe('payloadChanges', () => {
  it('lists changed, added and removed leaves as JSON Pointers, in path order', () => {
    const before = { amount: -5, fail: true, customer: { email: 'x' }, 'a/b~c': 1, items: [1] };
    const after = { amount: 5, customer: { email: 'y', tier: 'gold' }, 'a/b~c': 2, items: [1] };
    expect(payloadChanges(before, after)).toEqual([
      { path: '/a~1b~0c', before: 1, after: 2 },
      { path: '/amount', before: -5, after: 5 },
      { path: '/customer/email', before: 'x', after: 'y' },
      { path: '/customer/tier', after: 'gold' },
      { path: '/fail', before: true },
    ]);
  });

  it('masks the values of secret-looking fields at any depth, and what lies under them', () => {
    const before = {
      card: { cardNumber: '4111', cvv: '123' },
      credentials: { user: 'u', pass: 'p' },
      note: 'a',
    };
    const after = {
      card: { cardNumber: '4242', cvv: '999' },
      credentials: { user: 'v', pass: 'q' },
      note: 'b',
    };
    expect(payloadChanges(before, after)).toEqual([
      { path: '/card/cardNumber', before: MASKED, after: MASKED },
      { path: '/card/cvv', before: MASKED, after: MASKED },
      { path: '/credentials/pass', before: MASKED, after: MASKED },
      { path: '/credentials/user', before: MASKED, after: MASKED },
      { path: '/note', before: 'a', after: 'b' },
    ]);
  });

  it('masks the secrets inside an object or array added, removed or replaced whole', () => {
    const before = {
      card: { holder: 'A', cvv: '123', cardNumber: '4111111111111111' },
      items: [{ sku: 'A', token: 'tok-1' }],
      note: { text: 'n' },
    };
    const after = {
      billing: { password: 'hunter2', address: { street: 's', pin: '0000' } },
      items: [{ sku: 'B', token: 'tok-2' }, 'plain'],
      note: [{ apiKey: 'k' }],
    };
    expect(payloadChanges(before, after)).toEqual([
      { path: '/billing', after: { password: MASKED, address: { street: 's', pin: MASKED } } },
      { path: '/card', before: { holder: 'A', cvv: MASKED, cardNumber: MASKED } },
      {
        path: '/items',
        before: [{ sku: 'A', token: MASKED }],
        after: [{ sku: 'B', token: MASKED }, 'plain'],
      },
      { path: '/note', before: { text: 'n' }, after: [{ apiKey: MASKED }] },
    ]);
  });
});

describe('secret-looking fields', () => {
  it.each(SECRET_FIELD_NAMES)('%s is masked', (name) => expect(isSecretField(name)).toBe(true));

  it.each(SHOWN_FIELD_NAMES)('%j is shown', (name) => expect(isSecretField(name)).toBe(false));

  it('maskSecrets hides their values in a whole payload', () => {
    expect(maskSecrets({ a: 1, password: 'p', nested: [{ apiKey: 'k', b: 2 }] })).toEqual({
      a: 1,
      password: MASKED,
      nested: [{ apiKey: MASKED, b: 2 }],
    });
  });
});
