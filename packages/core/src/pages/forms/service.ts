import { FormEntry, FormQuota, type FormEntryItem } from "./entities.ts";
import { FORM_MSG, checkFormValues } from "./rules.ts";
import { formEntryView, type FormEntryView } from "./views.ts";
import type { FormSubmitInput } from "./schemas.ts";
import { publishedPage } from "../read.ts";
import type { FormsComponent } from "../document/index.ts";
import type { Member } from "../../auth/memberAuth.ts";
import { formatDate, formatDateTime, nowMs } from "../../kernel/clock.ts";
import { nextId, tallied, totalDelta } from "../../kernel/counters.ts";
import { DomainError } from "../../kernel/errors.ts";
import { anyOf } from "../../kernel/filter.ts";
import { boundedList } from "../../kernel/list.ts";
import { transact, txPut, txUpdate } from "../../kernel/tx.ts";
import type { Envelope } from "../../kernel/envelope.ts";
import type { Paging } from "../../kernel/paging.ts";

/**
 * A designed page's form, sent by a member (issue 34; docs/pages.md "Forms"): the form is read from
 * the published page (so a disabled page or a removed form takes nothing), the answers checked
 * against its fields (rules.ts), and the entry kept in its page's partition with the member's name
 * and mobile as bound. Staff read a page's entries newest first, the kept total answering the count.
 */
/** Submissions one member may make a business day, over every form of the tenant. */
export const FORM_DAILY_CAP = 20;

const entriesTotal = (pageId: number) => `formEntry#${pageId}`;

export type FormReceipt = { id: number; goback: boolean };

export async function submitForm(member: Member, input: FormSubmitInput): Promise<FormReceipt> {
  const { tenantId, mobileUserId } = member;
  const { page, doc } = await publishedPage(tenantId, input.code);
  const form = doc.content.data.find((c) => c.id === input.componentId && c.kind === "Forms") as FormsComponent | undefined;
  if (!form || !form.formSubmit.show) throw new DomainError(FORM_MSG.missingForm, "404");
  const checked = checkFormValues(form.formData, input.values);
  if (!checked.ok) throw new DomainError(checked.msg, "400");
  const now = nowMs();
  const id = await nextId(tenantId, "formEntry");
  await transact([
    txUpdate(
      FormQuota.update({ tenantId, mobileUserId, day: formatDate(now) })
        .add({ n: 1 })
        .set({ expiresAt: Math.floor(now / 1000) + 2 * 86_400 })
        .where((a, op) => anyOf(op.notExists(a.n), op.lt(a.n, FORM_DAILY_CAP))),
      FORM_MSG.dailyCap,
    ),
    txPut(
      FormEntry.create({
        tenantId,
        pageId: page.id,
        id,
        componentId: form.id,
        mobileUserId,
        clientId: member.clientId,
        realname: member.realname,
        mobile: member.mobile,
        answersJson: JSON.stringify(checked.answers),
        createTime: formatDateTime(now),
      }),
    ),
    totalDelta(tenantId, entriesTotal(page.id), 1),
  ]);
  return { id, goback: form.formSubmit.goback };
}

/** `formentries`: a page's submissions, newest first; the kept total counts them, deep pages start from remembered cursors. */
export async function listFormEntries(tenantId: string, pageId: number, p: Paging): Promise<Envelope<never, FormEntryView>> {
  return boundedList(
    { params: (order) => FormEntry.query.byPage({ tenantId, pageId }).params({ order }), parse: (Items) => FormEntry.parse({ Items }).data as FormEntryItem[] },
    p,
    { ...tallied(tenantId, entriesTotal(pageId)), map: formEntryView },
  );
}
