import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "./aws.ts";
import type { Envelope } from "./envelope.ts";
import { okList } from "./envelope.ts";
import { pageParams, type Paging } from "./paging.ts";

/**
 * The generic list: every paged list is a Query on a key designed for it. DynamoDB has no
 * offset, so a later page first walks the keys of the pages before it (keys only, a few
 * hundred bytes each) and then reads one page of items.
 */
export type PageRun<T> = (opts: { limit: number; cursor: string | null; keysOnly: boolean }) => Promise<{ data: T[]; cursor: string | null }>;

export async function readPage<T>(run: PageRun<T>, p: Paging): Promise<T[]> {
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

/** A page with its total: the total comes from a counter kept with the writes, or a count pass. */
export async function listPage<T, R = T>(run: PageRun<T>, p: Paging, total: () => Promise<number>, map: (t: T) => R = (t) => t as unknown as R): Promise<Envelope<never, R>> {
  const [rows, maxCount] = await Promise.all([readPage(run, p), total()]);
  return okList(rows.map(map), pageParams(p, maxCount));
}

/** Counts what a filtered query matches, keys only (used where no counter fits the filter). */
export async function countAll<T>(run: PageRun<T>): Promise<number> {
  let n = 0;
  let cursor: string | null = null;
  do {
    const out: { data: T[]; cursor: string | null } = await run({ limit: 5000, cursor, keysOnly: true });
    n += out.data.length;
    cursor = out.cursor;
  } while (cursor);
  return n;
}

/**
 * The ids of a partition's first `need` rows, for a deep page: only the id travels. (ElectroDB's
 * keys-only read would also return the four key strings of every row — at page 50, 1,000 rows and
 * ~350 kB for 20 ids kept.)
 */
export async function readIds(params: QueryCommandInput, need: number): Promise<Array<{ id: number }>> {
  return (await readIdsFrom(params, need)).rows;
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
