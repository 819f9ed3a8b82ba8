import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen, type ReplyOf } from "../../ui/test-utils.tsx";
import WebsiteSettings from "./WebsiteSettings.tsx";

/** 网站设置 (1306): the website's own fields and which information columns (and the hotel directory) are its menus, saved with E. */
const config: NonNullable<ReplyOf<"GET /xiangyu/api/website/config">["data"]> = {
  branchname: "享域度假",
  indexLogo: "",
  pageLogo: "",
  pagePurpose: "",
  nopic: "",
  branchaddress: "广州市天河区",
  branchleadermobile: "020-88888888",
  icp: "",
  companyname: "",
  mainColor: "#950101",
  secondColor: "#ae0026",
  menus: [{ typeid: 1302, typename: "新闻资讯", parent: 0, kind: "list" }],
  candidates: [
    { typeid: 1302, typename: "新闻资讯", kind: "list" },
    { typeid: 1303, typename: "活动资讯", kind: "list" },
    { typeid: 1304, typename: "单页信息", kind: "page" },
    // The hotels' folder: the website's hotel directory (issue 35).
    { typeid: 1600, typename: "酒店目录", kind: "hotels" },
  ],
};

function server() {
  return mockApi({
    "GET /xiangyu/api/website/config": () => ({ code: "200", desc: "", data: config }),
    "POST /xiangyu/api/website/configsave": () => ({ code: "200", desc: "保存成功" }),
  });
}

describe("website settings", () => {
  it("shows the saved menus, adds a column as a menu and saves them with the fields", async () => {
    const api = server();
    renderScreen(<WebsiteSettings />, { screen: { functionId: 1306, title: "网站设置", rights: ALL_RIGHTS } });
    expect(await screen.findByRole("checkbox", { name: "显示：新闻资讯" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "显示：活动资讯" })).not.toBeChecked();
    await userEvent.click(screen.getByRole("checkbox", { name: "显示：活动资讯" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "显示：酒店目录" }));
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/website/configsave")).toBeDefined());
    const body = api.last("POST /xiangyu/api/website/configsave")!.body;
    expect(body).toMatchObject({ branchname: "享域度假", branchaddress: "广州市天河区" });
    expect(JSON.parse(body.menus!).map((m: { typeid: number; parent: number; kind: string }) => [m.typeid, m.parent, m.kind])).toEqual([
      [1302, 0, "list"],
      [1303, 0, "list"],
      [1600, 0, "hotels"],
    ]);
  }, 30_000);

  it("a required field left empty is refused before sending", async () => {
    const api = server();
    renderScreen(<WebsiteSettings />, { screen: { functionId: 1306, title: "网站设置", rights: ALL_RIGHTS } });
    const name = await screen.findByRole("textbox", { name: /^\*?\s*网站名称/ });
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("部分必填项没填写")).toBeInTheDocument();
    expect(api.last("POST /xiangyu/api/website/configsave")).toBeUndefined();
  }, 30_000);

  it("without E nothing can be changed or saved", async () => {
    server();
    renderScreen(<WebsiteSettings />, { screen: { functionId: 1306, title: "网站设置", rights: { ...ALL_RIGHTS, e: false } } });
    expect(await screen.findByRole("checkbox", { name: "显示：活动资讯" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "保存" })).toBeNull();
  }, 30_000);
});
