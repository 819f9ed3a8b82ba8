import { useState } from "react";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import type { Client, MembershipSummary } from "./clientQueries.ts";
import { displayAge } from "./clientValues.ts";
import type { ClientNames } from "./lookups.ts";
import { useMembershipTotals } from "./clientQueries.ts";
import { MembershipPanel } from "./MembershipPanel.tsx";
import { MembershipRows } from "./MembershipRows.tsx";
import { AccountModal } from "./AccountModal.tsx";
import { Collapsible } from "./Collapsible.tsx";
import type { AccountType } from "./PasswordReveal.tsx";
import { TotalsGate } from "./TotalsGate.tsx";
import { Button } from "../../ui/Button.tsx";
import { BalanceHistory } from "../weeks/BalanceHistory.tsx";
import { VoucherBalances } from "./VoucherBalances.tsx";

/**
 * 会员信息 (1200 wide): the client's details folded at the top, then one panel per product type
 * held (R298) with its product detail table (R299), account settings (R300) and, in the detail,
 * the validity change (R301). Nothing stored reads 客户产品存储信息不存在 (R303). Under them the
 * client's room vouchers (VoucherBalances), so every balance a client holds is seen in one place.
 */
type Props = { client: Client; names: ClientNames; onClose: () => void };

export function MembershipViewer({ client, names, onClose }: Props) {
  const totals = useMembershipTotals(client.id);
  const [detail, setDetail] = useState<MembershipSummary | null>(null);
  const [settings, setSettings] = useState<{ summary: MembershipSummary; type: AccountType } | null>(null);
  const [history, setHistory] = useState(false);

  return (
    <Modal open width={1200} title={`会员信息 · ${client.clientName}`} onClose={onClose}>
      <div className="flex flex-col gap-3">
        <div className="flex justify-end">
          <Button size="sm" onClick={() => setHistory(true)}>
            周次流水
          </Button>
        </div>
        <Collapsible title="客户资料">
          <ClientFacts client={client} names={names} />
        </Collapsible>
        <TotalsGate totals={totals}>
          {(list) =>
            list.map((s) => (
              <MembershipPanel key={s.productTypeId} clientId={client.id} summary={s} onDetail={() => setDetail(s)} onSettings={(type) => setSettings({ summary: s, type })} />
            ))
          }
        </TotalsGate>
        <VoucherBalances clientId={client.id} />
      </div>
      {detail && (
        <Modal open width={1200} title={`${detail.productTypeName} · 产品明细`} onClose={() => setDetail(null)}>
          <MembershipRows clientId={client.id} productTypeId={detail.productTypeId} />
        </Modal>
      )}
      {history && (
        <Modal open width={1200} title={`周次流水 · ${client.clientName}`} onClose={() => setHistory(false)}>
          <BalanceHistory clientId={client.id} />
        </Modal>
      )}
      {settings && <AccountModal clientId={client.id} summary={settings.summary} type={settings.type} onClose={() => setSettings(null)} />}
    </Modal>
  );
}

function ClientFacts({ client: c, names }: { client: Client; names: ClientNames }) {
  // Fields the server defaults may be absent from the item type: a missing one shows as —.
  const facts: [string, string | undefined][] = [
    ["姓名", c.clientName],
    ["手机号码", c.mobile],
    ["会员编号", c.memberCode],
    ["性别", c.sex],
    ["年龄", displayAge(c.age, c.createTime)],
    ["所属门店", c.shopName],
    ["会员状态", names.status(c.status)],
    ["会员等级", names.level(c.memberLevel)],
    ["渠道来源", names.channel(c.clientSource)],
    ["销售员", c.marketer],
    ["登记时间", c.createTime],
    ["电邀状态", c.workOrderStatusName],
  ];
  return (
    <dl className="grid grid-cols-4 gap-x-6 gap-y-1 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="flex gap-2">
          <dt className="shrink-0 text-slate-500">{label}</dt>
          <dd className="truncate text-slate-800">{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
