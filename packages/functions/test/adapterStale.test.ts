import { describe, it, expect, beforeAll } from "vitest";
import { noInput } from "@xiangyu/core/kernel/fields";
import { Product } from "@xiangyu/core/products/entities";
import { STALE } from "@xiangyu/core/kernel/tx";
import { areaApp } from "../src/http/app.ts";
import { data, sessionRoute } from "../src/http/define.ts";
import { apiEvent, type ApiEvent } from "../src/http/event.ts";
import { testTenant } from "./harness.ts";

/**
 * A single write whose condition a concurrent request broke (the item deleted between the
 * handler's read and its write) answers "changed, refresh" — not a 500 — when the service did not
 * wrap it in `conditional` itself (the tenant sweep found one such race: a product switched while
 * it was being deleted).
 */
const routes = {
  "POST /t/stale": sessionRoute({ input: noInput, reply: data<never>(), log: false }),
  "POST /t/broken": sessionRoute({ input: noInput, reply: data<never>(), log: false }),
};
let t: Awaited<ReturnType<typeof testTenant>>;
const app = areaApp(routes, {
  // patch refuses an item that is not there: as if it had just been deleted.
  "POST /t/stale": async ({ caller }) =>
    Promise.reject(
      await Product.patch({ tenantId: caller.tenantId, id: 987654321 })
        .set({ idisplay: 1 })
        .go()
        .catch((e: unknown) => e),
    ),
  "POST /t/broken": async () => Promise.reject(new Error("not a race")),
});
const call = async (path: string) => {
  const r = await app.handle(apiEvent({ method: "POST", url: path, headers: { authorization: `Bearer ${t.adminToken}` } }) as ApiEvent);
  return { status: r.statusCode, body: JSON.parse(r.body!) as { code: string; desc: string } };
};

beforeAll(async () => {
  t = await testTenant();
});

describe("a write refused by a concurrent change", () => {
  it("answers 数据已被修改，请刷新后重试 with code 409, and stores nothing", async () => {
    const r = await call("/t/stale");
    expect(r.body).toEqual({ code: "409", desc: STALE });
    expect(STALE).toBe("数据已被修改，请刷新后重试");
    expect(await Product.get({ tenantId: t.clientId, id: 987654321 }).go()).toEqual({ data: null });
  });

  it("leaves any other failure a 500", async () => {
    expect((await call("/t/broken")).status).toBe(500);
  });
});
