import { PROSPECT_STATUS } from "@xiangyu/core/clients/rules";
import { startValues } from "../../ui/form/startValues.ts";
import type { Client } from "./clientQueries.ts";

/**
 * The client form's values: exactly the fields clientsave takes, from a stored client or blank for
 * a new one (the store defaults to the user's own department, R277).
 */
export function clientValues(c: Partial<Client> | undefined, shop = "") {
  return {
    ...startValues(c, {
      id: "",
      clientName: "",
      mobile: "",
      status: PROSPECT_STATUS,
      shop,
      memberCode: "",
      sex: "",
      idCard: "",
      email: "",
      province: "",
      city: "",
      county: "",
      address: "",
      marketer: "",
      clientSource: "",
      maritalStatus: "",
      jobType: "",
      memberLevel: "",
      remark: "",
    }),
    // An unknown age is stored as 0 and shown blank.
    age: c?.age ? c.age : "",
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
 * The age shown today (R279, docs/gaps.md §9): the age was given at registration, so it grows by the
 * years since then. Nothing is shown for an unknown age (0).
 */
export function displayAge(age: number | undefined, createTime: string, today = new Date()): string {
  if (!age || !(age > 0)) return "";
  const registered = Number(createTime.slice(0, 4));
  const year = Number(today.toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" }).slice(0, 4));
  return String(Number.isFinite(registered) && registered > 0 && registered <= year ? age + (year - registered) : age);
}
