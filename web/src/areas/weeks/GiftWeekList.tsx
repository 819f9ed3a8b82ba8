import { useState } from "react";
import { DELAY, DELAY_TEXT, GIFT_STATUS, giftStatusText } from "@xiangyu/core/weeks/rules";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { FilterSelect } from "../../ui/list/filters.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { GiftWeekWizard } from "./GiftWeekWizard.tsx";
import { ReviewDialog } from "./ReviewDialog.tsx";
import { DelayDialog } from "./DelayDialog.tsx";
import { GiftRowActions, type GiftDialog } from "./GiftRowActions.tsx";
import { GIFT_LIST, useReviewDelay, useReviewGift, type GiftWeek } from "./weeksQueries.ts";

/**
 * /order/giftweek (赠送周次, function 1804): the gifts, newest first, searched by client name,
 * mobile or remark. Create (A) is the three-step wizard; a waiting gift is reviewed (P); a reviewed
 * gift with no delay may apply for one (E); a delay under review is reviewed (P). Status and the
 * delay states 0/1/2/3 are shown (R220, R224).
 */
const FILTERS = ["status", "delay"];
const STATUS_OPTIONS = [
  { value: "0", label: "待审核" },
  { value: "1", label: "已审核" },
];
const DELAY_OPTIONS = Object.entries(DELAY_TEXT).map(([value, label]) => ({ value, label }));

type Dialog = { kind: "new" } | { kind: GiftDialog; gift: GiftWeek } | null;

const columns = (actions: Column<GiftWeek>): Column<GiftWeek>[] => [
  { id: "clientName", header: "客户姓名", nowrap: true },
  { id: "mobile", header: "手机号", nowrap: true },
  { id: "giftCount", header: "赠送数量(周)", nowrap: true, align: "right" },
  { id: "giftDuration", header: "有效期限", nowrap: true },
  { id: "serviceUser", header: "客服人员", nowrap: true },
  { id: "giftTime", header: "赠送时间", nowrap: true, sortable: true, sortKey: "id" },
  { id: "remark", header: "备注", width: 160 },
  { id: "status", header: "审核状态", nowrap: true, align: "center", text: (g) => giftStatusText(g.status), cell: (g) => <StatusTag gift={g} /> },
  { id: "delay", header: "延期状态", nowrap: true, align: "center", text: (g) => g.delayText },
  { id: "delayDuration", header: "延期期限", nowrap: true },
  { id: "delayReason", header: "延期原因", width: 140 },
  actions,
];

function StatusTag({ gift }: { gift: GiftWeek }) {
  const reviewed = gift.status === GIFT_STATUS.reviewed;
  return <span className={reviewed ? "text-green-700" : "text-amber-700"}>{giftStatusText(gift.status)}</span>;
}

export default function GiftWeekList() {
  const { rights } = useScreen();
  const [dialog, setDialog] = useState<Dialog>(null);
  const review = useReviewGift();
  const reviewDelay = useReviewDelay();

  const actions: Column<GiftWeek> = {
    id: "actions",
    header: "操作",
    hideable: false,
    exported: false,
    nowrap: true,
    cell: (g) => <GiftRowActions gift={g} rights={rights} onOpen={(kind) => setDialog({ kind, gift: g })} />,
  };

  return (
    <ListScreen
      tableId="giftWeeks"
      route={GIFT_LIST}
      columns={columns(actions)}
      filterKeys={FILTERS}
      filters={
        <>
          <FilterSelect name="status" label="审核状态" options={STATUS_OPTIONS} />
          <FilterSelect name="delay" label="延期状态" options={DELAY_OPTIONS} />
        </>
      }
      keyword={{ placeholder: "客户姓名、手机号或备注" }}
      toolbar={() => rights.a && <AddButton onClick={() => setDialog({ kind: "new" })}>赠送周次</AddButton>}
    >
      {() => (
        <>
          {dialog?.kind === "new" && <GiftWeekWizard onClose={() => setDialog(null)} />}
          {dialog?.kind === "review" && (
            <ReviewDialog
              title="赠送周次审核"
              summary={`${dialog.gift.clientName}：赠送 ${dialog.gift.giftCount} 周，有效期至 ${dialog.gift.giftDuration}。通过后周次存入客户会员周次；不通过将删除该记录。`}
              options={[
                { value: 1, label: "通过" },
                { value: 2, label: "不通过" },
              ]}
              onSubmit={(status) => succeeded(review.mutateAsync({ id: dialog.gift.id, status }))}
              onClose={() => setDialog(null)}
            />
          )}
          {dialog?.kind === "delay" && <DelayDialog gift={dialog.gift} onClose={() => setDialog(null)} />}
          {dialog?.kind === "delayReview" && (
            <ReviewDialog
              title="延期审核"
              summary={`${dialog.gift.clientName}：${dialog.gift.giftCount} 周的有效期由 ${dialog.gift.giftDuration} 延至 ${dialog.gift.delayDuration}。原因：${dialog.gift.delayReason}`}
              options={[
                { value: DELAY.delayed, label: "通过" },
                { value: DELAY.refused, label: "不通过" },
              ]}
              onSubmit={(delay) => succeeded(reviewDelay.mutateAsync({ id: dialog.gift.id, delay }))}
              onClose={() => setDialog(null)}
            />
          )}
        </>
      )}
    </ListScreen>
  );
}
