import { describe, it, expect, vi, afterEach } from "vitest";
import * as v from "valibot";
import { ProductInput, ProductTypeInput } from "../src/products/schemas.ts";
import { saveProductType } from "../src/products/types.ts";
import { deleteProducts, listProducts, saveProduct } from "../src/products/service.ts";
import { PriceOrder, Product } from "../src/products/entities.ts";
import { listPriceOrders, markBoughtItems } from "../src/products/priceOrders.ts";
import { addTotal } from "../src/kernel/counters.ts";
import { transact } from "../src/kernel/tx.ts";
import { forgetPageStarts } from "../src/kernel/pageStarts.ts";
import { readPaging } from "../src/kernel/paging.ts";
import type { Caller } from "../src/kernel/context.ts";

/**
 * The filtered product list (keyword) starts later pages from a cursor, and reuses its capped
 * count, remembered under the products' total: every product write moves it (an edit by 0), so a
 * remembered start or count is used only while no product was added, removed or edited.
 */
const tenantId = "productstarts";
const caller: Caller = { tenantId, userId: 0, username: "t", realname: "", deptCodes: [""], roleIds: [], branchId: 0, managelevel: 1, sessionId: "t", rights: {} };
// An edit is the whole record with its id (a whole-record save): parsed as a new one, the id added.
const input = (productType: number, productName: string, id?: number) => ({
  ...v.parse(ProductInput, { productType, productName, proCount: 1, amount: "100", picJson: [], shop: "0" }),
  ...(id ? { id } : {}),
});

const realNow = Date.now;
/** Reads as if the last product write were long enough ago for the index to have caught up. */
const later = () => vi.spyOn(Date, "now").mockImplementation(() => realNow() + 60_000);
const page2 = async () => {
  const r = (await listProducts(caller, readPaging({ currentPage: 2, pageSize: 2, keyword: "会员" }), {})) as any;
  return { names: r.dataList.map((x: any) => x.productName), total: r.pageParams.maxCount };
};

afterEach(() => vi.restoreAllMocks());

describe("filtered product list pages after the first", () => {
  it("start from the remembered cursor and count until a product write moves the list", async () => {
    const type = await saveProductType(tenantId, v.parse(ProductTypeInput, { typeName: "会籍", contractType: "A", productUnit: "份" }));
    const saved = [];
    // Newest first: 会员5 … 会员1, with a product the keyword does not find in between.
    for (const name of ["会员1", "会员2", "其他", "会员3", "会员4", "会员5"]) saved.push(await saveProduct(caller, input(type.id, name)));
    forgetPageStarts();
    later();
    expect(await page2()).toEqual({ names: ["会员3", "会员2"], total: 5 });

    // A product written past core (no version move): the start and the count are reused.
    await Product.create({ ...saved[5]!, id: 900, productName: "会员旁路" }).go();
    expect(await page2()).toEqual({ names: ["会员3", "会员2"], total: 5 });
    // Another container remembers nothing: 会员旁路 is now the newest.
    forgetPageStarts();
    expect(await page2()).toEqual({ names: ["会员4", "会员3"], total: 6 });

    // Core's writes move the version: a rename out of the keyword, then a delete.
    await saveProduct(caller, input(type.id, "改名", saved[4]!.id));
    expect(await page2()).toEqual({ names: ["会员3", "会员2"], total: 5 });
    await deleteProducts(caller, [saved[3]!.id]);
    expect(await page2()).toEqual({ names: ["会员2", "会员1"], total: 4 });
  });
});

describe("price orders filtered by status", () => {
  const bought = async () => {
    const r = (await listPriceOrders(caller, readPaging({ currentPage: 2, pageSize: 2 }), { status: 1 })) as any;
    return { ids: r.dataList.map((x: any) => x.id), total: r.pageParams.maxCount };
  };
  const order = (id: number, status: number) =>
    PriceOrder.create({
      tenantId,
      id,
      orderId: `P${id}`,
      clientId: 1,
      clientName: "张伟",
      mobile: "15000000000",
      productId: 1,
      productName: "会员",
      payAmount: 100,
      status,
      shop: "0",
      createTime: "2026-11-24 10:00:00",
    }).go();

  it("remember their start and count until a payment marks an order bought", async () => {
    for (const [id, status] of [
      [101, 1],
      [102, 1],
      [103, 0],
      [104, 1],
      [105, 1],
      [106, 1],
    ] as const)
      await order(id, status);
    await addTotal(tenantId, "priceOrders", 6);
    forgetPageStarts();
    later();
    // Newest first among the bought: 106, 105 | 104, 102 | 101.
    expect(await bought()).toEqual({ ids: [104, 102], total: 5 });
    // Written past core: the remembered start and count stand.
    await order(107, 1);
    expect(await bought()).toEqual({ ids: [104, 102], total: 5 });
    // The payment's transaction moves the version: 103 joins the bought, 107 shows too.
    await transact(markBoughtItems(tenantId, 103));
    expect(await bought()).toEqual({ ids: [105, 104], total: 7 });
  });
});
