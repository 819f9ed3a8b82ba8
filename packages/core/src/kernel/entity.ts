import { config } from "./config.ts";
import { dynamo } from "./aws.ts";

/** ElectroDB service name shared by every entity of the table. */
export const SERVICE = "xy";

/** Entity configuration: the table and the client, resolved when first used. */
export const entityConfig = () => ({ table: config.table, client: dynamo() });

/** Numeric ids sort as strings only when padded: used for every id in a sort key. */
export const idAttribute = { type: "number", required: true, padding: { length: 12, char: "0" } } as const;
