import { useState } from "react";
import { WorkOrderSaveInput } from "@xiangyu/core/workorders/schemas";
import { BUY, EMPTY_STATE, PRESENCE, QUALIFIED, WO_MSG, checkPurchase, decide, sectionsOf, type WoState } from "@xiangyu/core/workorders/rules";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { Modal } from "../../ui/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { Select, TextArea, TextInput, type Option } from "../../ui/form/inputs.tsx";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { useSchemaForm, type Values } from "../../ui/form/useSchemaForm.ts";
import { Collapsible } from "../clients/Collapsible.tsx";
import { FinalPayDialog } from "./FinalPayDialog.tsx";
import { useProductOptions, useSaveClientStatus, useSaveWorkOrder, useWorkOrder, type WorkOrder } from "./workorderQueries.ts";

/**
 * The work order's edit panel (spec 001 "Work order edit panel"): collapsible client, appointment,
 * presence and purchase sections whose visibility and read-only state come from the same rules the
 * server decides with (`sectionsOf`, R320–R323); a save is first checked with `decide` so the
 * message under the field is the server's (R333–R344), and a refused save says 部分必填项没填写 (R347).
 * `readOnly` is the view with final payment (FinalPayDialog); a locked work order is shown that way too.
 */
const PRESENCE_OPTIONS: Option[] = [
  { value: PRESENCE.unverified, label: "未核实" },
  { value: PRESENCE.came, label: "到场" },
  { value: PRESENCE.absent, label: "未到场" },
  { value: PRESENCE.verified, label: "已核实到场" },
];
const QUALIFIED_OPTIONS: Option[] = [
  { value: QUALIFIED.qualified, label: "合格" },
  { value: QUALIFIED.unqualified, label: "不合格" },
];
const BUY_OPTIONS: Option[] = [
  { value: BUY.buy, label: "购买" },
  { value: BUY.notBuy, label: "未购买" },
];
const YES_NO: Option[] = [
  { value: 1, label: "是" },
  { value: 0, label: "否" },
];
const DEAL_OPTIONS: Option[] = [
  { value: 1, label: "成交" },
  { value: 2, label: "未成交" },
];
export const PAYMENT_NOTICE = "请确认客户已完成付款后再保存：保存购买后工单将锁定，购买单进入收银审核。";

/** Which field a refusal's message belongs to (the message shows under it). */
/** The stage fields of the view, as the rules read them. */
const pickState = (w: WorkOrder): Partial<WoState> => Object.fromEntries(Object.keys(EMPTY_STATE).map((k) => [k, w[k as keyof WoState]]));

const FIELD_OF: Record<string, string> = {
  ...Object.fromEntries(Object.entries(WO_MSG).map(([k, m]) => [m, k])),
  [WO_MSG.firstAboveTotal]: "firstPayAmount",
  [WO_MSG.buyNotPresent]: "isBuy",
  [WO_MSG.presenceNotAccepted]: "bePresent",
  [WO_MSG.presenceReadOnly]: "bePresent",
  [WO_MSG.appointmentReadOnly]: "isAppointment",
  [WO_MSG.locked]: "form",
  [WO_MSG.dealRight]: "isBuyPassed",
};

const str = (x: unknown) => (x === undefined || x === null ? "" : String(x));

type SaveValues = Values<typeof WorkOrderSaveInput>;

/** The whole record the panel edits: the work order's fields, then the purchase and the call of this save, blank. */
function startValues(w: WorkOrder | undefined, clientId: number): SaveValues {
  const from = (k: keyof WoState) => str(w?.[k]);
  // Unanswered questions start blank, so a save that answers none says which (R336–R338).
  const answered = (k: "isAppointment" | "bePresent" | "isQualified" | "isBuy") => (w && (k === "isAppointment" || w[k]) ? str(w[k]) : "");
  return {
    id: w?.id ?? "",
    clientId,
    isAppointment: answered("isAppointment"),
    appointmentTime: from("appointmentTime"),
    appointmentAdrress: from("appointmentAdrress"),
    appointmentRemark: from("appointmentRemark"),
    bePresent: answered("bePresent"),
    arrivalTime: from("arrivalTime"),
    arrivalRemark: from("arrivalRemark"),
    receptionStaff: from("receptionStaff"),
    isQualified: answered("isQualified"),
    unpualifiedReason: from("unpualifiedReason"),
    isBuy: answered("isBuy"),
    notBuyReason: from("notBuyReason"),
    isBuyPassed: from("isBuyPassed"),
    notBuyReasonPassed: from("notBuyReasonPassed"),
    saleUser: from("saleUser"),
    productId: "",
    payType: "",
    isInstallment: "",
    payAmount: "",
    firstPayAmount: "",
    giftCount: "",
    givingGifts: "",
    remark: "",
    buylistId: "",
    recordType: "",
    recordRemark: "",
  };
}

export function WorkOrderPanel({ clientId, clientName, id, readOnly, onClose }: { clientId: number; clientName: string; id?: number; readOnly?: boolean; onClose: () => void }) {
  const { rights } = useScreen();
  const view = useWorkOrder(id ? { id } : { clientId });
  // A client never invited has no work order (404): the panel starts a new one.
  const missing = view.isError;
  if (view.isPending) return null;
  return (
    <PanelBody
      key={view.data?.id ?? 0}
      clientId={clientId}
      clientName={clientName}
      w={missing ? undefined : view.data}
      readOnly={!!readOnly || !(rights.a || rights.e) || (!!view.data && !view.data.canSave)}
      canReviewDeal={rights.e || rights.d}
      canPay={rights.e}
      onClose={onClose}
    />
  );
}

type BodyProps = { clientId: number; clientName: string; w?: WorkOrder; readOnly: boolean; canReviewDeal: boolean; canPay: boolean; onClose: () => void };

function PanelBody({ clientId, clientName, w, readOnly, canReviewDeal, canPay, onClose }: BodyProps) {
  const form = useSchemaForm(WorkOrderSaveInput, startValues(w, clientId));
  const [paying, setPaying] = useState(false);
  const save = useSaveWorkOrder({ onClose });
  const saveStatus = useSaveClientStatus();
  const appointmentTypes = useStyleParams("appointmentType").data ?? [];
  const reasons = useStyleParams("unpualifiedReasons").data ?? [];
  const notBuy = useStyleParams("notBuyReasons").data ?? [];
  const payTypes = useStyleParams("payType").data ?? [];
  const products = useProductOptions();

  const saved: WoState = w ? { ...EMPTY_STATE, ...pickState(w) } : EMPTY_STATE;
  const unlocked = !!w && !!w.locked && !!w.canSave;
  const sec = w ? w.sections : sectionsOf(saved, { locked: false, canReviewDeal });
  const ro = (s: { readOnly: boolean }) => readOnly || s.readOnly;
  const v = form.values;
  const bind = (k: keyof SaveValues) => {
    const f = form.field(k);
    // A changed appointment answer asks the presence again.
    const onChange = (x: unknown) => (f.onChange(str(x)), k === "isAppointment" && form.set("bePresent", "0"));
    return { name: f.name, value: str(f.value), onChange, onBlur: f.onBlur, error: form.errors[k] };
  };

  // The schema's messages first, then the stage rules the server decides with (R333–R347), each under its field.
  const submit = form.submit(async (input) => {
    const prev = unlocked ? { ...saved, status: 2, isBuy: 0 } : saved;
    const d = decide(prev, input, { locked: false, canReviewDeal });
    const message = !d.ok ? d.message : d.buys ? checkPurchase(input) : null;
    if (message) return form.refuse(FIELD_OF[message] ?? "form", message);
    await save(form.values);
  });

  const bought = w?.buyInfo;
  if (paying && bought) return <FinalPayDialog buy={bought} onClose={onClose} />;
  return (
    <Modal
      open
      width={800}
      title={`电邀工单 · ${clientName}${w ? ` · ${w.statusName}` : " · 未电邀"}`}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{readOnly ? "关闭" : "取消"}</Button>
          {!readOnly && (
            <Button variant="primary" busy={form.submitting} onClick={() => void submit()}>
              保存
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {form.errors.form && (
          <p role="alert" className="text-sm text-red-600">
            {form.errors.form}
          </p>
        )}
        {!readOnly && sec.purchase.visible && (
          <p role="note" className="rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {PAYMENT_NOTICE}
          </p>
        )}
        <Collapsible title="客户信息">
          <StaticField label="客户">
            <span className="mr-2">{clientName}</span>
            <CopyButton text={clientName} />
          </StaticField>
          {w?.mobile && (
            <StaticField label="手机号">
              <span className="mr-2">{w.mobile}</span>
              <CopyButton text={w.mobile} />
            </StaticField>
          )}
          {!readOnly && <ClientStatus clientId={clientId} onSave={(x) => succeeded(saveStatus.mutateAsync(x))} />}
        </Collapsible>
        <Collapsible title="应邀信息">
          <Field label="是否应邀" required error={form.errors.isAppointment}>
            <Select {...bind("isAppointment")} aria-label="是否应邀" options={appointmentTypes} placeholder="请选择" disabled={ro(sec.appointment)} />
          </Field>
          {v.isAppointment === "1" && (
            <>
              <Field label="应邀时间" required error={form.errors.appointmentTime}>
                <TextInput {...bind("appointmentTime")} aria-label="应邀时间" placeholder="YYYY-MM-DD HH:mm:ss" disabled={ro(sec.appointment)} />
              </Field>
              <Field label="应邀展场" required error={form.errors.appointmentAdrress}>
                <TextInput {...bind("appointmentAdrress")} aria-label="应邀展场" disabled={ro(sec.appointment)} />
              </Field>
            </>
          )}
          <Field label="电邀结果">
            <TextInput {...bind("recordType")} aria-label="电邀结果" placeholder="如：接通、未接通" disabled={readOnly} />
          </Field>
          <Field label="电邀记录">
            <TextArea {...bind("recordRemark")} aria-label="电邀记录" disabled={readOnly} />
          </Field>
        </Collapsible>
        {sec.presence.visible && (
          <Collapsible title="到场信息">
            <Field label="是否到场" required error={form.errors.bePresent}>
              <Select {...bind("bePresent")} aria-label="是否到场" options={PRESENCE_OPTIONS} placeholder="请选择" disabled={ro(sec.presence)} />
            </Field>
            {(v.bePresent === "1" || v.bePresent === "3") && (
              <>
                <Field label="是否合格" required error={form.errors.isQualified}>
                  <Select {...bind("isQualified")} aria-label="是否合格" options={QUALIFIED_OPTIONS} placeholder="请选择" disabled={ro(sec.presence)} />
                </Field>
                {v.isQualified === "2" && (
                  <Field label="不合格原因" required error={form.errors.unpualifiedReason}>
                    <Select
                      {...bind("unpualifiedReason")}
                      aria-label="不合格原因"
                      options={reasons.map((o) => ({ ...o, value: o.label }))}
                      placeholder="请选择"
                      disabled={ro(sec.presence)}
                    />
                  </Field>
                )}
                <Field label="接待人员">
                  <TextInput {...bind("receptionStaff")} aria-label="接待人员" disabled={ro(sec.presence)} />
                </Field>
              </>
            )}
          </Collapsible>
        )}
        {sec.purchase.visible && (
          <Collapsible title="购买信息">
            {bought && !unlocked ? (
              <>
                <StaticField label="产品">{bought.productName}</StaticField>
                <StaticField label="支付金额">{bought.payAmount} 元</StaticField>
                <StaticField label="分期">{bought.isInstallment ? `是，首付 ${bought.firstPayAmount} 元` : "否"}</StaticField>
                <StaticField label="尾款">
                  {bought.isInstallment ? (bought.finalPayTime ? `${bought.finalPayAmount} 元（${bought.finalPayTime}）` : "未支付") : "无需支付"}
                  {!!bought.isInstallment && !bought.finalPayTime && canPay && bought.status < 4 && (
                    <Button size="sm" variant="link" className="ml-2" onClick={() => setPaying(true)}>
                      未支付，去处理
                    </Button>
                  )}
                </StaticField>
                <StaticField label="审核状态">{["", "待收银审核", "待财务经理审核", "待会员服务审核", "审核通过", "审核不通过"][bought.status] ?? ""}</StaticField>
              </>
            ) : (
              <>
                {unlocked && bought && <p className="mb-2 text-sm text-red-600">审核不通过：{bought.reason}，可重新提交购买。</p>}
                <Field label="是否购买" required error={form.errors.isBuy}>
                  <Select {...bind("isBuy")} aria-label="是否购买" options={BUY_OPTIONS} placeholder="请选择" disabled={ro(sec.purchase)} />
                </Field>
                {v.isBuy === "1" && (
                  <>
                    <Field label="产品" required error={form.errors.productId}>
                      <Select {...bind("productId")} aria-label="产品" options={products.data ?? []} placeholder="请选择" disabled={ro(sec.purchase)} />
                    </Field>
                    <Field label="支付方式" required error={form.errors.payType}>
                      <Select {...bind("payType")} aria-label="支付方式" options={payTypes} placeholder="请选择" disabled={ro(sec.purchase)} />
                    </Field>
                    <Field label="是否分期" required error={form.errors.isInstallment}>
                      <Select {...bind("isInstallment")} aria-label="是否分期" options={YES_NO} placeholder="请选择" disabled={ro(sec.purchase)} />
                    </Field>
                    <Field label="支付金额" required error={form.errors.payAmount}>
                      <TextInput {...bind("payAmount")} aria-label="支付金额" inputMode="decimal" disabled={ro(sec.purchase)} />
                    </Field>
                    {v.isInstallment === "1" && (
                      <Field label="首次支付金额" required error={form.errors.firstPayAmount}>
                        <TextInput {...bind("firstPayAmount")} aria-label="首次支付金额" inputMode="decimal" disabled={ro(sec.purchase)} />
                      </Field>
                    )}
                  </>
                )}
                {v.isBuy === "2" && (
                  <Field label="未购买原因" required error={form.errors.notBuyReason}>
                    <Select
                      {...bind("notBuyReason")}
                      aria-label="未购买原因"
                      options={notBuy.map((o) => ({ ...o, value: o.label }))}
                      placeholder="请选择"
                      disabled={ro(sec.purchase)}
                    />
                  </Field>
                )}
              </>
            )}
          </Collapsible>
        )}
        {sec.deal.visible && (
          <Collapsible title="成交审核">
            <Field label="是否成交" error={form.errors.isBuyPassed}>
              <Select {...bind("isBuyPassed")} aria-label="是否成交" options={DEAL_OPTIONS} placeholder="请选择" disabled={ro(sec.deal)} />
            </Field>
            {v.isBuyPassed === "2" && (
              <Field label="未成交原因" required error={form.errors.noDealReason}>
                <TextInput {...bind("notBuyReasonPassed")} aria-label="未成交原因" disabled={ro(sec.deal)} />
              </Field>
            )}
          </Collapsible>
        )}
      </div>
    </Modal>
  );
}

/** R332: job and marital status are saved on their own (saveclientstatus). */
function ClientStatus({ clientId, onSave }: { clientId: number; onSave: (x: { clientId: number; jobType: string; maritalStatus: string }) => Promise<boolean> }) {
  const jobs = useStyleParams("jobType").data ?? [];
  const marital = useStyleParams("maritalStatus").data ?? [];
  const [jobType, setJob] = useState("");
  const [maritalStatus, setMarital] = useState("");
  return (
    <div className="flex items-end gap-2">
      <Field label="职业">
        <Select aria-label="职业" value={jobType} onChange={(x) => setJob(str(x))} options={jobs} placeholder="请选择" />
      </Field>
      <Field label="婚姻状况">
        <Select aria-label="婚姻状况" value={maritalStatus} onChange={(x) => setMarital(str(x))} options={marital} placeholder="请选择" />
      </Field>
      <Button size="sm" onClick={() => void onSave({ clientId, jobType, maritalStatus })}>
        保存客户状态
      </Button>
    </div>
  );
}
