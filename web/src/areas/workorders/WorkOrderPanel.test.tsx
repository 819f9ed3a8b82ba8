import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_RIGHTS, mockApi, renderBlock } from "../../ui/test-utils.tsx";
import { NO_RIGHTS } from "../../lib/screen.tsx";
import { WorkOrderPanel } from "./WorkOrderPanel.tsx";

/** The panel mirrors the server's rules: sections by stage, the spec's messages before sending, read-only when locked. */
const styles = (styleen: string) => {
  const lists: Record<string, Array<[string, string]>> = {
    appointmentType: [
      ["0", "未确定"],
      ["1", "应邀"],
      ["2", "拒绝"],
      ["3", "考虑中"],
    ],
    payType: [["1", "现金"]],
  };
  return { code: "200", desc: "", dataList: (lists[styleen] ?? []).map(([styleid, stylename]) => ({ styleid, stylename })) };
};
const sections = (o: Partial<Record<"appointment" | "presence" | "purchase" | "deal", { visible: boolean; readOnly: boolean }>>) => ({
  appointment: { visible: true, readOnly: false },
  presence: { visible: false, readOnly: false },
  purchase: { visible: false, readOnly: false },
  deal: { visible: false, readOnly: true },
  ...o,
});
const appointed = {
  id: 7,
  clientId: 3,
  mobile: "13900000000",
  code: "1122",
  statusName: "已应邀待到场",
  status: 1,
  isAppointment: 1,
  appointmentTime: "2026-12-24 10:00:00",
  appointmentAdrress: "天河展厅",
  bePresent: 0,
  isQualified: 0,
  isBuy: 0,
  locked: 0,
  canSave: 1,
  remarkInfo: [],
  buyInfo: null,
  sections: sections({ presence: { visible: true, readOnly: false } }),
};

function server(workOrder: unknown) {
  return mockApi({
    "GET /xiangyu/api/client/workorder/workorderview": () => (workOrder ? { code: "200", desc: "", data: workOrder } : { code: "404", desc: "该工单不存在或已被删除" }),
    "GET /gateway/api/manage/appcenter/styleparam/list": (c) => styles(c.query.styleen ?? ""),
    "GET /xiangyu/api/hotel/product/alllist": () => ({ code: "200", desc: "", dataList: [{ id: 1, productName: "十年会籍", amount: 30000 }] }),
    "POST /xiangyu/api/client/workorder/workordersave": (c) => ({ code: "200", desc: "保存成功", data: { ...appointed, ...c.body } }),
  });
}

describe("WorkOrderPanel", () => {
  it("a client never invited: only the invitation, its messages before sending, then the save with the call's record", async () => {
    const api = server(null);
    renderBlock(<WorkOrderPanel clientId={3} clientName="张三" onClose={() => undefined} />, { rights: ALL_RIGHTS });
    const panel = await screen.findByRole("dialog", { name: /电邀工单 · 张三 · 未电邀/ });
    expect(api.last("GET /xiangyu/api/client/workorder/workorderview")).toBeDefined();
    // Having no work order yet is no failure: no 该工单不存在 toast.
    expect(screen.queryByText("该工单不存在或已被删除")).toBeNull();
    expect(within(panel).queryByText("到场信息")).toBeNull();
    await userEvent.click(within(panel).getByRole("button", { name: "保存" }));
    expect(await within(panel).findByText("未确定是否应邀")).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole("option", { name: "应邀" })).toBeInTheDocument());
    await userEvent.selectOptions(within(panel).getByLabelText("是否应邀"), "1");
    await userEvent.click(within(panel).getByRole("button", { name: "保存" }));
    expect(await within(panel).findByText("未登记应邀时间")).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText("应邀时间"), "2026-12-24 10:00:00");
    await userEvent.type(within(panel).getByLabelText("应邀展场"), "天河展厅");
    await userEvent.type(within(panel).getByLabelText("电邀结果"), "接通");
    expect(api.last("POST /xiangyu/api/client/workorder/workordersave")).toBeUndefined();
    await userEvent.click(within(panel).getByRole("button", { name: "保存" }));
    await waitFor(() => expect(api.last("POST /xiangyu/api/client/workorder/workordersave")).toBeDefined());
    expect(api.last("POST /xiangyu/api/client/workorder/workordersave")!.body).toMatchObject({
      clientId: "3",
      isAppointment: "1",
      appointmentAdrress: "天河展厅",
      recordType: "接通",
    });
  });

  it("an appointment shows the presence section and asks for it; a locked purchase is read-only", async () => {
    server(appointed);
    const { unmount } = renderBlock(<WorkOrderPanel clientId={3} clientName="张三" id={7} onClose={() => undefined} />, { rights: ALL_RIGHTS });
    const panel = await screen.findByRole("dialog", { name: /已应邀待到场/ });
    expect(within(panel).getByText("到场信息")).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole("button", { name: "保存" }));
    expect(await within(panel).findByText("未确定是否到场")).toBeInTheDocument();
    unmount();

    server({
      ...appointed,
      code: "3111",
      statusName: "已购买",
      status: 3,
      bePresent: 1,
      isQualified: 1,
      isBuy: 1,
      locked: 1,
      canSave: 0,
      buyInfo: {
        id: 9,
        productName: "十年会籍",
        payAmount: 30000,
        firstPayAmount: 10000,
        isInstallment: 1,
        finalPayTime: "",
        finalPayAmount: 0,
        status: 1,
        amount: 30000,
        firstPayTime: "",
      },
      sections: sections({ appointment: { visible: true, readOnly: true }, presence: { visible: true, readOnly: true }, purchase: { visible: true, readOnly: true } }),
    });
    renderBlock(<WorkOrderPanel clientId={3} clientName="张三" id={7} onClose={() => undefined} />, { rights: { ...NO_RIGHTS, r: true } });
    const locked = await screen.findByRole("dialog", { name: /已购买/ });
    expect(within(locked).queryByRole("button", { name: "保存" })).toBeNull();
    expect(within(locked).getByLabelText("是否应邀")).toBeDisabled();
    expect(within(locked).getByText("待收银审核")).toBeInTheDocument();
    // Final payment needs E: a reader sees 未支付 without the action.
    expect(within(locked).queryByRole("button", { name: "未支付，去处理" })).toBeNull();
  });
});
