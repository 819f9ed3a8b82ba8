import { describe, it, expect } from "vitest";
import { columnFull, rowFull, toggleCell, toggleColumn, toggleOpen, toggleRow } from "./rightsGrid.ts";

describe("the rights grid", () => {
  it("keeps letters in ADEPRS order and opens the screen with the first letter", () => {
    let r = toggleCell({}, 2301, "R", true);
    r = toggleCell(r, 2301, "A", true);
    expect(r).toEqual({ "2301": "AR" });
    expect(toggleCell(r, 2301, "A", false)).toEqual({ "2301": "R" });
    // Removing the last letter keeps the screen open (a function without letters).
    expect(toggleCell({ "2301": "R" }, 2301, "R", false)).toEqual({ "2301": "" });
  });

  it("toggles a whole row and a whole column", () => {
    const row = toggleRow({}, 2301, true);
    expect(row).toEqual({ "2301": "ADEPRS" });
    expect(rowFull(row, 2301)).toBe(true);
    expect(toggleRow(row, 2301, false)).toEqual({});
    const col = toggleColumn({ "2302": "" }, [2301, 2302], "D", true);
    expect(col).toEqual({ "2301": "D", "2302": "D" });
    expect(columnFull(col, [2301, 2302], "D")).toBe(true);
    // Clearing a column leaves the screens open and touches no function outside it.
    expect(toggleColumn({ "2301": "DR", "9": "D" }, [2301, 2302], "D", false)).toEqual({ "2301": "R", "9": "D" });
    expect(toggleOpen({ "2301": "AD" }, 2301, false)).toEqual({});
    expect(toggleOpen({}, 2301, true)).toEqual({ "2301": "" });
  });
});
