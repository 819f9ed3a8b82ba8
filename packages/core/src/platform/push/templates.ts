import { PushTemplate, type PushTemplateItem } from "./entities.ts";
import { PUSH_MSG, type PushTemplateInput } from "./schemas.ts";
import { NO_EVENT, PUSH_EVENTS, type PushEvent } from "./rules.ts";
import { nextId, tallied, totalDelta } from "../../kernel/counters.ts";
import { formatDateTime } from "../../kernel/clock.ts";
import { boundedList, type ListSource } from "../../kernel/list.ts";
import { transact, txDelete, txPut } from "../../kernel/tx.ts";
import { mapLimit } from "../../kernel/batch.ts";
import { DomainError, nothingDeleted } from "../../kernel/errors.ts";
import type { Envelope } from "../../kernel/envelope.ts";
import type { Paging } from "../../kernel/paging.ts";
import type { Caller } from "../../kernel/context.ts";
import { anyOf } from "../../kernel/filter.ts";

/** Push templates (消息推送模板, R512–R514): the tenant's own, paged with a kept total; the keyword over name and code. */
const TOTAL = "pushTemplate";

export type PushTemplateView = Omit<PushTemplateItem, "tenantId" | "event"> & { event: string; eventName: string };
const templateView = ({ tenantId: _t, event, ...t }: PushTemplateItem): PushTemplateView => ({
  ...t,
  event: event === NO_EVENT ? "" : (event ?? ""),
  eventName: PUSH_EVENTS[event as PushEvent] ?? "",
});

export async function listPushTemplates(caller: Caller, p: Paging): Promise<Envelope<never, PushTemplateView>> {
  const { tenantId } = caller;
  const k = p.keyword;
  const q = PushTemplate.query.byId({ tenantId }).where((a, { contains }) => k && anyOf(contains(a.tempName, k), contains(a.tempId, k)));
  const src: ListSource<PushTemplateItem> = { params: (order) => q.params({ order }), parse: (items) => PushTemplate.parse({ Items: items }).data as PushTemplateItem[] };
  if (k) return boundedList(src, p, { map: templateView });
  const t = tallied(tenantId, TOTAL);
  return boundedList(src, p, { total: t.total, page: t.page, map: templateView });
}

async function templateOf(tenantId: string, id: number): Promise<PushTemplateItem> {
  const { data } = await PushTemplate.get({ tenantId, id }).go();
  if (!data) throw new DomainError(PUSH_MSG.missing, "404");
  return data;
}

export async function viewPushTemplate(caller: Caller, id: number): Promise<PushTemplateView> {
  return templateView(await templateOf(caller.tenantId, id));
}

/** A new template, or an edit of one (conditioned on it still existing). `clientId` is the tenant's. */
export async function savePushTemplate(caller: Caller, input: PushTemplateInput): Promise<PushTemplateView> {
  const { tenantId } = caller;
  if (input.clientId && input.clientId !== tenantId) throw new DomainError(PUSH_MSG.clientId, "400");
  const now = formatDateTime();
  const { id: _id, clientId: _c, ...fields } = input;
  if (!input.id) {
    const id = await nextId(tenantId, "pushTemplate");
    const item = { tenantId, id, ...fields, clientId: tenantId, createTime: now, updateTime: now };
    await transact([txPut(PushTemplate.create(item)), totalDelta(tenantId, TOTAL, 1)]);
    return templateView(item as PushTemplateItem);
  }
  const old = await templateOf(tenantId, input.id);
  const { data } = await PushTemplate.patch({ tenantId, id: old.id })
    .set({ ...fields, clientId: tenantId, updateTime: now })
    .go({ response: "all_new" })
    .catch((e) => {
      throw e?.cause?.name === "ConditionalCheckFailedException" ? new DomainError(PUSH_MSG.missing, "404") : e;
    });
  return templateView(data as PushTemplateItem);
}

/** Deletes the templates named (those that exist), each with its total; answers the ids deleted. */
export async function deletePushTemplates(caller: Caller, ids: readonly number[]): Promise<number[]> {
  const { tenantId } = caller;
  const done = await mapLimit(ids, async (id) => {
    try {
      await transact([
        txDelete(
          PushTemplate.delete({ tenantId, id }).where((a, { exists }) => exists(a.tempId)),
          PUSH_MSG.missing,
        ),
        totalDelta(tenantId, TOTAL, -1),
      ]);
      return id;
    } catch (e) {
      if (e instanceof DomainError && e.desc === PUSH_MSG.missing) return 0;
      throw e;
    }
  });
  const deleted = done.filter((id) => id > 0);
  if (!deleted.length) throw nothingDeleted();
  return deleted;
}
