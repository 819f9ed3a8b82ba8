import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderBlock } from "./test-utils.tsx";
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

  it("opens the next level only when one is chosen, and reports ids and names from the top", async () => {
    const api = mockApi({ "GET /gateway/api/manage/appcenter/area/alllist": () => ({ code: "200", desc: "", dataList: areas }) });
    const onChange = vi.fn();
    function Form() {
      const [ids, setIds] = useState<number[]>([]);
      return <AreaSelect value={ids} onChange={(next, names) => (setIds(next), onChange(next, names))} />;
    }
    renderBlock(<Form />);
    const province = await screen.findByLabelText("请选择省");
    await waitFor(() => expect(within(province).getByText("广东省")).toBeInTheDocument());
    expect(screen.queryByLabelText("请选择市")).not.toBeInTheDocument();
    expect(api.calls[0].query).toEqual({ areaCodePrefix: "" });
    await userEvent.selectOptions(province, "440000");
    expect(onChange).toHaveBeenLastCalledWith([440000], ["广东省"]);
    await userEvent.selectOptions(await screen.findByLabelText("请选择市"), "440100");
    await userEvent.selectOptions(await screen.findByLabelText("请选择区"), "440106");
    expect(onChange).toHaveBeenLastCalledWith([440000, 440100, 440106], ["广东省", "广州市", "天河区"]);
    // Changing a higher level drops the levels below it.
    await userEvent.selectOptions(screen.getByLabelText("请选择省"), "110000");
    expect(onChange).toHaveBeenLastCalledWith([110000], ["北京市"]);
  });
});

const tree: OrgTreeNode[] = [
  {
    id: 1,
    orgCode: "001",
    orgName: "华南分公司",
    hasChild: true,
    children: [
      { id: 2, orgCode: "001001", orgName: "广州天河店", hasChild: false, children: [] },
      { id: 3, orgCode: "001002", orgName: "深圳南山店", hasChild: false, children: [] },
    ],
  },
  { id: 5, orgCode: "002", orgName: "华东分公司", hasChild: false, children: [] },
];

describe("OrgCascader", () => {
  it("finds the path of a code", () => {
    expect(orgPath(tree, "001002").map((n) => n.orgName)).toEqual(["华南分公司", "深圳南山店"]);
    expect(orgPath(tree, "")).toEqual([]);
  });

  it("shows the path of the value and reports the chosen code", async () => {
    mockApi({ "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: tree }) });
    const onChange = vi.fn();
    renderBlock(<OrgCascader value="001001" onChange={onChange} label="门店" allLabel="全部" />);
    await waitFor(() => expect(screen.getByLabelText("门店第2级")).toHaveValue("001001"));
    expect(screen.getByLabelText("门店第1级")).toHaveValue("001");
    await userEvent.selectOptions(screen.getByLabelText("门店第2级"), "001002");
    expect(onChange).toHaveBeenLastCalledWith("001002", expect.objectContaining({ orgName: "深圳南山店" }));
    await userEvent.selectOptions(screen.getByLabelText("门店第1级"), "");
    expect(onChange).toHaveBeenLastCalledWith("");
  });

  it("lets a store user open the levels above their store but choose only inside it", async () => {
    mockApi({ "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: tree }) });
    const onChange = vi.fn();
    renderBlock(<OrgCascader value="001002" onChange={onChange} limitTo={["001002"]} allLabel="全部" label="门店" />);
    const top = await screen.findByLabelText("门店第1级");
    await waitFor(() => expect(top).toHaveValue("001"));
    await userEvent.selectOptions(screen.getByLabelText("门店第2级"), "001001");
    await userEvent.selectOptions(top, "");
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.selectOptions(top, "001");
    await userEvent.selectOptions(screen.getByLabelText("门店第2级"), "001002");
    expect(onChange).toHaveBeenCalledWith("001002", expect.anything());
  });
});
