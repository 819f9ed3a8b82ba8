import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { today } from "@xiangyu/core/kernel/clock";
import { renderBlock } from "../test-utils.tsx";
import { DateInput } from "./DatePicker.tsx";
import { MonthInput } from "./MonthPicker.tsx";
import { DateRangeInput, type DayRange } from "./DateRangePicker.tsx";
import { readDay, readMonth } from "./dates.ts";
import { Modal } from "../dialogs/Modal.tsx";

function Day({ start = "2026-12-05", onChange = vi.fn(), min, max }: { start?: string; onChange?: (v: string) => void; min?: string; max?: string }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <DateInput aria-label="发布日期" value={value} min={min} max={max} onChange={(v: string) => (setValue(v), onChange(v))} clearable />
      <output>{value}</output>
    </>
  );
}

describe("readDay / readMonth", () => {
  it("reads the spellings staff type and refuses days that do not exist", () => {
    expect(readDay("2026-12-05")).toBe("2026-12-05");
    expect(readDay("2026/12/5")).toBe("2026-12-05");
    expect(readDay("2026.1.9")).toBe("2026-01-09");
    expect(readDay("20261205")).toBe("2026-12-05");
    expect(readDay("2026年12月5日")).toBe("2026-12-05");
    expect(readDay("2026-02-30")).toBeNull();
    expect(readDay("12/05/2026")).toBeNull();
    expect(readMonth("2026-12")).toBe("2026-12");
    expect(readMonth("2026年3月")).toBe("2026-03");
    expect(readMonth("2026-13")).toBeNull();
  });
});

describe("DateInput", { timeout: 20_000 }, () => {
  it("shows a Chinese month from Monday, and Enter on an arrowed day picks it and gives the focus back", async () => {
    const onChange = vi.fn();
    renderBlock(<Day onChange={onChange} />);
    const box = screen.getByLabelText("发布日期");
    await userEvent.click(box);
    const panel = screen.getByRole("dialog", { name: "发布日期日历" });
    expect(within(panel).getByText("2026年12月")).toBeInTheDocument();
    const heads = [...panel.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(heads).toEqual(["一", "二", "三", "四", "五", "六", "日"]);
    expect(panel.textContent).not.toMatch(/December|Mo|Su/);
    // The caret stays in the box until ArrowDown moves into the calendar, on the chosen day.
    expect(box).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement).toHaveTextContent(/^5$/);
    await userEvent.keyboard("{ArrowRight}{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith("2026-12-13");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(box).toHaveValue("2026-12-13");
  });

  it("takes typed text: a whole day at once, other spellings on Enter, nonsense goes back", async () => {
    const onChange = vi.fn();
    renderBlock(<Day onChange={onChange} />);
    const box = screen.getByLabelText("发布日期");
    await userEvent.clear(box);
    await userEvent.type(box, "2027-01-31");
    expect(onChange).toHaveBeenLastCalledWith("2027-01-31");
    // The calendar follows the typed day.
    expect(within(screen.getByRole("dialog")).getByText("2027年1月")).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, "2027/2/3{Enter}");
    expect(box).toHaveValue("2027-02-03");
    expect(onChange).toHaveBeenLastCalledWith("2027-02-03");
    // Typed over the whole text (never empty on the way): an English-style date is not taken.
    await userEvent.type(box, "02/03/2027", { initialSelectionStart: 0, initialSelectionEnd: 10 });
    await userEvent.tab();
    expect(box).toHaveValue("2027-02-03");
    expect(screen.getByRole("status")).toHaveTextContent("2027-02-03");
  });

  it("refuses days outside min/max, offers 今天, and clears", async () => {
    const onChange = vi.fn();
    renderBlock(<Day start="" min="2026-12-03" max="2026-12-20" onChange={onChange} />);
    const box = screen.getByLabelText("发布日期");
    await userEvent.type(box, "2026-12-02{Enter}");
    expect(onChange).not.toHaveBeenCalled();
    expect(box).toHaveValue("");
    await userEvent.click(box);
    const panel = screen.getByRole("dialog");
    // Every day before the 3rd is disabled; 今天 (outside the window) too.
    const day2 = within(panel)
      .getAllByRole("button", { name: /2026年12月2日/ })
      .at(0)!;
    expect(day2).toBeDisabled();
    expect(within(panel).getByRole("button", { name: "今天" })).toBeDisabled();
    await userEvent.click(within(panel).getAllByRole("button", { name: /2026年12月10日/ })[0]);
    expect(onChange).toHaveBeenLastCalledWith("2026-12-10");
    await userEvent.click(screen.getByRole("button", { name: "清除" }));
    expect(onChange).toHaveBeenLastCalledWith("");
  });

  it("closes on Escape inside a dialog without closing the dialog, focus back in the box", async () => {
    const onClose = vi.fn();
    renderBlock(
      <Modal open title="表单" onClose={onClose}>
        <Day />
      </Modal>,
    );
    const box = await screen.findByLabelText("发布日期");
    await userEvent.click(screen.getByRole("button", { name: "打开日历" }));
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/^5$/));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "发布日期日历" })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(box).toHaveFocus();
    await userEvent.click(box);
    await userEvent.click(within(screen.getByRole("dialog", { name: "发布日期日历" })).getByRole("button", { name: "今天" }));
    expect(screen.getByRole("status")).toHaveTextContent(today());
  });
});

describe("MonthInput", { timeout: 20_000 }, () => {
  function Month({ onChange }: { onChange: (v: string) => void }) {
    const [value, setValue] = useState("2026-12");
    return <MonthInput aria-label="月份" value={value} onChange={(v: string) => (setValue(v), onChange(v))} />;
  }

  it("picks with the keyboard across a year, types, and offers 本月 / 上月", async () => {
    const onChange = vi.fn();
    renderBlock(<Month onChange={onChange} />);
    const box = screen.getByLabelText("月份");
    await userEvent.click(box);
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement).toHaveAccessibleName("2026年12月");
    await userEvent.keyboard("{ArrowRight}");
    expect(document.activeElement).toHaveAccessibleName("2027年1月");
    expect(screen.getByRole("grid", { name: "2027年" })).toBeInTheDocument();
    await userEvent.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith("2027-04");
    expect(box).toHaveFocus();
    await userEvent.clear(box);
    await userEvent.type(box, "2025年3月{Enter}");
    expect(onChange).toHaveBeenLastCalledWith("2025-03");
    await userEvent.click(box);
    await userEvent.click(screen.getByRole("button", { name: "上月" }));
    const [y, m] = today().split("-").map(Number);
    expect(onChange).toHaveBeenLastCalledWith(m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`);
    await userEvent.click(box);
    await userEvent.click(screen.getByRole("button", { name: "本月" }));
    expect(onChange).toHaveBeenLastCalledWith(today().slice(0, 7));
  });
});

describe("DateRangeInput", { timeout: 20_000 }, () => {
  function Range({ onChange, minNights, min }: { onChange: (r: DayRange) => void; minNights?: number; min?: string }) {
    const [value, setValue] = useState<DayRange>({ startDate: "2026-12-05", endDate: "2026-12-06" });
    return <DateRangeInput labels={["入住日期", "离店日期"]} value={value} min={min} minNights={minNights} shortcuts={false} onChange={(r) => (setValue(r), onChange(r))} />;
  }

  it("picks the start then the end in two months, with the keyboard", async () => {
    const onChange = vi.fn();
    renderBlock(<Range onChange={onChange} minNights={1} />);
    await userEvent.click(screen.getByLabelText("入住日期"));
    const panel = screen.getByRole("dialog", { name: "日期范围日历" });
    expect(within(panel).getByText("2026年12月")).toBeInTheDocument();
    expect(within(panel).getByText("2027年1月")).toBeInTheDocument();
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement).toHaveTextContent(/^5$/);
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{Enter}");
    // A start after the end moves the end to the first night that fits.
    expect(onChange).toHaveBeenLastCalledWith({ startDate: "2026-12-07", endDate: "2026-12-08" });
    await userEvent.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith({ startDate: "2026-12-07", endDate: "2026-12-14" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText("离店日期")).toHaveFocus();
  });

  it("types either end; an end before the first night goes back", async () => {
    const onChange = vi.fn();
    renderBlock(<Range onChange={onChange} minNights={1} />);
    const end = screen.getByLabelText("离店日期");
    await userEvent.clear(end);
    await userEvent.type(end, "2026-12-05{Enter}");
    expect(end).toHaveValue("2026-12-06");
    await userEvent.clear(end);
    await userEvent.type(end, "2026-12-20");
    expect(onChange).toHaveBeenLastCalledWith({ startDate: "2026-12-05", endDate: "2026-12-20" });
  });

  it("sets a whole month with 本月, cut to min", async () => {
    const onChange = vi.fn();
    function WithShortcuts() {
      const [value, setValue] = useState<DayRange>({ startDate: "", endDate: "" });
      return <DateRangeInput value={value} min={today()} onChange={(r) => (setValue(r), onChange(r))} />;
    }
    renderBlock(<WithShortcuts />);
    await userEvent.click(screen.getByLabelText("开始日期"));
    expect(screen.getByRole("button", { name: "上月" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "本月" }));
    const month = today().slice(0, 7);
    expect(onChange).toHaveBeenLastCalledWith({ startDate: today(), endDate: expect.stringMatching(new RegExp(`^${month}-(28|29|30|31)$`)) });
  });
});
