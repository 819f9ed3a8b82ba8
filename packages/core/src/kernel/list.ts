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
export async function listPage<T, R = T>(
  run: PageRun<T>,
  p: Paging,
  total: () => Promise<number>,
  map: (t: T) => R = (t) => t as unknown as R,
): Promise<Envelope> {
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
  const rows: Array<{ id: number }> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        ...params,
        Limit: need - rows.length,
        ProjectionExpression: "#rowId",
        ExpressionAttributeNames: { ...params.ExpressionAttributeNames, "#rowId": "id" },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) rows.push({ id: Number(item.id) });
    start = out.LastEvaluatedKey;
  } while (start && rows.length < need);
  return rows;
}
