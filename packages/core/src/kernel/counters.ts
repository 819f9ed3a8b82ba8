import { Entity } from "electrodb";
import { SERVICE, entityConfig } from "./entity.ts";
import { txUpdate, type TxItem } from "./tx.ts";

/**
 * Counters live beside the data: one item per tenant and entity for ids, one per list partition
 * for totals. Totals move in the same transaction as the write they count (ARCHITECTURE.md).
 *
 * The keys are templates so that the items written before counters were an entity
 * (pk `$xy#counter#<tenant>`, sk `id#<entity>` / `total#<list>`, no ElectroDB identity) are the
 * same items: reads ignore ownership for them, and the first write adds the identity.
 */
export const Counter = new Entity(
  {
    model: { entity: "counter", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      /** `id#<entity>` or `total#<list>`. */
      name: { type: "string", required: true },
      n: { type: "number" },
    },
    indexes: {
      byName: {
        pk: { field: "pk", composite: ["tenantId"], template: "$xy#counter#${tenantId}", casing: "none" },
        sk: { field: "sk", composite: ["name"], template: "${name}", casing: "none" },
      },
    },
  },
  entityConfig(),
);

const idName = (entity: string) => `id#${entity}`;
const totalName = (list: string) => `total#${list}`;

/** Reserves `count` consecutive ids and returns the first. */
export async function nextIds(tenantId: string, entity: string, count: number): Promise<number> {
  const { data } = await Counter.update({ tenantId, name: idName(entity) })
    .add({ n: count })
    .go({ response: "updated_new", ignoreOwnership: true });
  return Number(data?.n) - count + 1;
}

export const nextId = (tenantId: string, entity: string): Promise<number> => nextIds(tenantId, entity, 1);

const moveTotal = (tenantId: string, list: string, delta: number) => Counter.update({ tenantId, name: totalName(list) }).add({ n: delta });

/** A transaction item that moves a list total by `delta`. */
export const totalDelta = (tenantId: string, list: string, delta: number): TxItem => txUpdate(moveTotal(tenantId, list, delta).params());

export async function readTotal(tenantId: string, list: string): Promise<number> {
  const { data } = await Counter.get({ tenantId, name: totalName(list) }).go({ ignoreOwnership: true });
  return Math.max(0, Number(data?.n ?? 0));
}

/** Adds to a total outside a transaction (bulk loads that count what they wrote). */
export async function addTotal(tenantId: string, list: string, delta: number): Promise<void> {
  await moveTotal(tenantId, list, delta).go({ response: "none" });
}
