import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { previousMonth } from "@xiangyu/core/finance/splitBill/rules";
import { today } from "@xiangyu/core/kernel/clock";
import { ALL_RIGHTS, mockApi, renderScreen, type Call } from "../../../ui/test-utils.tsx";
import { MonthJobUnits } from "./MonthJobUnits.tsx";
import type { MonthUnit } from "./taskQueries.ts";

const MONTH_JOB = "GET /gateway/api/manage/platform/taskconfig/monthjob";
const unit = (u: Partial<MonthUnit>): MonthUnit => ({
  clientId: "yunqi",
  systemName: "云栖度假",
  state: "done",
  stateName: "已完成",
  attempts: 1,
  maxAttempts: 3,
  lastError: "",
  startTime: "2026-11-01 02:00:01",
  endTime: "2026-11-01 02:00:04",
  rows: 12,
  monthTotal: 1234.5,
  ...u,
});
const FAILED = unit({
  clientId: "haitang",
  systemName: "海棠酒店",
  state: "failed",
  stateName: "失败",
  attempts: 3,
  lastError: "分账比例未设置",
  endTime: "2026-11-01 02:03:00",
  rows: 0,
  monthTotal: 0,
});

const open = () => renderScreen(<MonthJobUnits onClose={() => undefined} />, { screen: { functionId: 1106, title: "定时任务", rights: ALL_RIGHTS } });

describe("the month job's units", { timeout: 20_000 }, () => {
  it("reads the previous month by default and lists its units failed first, in Chinese, with tries, error and times", async () => {
    const api = mockApi({ [MONTH_JOB]: () => ({ code: "200", desc: "", dataList: [FAILED, unit({})] }) });
    open();
    const dialog = await screen.findByRole("dialog", { name: "月度分账任务：各租户的计算单元" });
    const failedRow = (await within(dialog).findByText("海棠酒店")).closest("tr")!;
    const p = previousMonth(today());
    expect(api.last(MONTH_JOB)!.query).toMatchObject({ year: String(p.year), month: String(p.month) });
    expect(within(dialog).getByLabelText("月份")).toHaveValue(`${p.year}-${String(p.month).padStart(2, "0")}`);
    const rows = within(dialog).getAllByRole("row");
    expect(rows.indexOf(failedRow)).toBeLessThan(rows.indexOf(within(dialog).getByText("云栖度假").closest("tr")!));
    expect(within(failedRow).getByText("失败")).toBeInTheDocument();
    expect(within(failedRow).getByText("3 / 3")).toBeInTheDocument();
    expect(within(failedRow).getByText("分账比例未设置")).toBeInTheDocument();
    const doneRow = within(dialog).getByText("云栖度假").closest("tr")!;
    expect(within(doneRow).getByText("已完成")).toBeInTheDocument();
    expect(within(doneRow).getByText("2026-11-01 02:00:01")).toBeInTheDocument();
    expect(within(doneRow).getByText("1234.50")).toBeInTheDocument();
    // How failed units get new tries: an operator's run of a task of the month job's class.
    expect(within(dialog).getByText(/任务线程类为「月度分账汇总/)).toBeInTheDocument();
  });

  it("reads the month picked with the console's month picker, and says when the month has no units", async () => {
    const api = mockApi({
      [MONTH_JOB]: (c: Call) => ({ code: "200", desc: "", dataList: c.query?.month === "3" ? [] : [unit({})] }),
    });
    open();
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("云栖度假");
    const box = within(dialog).getByLabelText("月份");
    await userEvent.clear(box);
    await userEvent.type(box, "2025年3月{Enter}");
    await userEvent.click(within(dialog).getByRole("button", { name: "查询" }));
    await waitFor(() => expect(api.last(MONTH_JOB)!.query).toMatchObject({ year: "2025", month: "3" }));
    expect(await within(dialog).findByText("该月没有计算单元（月度任务尚未为该月运行）")).toBeInTheDocument();
  });
});
