import * as v from "valibot";
import { idField, idInput, intChoice, optText } from "../../kernel/fields.ts";
import { listQuery } from "../../kernel/paging.ts";
import { IS_PASSED, REVIEW_MSG } from "./rules.ts";

/** The purchase review's queries and form (R263–R268), shared by the routes and the console's review panel. */

/** A stage's list (buylistbycashier|buylistbyfinance|buylistbyms): paging and a keyword on the client's name or mobile. */
export const ReviewListQuery = listQuery({});

export const ReviewDetailQuery = idInput(REVIEW_MSG.invalidId);

/** buypassedby…: 1 passes, 2 fails and then needs a reason (R264, R265). */
export const ReviewInput = v.pipe(
  v.object({
    id: idField(REVIEW_MSG.invalidId),
    isPassed: intChoice([IS_PASSED.pass, IS_PASSED.fail] as const, REVIEW_MSG.chooseResult),
    notPassReason: optText(200, REVIEW_MSG.reasonTooLong),
  }),
  // Reported on the reason, so the panel shows it under the field.
  v.forward(
    v.partialCheck([["isPassed"], ["notPassReason"]], (r) => r.isPassed !== IS_PASSED.fail || r.notPassReason.trim() !== "", REVIEW_MSG.reasonMissing),
    ["notPassReason"],
  ),
);
export type ReviewInput = v.InferOutput<typeof ReviewInput>;
