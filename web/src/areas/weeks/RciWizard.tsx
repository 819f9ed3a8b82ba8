import { useState } from "react";
import { RciExchangeInput } from "@xiangyu/core/weeks/schemas";
import { checkExchangeCount } from "@xiangyu/core/weeks/rules";
import { Wizard } from "../../ui/feedback/Steps.tsx";
import type { FoundClient } from "../../ui/pickers/ClientFinder.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { stepErrors } from "./formErrors.ts";
import { useExchange, useMembershipInfo } from "./weeksQueries.ts";
import { RciClientStep, RciCountStep, RciStoredStep, RciSummary } from "./RciSteps.tsx";

/**
 * 周次交换 (RCI), four steps (R234): find the client, read the stored weeks live, fill the weeks
 * to exchange (1 ≤ count ≤ whole weeks left, R236–R238), confirm and submit (兑换完成). The server
 * checks the count again against the balance at the moment of the exchange.
 */
export type RciDraft = { client: FoundClient | null; productTypeId: number | null; exchangeCount: string; remark: string };
const FIELD_OF: Record<string, string> = { client: "clientId" };
const EMPTY: RciDraft = { client: null, productTypeId: null, exchangeCount: "", remark: "" };

export function RciWizard({ onDone }: { onDone: () => void }) {
  const [d, setD] = useState<RciDraft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  const info = useMembershipInfo(d.client?.id);
  const rows = info.data ?? [];
  const chosen = rows.find((r) => r.productTypeId === d.productTypeId) ?? rows[0];
  const exchange = useExchange();
  // A field's message goes as soon as the field changes (the next problem is said at 下一步).
  const patch = (p: Partial<RciDraft>) => {
    setD((x) => ({ ...x, ...p }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(p)) delete next[FIELD_OF[k] ?? k];
      return next;
    });
  };
  const values = () => ({ clientId: d.client?.id ?? "", exchangeCount: d.exchangeCount, remark: d.remark, productTypeId: chosen?.productTypeId ?? "" });

  function check(fields: string[], more?: () => string | undefined) {
    const e = stepErrors(RciExchangeInput, values(), fields);
    const extra = !Object.keys(e).length && more?.();
    if (extra) e[fields[1] ?? fields[0]] = extra;
    setErrors(e);
    return Object.keys(e).length === 0;
  }
  const countRule = () => {
    try {
      checkExchangeCount(Number(d.exchangeCount), chosen?.remainingCount ?? 0);
    } catch (e) {
      return (e as Error).message;
    }
  };

  async function submit() {
    setBusy(true);
    try {
      if (await succeeded(exchange.mutateAsync(values()))) {
        setD(EMPTY);
        setRound((r) => r + 1);
        onDone();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Wizard
      key={round}
      busy={busy}
      finishText="确认兑换"
      onFinish={submit}
      steps={[
        {
          title: "选择客户",
          validate: () => check(["clientId"]),
          content: <RciClientStep d={d} errors={errors} patch={patch} />,
        },
        {
          title: "读取存储周次",
          validate: () => !info.isPending && check(["clientId"], () => (rows.length ? undefined : "该客户没有可兑换的会员周次")),
          content: <RciStoredStep d={d} errors={errors} />,
        },
        {
          title: "填写兑换周次",
          validate: () => check(["exchangeCount", "remark"], countRule),
          content: <RciCountStep d={d} rows={rows} chosen={chosen} errors={errors} patch={patch} />,
        },
        {
          title: "确认提交",
          content: <RciSummary d={d} chosen={chosen} />,
        },
      ]}
    />
  );
}
