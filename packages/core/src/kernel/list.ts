import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "./aws.ts";
import type { Envelope } from "./envelope.ts";
import { okList } from "./envelope.ts";
import { DomainError } from "./errors.ts";
import { pageParams, type Counted, type Paging } from "./paging.ts";
import { KEY, indexKeys, type IndexName } from "./table.ts";

/**
 * The generic list: every paged list is a Query on a key designed for it. DynamoDB has no
 * offset, so a later page first walks the keys of the pages before it (keys only, a few
 * hundred bytes each) and then reads one page of items.
 *
 * What one request may cost is bounded (docs/performance.md, "Bounded lists"): a total is a
 * tally kept with the writes or a count of at most `countCap` matches (then labelled capped); no
 * page starts deeper than `depthCap` rows; a filtered read evaluates at most `readCap` items.
 * A new list gets all three by describing its Query once (`ListSource`) and calling `boundedList`.
 */
export type ListBounds = {
  /** A filtered total counts at most this many matches; beyond, the reply says `totalCapped`. */
  countCap: number;
  /** No page may end deeper than this many rows (the deepest page costs at most this many keys). */
  depthCap: number;
  /** A filtered Query evaluates at most this many items per request, matches or not. */
  readCap: number;
};

/** The product's bounds; tests lower them (`withListBounds`) to prove them on small data. */
export const LIST_BOUNDS: Readonly<ListBounds> = { countCap: 1000, depthCap: 1000, readCap: 5000 };
let bounds: ListBounds = { ...LIST_BOUNDS };
export const listBounds = (): Readonly<ListBounds> => bounds;

/**
 * Runs `fn` under other bounds (tests: seed 30 rows, not 3,000, to cross a cap). The bounds are
 * the module's while `fn` runs: for tests and benches, not for requests running side by side.
 */
export async function withListBounds<T>(b: Partial<ListBounds>, fn: () => Promise<T>): Promise<T> {
  const before = bounds;
  bounds = { ...before, ...b };
  try {
    return await fn();
  } finally {
    bounds = before;
  }
}

/** The answer to a page past the deepest one a list serves. */
export const tooDeep = (rows: number) => `仅可查看前${rows}条记录，请缩小查询范围`;

/**
 * Refuses a page that ends past `depth` rows (`depthCap` unless a list says otherwise): reaching it
 * would cost a walk of every row before it.
 */
export function checkDepth(p: Paging, depth = listBounds().depthCap): void {
  if (p.currentPage > 1 && p.currentPage * p.pageSize > depth) throw new DomainError(tooDeep(depth), "400");
}

export type PageRun<T> = (opts: { limit: number; cursor: string | null; keysOnly: boolean }) => Promise<{ data: T[]; cursor: string | null }>;

export async function readPage<T>(run: PageRun<T>, p: Paging): Promise<T[]> {
  checkDepth(p);
  let cursor: string | null = null;
  const skip = (p.currentPage - 1) * p.pageSize;
  if (skip > 0) {
    const walked = await run({ limit: skip, cursor: null, keysOnly: true });
    if (walked.data.length < skip || !walked.cursor) return [];
    cursor = walked.cursor;
  }
  const page = await run({ limit: p.pageSize, cursor, keysOnly: false });
  return page.data;
}

/** A page with its total from a tally kept with the writes (a list without one uses `boundedList`). */
export async function listPage<T, R = T>(run: PageRun<T>, p: Paging, total: () => Promise<number>, map: (t: T) => R = (t) => t as unknown as R): Promise<Envelope<never, R>> {
  const [rows, maxCount] = await Promise.all([readPage(run, p), total()]);
  return okList(rows.map(map), pageParams(p, maxCount));
}

/**
 * Counts what a Query matches, capped: DynamoDB counts (Select COUNT, nothing transferred but the
 * number) until `countCap` matches are passed or `readCap` items were evaluated. Exact when the
 * Query ended first; otherwise `capped`, and the total is a lower bound ("1,000+"). `from` goes
 * on where a read stopped (its cursor), with the `before` matches that read already saw.
 */
export async function countCapped(params: QueryCommandInput, from: { cursor?: string | null; before?: number } = {}): Promise<Counted> {
  const { countCap, readCap } = listBounds();
  const before = from.before ?? 0;
  const cap = countCap - before;
  if (cap <= 0) return { total: countCap, capped: true };
  let n = 0;
  let evaluated = 0;
  let start = decodeCursor(from.cursor ?? null);
  do {
    // Enough to pass the cap when every item matches, and at least 100 when few do.
    const limit = Math.min(readCap - evaluated, Math.max(cap + 1 - n, 100));
    const out = await dynamo().send(new QueryCommand({ ...params, Select: "COUNT", Limit: limit, ExclusiveStartKey: start }));
    n += out.Count ?? 0;
    evaluated += out.ScannedCount ?? 0;
    start = out.LastEvaluatedKey;
  } while (start && n <= cap && evaluated < readCap);
  if (n > cap) return { total: countCap, capped: true };
  return { total: before + n, capped: !!start };
}

/**
 * A list described once: its Query (ElectroDB's `.params({ order })`, filters included) and how a
 * raw item becomes a row (ElectroDB's `Entity.parse`). The kernel reads it within the bounds.
 */
export type ListSource<T> = {
  params: (order: "asc" | "desc") => QueryCommandInput;
  parse: (items: Record<string, unknown>[]) => T[];
};

/** The attributes an ExclusiveStartKey of this Query needs: the table's keys and the index's. */
export function keyNames(params: QueryCommandInput): string[] {
  const names: string[] = [KEY.pk, KEY.sk];
  if (params.IndexName) names.push(indexKeys(params.IndexName as IndexName).pk, indexKeys(params.IndexName as IndexName).sk);
  return names;
}

const encodeCursor = (key: Record<string, unknown> | undefined): string | null => (key ? Buffer.from(JSON.stringify(key)).toString("base64url") : null);
const decodeCursor = (c: string | null): Record<string, unknown> | undefined => (c ? JSON.parse(Buffer.from(c, "base64url").toString()) : undefined);

/**
 * Up to `want` matches of a Query from `start`, evaluating at most `readCap` items. The cursor
 * is the key of the last match kept (where the next read goes on), or null at the Query's end.
 * `keysOnly` transfers the key attributes alone (a walk to a deep page).
 */
async function boundedRead(params: QueryCommandInput, want: number, start: Record<string, unknown> | undefined, keysOnly: boolean) {
  const { readCap } = listBounds();
  const keys = keyNames(params);
  const projection = keysOnly
    ? {
        ProjectionExpression: keys.map((_, i) => `#lk${i}`).join(", "),
        ExpressionAttributeNames: { ...params.ExpressionAttributeNames, ...Object.fromEntries(keys.map((k, i) => [`#lk${i}`, k])) },
      }
    : {};
  const items: Record<string, unknown>[] = [];
  let evaluated = 0;
  let next = start;
  do {
    // The first read asks for what is wanted (an unfiltered page reads its 20 items, not 100); a
    // filtered Query that kept fewer goes on at least 100 at a time.
    const ask = evaluated === 0 ? want : Math.max(want - items.length, 100);
    const out = await dynamo().send(new QueryCommand({ ...params, ...projection, Limit: Math.min(readCap - evaluated, ask), ExclusiveStartKey: next }));
    items.push(...(out.Items ?? []));
    evaluated += out.ScannedCount ?? 0;
    next = out.LastEvaluatedKey;
  } while (next && items.length < want && evaluated < readCap);
  if (items.length > want) {
    items.length = want;
    const last = items[want - 1]!;
    next = Object.fromEntries(keys.map((k) => [k, last[k]]));
  }
  return { items, cursor: encodeCursor(next) };
}

/** A `PageRun` over a source, within the bounds (hotels' remembered page starts take one). */
function sourceRun<T>(src: ListSource<T>, order: "asc" | "desc"): PageRun<T> {
  const params = src.params(order);
  return async ({ limit, cursor, keysOnly }) => {
    const { items, cursor: next } = await boundedRead(params, limit, decodeCursor(cursor), keysOnly);
    return { data: keysOnly ? (items as T[]) : src.parse(items), cursor: next };
  };
}

/**
 * The one call a list makes: a page of `src` and its total, both bounded. `total` is the kept
 * tally that answers this filter exactly, when there is one; without it the matches are counted,
 * capped, and the reply says so. `page` replaces the plain walk to a deep page (hotels remember
 * where pages start).
 */
export async function boundedList<T, R = T>(
  src: ListSource<T>,
  p: Paging,
  opts: { total?: () => Promise<number | Counted>; map?: (t: T) => R; page?: (run: PageRun<NoInfer<T>>, p: Paging) => Promise<NoInfer<T>[]> } = {},
): Promise<Envelope<never, R>> {
  const { rows, total } = await boundedRows(src, p, opts);
  const map = opts.map ?? ((t: T) => t as unknown as R);
  return okList(rows.map(map), pageParams(p, total));
}

/** `boundedList` without the envelope: the rows and the total (a number when a tally gave it). */
export async function boundedRows<T>(
  src: ListSource<T>,
  p: Paging,
  opts: { total?: () => Promise<number | Counted>; page?: (run: PageRun<NoInfer<T>>, p: Paging) => Promise<NoInfer<T>[]> } = {},
): Promise<{ rows: T[]; total: number | Counted }> {
  checkDepth(p);
  const order = p.order === "asc" ? "asc" : "desc";
  const run = sourceRun(src, order);
  if (opts.total || opts.page) {
    const [rows, total] = await Promise.all([(opts.page ?? readPage)(run, p), opts.total ? opts.total() : countCapped(src.params(order))]);
    return { rows, total };
  }
  // No tally: the count goes on from where the page stopped, so no match is read twice (a deep
  // page's walk already passed most of the cap), and a page that reached the end needs no count.
  const skip = (p.currentPage - 1) * p.pageSize;
  let cursor: string | null = null;
  if (skip > 0) {
    const walked = await run({ limit: skip, cursor: null, keysOnly: true });
    if (walked.data.length < skip) return { rows: [], total: walked.cursor ? { total: walked.data.length, capped: true } : walked.data.length };
    cursor = walked.cursor;
    if (!cursor) return { rows: [], total: skip };
  }
  const page = await run({ limit: p.pageSize, cursor, keysOnly: false });
  const seen = skip + page.data.length;
  if (!page.cursor) return { rows: page.data, total: seen };
  return { rows: page.data, total: await countCapped(src.params(order), { cursor: page.cursor, before: seen }) };
}

type IdRead = { rows: Array<{ id: number }>; next: Record<string, unknown> | undefined };

/** Up to `want` more ids of a query, from `start`; `next` is where the query would go on (undefined: the end). */
async function readIdsFrom(params: QueryCommandInput, want: number, start?: Record<string, unknown>): Promise<IdRead> {
  const rows: Array<{ id: number }> = [];
  let next = start;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        ...params,
        Limit: want - rows.length,
        ProjectionExpression: "#rowId",
        ExpressionAttributeNames: { ...params.ExpressionAttributeNames, "#rowId": "id" },
        ExclusiveStartKey: next,
      }),
    );
    for (const item of out.Items ?? []) rows.push({ id: Number(item.id) });
    next = out.LastEvaluatedKey;
  } while (next && rows.length < want);
  return { rows, next };
}

/**
 * The first `need` ids of several partitions merged by id (each sorted by id in `order`), reading
 * about `need` ids in all instead of `need` from each. Each partition first reads its share (its
 * row count from the tallies, `n`, over the total, plus a margin); the merge is certain down to
 * the bound where the partition read least far stops; while fewer than `need` ids lie before that
 * bound, the partition holding it reads on. Rows are interleaved by id, so one round usually does.
 */
export async function mergedTopIds(parts: Array<{ params: QueryCommandInput; n: number }>, need: number, order: "asc" | "desc"): Promise<number[]> {
  const total = parts.reduce((s, p) => s + p.n, 0);
  const before = (a: number, b: number) => (order === "desc" ? a > b : a < b);
  const state = parts.map((p) => ({ params: p.params, ids: [] as number[], next: undefined as Record<string, unknown> | undefined, done: false }));
  const read = async (s: (typeof state)[number], want: number) => {
    const r = await readIdsFrom(s.params, Math.max(1, want), s.next);
    s.ids.push(...r.rows.map((x) => x.id));
    s.next = r.next;
    s.done = !r.next;
  };
  // One partition reads exactly what is needed; several read their share and a little more.
  const share = (n: number) => (parts.length === 1 ? need : Math.ceil(((need * n) / Math.max(1, total)) * 1.1) + 5);
  await Promise.all(state.map((s, i) => read(s, share(parts[i]!.n))));
  for (;;) {
    const open = state.filter((s) => !s.done);
    // Ids up to the bound are complete in every partition: the open partition that stopped earliest sets it.
    const lasts = open.map((s) => (s.ids.length ? s.ids[s.ids.length - 1]! : undefined));
    const bound = lasts.some((l) => l === undefined) ? undefined : lasts.reduce((b, l) => (b === undefined || before(l!, b) ? l : b), undefined as number | undefined);
    const all = state.flatMap((s) => s.ids).sort((a, b) => (order === "desc" ? b - a : a - b));
    const sure = open.length === 0 ? all : bound === undefined ? [] : all.filter((id) => id === bound || before(id, bound));
    if (sure.length >= need || open.length === 0) return sure.slice(0, need);
    const short = need - sure.length;
    await Promise.all(open.filter((s, i) => lasts[i] === undefined || lasts[i] === bound).map((s) => read(s, short + 10)));
  }
}
