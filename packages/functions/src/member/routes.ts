import { data, memberRoute, type RouteTable } from "../http/define.ts";
import { noInput } from "@xiangyu/core/kernel/fields";
import { MemberBindInput, SmsSendInput } from "@xiangyu/core/auth/schemas";
import type { SmsSent } from "@xiangyu/core/auth/smsCodes";
import type { MemberBinding } from "@xiangyu/core/auth/memberBind";
import type { MemberMembership } from "@xiangyu/core/auth/memberMembership";

/**
 * The mini-program member's own account (issue 34; docs/api.md "Member routes"): an SMS code to the
 * member's mobile, binding that mobile (the member becomes the tenant's client of that mobile, R165),
 * and what the bound client holds. Member routes only (`memberRoute`): a member sees their own records.
 * Services in core auth/smsCodes.ts, auth/memberBind.ts, auth/memberMembership.ts.
 */
export const routes = {
  "POST /xiangyu/api/mp/sms/send": memberRoute({ input: SmsSendInput, reply: data<SmsSent>(), log: "会员发送验证码" }),
  "POST /xiangyu/api/mp/bind": memberRoute({ input: MemberBindInput, reply: data<MemberBinding>(), log: "会员绑定手机号" }),
  "GET /xiangyu/api/mp/membership": memberRoute({ input: noInput, reply: data<MemberMembership>(), log: false }),
} satisfies RouteTable;
