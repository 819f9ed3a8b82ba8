import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import OrganizationTree, { MISSING_ORG_TYPE } from "./OrganizationTree.tsx";
import type { OrgNode } from "./orgTypes.ts";

const node = (p: Partial<OrgNode> & { id: number; orgName: string; parentId: number }): OrgNode => ({
  orgCode: String(p.id).padStart(3, "0"),
  hasChild: false,
  seq: 99,
  idisplay: 1,
  orgType: "destination",
  branchId: 0,
  orgExtraCode: "",
  picture: "",
  info: "",
  lng: "",
  lat: "",
  address: "",
  ...p,
});

/** A tiny organization service over an in-memory list. */
function server(nodes: OrgNode[]) {
  let nextId = 100;
  const withKids = (n: OrgNode) => ({ ...n, hasChild: nodes.some((c) => c.parentId === n.id) });
  return {
    "GET /gateway/api/organization/list": (c: Call) => ({
      code: "200",
      desc: "",
      dataList: nodes.filter((n) => n.parentId === Number(c.query.parentId) && n.orgType === c.query.orgType).map(withKids),
    }),
    "GET /gateway/api/organization/view": (c: Call) => ({ code: "200", desc: "", data: withKids(nodes.find((n) => n.id === Number(c.query.id))!) }),
    "POST /gateway/api/organization/save": (c: Call) => {
      const b = c.body;
      if (b.id) {
        const n = nodes.find((x) => x.id === Number(b.id))!;
        Object.assign(n, { orgName: b.orgName, seq: Number(b.seq), idisplay: Number(b.idisplay), address: b.address, orgExtraCode: b.orgExtraCode });
        return { code: "200", desc: "保存成功", data: withKids(n) };
      }
      const n = node({ id: nextId++, orgName: b.orgName, parentId: Number(b.parentId), orgType: b.orgType, seq: Number(b.seq) });
      nodes.push(n);
      return { code: "200", desc: "保存成功", data: n };
    },
    "POST /gateway/api/organization/delete": (c: Call) => {
      const i = nodes.findIndex((x) => x.id === Number(c.body.id));
      nodes.splice(i, 1);
      return { code: "200", desc: "删除成功" };
    },
  };
}

const destinations = () => [
  node({ id: 1, orgName: "东南亚", parentId: 0, seq: 2 }),
  node({ id: 2, orgName: "日本", parentId: 0, seq: 1 }),
  node({ id: 3, orgName: "泰国", parentId: 1, address: "落地签", orgExtraCode: "TG" }),
];
const open = (params: Record<string, string>) => renderScreen(<OrganizationTree />, { screen: { functionId: 1202, title: "目的地", rights: ALL_RIGHTS, params } });
const item = (name: string) => screen.findByRole("treeitem", { name });

describe("OrganizationTree", () => {
  it("refuses to load without orgType and offers 返回", async () => {
    const api = mockApi({});
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    open({});
    expect(await screen.findByText(MISSING_ORG_TYPE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "返回" }));
    expect(back).toHaveBeenCalled();
    expect(api.calls).toHaveLength(0);
  });

  it("shows the root named by orgTypeName with its first level in sort order, and the help panel", async () => {
    const api = mockApi(server(destinations()));
    open({ orgType: "destination", orgTypeName: "目的地" });
    const root = await item("目的地");
    await waitFor(() =>
      expect(
        within(root.parentElement!)
          .getAllByRole("treeitem")
          // The node itself, then its children (the group follows the node's row).
          .slice(1)
          .map((n) => document.getElementById(n.getAttribute("aria-labelledby")!)?.textContent),
      ).toEqual(["日本", "东南亚"]),
    );
    expect(api.last("GET /gateway/api/organization/list")!.query).toEqual({ parentId: "0", orgType: "destination" });
    expect(api.last("GET /gateway/api/organization/list")!.headers.functionId).toBe("1202");
    expect(screen.getByText(/删除节点会同时删除其下所有子节点/)).toBeInTheDocument();
  });

  it("loads a selected destination with its extras and saves an edit", async () => {
    const api = mockApi(server(destinations()));
    open({ orgType: "destination", orgTypeName: "目的地" });
    await userEvent.click(within(await item("东南亚")).getAllByRole("button", { name: "展开" })[0]);
    await userEvent.click(within(await item("泰国")).getByRole("button", { name: "泰国" }));
    expect(await screen.findByText("编辑节点")).toBeInTheDocument();
    expect(api.last("GET /gateway/api/organization/view")!.query).toEqual({ id: "3" });
    expect(screen.getByText("目的地 / 东南亚")).toBeInTheDocument();
    expect(screen.getByLabelText("拼音首字母")).toHaveValue("TG");
    expect(screen.getByLabelText("落地签")).toBeChecked();
    await userEvent.click(screen.getByLabelText("热门免签"));
    await userEvent.clear(screen.getByLabelText(/名称/));
    await userEvent.type(screen.getByLabelText(/名称/), "泰王国");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /gateway/api/organization/save")).toBeTruthy());
    expect(api.last("POST /gateway/api/organization/save")!.body).toMatchObject({
      id: "3",
      parentId: "1",
      orgType: "destination",
      orgName: "泰王国",
      address: "热门免签",
      seq: "99",
      idisplay: "1",
    });
    expect(await screen.findByText("保存成功")).toBeInTheDocument();
    expect(await item("泰王国")).toBeInTheDocument();
  });

  it("picks a destination's coordinates on the map (选择经纬度) into the two fields, which the save sends", { timeout: 20_000 }, async () => {
    const api = mockApi(server(destinations()));
    open({ orgType: "destination", orgTypeName: "目的地" });
    await userEvent.click(within(await item("东南亚")).getAllByRole("button", { name: "展开" })[0]);
    await userEvent.click(within(await item("泰国")).getByRole("button", { name: "泰国" }));
    await screen.findByText("编辑节点");
    await userEvent.click(screen.getByRole("button", { name: "地图选点" }));
    const picker = await screen.findByRole("dialog", { name: "选择经纬度" });
    // The map needs no picture to be used: coordinates typed into its search box move the marker.
    await userEvent.type(within(picker).getByRole("searchbox", { name: "搜索地点或经纬度" }), "13.756331, 100.501765{Enter}");
    expect(await within(picker).findByText("已选位置：经度 100.501765，纬度 13.756331")).toBeInTheDocument();
    await userEvent.click(within(picker).getByRole("button", { name: "确定" }));
    expect(screen.getByLabelText("经度")).toHaveValue("100.501765");
    expect(screen.getByLabelText("纬度")).toHaveValue("13.756331");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /gateway/api/organization/save")?.body).toMatchObject({ id: "3", lng: "100.501765", lat: "13.756331" }));
  });

  it("adds a child with the defaults and refuses an empty name with the spec's messages", async () => {
    const api = mockApi(server(destinations()));
    open({ orgType: "destination", orgTypeName: "目的地" });
    await userEvent.click(within(await item("日本")).getByRole("button", { name: "添加下级：日本" }));
    expect(screen.getByText("新增「日本」的下级节点")).toBeInTheDocument();
    expect(screen.getByLabelText("排序")).toHaveValue(99);
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("部分必填项没填写")).toBeInTheDocument();
    expect(screen.getByText("请输入名称")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/名称/), "北海道");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await item("北海道")).toBeInTheDocument();
    expect(api.last("POST /gateway/api/organization/save")!.body).toMatchObject({
      parentId: "2",
      orgType: "destination",
      orgName: "北海道",
      seq: "99",
      idisplay: "1",
      branchId: "0",
    });
    expect(api.last("POST /gateway/api/organization/save")!.body.id).toBe("");
    // Ready for the next child of 日本.
    expect(screen.getByLabelText(/名称/)).toHaveValue("");
  });

  it("deletes a node after the warning and says 删除成功", async () => {
    const api = mockApi(server(destinations()));
    open({ orgType: "destination" });
    await userEvent.click(within(await item("东南亚")).getByRole("button", { name: "删除：东南亚" }));
    expect(await screen.findByText(/将同时删除其下所有子节点，且删除后不可恢复/)).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "删除" }));
    expect(await screen.findByText("删除成功")).toBeInTheDocument();
    expect(api.last("POST /gateway/api/organization/delete")!.body).toEqual({ id: "1" });
    await waitFor(() => expect(screen.queryByRole("treeitem", { name: "东南亚" })).not.toBeInTheDocument());
  });

  it("keeps department trees to name, sort and status", async () => {
    mockApi(server([node({ id: 1, orgName: "华南分公司", parentId: 0, orgType: "dept" })]));
    open({ orgType: "dept", orgTypeName: "组织架构" });
    await userEvent.click(within(await item("华南分公司")).getByRole("button", { name: "华南分公司" }));
    expect(await screen.findByText("编辑节点")).toBeInTheDocument();
    expect(screen.queryByLabelText("拼音首字母")).not.toBeInTheDocument();
    expect(screen.queryByText("签证")).not.toBeInTheDocument();
    expect(screen.getByLabelText("启用")).toBeChecked();
  });

  it("says 获取数据失败，请联系管理员处理 when the network fails, and the server's desc when it refuses", async () => {
    const s = server(destinations());
    mockApi({ ...s, "GET /gateway/api/organization/list": () => "network-error" });
    open({ orgType: "destination" });
    expect((await screen.findAllByText("获取数据失败，请联系管理员处理")).length).toBeGreaterThan(0);
  });

  it("says 保存失败，请联系管理员处理 when a save cannot reach the server", async () => {
    const s = server(destinations());
    mockApi({ ...s, "POST /gateway/api/organization/save": () => "network-error" });
    open({ orgType: "destination" });
    await userEvent.click(within(await item("日本")).getByRole("button", { name: "日本" }));
    await screen.findByText("编辑节点");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("保存失败，请联系管理员处理")).toBeInTheDocument();
  });

  it("offers no add, delete or save without the rights", async () => {
    mockApi(server(destinations()));
    renderScreen(<OrganizationTree />, { screen: { functionId: 1202, rights: { a: false, d: false, e: false, p: false, r: true, s: false }, params: { orgType: "destination" } } });
    await userEvent.click(within(await item("日本")).getByRole("button", { name: "日本" }));
    await screen.findByText("编辑节点");
    expect(screen.queryByRole("button", { name: /^添加下级/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^删除/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "保存" })).not.toBeInTheDocument();
  });
});
