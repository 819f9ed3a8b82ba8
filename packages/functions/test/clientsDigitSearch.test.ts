import { describe, it, expect, beforeAll } from "vitest";
import { ClientTerm } from "@xiangyu/core/clients/entities";
import { testTenant } from "./harness.ts";
import { ClientInput } from "@xiangyu/core/clients/schemas";
import { editOf } from "./editForm.ts";
import { asAdmin, code, newClient } from "./clientsHelpers.ts";

/**
 * Staff read a number off caller ID: the client finder and the client list find a client by the
 * last four digits of its mobile and by its first seven, from search keys written with the client
 * (clients/searchKeys.ts), moved when the mobile changes and removed with the client.
 */
let t: Awaited<ReturnType<typeof testTenant>>;
const SEARCH = "/xiangyu/api/client/searchclient";
const LIST = "/xiangyu/api/client/clientlist";

beforeAll(async () => {
  t = await testTenant();
});

const finder = async (keyword: string) => ((await asAdmin(t).get(SEARCH, { keyword })).body.dataList ?? []).map((c: any) => c.id);
const listed = async (keyword: string) => {
  const r = await asAdmin(t).get(LIST, { keyword });
  expect(r.body.code, JSON.stringify(r.body)).toBe("200");
  return { ids: r.body.dataList.map((c: any) => c.id), total: r.body.pageParams.maxCount };
};

describe("search by phone digits", () => {
  it("finds a client by the last four and by the first seven digits of its mobile, in the finder and the list", async () => {
    const a = await newClient(t, { clientName: "尾号甲", mobile: "13561234821" });
    const b = await newClient(t, { clientName: "尾号乙", mobile: "18899004821" });
    const c = await newClient(t, { clientName: "号段丙", mobile: "13561230000", shop: code(t, "上海浦东店") });

    expect(await finder("4821")).toEqual([b.id, a.id]);
    expect(await finder("1356123")).toEqual([c.id, a.id]);
    expect(await finder("135-6123")).toEqual([c.id, a.id]);
    expect(await listed("4821")).toEqual({ ids: [b.id, a.id], total: 2 });
    expect(await listed("1356123")).toEqual({ ids: [c.id, a.id], total: 2 });
    // Other lengths are not digit searches: three digits or five find nothing here.
    expect(await finder("821")).toEqual([]);
    expect(await finder("34821")).toEqual([]);
    // The list's filters still apply: one store.
    const r = await asAdmin(t).get(LIST, { keyword: "1356123", shop: code(t, "上海浦东店") });
    expect(r.body.dataList.map((x: any) => x.id)).toEqual([c.id]);
  });

  it("reads the kept keys: a client whose keys are gone is not found, whatever the client item says", async () => {
    const d = await newClient(t, { clientName: "只读键", mobile: "13677775555" });
    expect(await finder("5555")).toContain(d.id);
    await ClientTerm.delete({ tenantId: t.clientId, kind: "m4", term: "5555", clientId: d.id }).go();
    expect(await finder("5555")).not.toContain(d.id);
    expect(await finder("1367777")).toContain(d.id);
  });

  it("moves the keys when the mobile changes and removes them with the client", async () => {
    const e = await newClient(t, { clientName: "换号丁", mobile: "15012349999" });
    expect(await finder("9999")).toContain(e.id);
    const view = (await asAdmin(t).get("/xiangyu/api/client/clientview", { id: e.id })).body.data;
    const saved = await asAdmin(t).post("/xiangyu/api/client/clientsave", editOf(ClientInput, view, { mobile: "15187650001" }));
    expect(saved.body.code, JSON.stringify(saved.body)).toBe("200");
    expect(await finder("9999")).not.toContain(e.id);
    expect(await finder("1501234")).not.toContain(e.id);
    expect(await finder("0001")).toEqual([e.id]);
    expect(await finder("1518765")).toEqual([e.id]);

    expect((await asAdmin(t).post("/xiangyu/api/client/clientdelete", { ids: String(e.id) })).body.code).toBe("200");
    expect(await finder("0001")).toEqual([]);
    expect(await finder("1518765")).toEqual([]);
    expect(await listed("0001")).toEqual({ ids: [], total: 0 });
  });
});
