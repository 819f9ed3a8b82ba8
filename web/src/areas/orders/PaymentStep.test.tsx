import { describe, expect, it } from "vitest";
import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderBlock } from "../../ui/test-utils.tsx";
import { PaymentStep } from "./PaymentStep.tsx";
import { EMPTY_DRAFT, type Draft } from "./bookingDraft.ts";
import type { MemberStore, StayRoom } from "./orderQueries.ts";

/**
 * The wizard's payment step with the booking rules the server uses: stored weeks for club hotels
 * (R166, R169), voucher limits, exclusivity and price for discount hotels (R170–R180).
 */
type Night = [date: string, kind: "weekday" | "weekend", price: number];

// The stay's part of a room (the step reads no more of the room view it carries too).
const room = (hotelType: 1 | 2, nights: Night[]): StayRoom =>
  ({
    id: 9,
    hotelId: 4,
    roomName: "商务大床房",
    bedSpecifications: "",
    hotelType,
    hotelName: hotelType === 1 ? "享域珠海横琴度假酒店" : "享域广州天河商务酒店",
    useTicket: hotelType === 2 ? 1 : 0,
    freeCount: 5,
    totalPrice: nights.reduce((s, n) => s + n[2], 0),
    weekdayNights: nights.filter((n) => n[1] === "weekday").length,
    weekendNights: nights.filter((n) => n[1] === "weekend").length,
    nights: nights.map(([inDate, kind, inPrice]) => ({ inDate, kind, holiday: "", stored: true, roomCount: 5, usedRoomCount: 0, freeCount: 5, inPrice })),
  }) as StayRoom;

// 2030-03-04 is a Monday: Monday–Thursday are weekday nights, Friday–Sunday weekend nights.
const WEEK: Night[] = [
  ["2030-03-04", "weekday", 0],
  ["2030-03-05", "weekday", 0],
  ["2030-03-06", "weekday", 0],
  ["2030-03-07", "weekday", 0],
  ["2030-03-08", "weekend", 0],
  ["2030-03-09", "weekend", 0],
  ["2030-03-10", "weekend", 0],
];
// Wednesday, Thursday, Friday: 300 + 300 + 500 yuan.
const THREE: Night[] = [
  ["2030-03-06", "weekday", 300],
  ["2030-03-07", "weekday", 300],
  ["2030-03-08", "weekend", 500],
];

const store = (over: Partial<MemberStore>): MemberStore => ({
  clientId: 7,
  clientName: "张三",
  bound: true,
  membership: null,
  ticketClassCount: { total: 0, allday: 0, allend: 0, allall: 0, halfday: 0, halfend: 0, halfall: 0 },
  ticketClass1Count: [],
  hotelBound: 0,
  ...over,
});

function Harness({ initial }: { initial: Draft }) {
  const [draft, setDraft] = useState(initial);
  return <PaymentStep draft={draft} onChange={setDraft} />;
}

function open(r: StayRoom, roomCount: number, s: MemberStore) {
  const api = mockApi({ "GET /xiangyu/api/client/memberstore": () => ({ code: "200", desc: "", data: s }) });
  const draft: Draft = {
    ...EMPTY_DRAFT,
    client: { id: 7, clientName: "张三", mobile: "13900000007" },
    hotel: { id: 4, hotelName: r.hotelName, hotelType: r.hotelType },
    checkInDate: r.nights[0]!.inDate,
    checkOutDate: "2030-03-11",
    room: r,
    roomCount,
    occupants: [{ name: "张三", mobile: "13900000007" }],
  };
  renderBlock(<Harness initial={draft} />);
  return api;
}

const alert = () => screen.queryByRole("alert", { name: "支付校验" });

async function count(label: string, n: number) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (n) await userEvent.type(input, String(n));
}

describe("payment step: club hotels pay with stored weeks", () => {
  it("shows the weeks a two-room week needs and blocks when the client has too few", async () => {
    const api = open(room(1, WEEK), 2, store({ membership: { productTypeId: 1, remainingCount: 1, remainingFirstHaltCount: 0, remainingSecondHaltCount: 0 } }));
    const need = await screen.findByLabelText("本次需抵扣");
    // 2 rooms × (4 weekday + 3 weekend nights) = 8 + 6 room-nights = 1 week (5 + 2) and 3 + 4 nights.
    expect(need).toHaveTextContent("需抵扣周次1 周");
    expect(need).toHaveTextContent("平日散夜3 晚");
    expect(need).toHaveTextContent("周末散夜4 晚");
    expect(screen.getByLabelText("客户剩余")).toHaveTextContent("剩余周次1 周");
    expect(alert()).toHaveTextContent("抵扣周次不足，不能提交订单。");
    expect(api.last("GET /xiangyu/api/client/memberstore")!.query).toEqual({ clientId: "7", hotelId: "4", checkInDate: "2030-03-04", checkOutDate: "2030-03-11" });
  });

  it("accepts when whole weeks can be broken for the nights, and shows what stays", async () => {
    open(room(1, WEEK), 2, store({ membership: { productTypeId: 1, remainingCount: 3, remainingFirstHaltCount: 0, remainingSecondHaltCount: 0 } }));
    await screen.findByLabelText("本次需抵扣");
    expect(alert()).not.toBeInTheDocument();
    // One week used whole, two broken for 3 weekday + 4 weekend nights: 2 × 5 − 3 = 7 and 2 × 2 − 4 = 0 loose nights stay.
    expect(screen.getByText("抵扣后剩余 0 周，平日散夜 7 晚，周末散夜 0 晚")).toBeInTheDocument();
  });

  it("says 客户产品存储信息不存在 for a client without stored weeks", async () => {
    open(room(1, WEEK), 1, store({ membership: null }));
    await waitFor(() => expect(alert()).toHaveTextContent("客户产品存储信息不存在"));
  });
});

describe("payment step: discount hotels with vouchers", () => {
  const held = store({
    ticketClassCount: { total: 11, allday: 5, allend: 2, allall: 0, halfday: 0, halfend: 0, halfall: 4 },
    ticketClass1Count: [
      { batchNo: "TY3", ticketCount: 3 },
      { batchNo: "TY2", ticketCount: 2 },
    ],
  });
  const price = () => screen.getByLabelText("订单金额");

  it("prices the stay live as vouchers are chosen, and refuses more than the nights allow", async () => {
    open(room(2, THREE), 1, held);
    await waitFor(() => expect(price()).toHaveTextContent("房费¥1100.00"));
    expect(price()).toHaveTextContent("应付金额¥1100.00");
    // No voucher yet: no "-¥0.00".
    expect(price()).toHaveTextContent("房券抵扣未使用");
    await count("平日免费券", 1);
    expect(price()).toHaveTextContent("房券抵扣-¥300.00");
    expect(price()).toHaveTextContent("应付金额¥800.00");
    // A half-price all-week voucher takes half of the weekday night left first.
    await count("全周半价券", 1);
    expect(price()).toHaveTextContent("应付金额¥650.00");
    await count("全周半价券", 0);
    await count("平日免费券", 3);
    expect(alert()).toHaveTextContent("已选平日房券数不能超过平日房数");
    await count("平日免费券", 2);
    await count("全周半价券", 1);
    expect(alert()).toHaveTextContent("已选平日券和全周券合计不能超过平日房数");
    // One weekend night: a weekend voucher and an all-week one are two, though a weekday night is free (R174).
    await count("平日免费券", 0);
    await count("周末免费券", 1);
    expect(alert()).toHaveTextContent("已选周末券和全周券合计不能超过周末房数");
  });

  it("offers no vouchers at a hotel that takes none, and prices the stay in full", async () => {
    open({ ...room(2, THREE), useTicket: 0 }, 1, held);
    await waitFor(() => expect(price()).toHaveTextContent("应付金额¥1100.00"));
    expect(screen.getByText("该酒店不支持使用房券")).toBeInTheDocument();
    expect(screen.queryByLabelText("平日免费券")).toBeNull();
  });

  it("keeps counts within what the client holds", async () => {
    open(room(2, THREE), 1, held);
    await screen.findByLabelText("订单金额");
    await count("周末免费券", 9);
    expect(screen.getByLabelText("周末免费券")).toHaveValue(2);
  });

  it("keeps experience and discount vouchers apart (R175, R176)", async () => {
    open(room(2, THREE), 1, held);
    await screen.findByLabelText("订单金额");
    await count("平日免费券", 1);
    await userEvent.click(screen.getByLabelText("体验券 TY3"));
    expect(await screen.findAllByText("不能与折扣券同时使用，请选取消折扣券")).not.toHaveLength(0);
    expect(screen.getByLabelText("体验券 TY3")).not.toBeChecked();

    await count("平日免费券", 0);
    await userEvent.click(screen.getByLabelText("体验券 TY3"));
    expect(screen.getByLabelText("体验券 TY3")).toBeChecked();
    expect(price()).toHaveTextContent("应付金额¥0.00");
    await count("周末免费券", 1);
    expect(await screen.findAllByText("不能与体验券同时使用，请选取消体验券")).not.toHaveLength(0);
    expect(screen.getByLabelText("周末免费券")).toHaveValue(0);
  });

  it("resets to one room for an experience voucher and wants its nights to match the stay (R177, R178)", async () => {
    open(room(2, THREE), 2, held);
    await screen.findByLabelText("订单金额");
    expect(screen.getByText(/3 晚 × 2 间/)).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("体验券 TY3"));
    expect(await screen.findAllByText("只能选择一间房，已重设房间数")).not.toHaveLength(0);
    expect(screen.getByText(/3 晚 × 1 间/)).toBeInTheDocument();
    expect(alert()).not.toBeInTheDocument();

    await userEvent.click(screen.getByLabelText("体验券 TY2"));
    expect(alert()).toHaveTextContent("预订天数与体验券数量不符，请重新选择预订时间。");
    expect(within(screen.getByRole("region", { name: "房券" })).getByLabelText("体验券 TY2")).toBeChecked();
  });
});
