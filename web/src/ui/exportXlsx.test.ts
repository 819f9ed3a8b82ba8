import { describe, expect, it, vi } from "vitest";
import { exportXlsx, toSheet } from "./exportXlsx.ts";
import type { Column } from "./columns.ts";

const toFile = vi.fn(async () => {});
const writer = vi.fn(() => ({ toFile, toBlob: async () => new Blob() }));
vi.mock("write-excel-file/browser", () => ({ default: writer }));

type Log = { id: number; realname: string; ip: string | null };
const columns: Column<Log>[] = [
  { id: "id", header: "ID" },
  { id: "who", header: "操作人", text: (r) => `${r.realname}` },
  { id: "ip", header: "IP" },
  { id: "actions", header: "操作", exported: false },
];

describe("exportXlsx", () => {
  it("writes a header row and one row per record, without the columns that are not exported", () => {
    expect(toSheet(columns, [{ id: 7, realname: "张三", ip: null }])).toEqual([
      ["ID", "操作人", "IP"],
      [7, "张三", null],
    ]);
  });

  it("saves the sheet under the list's name", async () => {
    await exportXlsx("操作日志", columns, [{ id: 1, realname: "李四", ip: "10.0.0.1" }]);
    expect(toFile).toHaveBeenCalledWith("操作日志.xlsx");
    const sheet = (writer.mock.calls[0] as unknown[])[0] as unknown[][];
    expect(sheet[0]).toEqual([
      { value: "ID", fontWeight: "bold" },
      { value: "操作人", fontWeight: "bold" },
      { value: "IP", fontWeight: "bold" },
    ]);
    expect(sheet[1]).toEqual([1, "李四", "10.0.0.1"]);
  });
});
