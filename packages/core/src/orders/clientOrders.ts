import { Entity, type EntityItem } from "electrodb";
import { SERVICE, entityConfig, idAttribute } from "../kernel/entity.ts";
import { txDelete, txPut, type TxItem } from "../kernel/tx.ts";
import type { HotelOrderItem } from "./entities.ts";

/**
 * The client's key of an order: one small item per order in the client's partition, sorted by id,
 * with the order's status (what "my orders" filters on). The order's GSIs are all taken by the staff
 * lists (by shop, by shop and status, by status), so the mini-program's "my orders" reads this
 * partition and then the page's orders in one batch get (memberOrders.ts).
 *
 * Written, moved and removed in the order's own transaction (records.ts `createItems`, `moveItems`,
 * `deleteItems`), for every order — staff-placed proxy orders included, since they are the client's
 * orders too. A move writes the key whole, so an order placed before client keys gets one at its
 * next change of status.
 */
export const ClientOrder = new Entity(
  {
    model: { entity: "clientOrder", version: "1", service: SERVICE },
    attributes: {
      tenantId: { type: "string", required: true },
      clientId: { type: "number", required: true },
      id: idAttribute,
      status: { type: "number", required: true },
    },
    indexes: {
      byClient: { scope: "clientOrder", pk: { field: "pk", composite: ["tenantId", "clientId"] }, sk: { field: "sk", composite: ["id"] } },
    },
  },
  entityConfig(),
);
export type ClientOrderItem = EntityItem<typeof ClientOrder>;

/** The key of `o` in its client's partition, carrying `status` (the order's status after the write). */
export const clientKeyPut = (o: Pick<HotelOrderItem, "tenantId" | "clientId" | "id">, status: number): TxItem =>
  txPut(ClientOrder.put({ tenantId: o.tenantId, clientId: o.clientId, id: o.id, status }));

export const clientKeyDelete = (o: Pick<HotelOrderItem, "tenantId" | "clientId" | "id">): TxItem =>
  txDelete(ClientOrder.delete({ tenantId: o.tenantId, clientId: o.clientId, id: o.id }));
