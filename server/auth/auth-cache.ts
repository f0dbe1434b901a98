// What credentials resolved to, remembered between requests. Reading the user (and, for an API token, the
// token) on every request was half the database work of a cheap read such as the incident summary, and
// a third of its latency. A remembered answer is forgotten:
//  - by this process as soon as an administrative change commits (runAdminChange), so a request that
//    follows a disable, delete, password reset or permission change already sees it;
//  - by every process when it hears bpm_auth_changed, which triggers on users, groups, memberships and
//    API tokens send on any change, whoever makes it (migration 0004); a few milliseconds after commit;
//  - after AUTH_CACHE_TTL_MS (5 s unless set) in any case, which bounds what a notification lost while the listening
//    connection was being re-established could leave behind (everything is forgotten once it is back).
// Only a database this process listens to gets a cache (attachAuthCache); on any other handle, and until
// listening has begun, every request reads.
import type { Database, Db } from '../../db/client';
import { getEnv } from '../runtime/env';
import { log } from '../observability/log';

export const AUTH_CHANGED_CHANNEL = 'bpm_auth_changed';
const MAX_ENTRIES = 10_000;

export class AuthCache {
  private readonly entries = new Map<string, { value: object; until: number }>();
  /** Bumped by forget(): a load that began before it must not store what it read. */
  private generation = 0;
  /** False until the invalidations can be heard. */
  active = false;

  constructor(private readonly ttlMs: number) {}

  /** The remembered value for `key` while it is fresh, else undefined. */
  peek<T extends object>(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.until > Date.now() ? (hit.value as T) : undefined;
  }

  /** The remembered value for `key`, else `load()`'s, remembered when it is found (misses are not). */
  async remember<T extends object>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const startedAt = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > startedAt) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    if (value && this.active && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, until: startedAt + this.ttlMs });
    }
    return value;
  }

  forget(): void {
    this.generation++;
    this.entries.clear();
  }
}

const caches = new WeakMap<Db, AuthCache>();

export function authCacheOf(db: Db): AuthCache | undefined {
  return caches.get(db);
}

/** `load()`, or what it answered for `key` before, when `db` has an authentication cache. */
export function remembered<T extends object>(db: Db, key: string, load: () => Promise<T | undefined>) {
  const cache = caches.get(db);
  return cache ? cache.remember(key, load) : load();
}

/** What `db`'s authentication cache remembers for `key`, while fresh; undefined without a cache. */
export function rememberedNow<T extends object>(db: Db, key: string): T | undefined {
  return caches.get(db)?.peek<T>(key);
}

/** After a change to users, groups, memberships or API tokens has committed through `db`. */
export function forgetAuthentications(db: Db): void {
  caches.get(db)?.forget();
}

/** Gives `database` a cache, in use once this process hears bpm_auth_changed on it. */
export function attachAuthCache(database: Database): AuthCache {
  const existing = caches.get(database.db);
  if (existing) return existing;
  const cache = new AuthCache(getEnv().AUTH_CACHE_TTL_MS);
  caches.set(database.db, cache);
  database
    .listen(
      AUTH_CHANGED_CHANNEL,
      () => cache.forget(),
      () => {
        cache.forget(); // (re)connected: anything sent while it was down was missed
        cache.active = true;
      },
    )
    .catch((error) => log.error({ err: error }, 'authentication cache disabled, LISTEN failed'));
  return cache;
}
