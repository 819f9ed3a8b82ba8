import { useState } from "react";
import * as v from "valibot";
import { ExchangeInput } from "@xiangyu/core/vouchers/schemas";
import { exchangeCounts } from "@xiangyu/core/vouchers/rules";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { ClientFormDialog } from "../../ui/dialogs/ClientFormDialog.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { Select, TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import type { FoundClient } from "../../ui/pickers/ClientFinder.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { useScreen } from "../../lib/screen.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { TICKET_LIST, useExchange, useMembership, type ExchangeRow } from "./voucherQueries.ts";

/**
 * /order/hotelticket (兑换单列表, 1803, R236–R242): exchanges of stored weeks for room vouchers,
 * newest first (hotelticket/list with exchangeType '1,2'); 新增兑换 (A): each week gives 5 weekday
 * and 2 weekend free vouchers, expiring with the membership lot the week came from.
 */
const PARAMS = { exchangeType: "1,2" };

export default function ExchangeList() {
  const { rights } = useScreen();
  const [creating, setCreating] = useState(false);
  const columns: Column<ExchangeRow>[] = [
    { id: "id", header: "兑换单号", nowrap: true },
    { id: "clientName", header: "客户", nowrap: true, text: (x) => `${x.clientName} ${x.mobile}` },
    { id: "weekCount", header: "兑换周数", nowrap: true, align: "right" },
    { id: "ticketCount", header: "整周", nowrap: true, align: "right" },
    { id: "weekstartTicketCount", header: "平日券", nowrap: true, align: "right" },
    { id: "weekendTicketCount", header: "周末券", nowrap: true, align: "right" },
    { id: "batchNos", header: "房券批次", width: 180, text: (x) => (x.batchNos ?? []).join("、") },
    { id: "exchangeUser", header: "办理人", nowrap: true },
    { id: "exchangeTime", header: "兑换时间", nowrap: true },
    { id: "remark", header: "备注", width: 140 },
  ];
  return (
    <ListScreen<typeof TICKET_LIST, ExchangeRow>
      tableId="voucherExchanges"
      route={TICKET_LIST}
      params={PARAMS}
      columns={columns}
      keyword={{ placeholder: "客户姓名或手机号" }}
      toolbar={() => rights.a && <AddButton onClick={() => setCreating(true)}>新增兑换</AddButton>}
    >
      {() => creating && <ExchangeForm onClose={() => setCreating(false)} />}
    </ListScreen>
  );
}

/** The exchange modal: the client, their stored weeks read live, the weeks to exchange. */
function ExchangeForm({ onClose }: { onClose: () => void }) {
  const [client, setClient] = useState<FoundClient | null>(null);
  const form = useSchemaForm(ExchangeInput, { id: "", clientId: "", weekCount: "", remark: "" });
  const membership = useMembership(client?.id);
  const exchange = useExchange();
  const rows = membership.data ?? [];
  const chosen = rows.find((r) => String(r.productTypeId) === String(form.values.id));
  const weeks = Number(form.values.weekCount);
  const gives = Number.isInteger(weeks) && weeks > 0 ? exchangeCounts(weeks) : null;
  // Submit runs once the values passed the route's own schema: they are its input.
  const submit = form.submit(async () => {
    const input = form.values;
    if (v.is(ExchangeInput, input) && (await succeeded(exchange.mutateAsync(input)))) onClose();
  });
  return (
    <ClientFormDialog
      title="新增房券兑换"
      form={form}
      client={client}
      onClient={(c) => {
        setClient(c);
        form.set("id", "");
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="会员产品" required error={form.errors.id} hint={client && membership.isPending ? "正在读取存储周次…" : undefined}>
        <Select
          {...form.field("id")}
          options={rows.map((r) => ({ value: r.productTypeId, label: `${r.productTypeName}：剩余 ${r.remainingCount} 周（共 ${r.storeCount} 周）` }))}
          placeholder={client && !membership.isPending && rows.length === 0 ? "该客户没有存储周次" : "请选择"}
        />
      </Field>
      <Field label="兑换数量" required error={form.errors.weekCount} hint={chosen ? `周，最多 ${chosen.remainingCount} 周` : "周"}>
        <TextInput {...form.field("weekCount")} inputMode="numeric" className="w-40" />
      </Field>
      {gives && (
        <p role="note" className="mb-2 ml-[7.75rem] rounded bg-slate-50 px-3 py-2 text-sm text-slate-600">
          将发放平日免费券 {gives.weekstartTicketCount} 张、周末免费券 {gives.weekendTicketCount} 张，有效期同所扣会员周次。
        </p>
      )}
      <Field label="备注" error={form.errors.remark}>
        <TextArea {...form.field("remark")} rows={2} />
      </Field>
    </ClientFormDialog>
  );
}
