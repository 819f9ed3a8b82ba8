import { describe, expect, it } from "vitest";
import { SPEC_MSG, bulkSet, checkBeforeSave, copyConfig, newGeneralSpec, singleConfig, sortSlots, syncConfig, type SlotSpec } from "@xiangyu/core/goods/specs";
import {
  ACTION_LETTER,
  DELETABLE,
  GOODS_ORDER_STATUSES,
  HANDLEABLE,
  actionOfCtrl,
  actionsOf,
  decide,
  deletable,
  refundsMoney,
  releasesStock,
  type GoodsAction,
} from "@xiangyu/core/goods/orderStatus";
import { imageSize, pictureProblem } from "@xiangyu/core/goods/images";
import { GoodsInput, inServiceArea } from "@xiangyu/core/goods/schemas";
import * as v from "valibot";

/** The goods area's pure rules: spec generation (R409–R421), the order state machine (docs/gaps.md, R423–R428), picture checks (R399–R400). */
const TODAY = "2026-11-24";
const slot = (date: string, from: string, to: string, more: Partial<SlotSpec> = {}): SlotSpec => ({
  id: 0,
  specName: `${date} ${from}-${to}`,
  startTime: `${date} ${from}:00`,
  endTime: `${date} ${to}:00`,
  marketPrice: 0,
  price: 0,
  goodsCount: 0,
  idisplay: 1,
  ...more,
});
const value = <T>(r: { ok: true; value: T } | { ok: false; message: string }): T => {
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe("single config", () => {
  it("asks for the date range, then the time range (R409, R410)", () => {
    expect(singleConfig([], { startClock: "09:00", endClock: "10:00" }, TODAY)).toEqual({ ok: false, message: "请设置日期" });
    expect(singleConfig([], { startDate: TODAY, endDate: TODAY }, TODAY)).toEqual({ ok: false, message: "请设置服务时段" });
  });

  it("makes one spec per day, both ends included, enabled with zero stock and price when blank (R416, R418)", () => {
    const out = value(singleConfig([], { startDate: "2026-11-28", endDate: "2026-12-04", startClock: "09:00", endClock: "10:30" }, TODAY));
    expect(out.map((s) => s.startTime)).toEqual(["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"].map((d) => `${d} 09:00:00`));
    expect(out.every((s) => s.endTime.endsWith(" 10:30:00") && s.idisplay === 1 && s.goodsCount === 0 && s.price === 0 && s.marketPrice === 0 && s.id === 0)).toBe(true);
  });

  it("skips days that already have the same start and end, keeping their stock (R417)", () => {
    const existing = [slot("2026-11-25", "09:00", "10:00", { id: 7, goodsCount: 3 }), slot("2026-11-26", "09:00", "11:00", { id: 8 })];
    const out = value(singleConfig(existing, { startDate: "2026-11-25", endDate: "2026-11-26", startClock: "09:00", endClock: "10:00", goodsCount: 5 }, TODAY));
    expect(out).toHaveLength(3);
    expect(out.filter((s) => s.startTime === "2026-11-25 09:00:00")).toEqual([existing[0]]);
    expect(out.find((s) => s.startTime === "2026-11-26 09:00:00" && s.endTime === "2026-11-26 10:00:00")?.goodsCount).toBe(5);
  });

  it("sorts every spec by start time (R418)", () => {
    const existing = [slot("2026-11-27", "14:00", "15:00", { id: 1 }), slot("2026-11-25", "16:00", "17:00", { id: 2 })];
    const out = value(singleConfig(existing, { startDate: "2026-11-25", endDate: "2026-11-27", startClock: "10:00", endClock: "11:00" }, TODAY));
    expect(out.map((s) => s.startTime)).toEqual(["2026-11-25 10:00:00", "2026-11-25 16:00:00", "2026-11-26 10:00:00", "2026-11-27 10:00:00", "2026-11-27 14:00:00"]);
  });

  it("accepts yesterday, refuses the day before (R413), a reversed range and an end before the start", () => {
    expect(singleConfig([], { startDate: "2026-11-23", endDate: "2026-11-23", startClock: "09:00", endClock: "10:00" }, TODAY).ok).toBe(true);
    expect(singleConfig([], { startDate: "2026-11-22", endDate: "2026-11-23", startClock: "09:00", endClock: "10:00" }, TODAY)).toEqual({ ok: false, message: SPEC_MSG.tooEarly });
    expect(singleConfig([], { startDate: "2026-11-26", endDate: "2026-11-25", startClock: "09:00", endClock: "10:00" }, TODAY)).toEqual({ ok: false, message: SPEC_MSG.dateOrder });
    expect(singleConfig([], { startDate: TODAY, endDate: TODAY, startClock: "10:00", endClock: "10:00" }, TODAY)).toEqual({ ok: false, message: SPEC_MSG.timeOrder });
  });

  it("counts days across a month and a year end", () => {
    const out = value(singleConfig([], { startDate: "2026-12-30", endDate: "2027-01-02", startClock: "08:00", endClock: "09:00" }, TODAY));
    expect(out.map((s) => s.startTime.slice(0, 10))).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
  });
});

describe("copy config", () => {
  const week = [slot("2026-11-25", "09:00", "10:00", { id: 1, goodsCount: 4, price: 50 }), slot("2026-11-25", "14:00", "15:00", { id: 2, goodsCount: 2 })];

  it("asks for the source day, then the target day (R411, R412)", () => {
    expect(copyConfig(week, undefined, "2026-11-26", TODAY)).toEqual({ ok: false, message: "请选择待复制日期" });
    expect(copyConfig(week, "2026-11-25", undefined, TODAY)).toEqual({ ok: false, message: "请选择目标日期" });
  });

  it("copies every slot of the source day onto the target day, with its stock and prices", () => {
    const out = value(copyConfig(week, "2026-11-25", "2026-11-27", TODAY));
    const copied = out.filter((s) => s.startTime.startsWith("2026-11-27"));
    expect(copied.map((s) => [s.id, s.startTime, s.endTime, s.goodsCount, s.price, s.specName])).toEqual([
      [0, "2026-11-27 09:00:00", "2026-11-27 10:00:00", 4, 50, "2026-11-27 09:00-10:00"],
      [0, "2026-11-27 14:00:00", "2026-11-27 15:00:00", 2, 0, "2026-11-27 14:00-15:00"],
    ]);
    expect(out).toHaveLength(4);
  });

  it("replaces a target slot that exists, keeping its id, and leaves the target's other slots (R419)", () => {
    const existing = [...week, slot("2026-11-27", "09:00", "10:00", { id: 9, goodsCount: 1 }), slot("2026-11-27", "18:00", "19:00", { id: 10 })];
    const out = value(copyConfig(existing, "2026-11-25", "2026-11-27", TODAY));
    const target = out.filter((s) => s.startTime.startsWith("2026-11-27"));
    expect(target.map((s) => [s.id, s.startTime.slice(11), s.goodsCount])).toEqual([
      [9, "09:00:00", 4],
      [0, "14:00:00", 2],
      [10, "18:00:00", 0],
    ]);
  });

  it("refuses a target before yesterday, the same day, and an empty source", () => {
    expect(copyConfig(week, "2026-11-25", "2026-11-20", TODAY)).toEqual({ ok: false, message: SPEC_MSG.tooEarly });
    expect(copyConfig(week, "2026-11-25", "2026-11-25", TODAY)).toEqual({ ok: false, message: SPEC_MSG.sameDay });
    expect(copyConfig(week, "2026-11-29", "2026-11-30", TODAY)).toEqual({ ok: false, message: SPEC_MSG.nothingToCopy });
  });
});

describe("sync config", () => {
  it("copies the template's stock, prices and flag to later days' specs of the same clock times only", () => {
    const specs = [
      slot("2026-11-24", "09:00", "10:00", { id: 1, goodsCount: 1 }),
      slot("2026-11-25", "09:00", "10:00", { id: 2, goodsCount: 6, price: 80, marketPrice: 100, idisplay: 0 }),
      slot("2026-11-26", "09:00", "10:00", { id: 3, goodsCount: 2 }),
      slot("2026-11-26", "10:00", "11:00", { id: 4, goodsCount: 2 }),
      slot("2026-11-27", "09:00", "10:00", { id: 5, goodsCount: 3, specName: "mine" }),
    ];
    const out = value(syncConfig(specs, specs[1]));
    expect(out.map((s) => [s.id, s.goodsCount, s.price, s.marketPrice, s.idisplay, s.specName])).toEqual([
      [1, 1, 0, 0, 1, "2026-11-24 09:00-10:00"],
      [2, 6, 80, 100, 0, "2026-11-25 09:00-10:00"],
      [3, 6, 80, 100, 0, "2026-11-26 09:00-10:00"],
      [4, 2, 0, 0, 1, "2026-11-26 10:00-11:00"],
      [5, 6, 80, 100, 0, "mine"],
    ]);
  });
  it("asks for a template", () => {
    expect(syncConfig([], undefined)).toEqual({ ok: false, message: SPEC_MSG.noTemplate });
  });
});

describe("general editor", () => {
  it("new rows are id 0, price 0, count 0, enabled (R420); bulk set changes one column of every row (R421)", () => {
    expect(newGeneralSpec()).toMatchObject({ id: 0, price: 0, marketPrice: 0, goodsCount: 0, idisplay: 1 });
    const rows = bulkSet([newGeneralSpec(), { ...newGeneralSpec(), price: 9 }], "goodsCount", 12);
    expect(rows.map((r) => [r.goodsCount, r.price])).toEqual([
      [12, 0],
      [12, 9],
    ]);
  });
  it("saving needs a spec (R414) and, in the general editor, a name of at most 15 (R415)", () => {
    expect(checkBeforeSave([], false)).toBe("必须设置一个或以上的规格。");
    expect(checkBeforeSave([{ specName: " " }], true)).toBe("规格名称不能为空。");
    expect(checkBeforeSave([{ specName: "一二三四五六七八九十一二三四五六" }], true)).toBe(SPEC_MSG.nameTooLong);
    expect(checkBeforeSave([{ specName: "" }], false)).toBeNull();
  });
  it("sortSlots keeps equal slots in their order", () => {
    const a = slot("2026-11-25", "09:00", "10:00", { id: 1 });
    const b = slot("2026-11-25", "09:00", "10:00", { id: 2 });
    expect(sortSlots([a, b]).map((s) => s.id)).toEqual([1, 2]);
  });
});

describe("the goods order state machine", () => {
  const ALLOWED: Record<GoodsAction, Array<[number, number]>> = {
    pay: [[1, 2]],
    cancel: [[1, 8]],
    expire: [[1, 9]],
    askRefund: [
      [2, 6],
      [3, 6],
    ],
    reviewPass: [[2, 3]],
    reviewFail: [[2, 5]],
    complete: [[3, 4]],
    refundApprove: [[6, 7]],
    refundReject: [[6, 3]],
    proxyCancel: [
      [1, 8],
      [2, 8],
      [3, 8],
    ],
  };
  it("allows exactly the listed moves and refuses every other (action, status) pair", () => {
    for (const [action, moves] of Object.entries(ALLOWED) as Array<[GoodsAction, Array<[number, number]>]>) {
      for (const s of [0, ...GOODS_ORDER_STATUSES, 10]) {
        const want = moves.find(([from]) => from === s)?.[1] ?? null;
        expect([action, s, decide(s, action)]).toEqual([action, s, want]);
      }
    }
  });
  it("staff actions appear only on the handleable statuses 2, 3, 6 (R423); deletable are 4, 5, 7, 8, 9 (R425)", () => {
    expect(HANDLEABLE).toEqual([2, 3, 6]);
    expect(DELETABLE).toEqual([4, 5, 7, 8, 9]);
    expect(actionsOf(2)).toEqual(["reviewPass", "reviewFail", "proxyCancel"]);
    expect(actionsOf(3)).toEqual(["complete", "proxyCancel"]);
    expect(actionsOf(6)).toEqual(["refundApprove", "refundReject"]);
    for (const s of [4, 5, 7, 8, 9]) expect(actionsOf(s)).toEqual([]);
    expect(GOODS_ORDER_STATUSES.filter(deletable)).toEqual([4, 5, 7, 8, 9]);
  });
  it("review and complete need A, proxy cancel P, refund E (R428)", () => {
    expect(ACTION_LETTER).toEqual({ reviewPass: "A", reviewFail: "A", complete: "A", refundApprove: "E", refundReject: "E", proxyCancel: "P" });
  });
  it("reads handelorder's currentCtrl and status (R427)", () => {
    expect([actionOfCtrl(1, 1), actionOfCtrl(1, 2), actionOfCtrl(1, 0), actionOfCtrl(2, 1), actionOfCtrl(2, 2), actionOfCtrl(3), actionOfCtrl(4), actionOfCtrl(5)]).toEqual([
      "reviewPass",
      "reviewFail",
      null,
      "refundApprove",
      "refundReject",
      "complete",
      "proxyCancel",
      null,
    ]);
  });
  it("gives stock back when an order ends unserved, and money back only when it was paid", () => {
    expect(GOODS_ORDER_STATUSES.filter(releasesStock)).toEqual([5, 7, 8, 9]);
    expect([refundsMoney(1, 8), refundsMoney(1, 9), refundsMoney(2, 8), refundsMoney(2, 5), refundsMoney(6, 7), refundsMoney(6, 3), refundsMoney(3, 4)]).toEqual([
      false,
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("pictures", () => {
  const png = (w: number, h: number) => {
    const b = new Uint8Array(33);
    b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(b.buffer).setUint32(16, w);
    new DataView(b.buffer).setUint32(20, h);
    return b;
  };
  const jpeg = (w: number, h: number) => {
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height and width.
    const b = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...new Array(14).fill(0), 0xff, 0xc0, 0, 17, 8, h >> 8, h & 255, w >> 8, w & 255, 3, 0, 0, 0, 0]);
    return b;
  };
  const gif = (w: number, h: number) => new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, w & 255, w >> 8, h & 255, h >> 8]);
  it("reads the size of PNG, JPEG and GIF heads", () => {
    expect(imageSize(png(500, 400))).toEqual({ type: "png", width: 500, height: 400 });
    expect(imageSize(jpeg(640, 480))).toEqual({ type: "jpg", width: 640, height: 480 });
    expect(imageSize(gif(300, 300))).toEqual({ type: "gif", width: 300, height: 300 });
    expect(imageSize(new TextEncoder().encode("MZ not a picture"))).toBeNull();
  });
  const title = { maxKB: 1000, ratio: [1, 1] as const, minPx: 375, maxPx: 750 };
  it("keeps the title rule: 1:1, 375–750 px, ≤ 1000 KB (R399); the gallery 4:3 (R400)", () => {
    expect(pictureProblem(1000, imageSize(png(375, 375)), title)).toBeNull();
    expect(pictureProblem(1000, imageSize(png(750, 750)), title)).toBeNull();
    expect(pictureProblem(1000, imageSize(png(374, 374)), title)).toBe("图片宽高必须在375到750像素之间");
    expect(pictureProblem(1000, imageSize(png(751, 751)), title)).toBe("图片宽高必须在375到750像素之间");
    expect(pictureProblem(1000, imageSize(png(500, 400)), title)).toBe("图片比例必须是1:1");
    expect(pictureProblem(1000 * 1024 + 1, imageSize(png(500, 500)), title)).toBe("图片大小不能超过1000KB");
    expect(pictureProblem(100, null, title)).toBe("图片只能是jpg、png、gif、jpeg格式");
    expect(pictureProblem(100, imageSize(jpeg(800, 600)), { maxKB: 1000, ratio: [4, 3] })).toBeNull();
    expect(pictureProblem(100, imageSize(jpeg(800, 800)), { maxKB: 1000, ratio: [4, 3] })).toBe("图片比例必须是4:3");
  });
});

describe("the goods form", () => {
  const base = { goodsType: "goods", goodsName: "按摩", goodsClass: "001001", pictureTitle: "/uploader/files/t/x.png" };
  const msg = (o: Record<string, unknown>) => {
    const r = v.safeParse(GoodsInput, o);
    return r.success ? null : r.issues[0].message;
  };
  it("says each field's message (R395–R404)", () => {
    expect(msg({ ...base, goodsType: "" })).toBe("商品性质必选");
    expect(msg({ ...base, goodsType: "other" })).toBe("商品性质必选");
    expect(msg({ ...base, goodsName: "" })).toBe("商品名称不能为空");
    expect(msg({ ...base, goodsName: "名".repeat(51) })).toBe("商品名称不能超过50个字");
    expect(msg({ ...base, goodsClass: "" })).toBe("商品子分类必选");
    expect(msg({ ...base, pictureTitle: "" })).toBe("图片标题不能为空");
    expect(msg({ ...base, atlas: JSON.stringify(Array.from({ length: 11 }, (_, i) => `/p${i}.png`)) })).toBe("图集最多只能上传10张图片");
    expect(msg({ ...base, serviceGuarantee: "a\nb\nc\nd\ne" })).toBe("服务保障最多4条，每行一条");
    expect(msg({ ...base, serviceGuarantee: "a\n\nb\nc\nd\n" })).toBeNull();
    expect(msg({ ...base, province: 110000 })).toBe("服务区域必须在广东省（440000）以内");
  });
  it("reads a negative price as unquoted and a blank sort order as 9999999 (R403, R404)", () => {
    const out = v.parse(GoodsInput, { ...base, price: "-1" });
    expect([out.price, out.sortOrder, out.status]).toEqual([-100, 9999999, 0]);
    expect(v.parse(GoodsInput, base).price).toBe(-100);
    expect(v.parse(GoodsInput, { ...base, price: "12.5" }).price).toBe(1250);
  });
  it("keeps the service area under 440000 (R402)", () => {
    expect([inServiceArea(440000, 440100, 440106), inServiceArea(0, 0, 0), inServiceArea(440000, 450100, 0), inServiceArea(440000, 440100, 440306)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
