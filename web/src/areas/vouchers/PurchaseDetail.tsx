import { RecordModal } from "../../ui/dialogs/RecordModal.tsx";
import { StaticField } from "../../ui/form/Field.tsx";
import { SandboxPayButton } from "../../ui/SandboxPayButton.tsx";
import { yuanText } from "../../ui/text/money.ts";
import { PURCHASE_LIST, PURCHASE_VIEW } from "./voucherQueries.ts";
import { priceTypeName, ticketTypeName, scopeName } from "./voucherTexts.ts";

/**
 * The purchase order's detail (500 wide, R188) with its status (R193). A waiting order offers the
 * sandbox's 模拟支付 (A): it plays the payment provider's notice, as the mini-program's payment would.
 */
export function PurchaseDetail({ id, onClose }: { id: number; onClose: () => void }) {
  return (
    <RecordModal route={PURCHASE_VIEW} id={id} title="房券购买单详情" width={500} onClose={onClose}>
      {(p) =>
        p && (
          <div aria-label="购买单详情" className="flex flex-col">
            <StaticField label="单号">{p.orderId}</StaticField>
            <StaticField label="客户">{`${p.clientName} ${p.mobile}`}</StaticField>
            <StaticField label="房券类型">{ticketTypeName(p.ticketType)}</StaticField>
            <StaticField label="数量">{p.ticketCount} 张</StaticField>
            <StaticField label="有效期限">{p.ticketDuration}</StaticField>
            <StaticField label="支付金额">{yuanText(p.payAmount)} 元</StaticField>
            <StaticField label="价格类型">{priceTypeName(p.priceType)}</StaticField>
            <StaticField label="使用范围">{scopeName(p.useScope)}</StaticField>
            <StaticField label="适用酒店">{p.hotelsText}</StaticField>
            <StaticField label="备注">{p.remark || "—"}</StaticField>
            <StaticField label="状态">{p.status === 1 ? `已购买（${p.buyTime}，批次 ${p.batchNo}）` : "未购买"}</StaticField>
            <StaticField label="创建">{`${p.createUser} ${p.createTime}`}</StaticField>
            {p.status !== 1 && (
              <div className="mt-3 flex justify-center">
                <SandboxPayButton outTradeNo={p.orderId} totalFee={p.payAmount} invalidates={[PURCHASE_LIST]} onPaid={onClose} label="模拟支付（沙箱）" />
              </div>
            )}
          </div>
        )
      }
    </RecordModal>
  );
}
