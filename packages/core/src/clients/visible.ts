import { Client, type ClientItem } from "./entities.ts";
import { shopPrefixes, withinPrefixes } from "./scope.ts";
import { DomainError } from "../kernel/errors.ts";
import type { Caller } from "../kernel/context.ts";

/** Reading one client as a caller may: kept apart from the client writes so other areas' Lambdas stay small. */
import { INVALID_CLIENT } from "./rules.ts";
export { INVALID_CLIENT };
export const CLIENT_GONE = "客户不存在或已被删除";

export async function getClient(tenantId: string, id: number): Promise<ClientItem | null> {
  const { data } = await Client.get({ tenantId, id }).go();
  return data;
}

/** A client the caller may see, or the spec's refusal (R304). */
export async function visibleClient(caller: Caller, id: number): Promise<ClientItem> {
  if (!Number.isInteger(id) || id <= 0) throw new DomainError(INVALID_CLIENT, "400");
  const c = await getClient(caller.tenantId, id);
  if (!c) throw new DomainError(CLIENT_GONE, "404");
  if (!withinPrefixes(shopPrefixes(caller), c.shop)) throw new DomainError(INVALID_CLIENT, "403");
  return c;
}
