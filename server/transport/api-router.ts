// The one route table of /api, on find-my-way (the router of Fastify: a radix tree per method, static
// segments before parameters before wildcards, whatever order the routes are added in). Its rules, for
// every route alike (docs/decisions/0012-one-router-one-runner.md):
// - a path's letters match in any case; a parameter keeps the case it was sent in;
// - one trailing slash is ignored (`/incidents/` is `/incidents`);
// - a parameter is percent-decoded, and is one segment of any length (its schema judges it);
// - HEAD is answered as GET wherever GET is;
// - a path some route answers with other methods is a 405 naming them (Allow); any other is a 404.
import FindMyWay from 'find-my-way';

/** What the table gives for a method and path. */
export type RouteMatch<R> =
  | { status: 200; route: R; params: Record<string, string | undefined> }
  /** A path some routes answer, by other methods: `route` is one of them (its template names the path). */
  | { status: 405; route: R; allowed: string[] }
  /** A path no route answers: `route` is the fallback of its area, if it has one. */
  | { status: 404; route?: R };

interface Entry<R> {
  route: R;
  /** Answers only what no other route of the path answers (a 404 in an area's own shape). */
  fallback: boolean;
}

/** `/incidents/{id}` (the OpenAPI form the routes are declared in) as find-my-way writes it: `/incidents/:id`. */
const routerPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

export class ApiRouter<R> {
  private readonly router = FindMyWay({
    caseSensitive: false,
    ignoreTrailingSlash: true,
    // The router refuses nothing a schema should judge: an id of a thousand digits is a 400, not a 404.
    maxParamLength: 8 * 1024,
    // The query is read from the request's URL, only by the routes that take one.
    querystringParser: () => ({}),
  });
  private readonly methods = new Set<string>();

  /** Adds `route` for each of `methods` at `template` (`/api/incidents/{id}`, `/api/docs/*`). */
  add(methods: readonly string[], template: string, route: R, { fallback = false } = {}): void {
    const entry: Entry<R> = { route, fallback };
    for (const method of methods) {
      this.methods.add(method);
      this.router.on(method as FindMyWay.HTTPMethod, routerPath(template), () => {}, entry);
    }
  }

  private entryOf(method: string, pathname: string) {
    const found = this.router.find(method as FindMyWay.HTTPMethod, pathname);
    return found && { entry: found.store as Entry<R>, params: found.params };
  }

  /** The methods that answer `pathname` (HEAD wherever GET does), sorted; empty when none does. */
  allowedMethods(pathname: string): string[] {
    const allowed = [...this.methods].filter((m) => this.entryOf(m, pathname)?.entry.fallback === false);
    if (allowed.includes('GET') && !allowed.includes('HEAD')) allowed.push('HEAD');
    return allowed.sort();
  }

  /** The route of `method` and `pathname` (percent-encoded, without its query). */
  match(method: string, pathname: string): RouteMatch<R> {
    const hit = this.entryOf(method === 'HEAD' ? 'GET' : method, pathname);
    if (hit && !hit.entry.fallback) return { status: 200, route: hit.entry.route, params: hit.params };
    const allowed = this.allowedMethods(pathname);
    if (allowed.length) {
      const other = this.entryOf(allowed.includes('GET') ? 'GET' : allowed[0], pathname)!;
      return { status: 405, route: other.entry.route, allowed };
    }
    return { status: 404, route: hit?.entry.route };
  }
}
