import type { ReactNode } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { Button } from "../../ui/Button.tsx";
import type { MembershipSummary } from "./clientQueries.ts";
import { remainingOf, usedOf, WEEKDAY_NIGHTS, WEEKEND_NIGHTS, type CountLine } from "./membershipText.ts";
import { PasswordReveal, type AccountType } from "./PasswordReveal.tsx";
import { Collapsible } from "./Collapsible.tsx";

/**
 * One product type of a client's membership (R298): stored in total, used and remaining as whole
 * weeks plus loose weekday and weekend nights, the account and the exchange-network (RCI) account.
 * Settings need E (R300); the product detail opens the purchases.
 */
type Props = { clientId: number; summary: MembershipSummary; onDetail: () => void; onSettings: (type: AccountType) => void };

export function MembershipPanel({ clientId, summary: s, onDetail, onSettings }: Props) {
  const { rights } = useScreen();
  const unit = s.shipUnit || "周";
  return (
    <Collapsible
      title={s.productTypeName}
      extra={
        <Button size="sm" onClick={onDetail}>
          产品明细
        </Button>
      }
    >
      <div className="grid grid-cols-3 gap-3" aria-label={`${s.productTypeName}存储`} role="group">
        <Tile label="总数" main={`${s.storeCount}${unit}`} />
        <Tile label="已用" main={`${s.usedCount}${unit}`} line={usedOf(s)} />
        <Tile label="剩余" main={`${s.remainingCount}${unit}`} line={remainingOf(s)} strong />
      </div>
      {(s.hasAccount === 1 || s.hasRci === 1) && (
        <div className="mt-3 grid grid-cols-2 items-start gap-3">
          {s.hasAccount === 1 && (
            <Box
              title="会员账号"
              action={
                rights.e && (
                  <Button size="sm" variant="link" onClick={() => onSettings(1)}>
                    账号设置
                  </Button>
                )
              }
            >
              <Line label="账号">{s.account || <span className="text-slate-400">未设置</span>}</Line>
              <Line label="密码">
                <PasswordReveal clientId={clientId} productTypeId={s.productTypeId} type={1} isSet={s.passwordSet === 1} />
              </Line>
            </Box>
          )}
          {s.hasRci === 1 && (
            <Box
              title="交换网络（RCI）账号"
              action={
                rights.e && (
                  <Button size="sm" variant="link" onClick={() => onSettings(2)}>
                    RCI设置
                  </Button>
                )
              }
            >
              <Line label="RCI存入">
                {s.rciStoreCount}
                {unit}
              </Line>
              <Line label="RCI会员号">{s.rciId || <span className="text-slate-400">未设置</span>}</Line>
              <Line label="RCI账号">{s.rciAccount || <span className="text-slate-400">未设置</span>}</Line>
              <Line label="RCI密码">
                <PasswordReveal clientId={clientId} productTypeId={s.productTypeId} type={2} isSet={s.rciPasswordSet === 1} />
              </Line>
            </Box>
          )}
        </div>
      )}
    </Collapsible>
  );
}

function Tile({ label, main, line, strong }: { label: string; main: string; line?: CountLine; strong?: boolean }) {
  return (
    <dl className={`rounded border px-3 py-2 ${strong ? "border-blue-200 bg-blue-50/50" : "border-slate-200"}`}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`text-xl font-semibold tabular-nums ${strong ? "text-blue-700" : "text-slate-800"}`} aria-label={label}>
        {main}
      </dd>
      {line && (
        <dd className="mt-0.5 flex gap-3 text-xs text-slate-500">
          <span>
            {WEEKDAY_NIGHTS} <b className="font-medium text-slate-700 tabular-nums">{line.weekday}</b>
          </span>
          <span>
            {WEEKEND_NIGHTS} <b className="font-medium text-slate-700 tabular-nums">{line.weekend}</b>
          </span>
        </dd>
      )}
    </dl>
  );
}

function Box({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded border border-slate-200 px-3 py-2">
      <div className="mb-1 flex items-center justify-between text-xs font-medium text-slate-500">
        {title}
        {action}
      </div>
      <dl className="text-sm">{children}</dl>
    </div>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_1fr] items-center py-0.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-h-7 text-slate-800">{children}</dd>
    </div>
  );
}
