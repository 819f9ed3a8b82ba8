import { seal } from "../clients/secretBox.ts";
import { StoredFile } from "../files/entities.ts";
import { parseRemotename, type UploadKind } from "../files/rules.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";
import { PLATFORM_COUNTERS } from "./operator.ts";
import { SECRET_MASK } from "./paySchemas.ts";

/**
 * What the platform configuration screens share: the whole-partition read and its page, and the
 * sealing of secrets. Records of a kind are counted in tens (one per merchant, app or system), so a
 * list reads its partition whole (as the tenant list does) and sorts, filters and pages that read.
 */
export const MAX_CONFIG_RECORDS = 2000;

type Queryable<T> = { query: { byId: (k: object) => { go: (o: { pages: "all"; limit: number }) => Promise<{ data: T[] }> } } };

/** Every record of a platform configuration kind (its whole partition: tens of records). */
export async function allRecords<T>(entity: Queryable<T>): Promise<T[]> {
  return (await entity.query.byId({}).go({ pages: "all", limit: MAX_CONFIG_RECORDS })).data;
}

/** One page of `rows` by the caller's sort (a known column, else id) and order, newest first by default. */
export function pageOf<T extends { id: number }, V>(rows: T[], p: Paging, sortable: readonly (keyof T & string)[], view: (row: T) => V): Envelope<never, V> {
  const sort = (sortable as readonly string[]).includes(p.sort) ? (p.sort as keyof T) : ("id" as keyof T);
  const dir = p.order === "asc" ? 1 : -1;
  const sorted = [...rows].sort((a, b) => (a[sort] < b[sort] ? -dir : a[sort] > b[sort] ? dir : b.id - a.id));
  const start = (p.currentPage - 1) * p.pageSize;
  return okList(sorted.slice(start, start + p.pageSize).map(view), pageParams(p, rows.length));
}

/** Whether any of `fields` of `row` holds the keyword (case-insensitive); a blank keyword matches all. */
export const holds = (keyword: string, ...fields: Array<string | number | undefined>) => {
  const k = keyword.toLowerCase();
  return (
    !k ||
    fields.some((f) =>
      String(f ?? "")
        .toLowerCase()
        .includes(k),
    )
  );
};

/**
 * Platform secrets are sealed like the membership passwords (clients/secretBox.ts), bound to the
 * platform's namespace rather than a tenant. Nothing opens them for the console: a view shows the
 * mask, and only the services that use a secret (none yet: the payment, WeChat and SMS ports come
 * with their adapters) would open it.
 */
export const sealSecret = (plain: string) => seal(plain, PLATFORM_COUNTERS);

/** The stored value after a form: a typed replacement sealed, blank (or the mask, stripped by the schema) keeps what is stored. */
export const replaced = (typed: string, stored: string | undefined): string => (typed ? sealSecret(typed) : (stored ?? ""));

/** What a view shows of a secret: the mask when one is stored, else "". */
export const masked = (stored: string | undefined) => (stored ? SECRET_MASK : "");

/** Whether `remotename` is a verified upload of the operator's tenant, of this kind (the uploader checked its type and size). */
export async function isUploaded(tenantId: string, remotename: string, kind: UploadKind): Promise<boolean> {
  const parts = parseRemotename(remotename);
  if (!parts || parts.tenantId !== tenantId) return false;
  const { data } = await StoredFile.get(parts).go();
  return !!data?.verified && data.kind === kind;
}
