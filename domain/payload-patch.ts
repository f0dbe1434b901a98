// A worker request's payload corrected by a JSON merge patch (RFC 7396), the changes it makes written as a
// list of JSON Pointers (RFC 6901) with their values before and after, and the values of secret-looking
// fields masked in that list. The server applies and records; the console previews with the same functions.

export type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets a member as data, whatever its name: `__proto__` from parsed JSON stays a member, never a prototype. */
function setMember(object: JsonObject, key: string, value: unknown) {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * RFC 7396 §2: a patch's object members replace, `null` removes, nested objects merge; any other patch
 * replaces the target whole. The result is new objects; neither argument is changed.
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else setMember(result, key, applyMergePatch(Object.hasOwn(result, key) ? result[key] : undefined, value));
  }
  return result;
}

/**
 * The merge patch that turns `before` into `after` (both objects): changed members, `null` for removed ones,
 * nested objects as patches of their own. A member whose new value is `null` cannot be written by a merge
 * patch (RFC 7396 §1: null removes); it becomes a removal.
 */
export function createMergePatch(before: JsonObject, after: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) setMember(patch, key, null);
  for (const [key, value] of Object.entries(after)) {
    const old = Object.hasOwn(before, key) ? before[key] : undefined;
    if (Object.hasOwn(before, key) && sameJson(old, value)) continue;
    setMember(patch, key, isObject(old) && isObject(value) ? createMergePatch(old, value) : value);
  }
  return patch;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]))
    );
  }
  return false;
}

/** One change a patch made: where (a JSON Pointer), and the value before (absent: added) and after (absent: removed). */
export interface PayloadChange {
  path: string;
  before?: unknown;
  after?: unknown;
}

/** What a secret-looking field's value is shown as, in the timeline and the console. */
export const MASKED = '[masked]';

// Words that name a secret, matched against the words of a field's name (camelCase, snake_case, kebab-case),
// singular or plural: `password`, `clientSecret`, `x-api-key` and `apiTokens` are masked; `shipping` (which
// contains "pin") and `tokenizer` are not, since whole words are compared.
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'authorization',
  'auth',
  'credential',
  'credentials',
  'cookie',
  'pin',
  'cvv',
  'cvc',
  'iban',
  'ssn',
  'privatekey',
  'signature',
]);
const SECRET_PAIRS = new Set(['api key', 'private key', 'access key', 'card number', 'account number']);

function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** Whether a field of this name holds a secret (its value is masked wherever a change is shown). */
export function isSecretField(name: string): boolean {
  const words = wordsOf(name);
  // A list of secrets is as secret as one: `passwords`, `apiKeys`, `card_numbers`.
  const named = (set: Set<string>, word: string) =>
    set.has(word) || (word.endsWith('s') && set.has(word.slice(0, -1)));
  return words.some(
    (word, i) => named(SECRET_WORDS, word) || (i > 0 && named(SECRET_PAIRS, `${words[i - 1]} ${word}`)),
  );
}

/** The value with every secret-looking field's value replaced by MASKED, at any depth. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, isSecretField(key) ? MASKED : maskSecrets(v)]),
  );
}

const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every change from `before` to `after`, in the order of their paths (a stored payload keeps no key order): a
 * leaf changed, added or removed, with nested objects followed into (arrays are values, as a merge patch treats
 * them). Values under a secret-looking field are MASKED, whatever their depth, in `before` and `after`: inside an
 * object or array added, removed or replaced whole too.
 */
export function payloadChanges(before: JsonObject, after: JsonObject): PayloadChange[] {
  const changes: PayloadChange[] = [];
  const walk = (a: JsonObject, b: JsonObject, path: string, secret: boolean) => {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) {
      const at = `${path}/${pointerToken(key)}`;
      const hidden = secret || isSecretField(key);
      const had = Object.hasOwn(a, key);
      const has = Object.hasOwn(b, key);
      if (had && has && isObject(a[key]) && isObject(b[key])) {
        walk(a[key], b[key], at, hidden);
        continue;
      }
      if (had && has && sameJson(a[key], b[key])) continue;
      // A whole object or array added, removed or replaced: its own secret fields masked, at any depth.
      const shown = (value: unknown) => (hidden ? MASKED : maskSecrets(value));
      changes.push({
        path: at,
        ...(had ? { before: shown(a[key]) } : {}),
        ...(has ? { after: shown(b[key]) } : {}),
      });
    }
  };
  walk(before, after, '', false);
  return changes;
}
