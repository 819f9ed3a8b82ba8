import { BUY } from "@xiangyu/core/workorders/rules";
import { Button } from "../../ui/Button.tsx";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { Select, TextInput, type Option } from "../../ui/form/inputs.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { Collapsible } from "../clients/Collapsible.tsx";
import { useProductOptions, type WorkOrder } from "./workorderQueries.ts";
import type { Bind, WorkOrderForm } from "./workOrderValues.ts";

const BUY_OPTIONS: Option[] = [
  { value: BUY.buy, label: "购买" },
  { value: BUY.notBuy, label: "未购买" },
];
const YES_NO: Option[] = [
  { value: 1, label: "是" },
  { value: 0, label: "否" },
];

type Bought = NonNullable<WorkOrder["buyInfo"]>;

/**
 * 购买信息: a purchase already made is shown as it stands (with 未支付，去处理 for an unpaid final
 * payment); otherwise, or after a refused review (unlocked), whether the client buys, what and how they pay, or why not.
 */
export function PurchaseSection({
  form,
  bind,
  disabled,
  bought,
  unlocked,
  canPay,
  onPay,
}: {
  form: WorkOrderForm;
  bind: Bind;
  disabled: boolean;
  bought: WorkOrder["buyInfo"] | undefined;
  unlocked: boolean;
  canPay: boolean;
  onPay: () => void;
}) {
  const notBuy = useStyleParams("notBuyReasons").data ?? [];
  const payTypes = useStyleParams("payType").data ?? [];
  const products = useProductOptions();
  const e = form.errors;
  const v = form.values;
  return (
    <Collapsible title="购买信息">
      {bought && !unlocked ? (
        <BoughtFacts bought={bought} canPay={canPay} onPay={onPay} />
      ) : (
        <>
          {unlocked && bought && <p className="mb-2 text-sm text-red-600">审核不通过：{bought.reason}，可重新提交购买。</p>}
          <Field label="是否购买" required error={e.isBuy}>
            <Select {...bind("isBuy")} aria-label="是否购买" options={BUY_OPTIONS} placeholder="请选择" disabled={disabled} />
          </Field>
          {v.isBuy === "1" && (
            <>
              <Field label="产品" required error={e.productId}>
                <Select {...bind("productId")} aria-label="产品" options={products.data ?? []} placeholder="请选择" disabled={disabled} />
              </Field>
              <Field label="支付方式" required error={e.payType}>
                <Select {...bind("payType")} aria-label="支付方式" options={payTypes} placeholder="请选择" disabled={disabled} />
              </Field>
              <Field label="是否分期" required error={e.isInstallment}>
                <Select {...bind("isInstallment")} aria-label="是否分期" options={YES_NO} placeholder="请选择" disabled={disabled} />
              </Field>
              <Field label="支付金额" required error={e.payAmount}>
                <TextInput {...bind("payAmount")} aria-label="支付金额" inputMode="decimal" disabled={disabled} />
              </Field>
              {v.isInstallment === "1" && (
                <Field label="首次支付金额" required error={e.firstPayAmount}>
                  <TextInput {...bind("firstPayAmount")} aria-label="首次支付金额" inputMode="decimal" disabled={disabled} />
                </Field>
              )}
            </>
          )}
          {v.isBuy === "2" && (
            <Field label="未购买原因" required error={e.notBuyReason}>
              <Select {...bind("notBuyReason")} aria-label="未购买原因" options={notBuy.map((o) => ({ ...o, value: o.label }))} placeholder="请选择" disabled={disabled} />
            </Field>
          )}
        </>
      )}
    </Collapsible>
  );
}

/** The purchase made: product, amounts, the final payment and the review's state. */
function BoughtFacts({ bought, canPay, onPay }: { bought: Bought; canPay: boolean; onPay: () => void }) {
  return (
    <>
      <StaticField label="产品">{bought.productName}</StaticField>
      <StaticField label="支付金额">{bought.payAmount} 元</StaticField>
      <StaticField label="分期">{bought.isInstallment ? `是，首付 ${bought.firstPayAmount} 元` : "否"}</StaticField>
      <StaticField label="尾款">
        {bought.isInstallment ? (bought.finalPayTime ? `${bought.finalPayAmount} 元（${bought.finalPayTime}）` : "未支付") : "无需支付"}
        {!!bought.isInstallment && !bought.finalPayTime && canPay && bought.status < 4 && (
          <Button size="sm" variant="link" className="ml-2" onClick={onPay}>
            未支付，去处理
          </Button>
        )}
      </StaticField>
      <StaticField label="审核状态">{["", "待收银审核", "待财务经理审核", "待会员服务审核", "审核通过", "审核不通过"][bought.status] ?? ""}</StaticField>
    </>
  );
}
