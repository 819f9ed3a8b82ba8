import { config } from "./config.ts";
import { dynamo } from "./aws.ts";

/** ElectroDB service name shared by every entity of the table. */
export const SERVICE = "xy";

/** Entity configuration: the table and the client, resolved when first used. */
export const entityConfig = () => ({ table: config.table, client: dynamo() });

/** Numeric ids sort as strings only when padded: used for every id in a sort key. */
export const idAttribute = { type: "number", required: true, padding: { length: 12, char: "0" } } as const;

/**
 * The client a record is about, copied onto it when it is written so its lists show, search and
 * scope it without reading the client: id, name, mobile and the client's store (department code:
 * who may see the record). A record whose store is part of a key spreads this and then makes
 * `shop` required.
 */
export const clientRefAttributes = {
  clientId: { type: "number", required: true },
  clientName: { type: "string", default: "" },
  mobile: { type: "string", default: "" },
  shop: { type: "string", default: "" },
} as const;
