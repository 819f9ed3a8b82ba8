import { describe, expect, it } from "vitest";
import { GOODS_PRODUCT, MENU, MENU_MODULES } from "@xiangyu/core/platform/standardMenu";
import { chinaRegions } from "../src/seed/regions.ts";
import { STYLE_PARAMS } from "../src/seed/styleParams.ts";
import { SPEC_ROUTES } from "./specRoutes.ts";

/** Routes the specification names that are not console menu screens (fixed pages, website, OAuth landing). */
const NON_MENU_ROUTES = new Set(["/noRight", "/homepage", "/information/index", "/information/list", "/information/view", "/information/infoview", "/weixinauth"]);

/** Every route the specification names (specRoutes.ts), with {product} replaced by the goods prefix. */
function routesNamed(): string[] {
  const paths: string[] = Object.values(SPEC_ROUTES).flat();
  return [...new Set(paths.map((p) => p.replace("{product}", GOODS_PRODUCT)))];
}

describe("menu seed", () => {
  it("has unique ids", () => {
    const ids = MENU.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses 4-digit ids", () => {
    for (const m of MENU) expect(String(m.id)).toMatch(/^\d{4}$/);
  });

  it("points every screen at an existing folder", () => {
    const folders = new Set(MENU.filter((m) => m.fatherid === 0).map((m) => m.id));
    for (const m of MENU.filter((m) => m.fatherid !== 0)) {
      expect(folders.has(m.fatherid), `${m.id} ${m.typename} → ${m.fatherid}`).toBe(true);
    }
  });

  it("gives folders no path and screens a path and title", () => {
    for (const m of MENU) {
      expect(m.typename.trim()).not.toBe("");
      if (m.fatherid === 0) expect(m.path).toBe("");
      else expect(m.path).toMatch(/^\//);
      expect(m.params).not.toMatch(/^\?/);
    }
  });

  it("assigns every entry to a known module", () => {
    const allowed = new Set<string>(MENU_MODULES);
    for (const m of MENU) expect(allowed.has(m.module), `${m.id} ${m.typename}: ${m.module}`).toBe(true);
  });

  it("does not list non-menu routes", () => {
    for (const m of MENU) expect(NON_MENU_ROUTES.has(m.path), m.path).toBe(false);
  });

  it("includes the operation log, the region tree and the binding page", () => {
    expect(MENU.find((m) => m.path === "/oplog")).toMatchObject({ module: "auth", typename: "操作日志" });
    expect(MENU.find((m) => m.path === "/chinaareamanage")?.module).toBe("org");
    expect(MENU.some((m) => m.path === "/bindingweixin")).toBe(true);
  });

  it("covers every route the specification names", () => {
    const routes = routesNamed().filter((r) => !NON_MENU_ROUTES.has(r));
    // A sanity floor so an emptied list cannot make the check pass vacuously.
    expect(routes.length).toBeGreaterThan(40);
    const paths = new Set(MENU.map((m) => m.path));
    const missing = routes.filter((r) => !paths.has(r));
    expect(missing).toEqual([]);
  });
});

describe("style-parameter seed", () => {
  const named = [
    "orderStatus",
    "orderType",
    "hotelTicketType",
    "payType",
    "splitbillType",
    "goodsOrderStatus",
    "goodsType",
    "clientStatus",
    "memberLevel",
    "workOrderStatus",
    "jobType",
    "appointmentType",
    "unpualifiedReasons",
    "notBuyReasons",
    "infoType",
    "pushType",
    "messagepushStatus",
    "smsPlatform",
    "wxAppType",
    "payAppType",
    "orgType",
  ];

  it("has one entry per list name", () => {
    const names = STYLE_PARAMS.map((s) => s.styleen);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(named)("has %s with items and unique styleids", (styleen) => {
    const list = STYLE_PARAMS.find((s) => s.styleen === styleen);
    expect(list, styleen).toBeDefined();
    expect(list!.stylename.trim()).not.toBe("");
    expect(list!.items.length).toBeGreaterThan(0);
    const ids = list!.items.map((i) => i.styleid);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses the ids the spec's rules depend on", () => {
    const names = (styleen: string) => Object.fromEntries(STYLE_PARAMS.find((s) => s.styleen === styleen)!.items.map((i) => [i.styleid, i.stylename]));
    expect(names("orderStatus")["4"]).toBe("预订成功");
    expect(names("orderStatus")["11"]).toBe("已关闭");
    expect(names("goodsOrderStatus")["7"]).toBe("已退款");
    expect(names("workOrderStatus")["1122"]).toBe("已应邀待到场");
    expect(names("messagepushStatus")["0"]).toBe("待推送");
  });
});

describe("region seed", () => {
  const regions = chinaRegions();
  const byId = new Map(regions.map((r) => [r.id, r]));

  it("has the root 中国 (100000)", () => {
    expect(byId.get(100000)).toEqual({ id: 100000, parentid: 0, name: "中国", leveltype: 0 });
  });

  it("has unique ids and about 3,000+ nodes", () => {
    expect(byId.size).toBe(regions.length);
    expect(regions.length).toBeGreaterThan(3000);
  });

  it("points every node at an existing parent one level up", () => {
    for (const r of regions) {
      if (r.id === 100000) continue;
      const parent = byId.get(r.parentid);
      expect(parent, `${r.id} ${r.name} → ${r.parentid}`).toBeDefined();
      expect(parent!.leveltype).toBeLessThan(r.leveltype);
    }
  });

  it("has 广东省 with 广州市 and its districts", () => {
    expect(byId.get(440000)).toMatchObject({ name: "广东省", parentid: 100000, leveltype: 1 });
    expect(byId.get(440100)).toMatchObject({ name: "广州市", parentid: 440000, leveltype: 2 });
    expect(regions.filter((r) => r.parentid === 440000).map((r) => r.id)).toContain(440100);
    expect(regions.some((r) => r.parentid === 440100 && r.leveltype === 3)).toBe(true);
  });
});
