import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "./aws.ts";
import { config } from "./config.ts";
import { TENANT_INDEX } from "./table.ts";

/** An item's table keys. */
export type ItemKey = { pk: string; sk: string };
/** Where the next page of the tenant index starts (DynamoDB's LastEvaluatedKey, kept as it came). */
export type TenantKeyCursor = Record<string, unknown>;

/**
 * One page of a tenant's item keys from the tenant index (keys only; no other tenant's item is
 * read): the keys, and where the next page starts (none after the last). The tenant removal walks it
 * with a checkpoint; tests and benches read a tenant's whole footprint with `allTenantKeys`.
 */
export async function tenantKeyPage(tenantId: string, o: { limit?: number; from?: TenantKeyCursor } = {}): Promise<{ keys: ItemKey[]; next?: TenantKeyCursor }> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: config.table,
      IndexName: TENANT_INDEX.name,
      KeyConditionExpression: "#t = :t",
      ExpressionAttributeNames: { "#t": TENANT_INDEX.pk },
      ExpressionAttributeValues: { ":t": tenantId },
      Limit: o.limit,
      ExclusiveStartKey: o.from,
    }),
  );
  return { keys: (page.Items ?? []).map((i) => ({ pk: String(i.pk), sk: String(i.sk) })), next: page.LastEvaluatedKey };
}

/**
 * Pages of this many keys. Without a Limit DynamoDB Local reads a partition's every item to cut a
 * 1 MB page (95 s a page for a tenant of 1,200,000 items beside another as big); with one, a page
 * is one indexed read. DynamoDB itself pages either way.
 */
const KEY_PAGE = 1000;

/** Every key of a tenant, page by page. */
export async function allTenantKeys(tenantId: string): Promise<ItemKey[]> {
  const keys: ItemKey[] = [];
  let from: TenantKeyCursor | undefined;
  do {
    const page = await tenantKeyPage(tenantId, { limit: KEY_PAGE, from });
    keys.push(...page.keys);
    from = page.next;
  } while (from);
  return keys;
}
