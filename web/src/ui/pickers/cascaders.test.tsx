import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderBlock } from "../test-utils.tsx";
import { AreaSelect, areaPrefix } from "./AreaSelect.tsx";
import { OrgCascader, orgPath, type OrgTreeNode } from "./OrgCascader.tsx";

const areas = [
  { id: 440000, parentid: 100000, name: "广东省" },
  { id: 110000, parentid: 100000, name: "北京市" },
  { id: 440100, parentid: 440000, name: "广州市" },
  { id: 440106, parentid: 440100, name: "天河区" },
  { id: 440104, parentid: 440100, name: "越秀区" },
];

describe("AreaSelect", () => {
  it("asks area/alllist for the root's prefix", () => {
    expect(areaPrefix(100000)).toBe("");
    expect(areaPrefix(440000)).toBe("44");
  });

  it("is one field opening province → city → district columns, any level chosen, ids and names reported from the top", async () => {
    const api = mockApi({ "GET /gateway/api/manage/appcenter/area/alllist": () => ({ code: "200", desc: "", dataList: areas }) });
    const onChange = vi.fn();
    function Form() {
      const [ids, setIds] = useState<number[]>([]);
      return <AreaSelect value={ids} onChange={(next, names) => (setIds(next), onChange(next, names))} />;
    }
    renderBlock(<Form />);
    const field = screen.getByRole("button", { name: "所在区域" });
    await waitFor(() => expect(field).not.toHaveAttribute("aria-busy"));
    expect(field).toHaveTextContent("请选择省 / 市 / 区");
    expect(api.calls[0].query).toEqual({ areaCodePrefix: "" });
    // One control, no row of selects.
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
    await userEvent.click(field);
    expect(
      within(screen.getByRole("listbox", { name: "所在区域第1级" }))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["广东省›", "北京市"]);
    expect(screen.queryByRole("listbox", { name: "所在区域第2级" })).not.toBeInTheDocument();
    // A province is chosen as it opens (a record may name only its province); its cities appear beside it.
    await userEvent.click(screen.getByRole("option", { name: "广东省" }));
    expect(onChange).toHaveBeenLastCalledWith([440000], ["广东省"]);
    await userEvent.click(within(screen.getByRole("listbox", { name: "所在区域第2级" })).getByRole("option", { name: "广州市" }));
    await userEvent.click(within(screen.getByRole("listbox", { name: "所在区域第3级" })).getByRole("option", { name: "天河区" }));
    expect(onChange).toHaveBeenLastCalledWith([440000, 440100, 440106], ["广东省", "广州市", "天河区"]);
    // A district is a leaf: the panel closes and the field reads the path.
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(field).toHaveTextContent("广东省 / 广州市 / 天河区");
    // Choosing a higher level drops the levels below it; × empties the field.
    await userEvent.click(field);
    await userEvent.click(within(screen.getByRole("listbox", { name: "所在区域第1级" })).getByRole("option", { name: "北京市" }));
    expect(onChange).toHaveBeenLastCalledWith([110000], ["北京市"]);
    await userEvent.click(screen.getByRole("button", { name: "清除所在区域" }));
    expect(onChange).toHaveBeenLastCalledWith([], []);
    expect(field).toHaveTextContent("请选择省 / 市 / 区");
  });

  it("is used with the keyboard alone, and stops at the levels asked for under a province", { timeout: 20_000 }, async () => {
    mockApi({ "GET /gateway/api/manage/appcenter/area/alllist": () => ({ code: "200", desc: "", dataList: areas }) });
    const onChange = vi.fn();
    function Form() {
      const [ids, setIds] = useState<number[]>([440100]);
      return <AreaSelect root={440000} levels={1} label="城市" placeholders={["请选择市"]} value={ids} onChange={(next, names) => (setIds(next), onChange(next, names))} />;
    }
    renderBlock(<Form />);
    const field = screen.getByRole("button", { name: "城市" });
    await waitFor(() => expect(field).toHaveTextContent("广州市"));
    field.focus();
    await userEvent.keyboard("{ArrowDown}");
    // One level asked for: 广州市 has districts in the data but opens no column.
    const cities = screen.getByRole("listbox", { name: "城市第1级" });
    expect(within(cities).getByRole("option", { name: "广州市" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.queryByRole("listbox", { name: "城市第2级" })).not.toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(field).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("walks the national tree with arrows, Enter chooses, focus back on the field", { timeout: 20_000 }, async () => {
    mockApi({ "GET /gateway/api/manage/appcenter/area/alllist": () => ({ code: "200", desc: "", dataList: areas }) });
    const onChange = vi.fn();
    function Form() {
      const [ids, setIds] = useState<number[]>([]);
      return <AreaSelect value={ids} onChange={(next, names) => (setIds(next), onChange(next, names))} />;
    }
    renderBlock(<Form />);
    const field = screen.getByRole("button", { name: "所在区域" });
    await waitFor(() => expect(field).not.toHaveAttribute("aria-busy"));
    field.focus();
    await userEvent.keyboard("{ArrowDown}");
    expect(screen.getByRole("option", { name: "广东省" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("option", { name: "广州市" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}{ArrowDown}");
    expect(screen.getByRole("option", { name: "越秀区" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(onChange).toHaveBeenLastCalledWith([440000, 440100, 440104], ["广东省", "广州市", "越秀区"]);
    expect(field).toHaveFocus();
    expect(field).toHaveTextContent("广东省 / 广州市 / 越秀区");
  });
});

const tree: OrgTreeNode[] = [
  {
    id: 1,
    orgCode: "001",
    orgName: "华南分公司",
    parentId: 0,
    hasChild: true,
    children: [
      { id: 2, orgCode: "001001", orgName: "广州天河店", parentId: 1, hasChild: false, children: [] },
      { id: 3, orgCode: "001002", orgName: "深圳南山店", parentId: 1, hasChild: false, children: [] },
    ],
  },
  { id: 5, orgCode: "002", orgName: "华东分公司", parentId: 0, hasChild: false, children: [] },
];

describe("OrgCascader", { timeout: 20_000 }, () => {
  it("finds the path of a code", () => {
    expect(orgPath(tree, "001002").map((n) => n.orgName)).toEqual(["华南分公司", "深圳南山店"]);
    expect(orgPath(tree, "")).toEqual([]);
  });

  it("shows the chosen path as 分公司 / 门店 and opens branch → store columns", async () => {
    mockApi({ "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: tree }) });
    const onChange = vi.fn();
    renderBlock(<OrgCascader value="001001" onChange={onChange} label="门店" allLabel="全部" />);
    const field = screen.getByRole("button", { name: "门店" });
    await waitFor(() => expect(field).toHaveTextContent("华南分公司 / 广州天河店"));
    await userEvent.click(field);
    expect(
      within(screen.getByRole("listbox", { name: "门店第1级" }))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["全部", "华南分公司›", "华东分公司"]);
    const stores = screen.getByRole("listbox", { name: "门店第2级" });
    expect(within(stores).getByRole("option", { name: "广州天河店" })).toHaveAttribute("aria-selected", "true");
    // The chosen store has the focus; a click on another store chooses it and closes.
    expect(within(stores).getByRole("option", { name: "广州天河店" })).toHaveFocus();
    await userEvent.click(within(stores).getByRole("option", { name: "深圳南山店" }));
    expect(onChange).toHaveBeenLastCalledWith("001002", expect.objectContaining({ orgName: "深圳南山店" }));
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    await userEvent.click(field);
    await userEvent.click(screen.getByRole("option", { name: "全部" }));
    expect(onChange).toHaveBeenLastCalledWith("");
  });

  it("is used with the keyboard: arrows between columns, Enter chooses, Escape closes, focus back on the field", async () => {
    mockApi({ "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: tree }) });
    const onChange = vi.fn();
    function Form() {
      const [code, setCode] = useState("");
      return <OrgCascader value={code} onChange={(c, n) => (setCode(c), onChange(c, n))} label="所属门店" />;
    }
    renderBlock(<Form />);
    const field = screen.getByRole("button", { name: "所属门店" });
    await waitFor(() => expect(field).not.toHaveAttribute("aria-busy"));
    field.focus();
    await userEvent.keyboard("{ArrowDown}");
    expect(screen.getByRole("option", { name: "华南分公司" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("option", { name: "广州天河店" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith("001002", expect.objectContaining({ orgName: "深圳南山店" }));
    expect(field).toHaveFocus();
    expect(field).toHaveTextContent("华南分公司 / 深圳南山店");
    // A branch may be chosen too (a department-level record); Escape leaves the value alone.
    await userEvent.keyboard("{ArrowDown}");
    await userEvent.keyboard("{ArrowLeft}{ArrowDown}");
    expect(screen.getByRole("option", { name: "华东分公司" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(onChange).toHaveBeenCalledTimes(1);
    await userEvent.keyboard("{ArrowDown}{ArrowLeft}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith("001", expect.objectContaining({ orgName: "华南分公司" }));
  });

  it("lets a store user open the levels above their store but choose only inside it", async () => {
    mockApi({ "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: tree }) });
    const onChange = vi.fn();
    renderBlock(<OrgCascader value="001002" onChange={onChange} limitTo={["001002"]} allLabel="全部" label="门店" />);
    const field = screen.getByRole("button", { name: "门店" });
    await waitFor(() => expect(field).toHaveTextContent("华南分公司 / 深圳南山店"));
    await userEvent.click(field);
    // 全部 and the branch are shown, greyed, and refuse to be chosen; so does the other store.
    expect(screen.getByRole("option", { name: "全部" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(screen.getByRole("option", { name: "全部" }));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("option", { name: "华南分公司" }));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("option", { name: "广州天河店" }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole("listbox", { name: "门店第2级" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("option", { name: "深圳南山店" }));
    expect(onChange).toHaveBeenCalledWith("001002", expect.anything());
  });
});
