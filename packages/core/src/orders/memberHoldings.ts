import { memberStore, type MemberStore } from "./memberStore.ts";
import { headOffice } from "../kernel/context.ts";

/**
 * What a client holds for a booking, asked without a staff caller: the mini-program member's own
 * client (issue 34, `GET /xiangyu/api/mp/membership`). It is `memberStore` itself (the staff's
 * `GET /xiangyu/api/client/memberstore` with only a client: no hotel, vouchers valid today), called as
 * the head office, so the member reads the very figures staff read. The caller names the client the
 * member is bound to; nothing here looks at departments.
 */
export function memberHoldings(tenantId: string, clientId: number): Promise<MemberStore> {
  return memberStore(headOffice(tenantId), { clientId, hotelId: 0 });
}
