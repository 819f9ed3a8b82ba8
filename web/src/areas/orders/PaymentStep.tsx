import { fenText } from "../../ui/text/money.ts";
import { useState } from "react";
import { MSG, type VoucherClass } from "@xiangyu/core/orders/booking";
import { toast } from "../../lib/toast.ts";
import { Field } from "../../ui/form/Field.tsx";
import { NumberInput, TextInput } from "../../ui/form/inputs.tsx";
import { failureText } from "../../ui/feedback/failure.ts";
import { VOUCHER_CLASS_NAMES } from "@xiangyu/core/vouchers/ledger/plan";
import { CLASSES, isClub, livePayment, pickClass, pickExperience, type Change, type Draft, type Occupant } from "./bookingDraft.ts";
import { useMemberStore } from "./useMemberStore.ts";

import type { MemberStore } from "./orderQueries.ts";

/**
 * Step 3: how the stay is paid, live. Club hotels: the stored weeks it needs against what the client
 * has left (R166, R169). Discount hotels: voucher counts up to what the client holds, or one
 * experience voucher (R175–R179), and the price they leave (R180). Then one occupant per room.
 */
type Props = { draft: Draft; onChange: (next: Draft) => void; occupantsError?: string };

function Cell({ label, value, strong }: { label: string; value: string | number; strong?: boolean }) {
  return (
    <div className="flex flex-col items-center rounded bg-slate-50 px-3 py-2">
      <span className="text-xs text-slate-500">{label}</span>
      <span className={strong ? "text-lg font-medium text-blue-700" : "text-base text-slate-800"}>{value}</span>
    </div>
  );
}

function WeeksPanel({ draft, store }: { draft: Draft; store: MemberStore }) {
  const live = livePayment(draft, store);
  const b = live.booking;
  const m = store.membership;
  return (
    <section aria-label="周次抵扣" className="flex flex-col gap-2">
      {b && (
        <div className="grid grid-cols-3 gap-2 text-center" aria-label="本次需抵扣">
          <Cell label="需抵扣周次" value={`${b.weekCount} 周`} strong />
          <Cell label="平日散夜" value={`${b.weekstartCount} 晚`} strong />
          <Cell label="周末散夜" value={`${b.weekendCount} 晚`} strong />
        </div>
      )}
      {m && (
        <div className="grid grid-cols-3 gap-2 text-center" aria-label="客户剩余">
          <Cell label="剩余周次" value={`${m.remainingCount} 周`} />
          <Cell label="剩余平日散夜" value={`${m.remainingFirstHaltCount} 晚`} />
          <Cell label="剩余周末散夜" value={`${m.remainingSecondHaltCount} 晚`} />
        </div>
      )}
      {b && (
        <p className="text-xs text-slate-500">
          共 {b.weekdayRoomNights} 个平日间夜、{b.weekendRoomNights} 个周末间夜；一周 = 5 个平日间夜 + 2 个周末间夜，不足一周时先用散夜再拆整周。
        </p>
      )}
      {live.weeks?.ok && (
        <p className="text-sm text-emerald-700">
          抵扣后剩余 {live.weeks.after.remainingCount} 周，平日散夜 {live.weeks.after.remainingFirstHaltCount} 晚，周末散夜 {live.weeks.after.remainingSecondHaltCount} 晚
        </p>
      )}
    </section>
  );
}

function VoucherPanel({ draft, store, apply }: { draft: Draft; store: MemberStore; apply: (c: Change) => void }) {
  const live = livePayment(draft, store);
  const b = live.booking;
  const held = store.ticketClassCount;
  const takesVouchers = draft.room?.useTicket === 1;
  return (
    <section aria-label="房券" className="flex flex-col gap-3">
      {!takesVouchers && <p className="text-sm text-slate-500">{MSG.noTicketsHere}</p>}
      {takesVouchers && (
        <div className="grid grid-cols-3 gap-x-4 gap-y-2">
          {CLASSES.map((c: VoucherClass) => (
            <label key={c} className="flex items-center gap-2 text-sm text-slate-700">
              <span className="w-20 shrink-0">{VOUCHER_CLASS_NAMES[c]}</span>
              <NumberInput
                aria-label={VOUCHER_CLASS_NAMES[c]}
                min={0}
                max={held[c]}
                disabled={held[c] === 0}
                value={draft.classes[c] ?? 0}
                onChange={(v) => apply(pickClass(draft, held[c], c, Number(v)))}
                className="w-16"
              />
              <span className="text-xs text-slate-400">可用 {held[c]}</span>
            </label>
          ))}
        </div>
      )}
      {takesVouchers && (
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <legend className="mb-1 text-slate-500">体验券</legend>
          <label className="inline-flex items-center gap-1.5">
            <input type="radio" name="experience" checked={!draft.experience} onChange={() => apply(pickExperience(draft, null))} className="accent-blue-600" />
            不使用
          </label>
          {store.ticketClass1Count.map((e) => (
            <label key={e.batchNo} className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name="experience"
                aria-label={`体验券 ${e.batchNo}`}
                checked={draft.experience?.batchNo === e.batchNo}
                onChange={() => apply(pickExperience(draft, e))}
                className="accent-blue-600"
              />
              {e.ticketCount}晚体验券 <span className="text-xs text-slate-400">{e.batchNo}</span>
            </label>
          ))}
          {store.ticketClass1Count.length === 0 && <span className="text-xs text-slate-400">无可用体验券</span>}
        </fieldset>
      )}
      {b && (
        <div className="grid grid-cols-3 gap-2 text-center" aria-label="订单金额">
          <Cell label="房费" value={`¥${fenText(b.fullPriceFen)}`} />
          {/* No voucher used: no minus sign before nothing. */}
          <Cell label="房券抵扣" value={b.discountFen > 0 ? `-¥${fenText(b.discountFen)}` : "未使用"} />
          <Cell label="应付金额" value={`¥${fenText(b.totalPriceFen)}`} strong />
        </div>
      )}
    </section>
  );
}

function Occupants({ list, onChange, error }: { list: Occupant[]; onChange: (l: Occupant[]) => void; error?: string }) {
  const set = (i: number, patch: Partial<Occupant>) => onChange(list.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <section aria-label="入住人" className="flex flex-col gap-1 border-t border-slate-100 pt-2">
      {list.map((o, i) => (
        <Field key={i} label={`第${i + 1}间入住人`} error={i === 0 ? error : undefined}>
          <div className="flex gap-2">
            <TextInput aria-label={`第${i + 1}间入住人姓名`} placeholder="姓名" value={o.name} maxLength={50} onChange={(v) => set(i, { name: v })} className="w-40" />
            <TextInput
              aria-label={`第${i + 1}间入住人手机号`}
              placeholder="手机号"
              value={o.mobile}
              maxLength={30}
              inputMode="tel"
              onChange={(v) => set(i, { mobile: v })}
              className="w-44"
            />
          </div>
        </Field>
      ))}
    </section>
  );
}

export function PaymentStep({ draft, onChange, occupantsError }: Props) {
  const [notice, setNotice] = useState<string | null>(null);
  const store = useMemberStore(
    draft.client && draft.hotel ? { clientId: draft.client.id, hotelId: draft.hotel.id, checkInDate: draft.checkInDate, checkOutDate: draft.checkOutDate } : null,
  );
  const apply = (c: Change) => {
    setNotice(c.message ?? null);
    if (c.message) toast.warning(c.message);
    onChange(c.draft);
  };
  const live = store.data ? livePayment(draft, store.data) : null;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        {draft.room?.hotelName} · {draft.room?.roomName} · {draft.checkInDate} 至 {draft.checkOutDate} · {draft.room?.nights.length} 晚 × {draft.roomCount} 间
      </p>
      {store.isPending ? (
        <p className="text-center text-sm text-slate-400">正在读取客户存储信息…</p>
      ) : store.isError ? (
        <p role="alert" className="text-center text-sm text-red-600">
          {failureText(store.error, "view")}
        </p>
      ) : isClub(draft) ? (
        <WeeksPanel draft={draft} store={store.data} />
      ) : (
        <VoucherPanel draft={draft} store={store.data} apply={apply} />
      )}
      {notice && <p className="text-sm text-amber-700">{notice}</p>}
      {live?.error && (
        <p role="alert" aria-label="支付校验" className="text-sm text-red-600">
          {live.error}
        </p>
      )}
      <Occupants list={draft.occupants} onChange={(occupants) => onChange({ ...draft, occupants })} error={occupantsError} />
    </div>
  );
}
