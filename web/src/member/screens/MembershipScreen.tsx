import { CLASS_NAMES, VOUCHER_CLASS_NAMES } from "@xiangyu/core/vouchers/ledger/plan";
import { Card, Empty, Loaded, Row, ScreenBar } from "../parts.tsx";
import { useMemberRead } from "../queries.ts";

/** My stored weeks and room vouchers (GET mp/membership): the staff's memberstore figures for my client, the lots and batches with their expiry, and the weeks' history. */
export default function MembershipScreen() {
  const store = useMemberRead("GET /xiangyu/api/mp/membership", {});
  return (
    <>
      <ScreenBar title="我的周次与房券" />
      <Loaded query={store}>
        {({ data: m }) =>
          m && (
            <>
              <Card>
                <h2 className="mb-1 text-sm font-medium">会员周次</h2>
                {m.membership ? (
                  <div className="grid grid-cols-3 text-center">
                    <Figure label="剩余周次" value={m.membership.remainingCount} />
                    <Figure label="平日半周" value={m.membership.remainingFirstHaltCount} />
                    <Figure label="周末半周" value={m.membership.remainingSecondHaltCount} />
                  </div>
                ) : (
                  <p className="text-sm text-slate-500">暂无会员周次</p>
                )}
              </Card>
              <Card>
                <h2 className="mb-1 text-sm font-medium">房券（共 {m.ticketClassCount.total} 张可用）</h2>
                <div className="grid grid-cols-3 gap-y-2 text-center">
                  {CLASS_NAMES.map((k) => (
                    <Figure key={k} label={VOUCHER_CLASS_NAMES[k]} value={m.ticketClassCount[k]} />
                  ))}
                </div>
              </Card>
              <Card>
                <h2 className="mb-1 text-sm font-medium">周次明细</h2>
                {m.weekLots.length ? (
                  m.weekLots.map((l) => (
                    <Row key={l.id} label={`${l.productTypeName} ${l.productName}`}>
                      剩余 {l.remainingCount} · {l.expired ? "已过期" : `${l.shipDuration.slice(0, 10)} 到期`}
                    </Row>
                  ))
                ) : (
                  <Empty text="暂无周次" />
                )}
              </Card>
              <Card>
                <h2 className="mb-1 text-sm font-medium">房券批次</h2>
                {m.voucherBatches.length ? (
                  m.voucherBatches.map((b) => (
                    <Row key={b.id} label={b.batchNo}>
                      剩余 {b.remainingCount}/{b.ticketCount} · {b.expired ? "已过期" : `${b.ticketDuration.slice(0, 10)} 到期`}
                    </Row>
                  ))
                ) : (
                  <Empty text="暂无房券" />
                )}
              </Card>
              <Card>
                <h2 className="mb-1 text-sm font-medium">周次变动</h2>
                {m.weekHistory.length ? (
                  m.weekHistory.map((h, i) => (
                    <Row key={i} label={`${h.time.slice(0, 16)} ${h.reason || h.kind}`}>
                      {signed(h.change.remainingCount)} 周 · 余 {h.after.remainingCount}
                    </Row>
                  ))
                ) : (
                  <Empty text="暂无变动" />
                )}
              </Card>
            </>
          )
        }
      </Loaded>
    </>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="py-1">
      <p className="text-xl font-semibold text-red-700">{value}</p>
      <p className="text-xs text-slate-500">{label}</p>
    </div>
  );
}
