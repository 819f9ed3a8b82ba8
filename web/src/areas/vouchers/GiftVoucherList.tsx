import { useState } from "react";
import * as v from "valibot";
import { GiftInput } from "@xiangyu/core/vouchers/schemas";
import { MSG } from "@xiangyu/core/vouchers/rules";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { FilterSelect } from "../../ui/list/filters.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import { ClientFormDialog } from "../../ui/dialogs/ClientFormDialog.tsx";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { RadioGroup, TextArea } from "../../ui/form/inputs.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import type { FoundClient } from "../../ui/pickers/ClientFinder.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { useScreen } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import type { Column } from "../../ui/table/columns.ts";
import { TICKET_LIST, useReviewGift, useRevokeGift, useSaveGift, type GiftRow } from "./voucherQueries.ts";
import { dayOf, priceTypeName, scopeName } from "./voucherTexts.ts";
import { VoucherFields } from "./VoucherFields.tsx";

/**
 * /order/giftticket (赠送房券列表, 1802, R200–R214): gift batches newest first. 赠送 (A) makes a
 * pending batch; 审核 (P) approves it (usable) or not (deleted); 撤销 (D) takes back a reviewed,
 * unused batch; a used one shows only 已审核.
 */
const PARAMS = { exchangeType: "3" };
const STATUS_OPTIONS = [
  { value: "0", label: "待审核" },
  { value: "1", label: "已审核" },
];

export default function GiftVoucherList() {
  const { rights, title } = useScreen();
  const [creating, setCreating] = useState(false);
  const [reviewing, setReviewing] = useState<GiftRow | null>(null);
  const revoke = useRevokeGift();

  async function revokeRow(g: GiftRow) {
    if (!(await confirm({ title: "撤销确认", message: `确定撤销${g.clientName}的房券批次 ${g.batchNo} 中未使用的 ${g.remainingCount} 张房券吗？`, okText: "撤销", danger: true })))
      return;
    await succeeded(revoke.mutateAsync({ batchNo: g.batchNo }));
  }

  const columns: Column<GiftRow>[] = [
    { id: "batchNo", header: "批次号", nowrap: true },
    { id: "clientName", header: "客户", nowrap: true, text: (g) => `${g.clientName} ${g.mobile}` },
    { id: "ticketCount", header: "数量", nowrap: true, align: "right" },
    { id: "remainingCount", header: "剩余", nowrap: true, align: "right" },
    { id: "ticketDuration", header: "有效期限", nowrap: true, text: (g) => dayOf(g.ticketDuration) },
    { id: "priceType", header: "价格类型", nowrap: true, text: (g) => priceTypeName(g.priceType) },
    { id: "useScope", header: "使用范围", nowrap: true, text: (g) => scopeName(g.useScope) },
    { id: "bindingHotelList", header: "适用酒店", width: 160, text: (g) => g.hotelsText },
    { id: "exchangeUser", header: "赠送人", nowrap: true },
    { id: "exchangeTime", header: "赠送时间", nowrap: true },
    { id: "remark", header: "备注", width: 140 },
    {
      id: "status",
      header: "状态",
      nowrap: true,
      align: "center",
      text: (g) => (g.status !== 1 ? "待审核" : g.revokedCount > 0 ? "已撤销" : g.isUsed ? "已使用" : "已审核"),
    },
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (g) =>
        g.state === "pending" ? (
          rights.p && (
            <Button size="sm" variant="link" aria-label={`审核：${g.batchNo}`} onClick={() => setReviewing(g)}>
              审核
            </Button>
          )
        ) : g.state === "revocable" && rights.d ? (
          <Button size="sm" variant="link" className="text-red-600!" aria-label={`撤销：${g.batchNo}`} onClick={() => void revokeRow(g)}>
            撤销
          </Button>
        ) : (
          <span className="text-slate-500">已审核</span>
        ),
    },
  ];

  return (
    <ListScreen<typeof TICKET_LIST, GiftRow>
      tableId="giftVouchers"
      route={TICKET_LIST}
      params={PARAMS}
      columns={columns}
      exportName={title || "赠送房券列表"}
      filterKeys={["status"]}
      filters={<FilterSelect name="status" label="审核状态" options={STATUS_OPTIONS} />}
      keyword={{ placeholder: "客户姓名或手机号" }}
      toolbar={() => rights.a && <AddButton onClick={() => setCreating(true)}>赠送房券</AddButton>}
    >
      {() => (
        <>
          {creating && <GiftForm onClose={() => setCreating(false)} />}
          {reviewing && <ReviewDialog gift={reviewing} onClose={() => setReviewing(null)} />}
        </>
      )}
    </ListScreen>
  );
}

const START = { hotelId: "", clientId: "", ticketCount: "", ticketDuration: "", priceType: 1, useScope: 1, bindingHotelId: "0", remark: "" };

/** 赠送房券 (R202–R207): client, count, expiry, price type, scope, hotels (通用 exclusive). */
function GiftForm({ onClose }: { onClose: () => void }) {
  const [client, setClient] = useState<FoundClient | null>(null);
  const form = useSchemaForm(GiftInput, START);
  const save = useSaveGift();
  // Submit runs once the values passed the route's own schema: they are its input.
  const submit = form.submit(async () => {
    const input = form.values;
    if (v.is(GiftInput, input) && (await succeeded(save.mutateAsync(input)))) onClose();
  });
  return (
    <ClientFormDialog title="赠送房券" form={form} client={client} onClient={setClient} onSubmit={submit} onClose={onClose}>
      <VoucherFields form={form} countLabel="赠送数量" />
      <Field label="备注" error={form.errors.remark}>
        <TextArea {...form.field("remark")} rows={2} />
      </Field>
    </ClientFormDialog>
  );
}

/** 审核 (R209–R212): 1 通过 makes the vouchers usable, 2 不通过 deletes the batch. */
function ReviewDialog({ gift, onClose }: { gift: GiftRow; onClose: () => void }) {
  const [status, setStatus] = useState<unknown>("");
  const review = useReviewGift();
  async function ok() {
    if (status !== 1 && status !== 2) return void toast.error(MSG.pickReview);
    if (await succeeded(review.mutateAsync({ batchNo: gift.batchNo, status: status as number }))) onClose();
  }
  return (
    <Modal
      open
      width={500}
      title="赠送房券审核"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" busy={review.isPending} onClick={() => void ok()}>
            确定
          </Button>
        </>
      }
    >
      <StaticField label="批次号">{gift.batchNo}</StaticField>
      <StaticField label="客户">{`${gift.clientName} ${gift.mobile}`}</StaticField>
      <StaticField label="房券">{`${priceTypeName(gift.priceType)} · ${scopeName(gift.useScope)} · ${gift.ticketCount} 张，${dayOf(gift.ticketDuration)} 到期`}</StaticField>
      <Field label="审核结果" required>
        <RadioGroup
          name="reviewStatus"
          value={status}
          onChange={setStatus}
          options={[
            { value: 1, label: "审核通过" },
            { value: 2, label: "审核不通过（删除该批次）" },
          ]}
        />
      </Field>
    </Modal>
  );
}
