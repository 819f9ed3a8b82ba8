import { MSG } from "@xiangyu/core/orders/booking";
import { ClientFinder, type FoundClient } from "../../ui/pickers/ClientFinder.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { failureText } from "../../ui/feedback/failure.ts";
import { useMemberStore } from "./useMemberStore.ts";
import type { MemberStore } from "./orderQueries.ts";

/** Step 1: the client, and what they hold (bound to the mini-program, R165; weeks; vouchers). */
export function StoreSummary({ store }: { store: MemberStore }) {
  const m = store.membership;
  return (
    <dl aria-label="客户存储信息" className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-right text-slate-500">小程序</dt>
      <dd className={store.bound ? "text-slate-800" : "text-red-600"}>{store.bound ? "已绑定" : MSG.notBound}</dd>
      <dt className="text-right text-slate-500">存储周次</dt>
      <dd className="text-slate-800">{m ? `${m.remainingCount} 周，平日散夜 ${m.remainingFirstHaltCount} 晚，周末散夜 ${m.remainingSecondHaltCount} 晚` : "无会员周次"}</dd>
      <dt className="text-right text-slate-500">房券</dt>
      <dd className="text-slate-800">
        折扣券 {store.ticketClassCount.total} 张{store.hotelBound > 0 && `（其中 ${store.hotelBound} 张限指定酒店使用）`}
        {store.ticketClass1Count.length > 0 && `，体验券 ${store.ticketClass1Count.length} 张`}
      </dd>
    </dl>
  );
}

export function ClientStep({ client, error, onChange }: { client: FoundClient | null; error?: string; onChange: (c: FoundClient | null) => void }) {
  const store = useMemberStore(client ? { clientId: client.id } : null);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3">
      <Field label="客户" required error={error}>
        <ClientFinder value={client} onChange={onChange} />
      </Field>
      {client && store.isPending && <p className="pl-[8.5rem] text-sm text-slate-400">正在读取客户存储信息…</p>}
      {store.isError && <p className="pl-[8.5rem] text-sm text-red-600">{failureText(store.error, "view")}</p>}
      {client && store.data && <StoreSummary store={store.data} />}
    </div>
  );
}
