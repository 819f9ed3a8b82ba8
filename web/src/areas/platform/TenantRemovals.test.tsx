import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderScreen } from "../../ui/test-utils.tsx";
import { TenantRemovals } from "./TenantRemovals.tsx";
import type { TenantRemoval } from "./tenantQueries.ts";

const REMOVALS = "GET /gateway/api/manage/platform/removals";
const RUNNING: TenantRemoval = {
  id: 7,
  clientId: "yunqi",
  systemName: "云栖度假",
  removedItems: 12000,
  startTime: "2026-11-29 10:00:00",
  progressTime: "2026-11-29 10:03:12",
  state: "running",
  stateName: "删除中",
};
const STALLED: TenantRemoval = { ...RUNNING, id: 8, clientId: "haitang", systemName: "海棠酒店", removedItems: 500, state: "stalled", stateName: "已中断" };

const open = () => renderScreen(<TenantRemovals />, { screen: { functionId: 1101, title: "平台租户", rights: ALL_RIGHTS } });
const reply = (rows: TenantRemoval[]) => ({ code: "200", desc: "", dataList: rows });

describe("tenant removals panel", () => {
  it("says so while it reads, then that no tenant is being removed", async () => {
    let answer: (v: unknown) => void = () => undefined;
    mockApi({ [REMOVALS]: () => new Promise((r) => (answer = r)) as never });
    open();
    expect(await screen.findByText("正在读取删除进度…")).toBeInTheDocument();
    answer(reply([]));
    expect(await screen.findByText("没有正在删除的租户")).toBeInTheDocument();
  });

  afterEach(() => vi.useRealTimers());

  it("shows each removal's progress and state, and reads again while one is 删除中", async () => {
    // The 5 s poll on a clock the test moves (waiting it out took a third of the test's time).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    const api = mockApi({ [REMOVALS]: () => reply(n++ === 0 ? [RUNNING] : [{ ...RUNNING, removedItems: 15000 }]) });
    open();
    const row = (await screen.findByText("云栖度假")).closest("tr")!;
    expect(within(row).getByText("yunqi")).toBeInTheDocument();
    expect(within(row).getByText("12,000")).toBeInTheDocument();
    expect(within(row).getByText("2026-11-29 10:00:00")).toBeInTheDocument();
    expect(within(row).getByText("2026-11-29 10:03:12")).toBeInTheDocument();
    expect(within(row).getByText("删除中")).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: "继续删除" })).toBeNull();
    expect(screen.getByText("每 5 秒自动刷新")).toBeInTheDocument();
    expect(screen.queryByText("15,000")).toBeNull();
    // The next read comes by itself after 5 s and shows the new count.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByText("15,000")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.endsWith("/removals")).length).toBeGreaterThanOrEqual(2);
  });

  it("an interrupted removal is 已中断 and continues by another delete after a confirmation", async () => {
    const api = mockApi({
      [REMOVALS]: () => reply([STALLED]),
      "POST /gateway/api/manage/platform/delete": () => ({ code: "200", desc: "删除成功" }),
    });
    open();
    const row = (await screen.findByText("海棠酒店")).closest("tr")!;
    expect(within(row).getByText("已中断")).toBeInTheDocument();
    expect(screen.queryByText("每 5 秒自动刷新")).toBeNull();
    await userEvent.click(within(row).getByRole("button", { name: "继续删除" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/已删除 500 条/)).toBeInTheDocument();
    expect(api.last("POST /gateway/api/manage/platform/delete")).toBeUndefined();
    await userEvent.click(within(dialog).getByRole("button", { name: "继续删除" }));
    await waitFor(() => expect(api.last("POST /gateway/api/manage/platform/delete")!.body).toEqual({ ids: "8" }));
  });
});
