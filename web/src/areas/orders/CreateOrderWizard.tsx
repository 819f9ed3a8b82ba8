import { fenText } from "../../ui/money.ts";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { MSG } from "@xiangyu/core/orders/booking";
import { today as todayOf } from "@xiangyu/core/kernel/clock";
import { useApi } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { succeeded } from "../../lib/routeQuery.ts";
import { Modal } from "../../ui/Modal.tsx";
import { Wizard } from "../../ui/Steps.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { TextArea } from "../../ui/form/inputs.tsx";
import { ClientStep } from "./ClientStep.tsx";
import { StayStep } from "./StayStep.tsx";
import { PaymentStep } from "./PaymentStep.tsx";
import { VOUCHER_CLASS_NAMES } from "@xiangyu/core/vouchers/ledger/plan";
import { EMPTY_DRAFT, CLASSES, isClub, livePayment, occupantRows, occupantsError, orderPayload, stayError, type Draft } from "./bookingDraft.ts";
import { fetchMemberStore } from "./useMemberStore.ts";

import { useCreateOrder } from "./orderQueries.ts";

/**
 * Creating a hotel order for a client (创建代客订单, R160–R185) in four steps: the client (bound to
 * the mini-program), the hotel, dates, room and room count, the payment (weeks or vouchers) with the
 * occupants, and a last look before 提交. Each step checks what it can; the server checks it all again.
 */
type Errors = { client?: string; stay?: string; payment?: string; occupants?: string };

/**
 * A refused step's messages as they stand now: each is checked again against the draft on every
 * change, so a message goes as soon as its value is right (客户不能为空 once a client is chosen,
 * 入住日期不能早于今天 once the date is moved): it stays only while that same rule is still broken.
 * The next problem of the step is said at 下一步, not while the user is still filling it in.
 * "Not bound" stays while the same client is chosen; another client is checked at 下一步 again.
 */
function liveErrors(shown: Errors & { clientId?: number }, d: Draft, today: string): Errors {
  const client = !shown.client ? undefined : !d.client ? MSG.clientRequired : shown.client === MSG.notBound && d.client.id === shown.clientId ? shown.client : undefined;
  return {
    client,
    stay: shown.stay && stayError(d, today) === shown.stay ? shown.stay : undefined,
    payment: shown.payment,
    occupants: shown.occupants && occupantsError(d.occupants) === shown.occupants ? shown.occupants : undefined,
  };
}

function Summary({ d }: { d: Draft }) {
  const classes = CLASSES.filter((c) => (d.classes[c] ?? 0) > 0);
  const b = livePayment(d, undefined).booking;
  const rows: [string, string][] = [
    ["客户", d.client ? `${d.client.clientName}（${d.client.mobile}）` : ""],
    ["酒店", d.room ? `${d.room.hotelName}（${isClub(d) ? "会员酒店" : "折扣酒店"}）` : ""],
    ["客房", d.room?.roomName ?? ""],
    ["入离日期", `${d.checkInDate} 至 ${d.checkOutDate}（${d.room?.nights.length ?? 0} 晚）`],
    ["预订客房数", `${d.roomCount} 间`],
    ...(isClub(d) && b ? ([["抵扣周次", `${b.weekCount} 周，平日散夜 ${b.weekstartCount} 晚，周末散夜 ${b.weekendCount} 晚`]] as [string, string][]) : []),
    ...(!isClub(d)
      ? ([
          [
            "房券",
            d.experience
              ? `${d.experience.ticketCount}晚体验券 ${d.experience.batchNo}`
              : classes.map((c) => `${VOUCHER_CLASS_NAMES[c]} ${d.classes[c]} 张`).join("，") || "不使用",
          ],
        ] as [string, string][])
      : []),
    ...(!isClub(d) && b ? ([["应付金额", `¥${fenText(b.totalPriceFen)}`]] as [string, string][]) : []),
    [
      "入住人",
      d.occupants
        .filter((o) => o.name.trim())
        .map((o) => `${o.name} ${o.mobile}`)
        .join("；") || "未填写",
    ],
  ];
  return (
    <dl aria-label="订单确认" className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1.5 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-right text-slate-500">{k}</dt>
          <dd className="text-slate-800">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CreateOrderWizard({ onClose, onCreated }: { onClose: () => void; onCreated?: () => void }) {
  const api = useApi();
  const qc = useQueryClient();
  const createOrder = useCreateOrder(MSG.success);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [shown, setErrors] = useState<Errors & { clientId?: number }>({});
  const [busy, setBusy] = useState(false);
  const today = todayOf();
  const errors = liveErrors(shown, draft, today);
  const patch = (p: Partial<Draft>) => setDraft((d) => ({ ...d, ...p }));
  const refuse = (e: Errors) => {
    setErrors({ ...e, clientId: draft.client?.id });
    const text = Object.values(e).find(Boolean);
    if (text) toast.error(text);
    return false;
  };

  async function checkClient() {
    if (!draft.client) return refuse({ client: MSG.clientRequired });
    try {
      const store = await fetchMemberStore(qc, api, { clientId: draft.client.id });
      if (!store.bound) return refuse({ client: MSG.notBound });
    } catch {
      return false; // unwrap showed the server's text
    }
    setErrors({});
    return true;
  }

  function checkStay() {
    const e = stayError(draft, today);
    if (e) return refuse({ stay: e });
    setErrors({});
    // One occupant row per room, the client in the first.
    setDraft((d) => ({ ...d, occupants: occupantRows(d, Number(d.roomCount)) }));
    return true;
  }

  async function checkPayment() {
    if (!draft.client || !draft.hotel) return false;
    let store;
    try {
      store = await fetchMemberStore(qc, api, { clientId: draft.client.id, hotelId: draft.hotel.id, checkInDate: draft.checkInDate, checkOutDate: draft.checkOutDate });
    } catch {
      return false;
    }
    const live = livePayment(draft, store);
    // The step shows the live message too; refusing repeats it as a toast (抵扣周次不足，不能提交订单。 and the voucher rules).
    if (live.error) return refuse({ payment: live.error });
    const occupants = occupantsError(draft.occupants);
    if (occupants) return refuse({ occupants });
    setErrors({});
    return true;
  }

  async function submit() {
    const live = livePayment(draft, undefined);
    if (!live.booking) return;
    setBusy(true);
    try {
      if (await succeeded(createOrder.mutateAsync(orderPayload(draft, live.booking)))) {
        onCreated?.();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title="创建代客订单" width={800} onClose={onClose}>
      <Wizard
        busy={busy}
        finishText="提交订单"
        onFinish={submit}
        steps={[
          {
            title: "选择客户",
            validate: checkClient,
            content: <ClientStep client={draft.client} error={errors.client} onChange={(client) => setDraft({ ...EMPTY_DRAFT, client })} />,
          },
          { title: "选择客房", validate: checkStay, content: <StayStep draft={draft} today={today} error={errors.stay} onChange={patch} /> },
          { title: "支付与入住人", validate: checkPayment, content: <PaymentStep draft={draft} onChange={setDraft} occupantsError={errors.occupants} /> },
          {
            title: "确认下单",
            content: (
              <div className="mx-auto flex max-w-xl flex-col gap-3">
                <Summary d={draft} />
                <Field label="备注">
                  <TextArea aria-label="备注" value={draft.remark} maxLength={500} onChange={(remark) => patch({ remark })} />
                </Field>
              </div>
            ),
          },
        ]}
      />
    </Modal>
  );
}
