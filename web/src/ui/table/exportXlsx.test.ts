import { beforeEach, describe, expect, it, vi } from "vitest";
import { exportXlsx, MONEY_FORMAT, sheetName, toSheet } from "./exportXlsx.ts";
import type { Column } from "./columns.ts";

const toFile = vi.fn(async () => {});
const writer = vi.fn((..._args: unknown[]) => ({ toFile, toBlob: async () => new Blob() }));
vi.mock("write-excel-file/browser", () => ({ default: writer }));
const answer = { ok: true };
const asked = vi.fn(async (_q: { title: string; message: string }) => answer.ok);
vi.mock("../dialogs/Confirm.tsx", () => ({ confirm: (q: { title: string; message: string }) => asked(q) }));

type Log = { id: number; realname: string; ip: string | null; price?: number; payType?: number };
const columns: Column<Log>[] = [
  { id: "id", header: "ID" },
  { id: "who", header: "操作人", text: (r) => `${r.realname}` },
  { id: "ip", header: "IP" },
  { id: "actions", header: "操作", exported: false },
];

beforeEach(() => {
  writer.mockClear();
  toFile.mockClear();
  asked.mockClear();
  answer.ok = true;
});

describe("exportXlsx", () => {
  it("writes a header row and one row per record, without the columns that are not exported", () => {
    expect(toSheet(columns, [{ id: 7, realname: "张三", ip: null }])).toEqual([
      ["ID", "操作人", "IP"],
      [7, "张三", null],
    ]);
  });

  it("asks first, then saves the sheet under the list's name, the sheet named too", async () => {
    expect(await exportXlsx("操作日志", columns, [{ id: 1, realname: "李四", ip: "10.0.0.1" }])).toBe(true);
    expect(asked).toHaveBeenCalledWith({ title: "导出确认", message: "确定导出1条记录吗？" });
    expect(toFile).toHaveBeenCalledWith("操作日志.xlsx");
    const [sheet, options] = writer.mock.calls[0] as [unknown[][], { sheet: string }];
    expect(options.sheet).toBe("操作日志");
    expect(sheet[0]).toEqual([
      { value: "ID", fontWeight: "bold" },
      { value: "操作人", fontWeight: "bold" },
      { value: "IP", fontWeight: "bold" },
    ]);
    expect(sheet[1]).toEqual([1, "李四", "10.0.0.1"]);
  });

  it("writes nothing when the user says no", async () => {
    answer.ok = false;
    expect(await exportXlsx("操作日志", columns, [{ id: 1, realname: "李四", ip: "" }])).toBe(false);
    expect(writer).not.toHaveBeenCalled();
  });

  it("writes amounts as number cells with two decimals, and a word where the screen shows one", async () => {
    const money: Column<Log>[] = [
      { id: "id", header: "订单号" },
      { id: "price", header: "支付金额", money: true, text: (r) => (r.payType === 2 ? "周次抵扣" : Number(r.price)) },
    ];
    await exportXlsx("订单", money, [
      { id: 1, realname: "", ip: null, price: 398.5, payType: 1 },
      { id: 2, realname: "", ip: null, price: 0, payType: 2 },
    ]);
    const sheet = (writer.mock.calls[0] as unknown[])[0] as unknown[][];
    expect(sheet[1]).toEqual([1, { value: 398.5, type: Number, format: MONEY_FORMAT }]);
    expect(sheet[2]).toEqual([2, "周次抵扣"]);
  });

  it("names the sheet as Excel allows (31 characters, no []:*?/\\)", () => {
    expect(sheetName("订单/2026:11")).toBe("订单 2026 11");
    expect(sheetName("一".repeat(40))).toHaveLength(31);
  });
});
