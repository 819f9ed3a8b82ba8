import { GIFT_STATUS, canApplyDelay, canReviewDelay } from "@xiangyu/core/weeks/rules";
import type { Rights } from "../../lib/screen.tsx";
import { Button } from "../../ui/Button.tsx";
import type { GiftWeek } from "./weeksQueries.ts";

/** The dialogs a gift row opens. */
export type GiftDialog = "review" | "delay" | "delayReview";

/** A gift row's buttons: review a waiting gift (P), apply for a delay (E), review a delay (P). */
export function GiftRowActions({ gift: g, rights, onOpen }: { gift: GiftWeek; rights: Rights; onOpen: (kind: GiftDialog) => void }) {
  const name = `${g.clientName} ${g.giftCount}周`;
  const st = { status: g.status, delay: g.delay };
  return (
    <div className="flex gap-1">
      {rights.p && g.status === GIFT_STATUS.waiting && (
        <Button size="sm" variant="link" aria-label={`审核：${name}`} onClick={() => onOpen("review")}>
          审核
        </Button>
      )}
      {rights.e && canApplyDelay(st) && (
        <Button size="sm" variant="link" aria-label={`申请延期：${name}`} onClick={() => onOpen("delay")}>
          申请延期
        </Button>
      )}
      {rights.p && canReviewDelay(st) && (
        <Button size="sm" variant="link" aria-label={`延期审核：${name}`} onClick={() => onOpen("delayReview")}>
          延期审核
        </Button>
      )}
    </div>
  );
}
