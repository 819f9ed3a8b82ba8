import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { authenticateMember } from "@xiangyu/core/auth/memberAuth";
import { sendSmsCode } from "@xiangyu/core/auth/smsCodes";
import { bindMemberMobile } from "@xiangyu/core/auth/memberBind";
import { memberMembership } from "@xiangyu/core/auth/memberMembership";
import { MEMBER_ACCOUNT_MSG } from "@xiangyu/core/auth/memberMessages";
import { ok } from "@xiangyu/core/kernel/envelope";

/** The member's account (routes.ts): wiring only. */
const impls: Impls<typeof routes> = {
  "POST /xiangyu/api/mp/sms/send": async ({ member, input }) => ok(await sendSmsCode(member, input.mobile), MEMBER_ACCOUNT_MSG.sent),
  "POST /xiangyu/api/mp/bind": async ({ member, input }) => ok(await bindMemberMobile(member, input), MEMBER_ACCOUNT_MSG.bound),
  "GET /xiangyu/api/mp/membership": async ({ member }) => ok(await memberMembership(member)),
};

export const app = areaApp(routes, impls, { members: authenticateMember });
export const handler = lambda(app);
