import { Modal } from "../../ui/dialogs/Modal.tsx";
import type { Client } from "./clientQueries.ts";
import { useMembershipTotals } from "./clientQueries.ts";
import { countText, remainingOf } from "./membershipText.ts";
import { MembershipRows } from "./MembershipRows.tsx";
import { TotalsGate } from "./TotalsGate.tsx";

/**
 * 在用产品 (1200 wide, R280, R284): every membership product the client holds, by product type,
 * with what is left; P changes a purchase's validity on its row.
 */
export function InUseProducts({ client, onClose }: { client: Client; onClose: () => void }) {
  const totals = useMembershipTotals(client.id);
  return (
    <Modal open width={1200} title={`在用产品 · ${client.clientName}`} onClose={onClose}>
      <TotalsGate totals={totals}>
        {(list) => (
          <div className="flex flex-col gap-4">
            {list.map((s) => (
              <section key={s.productTypeId} aria-label={s.productTypeName}>
                <h3 className="mb-1.5 flex items-baseline gap-3 text-sm font-medium text-slate-700">
                  {s.productTypeName}
                  <span className="text-xs font-normal text-slate-500">
                    共{s.storeCount}
                    {s.shipUnit || "周"}，剩余 {countText(remainingOf(s), s.shipUnit)}
                  </span>
                </h3>
                <MembershipRows clientId={client.id} productTypeId={s.productTypeId} />
              </section>
            ))}
          </div>
        )}
      </TotalsGate>
    </Modal>
  );
}
