import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";

/** Work per request is bounded: list sizes, integers, query and body lengths (issue 11). */
let t: Awaited<ReturnType<typeof testTenant>>;
const CLUB = 1601;

beforeAll(async () => {
  t = await testTenant();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timedRead(id: number): Promise<number> {
  const start = performance.now();
  const r = await get("/xiangyu/api/hotel/hotelview", { token: t.adminToken, functionId: CLUB, query: { id } });
  expect(r.status).toBe(200);
  return performance.now() - start;
}

describe("bounded requests", () => {
  it("refuses 10,000 ids at once within a second, without holding other requests", async () => {
    const saved = await post("/xiangyu/api/hotel/hotelsave", {
      token: t.adminToken,
      functionId: CLUB,
      form: { hotelType: 1, hotelName: "界限酒店", address: "地址", memberLevel: "1" },
    });
    const id = saved.body.data.id as number;
    const alone: number[] = [];
    for (let i = 0; i < 5; i++) alone.push(await timedRead(id));
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1).join(",");
    const start = performance.now();
    const [del, ...during] = await Promise.all([
      post("/xiangyu/api/hotel/hoteldelete", { token: t.adminToken, functionId: CLUB, form: { ids } }).then((r) => ({ r, ms: performance.now() - start })),
      timedRead(id),
      timedRead(id),
      timedRead(id),
    ]);
    expect(del.r.body).toEqual({ code: "400", desc: "一次最多选择200项" });
    expect(del.ms).toBeLessThan(1000);
    expect(median(during as number[])).toBeLessThan(median(alone) + 100);
    // Nothing was deleted.
    expect((await get("/xiangyu/api/hotel/hotelview", { token: t.adminToken, functionId: CLUB, query: { id } })).body.code).toBe("200");
  });

  it("takes only whole numbers as ids: no hex, exponent, decimal, boolean or 2^53", async () => {
    for (const id of ["0x43", "9e0", "67.0", "1e3", String(2 ** 53 + 2), "-1", "0"]) {
      const r = await get("/xiangyu/api/hotel/hotelview", { token: t.adminToken, functionId: CLUB, query: { id } });
      expect(r.body, id).toEqual({ code: "400", desc: "参数格式不正确" });
    }
    const json = await post("/xiangyu/api/hotel/hotelpassed", { token: t.adminToken, functionId: CLUB, json: { id: true } });
    expect(json.body).toEqual({ code: "400", desc: "参数格式不正确" });
  });

  it("range-checks pages and sizes", async () => {
    const list = (query: Record<string, string | number>) => post("/xiangyu/api/hotel/hotellist", { token: t.adminToken, functionId: CLUB, json: query });
    expect((await list({ currentPage: 1_000_000_000 })).body.desc).toBe("页码不正确");
    expect((await list({ currentPage: 2 ** 53 + 2 })).body.desc).toBe("页码不正确");
    expect((await list({ pageSize: 100_000 })).body.desc).toBe("每页条数不正确");
    expect((await list({ keyword: "张".repeat(1_000_000) })).body.desc).toBe("请求数据过大");
    expect((await list({ keyword: "张".repeat(101) })).body.desc).toBe("关键词不能超过100个字");
  });

  it("answers an over-long query string and an over-size body with the envelope", async () => {
    const long = await get("/xiangyu/api/hotel/hotelview", { token: t.adminToken, functionId: CLUB, query: { id: 1, pad: "x".repeat(9000) } });
    expect(long.status).toBe(200);
    expect(long.body).toEqual({ code: "400", desc: "请求参数过长" });
    const big = await post("/xiangyu/api/hotel/hotelsave", { token: t.adminToken, functionId: CLUB, form: { hotelName: "x".repeat(2 * 1024 * 1024) } });
    expect(big.body).toEqual({ code: "413", desc: "请求数据过大" });
  });

  it("keeps authenticated replies out of caches", async () => {
    const r = await get("/xiangyu/api/hotel/allhotel", { token: t.adminToken, functionId: CLUB });
    expect(r.headers["cache-control"]).toBe("no-store");
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("stores a hotel's rich text cleaned: no script reaches the website", async () => {
    const saved = await post("/xiangyu/api/hotel/hotelsave", {
      token: t.adminToken,
      functionId: CLUB,
      form: {
        hotelType: 1,
        hotelName: "富文本酒店",
        address: "地址",
        memberLevel: "1",
        content: '<p onclick="x()">欢迎<script>alert(1)</script></p><img src="javascript:alert(1)">',
      },
    });
    expect(saved.body.code).toBe("200");
    const view = await get("/xiangyu/api/hotel/hotelview", { token: t.adminToken, functionId: CLUB, query: { id: saved.body.data.id } });
    expect(view.body.data.content).toBe("<p>欢迎</p><img>");
  });
});
