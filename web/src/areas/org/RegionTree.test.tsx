import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../ui/test-utils.tsx";
import RegionTree from "./RegionTree.tsx";
import type { Region } from "./RegionForm.tsx";

const region = (p: Partial<Region> & { id: number; name: string; parentid: number }): Region => ({
  shortname: "",
  pinyin: "",
  citycode: "",
  zipcode: "",
  leveltype: 1,
  lng: "",
  lat: "",
  status: 1,
  hasChild: false,
  ...p,
});

function server() {
  const all = [
    region({ id: 100000, name: "中国", parentid: 0, leveltype: 0 }),
    region({ id: 440000, name: "广东省", parentid: 100000, shortname: "广东" }),
    region({ id: 440100, name: "广州市", parentid: 440000, leveltype: 2, citycode: "020" }),
  ];
  const kids = (r: Region) => ({ ...r, hasChild: all.some((c) => c.parentid === r.id) });
  return {
    all,
    handlers: {
      "GET /gateway/api/organization/chinaarea/list": (c: Call) => ({ code: "200", desc: "", dataList: all.filter((r) => r.parentid === Number(c.query.parentid)).map(kids) }),
      "GET /gateway/api/organization/chinaarea/view": (c: Call) => ({ code: "200", desc: "", data: kids(all.find((r) => r.id === Number(c.query.id))!) }),
      "POST /gateway/api/organization/chinaarea/save": (c: Call) => {
        const r = region({ id: Number(c.body.id ?? 900001), name: c.body.name, parentid: Number(c.body.parentid), leveltype: 2 });
        all.push(r);
        return { code: "200", desc: "保存成功", data: r };
      },
      "POST /gateway/api/organization/chinaarea/delete": () => ({ code: "200", desc: "删除成功" }),
    },
  };
}

const open = () => renderScreen(<RegionTree />, { screen: { functionId: 1203, title: "全国区域", rights: ALL_RIGHTS } });
const item = (name: string) => screen.findByRole("treeitem", { name });

describe("RegionTree", () => {
  it("starts at 100000 中国 with the provinces under it, and the root cannot be deleted", async () => {
    const s = server();
    const api = mockApi(s.handlers);
    open();
    expect(await item("广东省")).toBeInTheDocument();
    expect(api.last("GET /gateway/api/organization/chinaarea/list")!.query).toEqual({ parentid: "100000" });
    expect(within(await item("中国")).queryByRole("button", { name: "删除：中国" })).not.toBeInTheDocument();
    expect(within(await item("广东省")).getByRole("button", { name: "删除：广东省" })).toBeInTheDocument();
  });

  it("loads a region into the form with its code read-only", async () => {
    const s = server();
    mockApi(s.handlers);
    open();
    await userEvent.click(within(await item("广东省")).getAllByRole("button", { name: "展开" })[0]);
    await userEvent.click(within(await item("广州市")).getByRole("button", { name: "广州市" }));
    expect(await screen.findByText("编辑区域")).toBeInTheDocument();
    expect(screen.getByText("440100")).toBeInTheDocument();
    expect(screen.getByText("中国 / 广东省")).toBeInTheDocument();
    expect(screen.getByLabelText("区号")).toHaveValue("020");
  });

  it("creates a region under an explicit administrative code with isNew", async () => {
    const s = server();
    const api = mockApi(s.handlers);
    open();
    await userEvent.click(within(await item("广东省")).getByRole("button", { name: "添加下级：广东省" }));
    await userEvent.type(screen.getByLabelText("区域编码"), "440300");
    await userEvent.type(screen.getByLabelText(/名称/), "深圳市");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /gateway/api/organization/chinaarea/save")).toBeTruthy());
    expect(api.last("POST /gateway/api/organization/chinaarea/save")!.body).toMatchObject({ id: "440300", isNew: "1", parentid: "440000", name: "深圳市", status: "1" });
    expect(await item("深圳市")).toBeInTheDocument();
  });

  it("lets the server number a region without a code, and refuses a code that is no number", async () => {
    const s = server();
    const api = mockApi(s.handlers);
    open();
    await userEvent.click(within(await item("广东省")).getByRole("button", { name: "添加下级：广东省" }));
    await userEvent.type(screen.getByLabelText("区域编码"), "abc");
    await userEvent.type(screen.getByLabelText(/名称/), "新区");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("编码必须是数字")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("区域编码"));
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /gateway/api/organization/chinaarea/save")).toBeTruthy());
    const body = api.last("POST /gateway/api/organization/chinaarea/save")!.body;
    expect(body.id).toBe("");
    expect(body.isNew).toBe("");
  });
});
