import { splitKey } from "@xiangyu/functions/http/define";

/**
 * The HTTP API's route set, derived from the areas' route tables. AWS allows 300 routes per HTTP
 * API; one route per call would grow with every call the spec adds. Each Lambda routes by itself
 * (functions' http/app.ts), so API Gateway only has to pick the area:
 *
 * - per method, a path prefix whose every route belongs to one area gets one greedy route
 *   `GET <prefix>/{proxy+}` (GET and POST alike for one area: `ANY`);
 * - where areas share a prefix, the cheaper of: a greedy route for the area with most routes there
 *   plus explicit routes for the others, or the same choice made again one segment further down;
 * - a route that needs its own stage setting (a tighter throttle: `pinned`) is always explicit, and
 *   so is a route under a path variable (`/{product}/…`), which could shadow a literal sibling.
 *
 * Greedy prefixes of one method never nest, so no request can match two greedy routes: API
 * Gateway's choice is always either the one full match (an explicit route beats a greedy one) or
 * the one greedy match. Methods other than the tables' (PUT, OPTIONS…) match nothing: 404.
 * `matchRoute` below is that choice, written out; infra-tests route every key of every table
 * through it.
 */
export type TableRoute = { key: string; area: string; pinned: boolean };
export type ApiRoute = { key: string; area: string; greedy: boolean };
/** AWS's quota is 300 routes per HTTP API; ours is a third of it, so one API never nears AWS's. */
export const MAX_ROUTES_PER_API = 100;
/** Filled to this many routes before a new API is started: room for a few areas more in each. */
const ROUTES_PER_API_TARGET = 60;
/** CloudFront allows 25 cache behaviors per distribution; one is the console's default. */
export const MAX_CDN_PATTERNS = 24;

const GREEDY = "{proxy+}";
const isVariable = (segment: string) => segment.startsWith("{");
const segmentsOf = (path: string) => path.split("/").filter(Boolean);

type Node = { segment: string; children: Map<string, Node>; here: TableRoute[]; all: TableRoute[]; underVariable: boolean };

function trie(routes: readonly TableRoute[]): Node {
  const root: Node = { segment: "", children: new Map(), here: [], all: [], underVariable: false };
  for (const route of routes) {
    let node = root;
    node.all.push(route);
    for (const segment of segmentsOf(splitKey(route.key).path)) {
      let child = node.children.get(segment);
      if (!child) {
        child = { segment, children: new Map(), here: [], all: [], underVariable: node.underVariable || isVariable(segment) };
        node.children.set(segment, child);
      }
      child.all.push(route);
      node = child;
    }
    node.here.push(route);
  }
  return root;
}

const explicit = (r: TableRoute): ApiRoute => ({ key: r.key, area: r.area, greedy: false });

/** The area with most unpinned routes among these (ties: by name), if any. */
function ownerOf(routes: readonly TableRoute[]): string | undefined {
  const counts = new Map<string, number>();
  for (const r of routes) if (!r.pinned) counts.set(r.area, (counts.get(r.area) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/**
 * The fewest routes for a subtree: either each child planned on its own, or greedy routes here
 * (one per method, one `ANY` when both methods go to one area) with explicit routes for whatever
 * under this prefix another area serves. Greedy prefixes of a method never nest (see above).
 */
function plan(node: Node, prefix: string): ApiRoute[] {
  const split = [...node.here.map(explicit), ...[...node.children.values()].flatMap((c) => plan(c, `${prefix}/${c.segment}`))];
  // No greedy route at the root (it would take paths no table names) nor under a path variable.
  if (!prefix || node.underVariable) return split;
  const below = node.all.filter((r) => !node.here.includes(r));
  const owners = new Map<string, string>();
  for (const method of METHODS) {
    const owner = ownerOf(below.filter((r) => splitKey(r.key).method === method));
    if (owner) owners.set(method, owner);
  }
  if (!owners.size) return split;
  const areas = new Set(owners.values());
  const greedyRoutes: ApiRoute[] =
    areas.size === 1 && owners.size === METHODS.length
      ? [{ key: `ANY ${prefix}/${GREEDY}`, area: [...areas][0]!, greedy: true }]
      : [...owners].map(([method, area]) => ({ key: `${method} ${prefix}/${GREEDY}`, area, greedy: true }));
  const greedy = [...greedyRoutes, ...node.here.map(explicit), ...below.filter((r) => r.pinned || owners.get(splitKey(r.key).method) !== r.area).map(explicit)];
  // On a tie the greedy plan is kept: the next route under this prefix then costs nothing.
  return greedy.length < split.length ? greedy : split;
}

/** The methods of the route tables (the contract reads with GET and writes with POST). */
const METHODS = ["GET", "POST"] as const;

/** The API's routes for these table routes. Throws when two areas claim one route key. */
export function apiRoutes(routes: readonly TableRoute[]): ApiRoute[] {
  const owners = new Map<string, string>();
  for (const r of routes) {
    const other = owners.get(r.key);
    if (other && other !== r.area) throw new Error(`${r.key} is claimed by ${other} and ${r.area}`);
    owners.set(r.key, r.area);
  }
  const path = (r: ApiRoute) => r.key.split(" ")[1]!;
  return plan(trie(routes), "").sort((a, b) => path(a).localeCompare(path(b)) || a.key.localeCompare(b.key));
}

/** How API Gateway matches one route path to a request path: literal segments, `{x}` one segment, `{x+}` the rest (at least one). */
function pathMatches(pattern: string, path: string): boolean {
  const want = segmentsOf(pattern);
  const got = segmentsOf(path);
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w.endsWith("+}")) return got.length > i;
    if (i >= got.length) return false;
    if (!isVariable(w) && w !== got[i]) return false;
  }
  return want.length === got.length;
}

/** Literal segments before variables: `/a/b` over `/a/{x}` when both match fully. */
const specificity = (pattern: string) =>
  segmentsOf(pattern)
    .map((s) => (isVariable(s) ? "1" : "0"))
    .join("");

/**
 * API Gateway's choice for a request (its documented priorities): a full match of route and
 * method (ANY counting for any method), then a greedy route, then none. Returns undefined when
 * nothing matches, and throws when the choice would be ambiguous (two greedy routes, or two full
 * matches alike), which the route set is built never to allow.
 */
export function matchRoute(set: readonly ApiRoute[], method: string, path: string): ApiRoute | undefined {
  const methodOk = (key: string) => ["ANY", method].includes(key.split(" ")[0]!);
  const candidates = set.filter((r) => methodOk(r.key) && pathMatches(splitKey(r.key.replace(/^ANY /, "GET ")).path, path));
  const full = candidates.filter((r) => !r.greedy);
  if (full.length) {
    const ranked = [...full].sort((a, b) => specificity(a.key).localeCompare(specificity(b.key)));
    if (ranked.length > 1 && specificity(ranked[0]!.key) === specificity(ranked[1]!.key)) throw new Error(`${method} ${path}: ${ranked[0]!.key} and ${ranked[1]!.key} match alike`);
    return ranked[0];
  }
  const greedy = candidates.filter((r) => r.greedy);
  if (greedy.length > 1) throw new Error(`${method} ${path}: greedy routes ${greedy.map((r) => r.key).join(", ")} overlap`);
  return greedy[0];
}

/** A group of path prefixes served by one HTTP API: its routes, and what CloudFront sends there. */
export type ApiPart = { index: number; prefixes: string[]; routes: ApiRoute[] };
type Unit = { prefix: string; routes: ApiRoute[] };

/** Prefixes planned on their own: a prefix whose plan is larger than the target is cut at its children. */
function units(node: Node, prefix: string): Unit[] {
  const routes = plan(node, prefix);
  if (!prefix) return [...node.children.values()].flatMap((c) => units(c, `/${c.segment}`));
  if (isVariable(node.segment)) throw new Error(`${prefix}: a path variable right under a split prefix cannot be told apart by CloudFront`);
  if (routes.length <= ROUTES_PER_API_TARGET || !node.children.size) return [{ prefix, routes }];
  // Routes ending right at a cut prefix (none today) stay with its first child's API.
  const [first, ...rest] = [...node.children.values()].flatMap((c) => units(c, `${prefix}/${c.segment}`));
  return [{ ...first!, routes: [...node.here.map(explicit), ...first!.routes] }, ...rest];
}

/**
 * The HTTP APIs of the stage: the routes planned per prefix, prefixes taken in path order and put
 * into one API until the next would take it past ROUTES_PER_API_TARGET. Throws when two areas
 * claim one route key.
 */
export function apiParts(routes: readonly TableRoute[]): ApiPart[] {
  apiRoutes(routes);
  const parts: ApiPart[] = [];
  for (const unit of units(trie(routes), "").sort((a, b) => a.prefix.localeCompare(b.prefix))) {
    let part = parts.at(-1);
    if (!part || part.routes.length + unit.routes.length > ROUTES_PER_API_TARGET) parts.push((part = { index: parts.length, prefixes: [], routes: [] }));
    part.prefixes.push(unit.prefix);
    part.routes.push(...unit.routes);
  }
  return parts;
}

/** One CloudFront behavior's path pattern and the API it sends to; listed in CloudFront's order (first match wins). */
export type CdnPattern = { pattern: string; part: number };

/**
 * CloudFront's path patterns for the APIs. A prefix `/a/b` is `/a/b/*` (and `/a/b` itself, for a
 * route right at it). Where the prefixes under one first segment all go to one API, one pattern
 * `/a/*` covers them; where they go to several, the API with most of them gets `/a/*` last and
 * the others' prefixes come before it.
 */
export function cdnPatterns(parts: readonly ApiPart[]): CdnPattern[] {
  const byFirst = new Map<string, { prefix: string; part: number }[]>();
  for (const part of parts)
    for (const prefix of part.prefixes) {
      const first = `/${segmentsOf(prefix)[0]}`;
      byFirst.set(first, [...(byFirst.get(first) ?? []), { prefix, part: part.index }]);
    }
  const specific: CdnPattern[] = [];
  const general: CdnPattern[] = [];
  const exactRoutes = new Set(parts.flatMap((p) => p.routes.map((r) => r.key.split(" ")[1]!)));
  for (const [first, list] of byFirst) {
    const counts = new Map<number, number>();
    for (const u of list) counts.set(u.part, (counts.get(u.part) ?? 0) + 1);
    const [main] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
    const below = (prefix: string) => [...exactRoutes].some((path) => path.startsWith(`${prefix}/`));
    const patternsOf = (prefix: string, part: number) => [
      ...(below(prefix) ? [{ pattern: `${prefix}/*`, part }] : []),
      ...(exactRoutes.has(prefix) ? [{ pattern: prefix, part }] : []),
    ];
    for (const u of list.filter((l) => l.part !== main)) specific.push(...patternsOf(u.prefix, u.part));
    general.push(...patternsOf(first, main));
  }
  const all = [...specific, ...general];
  if (all.length > MAX_CDN_PATTERNS) throw new Error(`${all.length} API path patterns exceed CloudFront's ${MAX_CDN_PATTERNS}`);
  return all;
}

/** CloudFront's path pattern match: `*` any characters, `?` one, case-sensitive, the whole path. */
export function cdnMatches(pattern: string, path: string): boolean {
  const re = new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
  );
  return re.test(path);
}

/** Where a request lands in the cloud: CloudFront's first matching pattern picks the API, the API its route. */
export function routeRequest(parts: readonly ApiPart[], patterns: readonly CdnPattern[], method: string, path: string): { part: number; route: ApiRoute } | undefined {
  const behavior = patterns.find((p) => cdnMatches(p.pattern, path));
  if (!behavior) return undefined;
  const route = matchRoute(parts[behavior.part]!.routes, method, path);
  return route && { part: behavior.part, route };
}
