import { beforeAll, describe, expect, it } from "vitest";
import { headOffice, type Caller } from "@xiangyu/core/kernel/context";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { forgetPageStarts } from "@xiangyu/core/kernel/pageStarts";
import { listClients, type ClientFilter } from "@xiangyu/core/clients/list";
import { deleteClients } from "@xiangyu/core/clients/service";
import { Client, ClientTally } from "@xiangyu/core/clients/entities";
import { testTenant } from "./harness.ts";
import { loadedMembers } from "./clientsHelpers.ts";

/**
 * A deep client page starts from the id remembered under the covered tallies' version
 * (kernel/mergedPages.ts): read again, or the page after one just read, it reads only its own ids.
 * Every write that moves a client in, out of or between the list's partitions moves their tallies
 * in its transaction, so the next deep read merges anew.
 */
let caller: Caller;
let tenantId: string;
let branch: string;

beforeAll(async () => {
  const t = await testTenant();
  tenantId = t.clientId;
  const shops = [t.depts.get("广州天河店")!.code, t.depts.get("深圳南山店")!.code];
  branch = t.depts.get("华南分公司")!.code;
  await loadedMembers(tenantId, shops, 200, "记页", 15800000000);
  // Loaded long ago: a start walked within seconds of a tally's move is never remembered (the index may lag).
  const { data } = await ClientTally.query.byShop({ tenantId }).go({ pages: "all" });
  for (const t of data)
    await ClientTally.patch({ tenantId, shop: t.shop, status: t.status, isMgr: t.isMgr })
      .set({ changedAt: Date.now() - 60_000 })
      .go();
  caller = headOffice(tenantId, { userId: 1, username: "admin", sessionId: "t" });
}, 120_000);

const ids = async (f: ClientFilter, page: number, order: "asc" | "desc" = "desc") =>
  (await listClients(caller, readPaging({ currentPage: page, pageSize: 20, order }), f)).rows.map((c) => c.id);
const stored = async (f: ClientFilter, order: "asc" | "desc" = "desc") =>
  (await Client.query.byId({ tenantId }).go({ pages: "all", order })).data.filter((c) => !f.excludeMgr || !c.isMgr).map((c) => c.id);
const slice = (list: number[], page: number) => list.slice((page - 1) * 20, page * 20);

describe("remembered deep client pages", () => {
  it("are exact both ways, with and without staff, read again and paged on", async () => {
    forgetPageStarts();
    for (const f of [{ shop: branch }, { shop: branch, excludeMgr: true }] as ClientFilter[]) {
      for (const order of ["desc", "asc"] as const) {
        const all = await stored(f, order);
        for (const page of [6, 6, 7, 8, 6]) expect(await ids(f, page, order), `${JSON.stringify(f)} ${order} page ${page}`).toEqual(slice(all, page));
      }
    }
  });

  it("keep a page's start while the tallies stand, and merge anew once a delete moved them", async () => {
    const f: ClientFilter = { shop: branch, excludeMgr: true };
    const before = await stored(f);
    expect(await ids(f, 6)).toEqual(slice(before, 6));
    // A client before page 6 removed behind the tallies' back: the remembered start does not see it
    // (page 6 stays as it was), which proves the start is remembered and not merged again.
    await Client.delete({ tenantId, id: before[2]! }).go();
    expect(await ids(f, 6)).toEqual(slice(before, 6));

    // A delete through the service moves the tallies in its transaction: page 6 is merged again
    // and reflects both deletes.
    const gone = (await stored(f))[4]!;
    expect(await deleteClients(caller, [gone])).toEqual([gone]);
    const now = await stored(f);
    expect(now.length).toBe(before.length - 2);
    expect(await ids(f, 6)).toEqual(slice(now, 6));
    expect(await ids(f, 7)).toEqual(slice(now, 7));
  });
});
