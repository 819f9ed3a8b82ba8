import { describe, expect, it } from "vitest";
import { testTenant } from "./harness.ts";
import { seedHotels } from "../../local/src/seed/hotels.ts";
import { seedClients } from "../../local/src/seed/clients.ts";
import { seedVouchers } from "../../local/src/seed/vouchers.ts";
import { seedOrders } from "../../local/src/seed/orders.ts";
import { HotelOrder } from "@xiangyu/core/orders/entities";
import { readTallies } from "@xiangyu/core/orders/list";

describe("demo orders seed", () => {
  it("places club and discount orders through the services, in every status handling reaches", async () => {
    const t = await testTenant();
    await seedHotels(t.clientId);
    await seedClients(t.clientId);
    await seedVouchers(t.clientId);
    const logs: string[] = [];
    const placed = await seedOrders(t.clientId, (s) => logs.push(s));
    expect(placed, logs.join("\n")).toBeGreaterThanOrEqual(15);
    const { data } = await HotelOrder.query.byId({ tenantId: t.clientId }).go({ pages: "all" });
    expect(data).toHaveLength(placed);
    expect(new Set(data.map((o) => o.status))).toEqual(new Set([1, 4, 6, 7, 8, 10]));
    expect(new Set(data.map((o) => o.checkinType))).toEqual(new Set(["club", "discount"]));
    // The tallies the lists count by agree with the orders.
    const tallied = (await readTallies(t.clientId, "order")).reduce((s, x) => s + x.n, 0);
    expect(tallied).toBe(placed);
    expect(await seedOrders(t.clientId)).toBe(0);
  }, 120_000);
});
