import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { today } from "@xiangyu/core/kernel/clock";
import { addDays } from "@xiangyu/core/goods/rules";
import { ALL_RIGHTS, mockApi, renderBlock, type ReplyOf } from "../../ui/test-utils.tsx";
import type { Rights } from "../../lib/screen.tsx";
import { SpecModal } from "./SpecModal.tsx";
import type { Spec } from "./goodsQueries.ts";

/**
 * The spec modal (R406–R422): the editor chosen by the goods type, the appointment editor's single /
 * copy / sync tabs and the general editor, judged by what the user sees and the specList 保存 sends.
 */
const D1 = addDays(today(), 1);
const D2 = addDays(today(), 2);
const D3 = addDays(today(), 3);

const spec = (p: Partial<Spec> & { id: number }): Spec =>
  ({
    goodsId: 1,
    specName: "",
    startTime: "",
    endTime: "",
    imageUrl: "",
    specUnit: "",
    marketPrice: 0,
    price: 0,
    goodsCount: 0,
    sold: 0,
    left: 0,
    orderCount: 0,
    idisplay: 1,
    ...p,
  }) as Spec;
const slot = (id: number, day: string, from: string, to: string, more: Partial<Spec> = {}) =>
  spec({ id, specName: `${day} ${from}-${to}`, startTime: `${day} ${from}:00`, endTime: `${day} ${to}:00`, goodsCount: 5, price: 199, marketPrice: 299, ...more });

type SpecReply = ReplyOf<"GET /goods/api/goods/speclist">;
function server(goodsType: string, specList: Spec[], read?: SpecReply) {
  return mockApi({
    "GET /goods/api/goods/speclist": () => read ?? { code: "200", desc: "", data: { goodsInfo: { id: 1, goodsType, goodsName: "温泉理疗体验" }, specList } },
    "POST /goods/api/goods/specsave": () => ({ code: "200", desc: "保存成功", data: { goodsInfo: { id: 1, goodsType, goodsName: "温泉理疗体验" }, specList: [] } }),
  });
}

async function open(rights: Rights = ALL_RIGHTS, onClose = vi.fn()) {
  renderBlock(<SpecModal id={1} onClose={onClose} />, { functionId: 2401, rights });
  return screen.findByRole("dialog", { name: /规格设置/ });
}

/** The rows 保存 sent, as objects. */
const sent = (api: ReturnType<typeof server>) => JSON.parse(api.last("POST /goods/api/goods/specsave")!.body.specList) as Array<Record<string, unknown>>;
const rowTexts = (dialog: HTMLElement) =>
  within(within(dialog).getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole("cell")
        .slice(0, 2)
        .map((c) => c.textContent)
        .join(" "),
    );
const setValue = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

async function typeDay(input: HTMLElement, day: string) {
  await userEvent.clear(input);
  await userEvent.type(input, day);
  await userEvent.tab();
}

describe("spec modal", () => {
  it("is 1000 wide; an unknown goods type says 商品性质设置有误 and offers no editor", { timeout: 20_000 }, async () => {
    server("hotel", []);
    const dialog = await open();
    expect(dialog.querySelector("[data-width]")).toHaveAttribute("data-width", "1000");
    expect(await within(dialog).findByText("商品性质设置有误")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "保存" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the server's 商品不存在 for goods that are gone", { timeout: 20_000 }, async () => {
    server("goods", [], { code: "400", desc: "商品不存在" });
    const dialog = await open();
    expect(await within(dialog).findByText("商品不存在")).toBeInTheDocument();
    expect(within(dialog).queryByRole("table")).not.toBeInTheDocument();
  });

  it("gives appointments the slot editor with its three tabs", { timeout: 20_000 }, async () => {
    server("appointment", [slot(11, D1, "09:00", "10:30")]);
    const dialog = await open();
    expect(await within(dialog).findAllByRole("tab")).toHaveLength(3);
    expect(
      within(dialog)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["单个配置", "复制配置", "同步配置"]);
    expect(within(dialog).getByRole("columnheader", { name: "时段" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "添加规格" })).not.toBeInTheDocument();
  });

  it("gives goods the general editor with a picture per row", { timeout: 20_000 }, async () => {
    server("goods", [spec({ id: 21, specName: "250克装", goodsCount: 50 })]);
    const dialog = await open();
    expect(await within(dialog).findByRole("columnheader", { name: "图片" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("tab")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "批量设置库存" })).toBeInTheDocument();
  });

  it("gives virtual goods the general editor without pictures", { timeout: 20_000 }, async () => {
    server("virtual", [spec({ id: 31, specName: "100元券", goodsCount: 200 })]);
    const dialog = await open();
    expect(await within(dialog).findByRole("columnheader", { name: "规格名称" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("columnheader", { name: "图片" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("tab")).not.toBeInTheDocument();
  });

  it("single config asks for dates and times, then makes one slot a day, skipping a day that has the slot (R409, R410, R416–R418)", { timeout: 30_000 }, async () => {
    const onClose = vi.fn();
    const api = server("appointment", [slot(12, D2, "09:00", "10:30", { goodsCount: 3, sold: 1, orderCount: 1 })]);
    const dialog = await open(ALL_RIGHTS, onClose);
    await within(dialog).findByRole("tab", { name: "单个配置" });
    await userEvent.click(within(dialog).getByRole("button", { name: "生成" }));
    expect(await screen.findByText("请设置日期")).toBeInTheDocument();
    await typeDay(within(dialog).getByLabelText("开始日期"), D1);
    await typeDay(within(dialog).getByLabelText("结束日期"), D3);
    await userEvent.click(within(dialog).getByRole("button", { name: "生成" }));
    expect(await screen.findByText("请设置服务时段")).toBeInTheDocument();
    setValue(within(dialog).getByLabelText("服务开始时间"), "09:00");
    setValue(within(dialog).getByLabelText("服务结束时间"), "10:30");
    await userEvent.type(within(dialog).getByLabelText("库存"), "5");
    await userEvent.type(within(dialog).getByLabelText("销售价"), "199");
    await userEvent.click(within(dialog).getByRole("button", { name: "生成" }));
    await waitFor(() => expect(rowTexts(dialog)).toEqual([`${D1} 09:00-10:30`, `${D2} 09:00-10:30`, `${D3} 09:00-10:30`]));
    // Nothing is sent until 保存 (R422).
    expect(api.last("POST /goods/api/goods/specsave")).toBeUndefined();
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(api)).toMatchObject([
      { id: 0, startTime: `${D1} 09:00:00`, endTime: `${D1} 10:30:00`, goodsCount: 5, price: 199, marketPrice: 0, idisplay: 1 },
      // The day that had the slot keeps it as it was: its id, stock and orders.
      { id: 12, startTime: `${D2} 09:00:00`, goodsCount: 3 },
      { id: 0, startTime: `${D3} 09:00:00`, goodsCount: 5, price: 199 },
    ]);
  });

  it("copy config puts a day's slots on another day, replacing the same slot in place (R411, R412, R419)", { timeout: 30_000 }, async () => {
    const api = server("appointment", [
      slot(11, D1, "09:00", "10:30", { goodsCount: 8, price: 99 }),
      slot(12, D1, "14:00", "15:30", { goodsCount: 6, price: 89 }),
      slot(13, D2, "09:00", "10:30", { goodsCount: 2, sold: 1, orderCount: 1 }),
      slot(14, D2, "18:00", "19:00", { goodsCount: 4 }),
    ]);
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole("tab", { name: "复制配置" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "复制" }));
    expect(await screen.findByText("请选择待复制日期")).toBeInTheDocument();
    await typeDay(within(dialog).getByLabelText("待复制日期"), D1);
    await userEvent.click(within(dialog).getByRole("button", { name: "复制" }));
    expect(await screen.findByText("请选择目标日期")).toBeInTheDocument();
    await typeDay(within(dialog).getByLabelText("目标日期"), D2);
    await userEvent.click(within(dialog).getByRole("button", { name: "复制" }));
    await waitFor(() => expect(rowTexts(dialog)).toEqual([`${D1} 09:00-10:30`, `${D1} 14:00-15:30`, `${D2} 09:00-10:30`, `${D2} 14:00-15:30`, `${D2} 18:00-19:00`]));
    // The replaced slot keeps what it has sold, so it still cannot be deleted.
    const replaced = within(dialog).getAllByRole("row")[3]!;
    expect(within(replaced).getAllByRole("cell")[4]).toHaveTextContent("1");
    expect(within(replaced).getByRole("button", { name: "删除" })).toBeDisabled();
    expect(within(within(dialog).getAllByRole("row")[4]!).getByRole("button", { name: "删除" })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /goods/api/goods/specsave")).toBeTruthy());
    expect(sent(api)).toMatchObject([
      { id: 11 },
      { id: 12 },
      // The same slot on the target day is replaced in place: its id stays, the copy's stock and price come.
      { id: 13, startTime: `${D2} 09:00:00`, goodsCount: 8, price: 99, specName: `${D2} 09:00-10:30` },
      { id: 0, startTime: `${D2} 14:00:00`, goodsCount: 6, price: 89 },
      { id: 14, startTime: `${D2} 18:00:00`, goodsCount: 4 },
    ]);
  });

  it("sync config carries a template slot's stock and prices to the same slot on later days only", { timeout: 30_000 }, async () => {
    const api = server("appointment", [
      slot(10, today(), "09:00", "10:30", { goodsCount: 1 }),
      slot(11, D1, "09:00", "10:30", { goodsCount: 9, price: 150, marketPrice: 180 }),
      slot(12, D2, "09:00", "10:30", { goodsCount: 5 }),
      slot(13, D2, "14:00", "15:30", { goodsCount: 5 }),
    ]);
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole("tab", { name: "同步配置" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "同步" }));
    expect(await screen.findByText("请选择同步的模板规格")).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText("模板规格"), `${D1} 09:00-10:30`);
    await userEvent.click(within(dialog).getByRole("button", { name: "同步" }));
    await waitFor(() => expect(within(dialog).getByLabelText("库存3")).toHaveValue("9"));
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /goods/api/goods/specsave")).toBeTruthy());
    expect(sent(api)).toMatchObject([
      { id: 10, goodsCount: 1 },
      { id: 11, goodsCount: 9, price: 150, marketPrice: 180 },
      { id: 12, goodsCount: 9, price: 150, marketPrice: 180 },
      { id: 13, goodsCount: 5, price: 199 },
    ]);
  });

  it(
    "general editor: added rows need a name, bulk set fills a column, clear keeps rows with orders, saving needs one row (R414, R415, R420, R421)",
    { timeout: 30_000 },
    async () => {
      const api = server("goods", [
        spec({ id: 21, specName: "250克装", goodsCount: 50, price: 268, orderCount: 2, sold: 2 }),
        spec({ id: 22, specName: "500克装", goodsCount: 20, price: 498 }),
      ]);
      const dialog = await open();
      // A spec with orders cannot be deleted (the server refuses it too).
      const del = await within(dialog).findAllByRole("button", { name: "删除" });
      expect(del[0]).toBeDisabled();
      expect(del[0]).toHaveAttribute("title", "已有订单，不能删除");
      expect(del[1]).toBeEnabled();

      await userEvent.click(within(dialog).getByRole("button", { name: "添加规格" }));
      expect(within(dialog).getByLabelText("规格名称3")).toHaveValue("");
      expect(within(dialog).getByLabelText("启用3")).toBeChecked();
      await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
      expect(await screen.findByText("规格名称不能为空。")).toBeInTheDocument();
      expect(api.last("POST /goods/api/goods/specsave")).toBeUndefined();

      await userEvent.type(within(dialog).getByLabelText("规格名称3"), "1000克装");
      await userEvent.type(within(dialog).getByLabelText("批量库存"), "10");
      await userEvent.click(within(dialog).getByRole("button", { name: "批量设置库存" }));
      await waitFor(() => expect(within(dialog).getByLabelText("库存3")).toHaveValue("10"));
      await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
      await waitFor(() => expect(api.last("POST /goods/api/goods/specsave")).toBeTruthy());
      expect(sent(api)).toMatchObject([
        { id: 21, specName: "250克装", goodsCount: 10, price: 268 },
        { id: 22, specName: "500克装", goodsCount: 10, price: 498 },
        { id: 0, specName: "1000克装", goodsCount: 10, price: 0, marketPrice: 0, idisplay: 1 },
      ]);
    },
  );

  it("清空 keeps only the rows with orders; with none left 保存 says 必须设置一个或以上的规格。", { timeout: 20_000 }, async () => {
    const api = server("virtual", [spec({ id: 31, specName: "100元券", goodsCount: 200 }), spec({ id: 32, specName: "300元券", goodsCount: 100 })]);
    const dialog = await open();
    await within(dialog).findByLabelText("规格名称2");
    await userEvent.click(within(dialog).getByRole("button", { name: "清空" }));
    expect(within(dialog).getByText("暂无规格")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await screen.findByText("必须设置一个或以上的规格。")).toBeInTheDocument();
    expect(api.last("POST /goods/api/goods/specsave")).toBeUndefined();
  });

  it("without E the modal shows the specs with no 保存", { timeout: 20_000 }, async () => {
    server("virtual", [spec({ id: 31, specName: "100元券", goodsCount: 200 })]);
    const dialog = await open({ ...ALL_RIGHTS, e: false });
    await within(dialog).findByLabelText("规格名称1");
    expect(within(dialog).queryByRole("button", { name: "保存" })).not.toBeInTheDocument();
  });
});
