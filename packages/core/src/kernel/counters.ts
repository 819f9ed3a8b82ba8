import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "./aws.ts";
import { config } from "./config.ts";
import type { TxItem } from "./tx.ts";

/**
 * Counters live beside the data: one item per tenant and entity for ids, one per list partition
 * for totals. Totals move in the same transaction as the write they count (ARCHITECTURE.md).
 */
const idKey = (tenantId: string, entity: string) => ({ pk: `$xy#counter#${tenantId}`, sk: `id#${entity}` });
const totalKey = (tenantId: string, list: string) => ({ pk: `$xy#counter#${tenantId}`, sk: `total#${list}` });

/** Reserves `count` consecutive ids and returns the first. */
export async function nextIds(tenantId: string, entity: string, count: number): Promise<number> {
  const out = await dynamo().send(
    new UpdateCommand({
      TableName: config.table,
      Key: idKey(tenantId, entity),
      UpdateExpression: "ADD n :c",
      ExpressionAttributeValues: { ":c": count },
      ReturnValues: "UPDATED_NEW",
    }),
  );
  return Number(out.Attributes?.n) - count + 1;
}

export const nextId = (tenantId: string, entity: string): Promise<number> => nextIds(tenantId, entity, 1);

/** A transaction item that moves a list total by `delta`. */
export const totalDelta = (tenantId: string, list: string, delta: number): TxItem => ({
  Update: {
    TableName: config.table,
    Key: totalKey(tenantId, list),
    UpdateExpression: "ADD n :d",
    ExpressionAttributeValues: { ":d": delta },
  },
});

export async function readTotal(tenantId: string, list: string): Promise<number> {
  const out = await dynamo().send(new GetCommand({ TableName: config.table, Key: totalKey(tenantId, list) }));
  return Math.max(0, Number(out.Item?.n ?? 0));
}

/** Adds to a total outside a transaction (bulk loads that count what they wrote). */
export async function addTotal(tenantId: string, list: string, delta: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config.table,
      Key: totalKey(tenantId, list),
      UpdateExpression: "ADD n :d",
      ExpressionAttributeValues: { ":d": delta },
    }),
  );
}
