import { describe, it, expect, beforeAll } from "vitest";
import { provisionTenant } from "../src/platform/provision.ts";
import { checkAccess, menuTree, rightFlags } from "../src/platform/menu.ts";
import { DomainError, ModuleForbiddenError } from "../src/kernel/errors.ts";
import { DENIAL, LETTERS, type Letter } from "../src/kernel/rights.ts";
import type { Caller } from "../src/kernel/context.ts";

const tenantId = "guard";
const menu = [
  { id: 10, fatherid: 0, typename: "酒店管理", path: "", params: "", module: "hotels", seq: 1 },
  { id: 11, fatherid: 10, typename: "会员酒店", path: "/hotel/hotel", params: "hotelType=1", module: "hotels", seq: 1 },
  { id: 20, fatherid: 0, typename: "订单管理", path: "", params: "", module: "orders", seq: 2 },
  { id: 21, fatherid: 20, typename: "订单列表", path: "/order/list", params: "", module: "orders", seq: 1 },
];

beforeAll(async () => {
  await provisionTenant({
    clientId: tenantId,
    clientSecret: "s",
    systemName: "guard",
    menu,
    styleParams: [],
    admin: { username: "admin", password: "Admin@12345", mobile: "13900000001", realname: "a" },
  });
});

const caller = (rights: Record<string, string>): Caller => ({
  tenantId,
  userId: 9,
  username: "u",
  realname: "",
  deptCodes: [""],
  roleIds: [],
  branchId: 0,
  managelevel: 3,
  sessionId: "s",
  rights,
});

describe("checkAccess", () => {
  it.each(LETTERS.map((l) => [l]))("lets %s through only to a caller holding it", async (letter) => {
    await expect(checkAccess(caller({ 11: letter }), 11, ["hotels"], letter as Letter)).resolves.toMatchObject({ id: 11 });
    const others = LETTERS.filter((l) => l !== letter).join("");
    const refused = checkAccess(caller({ 11: others }), 11, ["hotels"], letter as Letter);
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ desc: DENIAL[letter as Letter], code: "403" });
  });

  it("refuses a function of another module, an unknown one, none, and one not held", async () => {
    const all = caller({ 11: "ADEPRS", 21: "ADEPRS" });
    await expect(checkAccess(all, 21, ["hotels"])).rejects.toBeInstanceOf(ModuleForbiddenError);
    await expect(checkAccess(all, 99, ["hotels"])).rejects.toBeInstanceOf(ModuleForbiddenError);
    await expect(checkAccess(all, undefined, ["hotels"])).rejects.toBeInstanceOf(ModuleForbiddenError);
    await expect(checkAccess(caller({ 21: "R" }), 11, ["hotels"])).rejects.toBeInstanceOf(ModuleForbiddenError);
    await expect(checkAccess(caller({ 11: "" }), 11, ["hotels"])).resolves.toMatchObject({ id: 11 });
  });

  it("builds the menu from what the caller holds and drops empty folders", async () => {
    const tree = await menuTree(caller({ 21: "R" }));
    expect(tree.map((f) => f.typename)).toEqual(["订单管理"]);
    expect(tree[0].children.map((f) => f.path)).toEqual(["/order/list"]);
    expect(await rightFlags(caller({ 21: "RS" }), 21)).toEqual({ a: false, d: false, e: false, p: false, r: true, s: true });
    expect(await rightFlags(caller({ 21: "RS" }), 11)).toEqual({ a: false, d: false, e: false, p: false, r: false, s: false });
  });
});
