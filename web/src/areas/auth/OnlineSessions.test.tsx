import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen } from "../../ui/test-utils.tsx";
import OnlineSessions from "./OnlineSessions.tsx";
import type { OnlineRow } from "./authQueries.ts";
import { agentSummary } from "./LoginLog.tsx";

const row = (userId: number, username: string, realname: string, current: 0 | 1): OnlineRow => ({
  sessionId: `0000000${userId}-0000-0000-0000-000000000000`,
  userId,
  username,
  realname,
  ip: "10.0.0.9",
  agent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
  signedInAt: "2026-11-24 09:00:00",
  lastSeen: "2026-11-24 09:05:00",
  current,
});

function handlers(rows: OnlineRow[]) {
  return {
    "GET /gateway/api/manage/users/info": () => ({
      code: "200",
      desc: "",
      data: { userId: 1, username: "admin", realname: "系统管理员", deptid: "", deptCodes: [""], branchid: 0, managelevel: 1 },
    }),
    "GET /gateway/api/manage/online/list": () => ({
      code: "200",
      desc: "",
      dataList: rows,
      pageParams: { maxCount: rows.length, currentPage: 1, pageSize: 20, maxPage: 1, sort: "id", order: "desc" as const, keyword: "", keyValue: "" },
    }),
    "POST /gateway/api/manage/online/kick": () => {
      rows.splice(1, 1);
      return { code: "200", desc: "已强制退出" };
    },
  };
}

describe("OnlineSessions", () => {
  it("forces a session out only after the confirmation, and offers nothing on the caller's own", async () => {
    const api = mockApi(handlers([row(1, "admin", "系统管理员", 1), row(7, "cashier", "天河收银", 0)]));
    renderScreen(<OnlineSessions />, { screen: { functionId: 2503, rights: ALL_RIGHTS } });
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(3));
    const [, own, other] = screen.getAllByRole("row");
    expect(within(own!).getByText("当前会话")).toBeInTheDocument();
    expect(within(own!).queryByRole("button")).toBeNull();
    expect(within(other!).getByText("Chrome / Windows")).toBeInTheDocument();

    // Cancelled: nothing sent.
    await userEvent.click(within(other!).getByRole("button", { name: "强制退出：cashier" }));
    const ask = await screen.findByRole("dialog", { name: "强制退出" });
    expect(within(ask).getByText("确定强制「天河收银（cashier）」退出登录吗？该会话将立即失效。")).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole("button", { name: "取消" }));
    expect(api.last("POST /gateway/api/manage/online/kick")).toBeUndefined();

    await userEvent.click(within(other!).getByRole("button", { name: "强制退出：cashier" }));
    await userEvent.click(within(await screen.findByRole("dialog", { name: "强制退出" })).getByRole("button", { name: "确定" }));
    await waitFor(() => expect(api.last("POST /gateway/api/manage/online/kick")?.body).toEqual({ userId: "7", sessionId: "00000007-0000-0000-0000-000000000000" }));
    // The list reads again and the session is gone.
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
  });

  it("offers 强制退出 only with D", async () => {
    mockApi(handlers([row(7, "cashier", "天河收银", 0)]));
    renderScreen(<OnlineSessions />, { screen: { functionId: 2503, rights: { ...ALL_RIGHTS, d: false } } });
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    expect(screen.queryByRole("button", { name: "强制退出：cashier" })).toBeNull();
  });

  it("names browser and system of a user agent", () => {
    expect(agentSummary("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0")).toBe("微信 / iOS");
    expect(agentSummary("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15")).toBe("Safari / macOS");
    expect(agentSummary("")).toBe("—");
    expect(agentSummary("curl/8.5.0")).toBe("其他终端");
  });
});
