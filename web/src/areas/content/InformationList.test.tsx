import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen } from "../../ui/test-utils.tsx";
import InformationList from "./InformationList.tsx";
import type { Information } from "./contentQueries.ts";

/** 信息发布 (R515–R524): the list by the menu's infoType, and the fullscreen editor with the time fields on the shared date picker. */
const row = (p: Partial<Information> & { id: number; infoTitle: string }): Information =>
  ({
    infoType: "activity",
    label: "hot",
    orgCode: "",
    infoPicture: "",
    publishtime: "",
    addtime: "2026-11-01 10:00:00",
    starttime: "2026-12-01 09:00:00",
    endtime: "2026-12-03 18:00:00",
    idisplay: 1,
    sortOrder: 100,
    fromIn: "",
    ...p,
  }) as Information;

function server(rows: Information[]) {
  return mockApi({
    "GET /xiangyu/api/information/list": () => ({ code: "200", desc: "", dataList: rows, pageParams: { maxCount: rows.length } as never }),
    "GET /gateway/api/manage/appcenter/styleparam/list": () => ({
      code: "200",
      desc: "",
      dataList: [
        { styleid: "news", stylename: "新闻" },
        { styleid: "activity", stylename: "活动" },
      ],
    }),
    "GET /gateway/api/organization/app/list": () => ({ code: "200", desc: "", dataList: [] }),
    "GET /xiangyu/api/information/labellist": () => ({ code: "200", desc: "", dataList: ["hot"] }),
    "GET /xiangyu/api/information/view": (c) => ({
      code: "200",
      desc: "",
      data: { ...rows.find((r) => r.id === Number(c.query.id)), content: "<p>正文</p>", price: "", address: "", lng: "", lat: "", jumpUrl: "" },
    }),
    "POST /xiangyu/api/information/save": () => ({ code: "200", desc: "保存成功", data: { id: 9 } }),
  });
}

describe("information list and editor", () => {
  it("lists the menu's type with the activity's start and end, and opens the article in the editor with its times", async () => {
    const api = server([row({ id: 1, infoTitle: "冬季温泉节" })]);
    renderScreen(<InformationList />, { screen: { functionId: 1303, title: "活动资讯", rights: ALL_RIGHTS, params: { infoType: "activity" } } });
    const r = await screen.findByRole("row", { name: /冬季温泉节/ });
    expect(api.last("GET /xiangyu/api/information/list")?.query).toMatchObject({ infoType: "activity" });
    expect(screen.getByRole("columnheader", { name: "开始时间" })).toBeInTheDocument();
    expect(within(r).getByText("2026-12-03 18:00:00")).toBeInTheDocument();
    await userEvent.click(within(r).getByRole("button", { name: "编辑：冬季温泉节" }));
    const editor = await screen.findByRole("dialog", { name: "编辑信息" }, { timeout: 8_000 });
    // The day in the calendar field, the time of day beside it.
    await waitFor(() => expect(within(editor).getByLabelText("开始时间")).toHaveValue("2026-12-01"));
    expect(within(editor).getByLabelText("开始时间时刻")).toHaveValue("09:00");
    expect(within(editor).getByLabelText("结束时间")).toHaveValue("2026-12-03");
    expect(within(editor).getByLabelText("结束时间时刻")).toHaveValue("18:00");
  }, 30_000);

  it("a news article's publish time is a picked day and a typed time, sent as one moment", async () => {
    const api = server([]);
    renderScreen(<InformationList />, { screen: { functionId: 1302, title: "新闻资讯", rights: ALL_RIGHTS, params: { infoType: "news" } } });
    await userEvent.click(await screen.findByRole("button", { name: "新增信息" }));
    const editor = await screen.findByRole("dialog", { name: "新增信息" }, { timeout: 8_000 });
    await userEvent.type(within(editor).getByRole("textbox", { name: /^\*?\s*标题/ }), "新店开业");
    const day = within(editor).getByLabelText("发布时间");
    await userEvent.type(day, "2026-12-01");
    await userEvent.tab();
    // A half-typed time is not sent: it waits for HH:mm.
    const time = within(editor).getByLabelText("发布时间时刻");
    await userEvent.type(time, "9:3");
    await userEvent.clear(time);
    await userEvent.type(time, "09:30");
    await userEvent.click(within(editor).getByRole("button", { name: "保存" }));
    await waitFor(() =>
      expect(api.last("POST /xiangyu/api/information/save")?.body).toMatchObject({ infoType: "news", infoTitle: "新店开业", publishtime: "2026-12-01 09:30:00" }),
    );
  }, 30_000);

  it("a day without a time takes the start of the day; the end of an activity its last minute", async () => {
    const api = server([]);
    renderScreen(<InformationList />, { screen: { functionId: 1303, title: "活动资讯", rights: ALL_RIGHTS, params: { infoType: "activity" } } });
    await userEvent.click(await screen.findByRole("button", { name: "新增信息" }));
    const editor = await screen.findByRole("dialog", { name: "新增信息" }, { timeout: 8_000 });
    await userEvent.type(within(editor).getByRole("textbox", { name: /^\*?\s*标题/ }), "跨年活动");
    await userEvent.type(within(editor).getByLabelText("开始时间"), "2026-12-31");
    await userEvent.type(within(editor).getByLabelText("结束时间"), "2027-01-01");
    await userEvent.tab();
    await userEvent.click(within(editor).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/information/save")?.body).toMatchObject({ starttime: "2026-12-31 00:00:00", endtime: "2027-01-01 23:59:00" }));
  }, 30_000);
});
