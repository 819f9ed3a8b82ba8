import { describe, it, expect, vi, afterEach } from "vitest";
import * as v from "valibot";
import { Hotel, newestFirst } from "../src/hotels/entities.ts";
import { HotelInput } from "../src/hotels/schemas.ts";
import { deleteHotels, listHotels, saveHotel } from "../src/hotels/hotels.ts";
import { forgetPageStarts } from "../src/kernel/pageStarts.ts";
import { readPaging } from "../src/kernel/paging.ts";
import type { Caller } from "../src/kernel/context.ts";

/**
 * Later pages of a hotel list start from a cursor remembered in the container under the tenant's
 * hotel list version: used while no hotel write moved the version, walked again after one.
 */
const tenantId = "pagestarts";
const caller: Caller = { tenantId, userId: 0, username: "t", realname: "", deptCodes: [""], roleIds: [], branchId: 0, managelevel: 1, sessionId: "t", rights: {} };
const scope = { caller, hotelType: 1 as const };
// An edit is the whole record with its id (a whole-record save): parsed as a new one, the id added.
const input = (name: string, sortOrder: number, id?: number) => ({
  ...v.parse(HotelInput, {
    hotelType: 1,
    hotelName: name,
    address: "测试路1号",
    memberLevel: "1",
    province: "440000",
    city: "440100",
    area: "440106",
    hotelLevel: "四星",
    shop: "",
    roomCount: 1,
    sortOrder,
  }),
  ...(id ? { id } : {}),
});

const realNow = Date.now;
/** Reads as if the last hotel write were long enough ago for the index to have caught up. */
const later = () => vi.spyOn(Date, "now").mockImplementation(() => realNow() + 60_000);
const page2 = async () => ((await listHotels(scope, readPaging({ currentPage: 2, pageSize: 2 }), {})) as any).dataList.map((h: any) => h.hotelName);

afterEach(() => vi.restoreAllMocks());

describe("hotel list pages after the first", () => {
  it("start from the remembered cursor until a hotel write moves the list, then walk again", async () => {
    const saved = [];
    for (const [i, name] of ["甲", "乙", "丙", "丁", "戊"].entries()) saved.push(await saveHotel(scope, input(name, i + 1)));
    forgetPageStarts();
    later();
    expect(await page2()).toEqual(["丙", "丁"]);

    // A hotel written past core (no version move) shows the cursor is reused: page 2 still starts after 乙.
    await Hotel.create({ tenantId, id: 900, hotelType: 1, hotelName: "旁路", sortOrder: 0, rank: newestFirst(900) }).go();
    expect(await page2()).toEqual(["丙", "丁"]);
    // Another container has no cursor and walks: 旁路 now comes first.
    forgetPageStarts();
    expect(await page2()).toEqual(["乙", "丙"]);

    // Core's writes move the version, in every container: a new hotel, a changed sort order, a delete.
    await saveHotel(scope, input("己", 0));
    expect(await page2()).toEqual(["甲", "乙"]);
    await saveHotel(scope, input("甲", 9, saved[0]!.id));
    expect(await page2()).toEqual(["乙", "丙"]);
    await deleteHotels(scope, [saved[1]!.id]);
    expect(await page2()).toEqual(["丙", "丁"]);
  });

  it("does not remember a cursor walked right after a change (the index may lag)", async () => {
    const other = { caller: { ...caller, tenantId: "pagestarts2" }, hotelType: 1 as const };
    for (const [i, name] of ["子", "丑", "寅"].entries()) await saveHotel(other, input(name, i + 1));
    forgetPageStarts();
    const names = async () => ((await listHotels(other, readPaging({ currentPage: 2, pageSize: 1 }), {})) as any).dataList.map((h: any) => h.hotelName);
    expect(await names()).toEqual(["丑"]);
    // Written past core: had the first walk been remembered, page 2 would still be 丑.
    await Hotel.create({ tenantId: "pagestarts2", id: 901, hotelType: 1, hotelName: "旁路", sortOrder: 0, rank: newestFirst(901) }).go();
    expect(await names()).toEqual(["子"]);
  });
});
