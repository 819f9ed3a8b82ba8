import { PROSPECT_STATUS } from "@xiangyu/core/clients/rules";
import type { Client } from "./clientTypes.ts";

/**
 * The client form's values: exactly the fields clientsave takes, from a stored client or blank for
 * a new one (the store defaults to the user's own department, R277).
 */
export function clientValues(c: Partial<Client> | undefined, shop = "") {
  return {
    id: c?.id ?? "",
    clientName: c?.clientName ?? "",
    mobile: c?.mobile ?? "",
    status: c?.status ?? PROSPECT_STATUS,
    shop: c?.shop ?? shop,
    memberCode: c?.memberCode ?? "",
    sex: c?.sex ?? "",
    age: c?.age ? c.age : "",
    idCard: c?.idCard ?? "",
    email: c?.email ?? "",
    province: c?.province ?? "",
    city: c?.city ?? "",
    county: c?.county ?? "",
    address: c?.address ?? "",
    marketer: c?.marketer ?? "",
    clientSource: c?.clientSource ?? "",
    maritalStatus: c?.maritalStatus ?? "",
    jobType: c?.jobType ?? "",
    memberLevel: c?.memberLevel ?? "",
    remark: c?.remark ?? "",
  };
}
export type ClientValues = ReturnType<typeof clientValues>;

/** A customer (status 1) has no member level (R282, R290): the form clears it before saving. */
export const hasMemberLevel = (status: unknown) => String(status) !== "" && Number(status) !== PROSPECT_STATUS;

/** What clientsave receives. */
export function clientBody(v: ClientValues): Record<string, unknown> {
  const body: Record<string, unknown> = { ...v, memberLevel: hasMemberLevel(v.status) ? v.memberLevel : "" };
  if (!body.id) delete body.id;
  return body;
}

/**
 * The age shown today (R279, gaps.md §9): the age was given at registration, so it grows by the
 * years since then. Nothing is shown for an unknown age (0).
 */
export function displayAge(age: number, createTime: string, today = new Date()): string {
  if (!(age > 0)) return "";
  const registered = Number(createTime.slice(0, 4));
  const year = Number(today.toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" }).slice(0, 4));
  return String(Number.isFinite(registered) && registered > 0 && registered <= year ? age + (year - registered) : age);
}
