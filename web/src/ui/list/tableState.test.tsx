import { describe, expect, it } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderScreen } from "../test-utils.tsx";
import * as v from "valibot";
import { listParams, readTableState, tableSearch, writeTableState } from "./tableState.ts";
import { useTableState } from "./useTableState.ts";

describe("table state in the address", () => {
  it("defaults to page 1 of 20, newest id first", () => {
    expect(readTableState({})).toEqual({ page: 1, size: 20, sort: "id", order: "desc", keyword: "", filters: {} });
  });

  it("reads plain strings and ignores values the list does not offer", () => {
    const s = readTableState({ page: "3", size: "50", sort: "createTime", order: "asc", keyword: "张", status: "1", other: "x" }, { filters: ["status"] });
    expect(s).toEqual({ page: 3, size: 50, sort: "createTime", order: "asc", keyword: "张", filters: { status: "1" } });
    expect(readTableState({ page: "-2", size: "25", order: "up" })).toMatchObject({ page: 1, size: 20, order: "desc" });
  });

  it("validates the address with the list's search schema: an invalid value reads as absent, others pass", () => {
    const schema = tableSearch({ filters: ["status"] });
    const out = v.parse(schema, { page: "abc", size: "7", order: "up", sort: "x;drop", keyword: " 张 ", status: "1", functionId: "12" });
    expect(Object.fromEntries(Object.entries(out).filter(([, x]) => x !== undefined))).toEqual({ keyword: "张", status: "1", functionId: "12" });
    expect(v.parse(schema, { page: "2", size: "50", order: "asc", sort: "hotelName" })).toEqual({ page: "2", size: "50", order: "asc", sort: "hotelName" });
    expect(readTableState({ page: "abc", size: "7" })).toMatchObject({ page: 1, size: 20 });
    expect(readTableState({ page: "0" }).page).toBe(1);
  });

  it("uses a filter default only when the address has no value; an explicit 'all' travels as *", () => {
    const o = { filters: ["orgCode"], filterDefaults: { orgCode: "001" } };
    expect(readTableState({}, o).filters).toEqual({ orgCode: "001" });
    expect(readTableState({ orgCode: "*" }, o).filters).toEqual({ orgCode: "" });
    expect(readTableState({ orgCode: "001002" }, o).filters).toEqual({ orgCode: "001002" });
    expect(writeTableState({}, { filters: { orgCode: "" } }, o)).toEqual({ orgCode: "*" });
    expect(writeTableState({ orgCode: "*" }, { filters: { orgCode: "001" } }, o)).toEqual({});
    expect(writeTableState({ status: "1" }, { filters: { status: "" } })).toEqual({});
  });

  it("keeps the screen's own params, drops defaults and returns to page 1 on any other change", () => {
    const before = { functionId: "1201", orgType: "dept", page: "4", size: "50" };
    expect(writeTableState(before, { page: 5 })).toEqual({ functionId: "1201", orgType: "dept", page: "5", size: "50" });
    expect(writeTableState(before, { size: 20 })).toEqual({ functionId: "1201", orgType: "dept" });
    expect(writeTableState(before, { keyword: " 华南 " })).toEqual({ functionId: "1201", orgType: "dept", size: "50", keyword: "华南" });
    expect(writeTableState(before, { sort: "id", order: "asc" })).toEqual({ functionId: "1201", orgType: "dept", size: "50", order: "asc" });
  });

  it("turns the state into the list call's paging parameters, leaving out empty filters", () => {
    const s = readTableState({ page: "2", keyword: "x", status: "", month: "2026-05" }, { filters: ["status", "month"] });
    expect(listParams(s)).toEqual({ currentPage: 2, pageSize: 20, sort: "id", order: "desc", keyword: "x", month: "2026-05" });
  });
});

function Probe() {
  const [s, a] = useTableState({ filters: ["status"] });
  return (
    <div>
      <p>
        page {s.page} size {s.size} status {s.filters.status ?? "-"}
      </p>
      <button onClick={() => a.setPage(s.page + 1)}>next</button>
      <button onClick={() => a.setFilter("status", "1")}>enabled</button>
    </div>
  );
}

describe("useTableState", () => {
  it("starts from the address and writes changes back to it", async () => {
    const r = renderScreen(<Probe />, { search: { functionId: "2501", page: "2", size: "30" } });
    expect(await screen.findByText("page 2 size 30 status -")).toBeInTheDocument();
    await userEvent.click(screen.getByText("next"));
    expect(await screen.findByText("page 3 size 30 status -")).toBeInTheDocument();
    expect(r.search()).toEqual({ functionId: "2501", page: "3", size: "30" });
    await userEvent.click(screen.getByText("enabled"));
    expect(await screen.findByText("page 1 size 30 status 1")).toBeInTheDocument();
    expect(r.search()).toEqual({ functionId: "2501", size: "30", status: "1" });
  });

  it("follows the address when it changes (back button, pasted link)", async () => {
    const r = renderScreen(<Probe />, { search: { page: "2" } });
    await screen.findByText("page 2 size 20 status -");
    await act(() => r.router.navigate({ to: "/", search: { page: "7", status: "0" } as never }));
    expect(await screen.findByText("page 7 size 20 status 0")).toBeInTheDocument();
  });
});
