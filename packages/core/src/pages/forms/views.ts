import type { FormEntryItem } from "./entities.ts";
import type { FormAnswer } from "./rules.ts";

/** A member's submission as staff read it: who sent it (as bound then) and the answers with their labels. */
export function formEntryView(e: FormEntryItem) {
  return {
    id: e.id,
    pageId: e.pageId,
    clientId: e.clientId ?? 0,
    realname: e.realname ?? "",
    mobile: e.mobile ?? "",
    answers: JSON.parse(e.answersJson) as FormAnswer[],
    createTime: e.createTime,
  };
}
export type FormEntryView = ReturnType<typeof formEntryView>;
