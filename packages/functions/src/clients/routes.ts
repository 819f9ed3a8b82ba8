import { DENIAL } from "@xiangyu/core/kernel/rights";
import { data, dataAndList, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { idInput, idsInput } from "@xiangyu/core/kernel/fields";
import {
  ClientInput,
  ClientListQuery,
  ClientSearchQuery,
  INVALID_CLIENT,
  MembershipAccountInput,
  MembershipInfoQuery,
  MembershipLotsQuery,
  MembershipTotalsQuery,
  PasswordRevealInput,
  ShipDurationInput,
} from "@xiangyu/core/clients/schemas";
import { ChannelInput, ChannelListQuery, ChannelViewQuery } from "@xiangyu/core/channels/schemas";
import type { ClientView } from "@xiangyu/core/clients/service";
import type { ClientFinderRow } from "@xiangyu/core/clients/list";
import type { LotView, MembershipInfoRow, MembershipSummary } from "@xiangyu/core/clients/membership";
import type { ChannelView } from "@xiangyu/core/channels/service";
import type { ClientVoucherBatch, ClientVoucherSummary } from "@xiangyu/core/vouchers/clientBalances";

/**
 * Clients, members and the membership viewer; channels. Products, types and price modification
 * are their own Lambda (products/), the customer import too (clientImport/).
 *
 * Modules: the client list (2001, 2002) is "clients"; products (2201, 2202) "products"; price
 * modification (1908) "finance"; channels (2304) "users". Lookups used by other screens' wizards
 * (client finder, stored weeks, product picker, channel select) accept those screens' modules too.
 *
 * Two tables, one per implementation file (clientsImpl.ts, channelsImpl.ts), so each file's
 * handlers are checked against their routes' input and reply; `routes` is both.
 */
const CLIENTS = ["clients"] as const;
/** Screens whose wizards find a client or read stored weeks (orders, vouchers, gift weeks, exchange, price modification, work orders). */
const CLIENT_FINDERS = ["clients", "orders", "vouchers", "weeks", "finance", "products", "workorders"] as const;

export const clientRoutes = {
  // ── clients ──
  // Lists of people with their mobiles and ID numbers: every read is logged with its row count.
  "GET /xiangyu/api/client/clientlist": moduleRoute(CLIENTS, { scope: "department", input: ClientListQuery, reply: list<ClientView>(), audit: "personalData" }),
  "GET /xiangyu/api/client/memberlist": moduleRoute(CLIENTS, { scope: "department", input: ClientListQuery, reply: list<ClientView>(), audit: "personalData" }),
  "GET /xiangyu/api/client/clientview": moduleRoute(CLIENTS, { scope: "department", input: idInput(INVALID_CLIENT), reply: data<ClientView>(), log: false }),
  "POST /xiangyu/api/client/clientsave": moduleRoute(CLIENTS, { scope: "department", right: "save", input: ClientInput, reply: data<ClientView>(), log: "保存客户" }),
  "POST /xiangyu/api/client/clientdelete": moduleRoute(CLIENTS, { scope: "department", right: "D", input: idsInput(), reply: done(), log: "删除客户" }),
  // The mobile-user screen (module users) finds the client it binds a mini-program user to.
  "GET /xiangyu/api/client/searchclient": moduleRoute([...CLIENT_FINDERS, "users"], {
    scope: "department",
    input: ClientSearchQuery,
    reply: list<ClientFinderRow>(),
    audit: "personalData",
  }),

  // ── membership ──
  "GET /xiangyu/api/client/membershipinfo": moduleRoute(CLIENT_FINDERS, { scope: "department", input: MembershipInfoQuery, reply: list<MembershipInfoRow>(), log: false }),
  "GET /xiangyu/api/client/membershiptotallist": moduleRoute(CLIENTS, { scope: "department", input: MembershipTotalsQuery, reply: list<MembershipSummary>(), log: false }),
  "GET /xiangyu/api/client/membershiplist": moduleRoute(CLIENTS, { scope: "department", input: MembershipLotsQuery, reply: list<LotView>(), log: false }),
  // The letters below are checked inside: the spec's refusal for these is 你无操作权限 (R300, R301).
  // The membership modal's settings refuse with 你无操作权限 whichever letter is missing (R300, R301).
  "POST /xiangyu/api/client/membershipsave": moduleRoute(CLIENTS, {
    scope: "department",
    right: "E",
    denial: DENIAL.S,
    input: MembershipAccountInput,
    reply: done(),
    log: "修改会员周次",
  }),
  "POST /xiangyu/api/client/shipdurationsave": moduleRoute(CLIENTS, {
    scope: "department",
    right: "P",
    denial: DENIAL.S,
    input: ShipDurationInput,
    reply: done(),
    log: "修改会籍有效期",
  }),
  // A POST so that every reveal lands in the operation log.
  "POST /xiangyu/api/client/membershippassword": moduleRoute(CLIENTS, {
    scope: "department",
    right: "E",
    denial: DENIAL.S,
    input: PasswordRevealInput,
    reply: data<{ password: string }>(),
    audit: "reveal",
    log: "查看会员密码",
  }),
} satisfies RouteTable;

export const channelRoutes = {
  "GET /xiangyu/api/channel/list": moduleRoute(["users", "clients"], { input: ChannelListQuery, reply: list<ChannelView>(), log: false }),
  "GET /xiangyu/api/channel/view": moduleRoute(["users"], { input: ChannelViewQuery, reply: data<ChannelView>(), log: false }),
  "POST /xiangyu/api/channel/save": moduleRoute(["users"], { right: "save", input: ChannelInput, reply: data<ChannelView>(), log: "保存渠道" }),
} satisfies RouteTable;

/**
 * The membership viewer's 房券 section: the client's room-voucher batches from the voucher ledger
 * (newest first, at most CLIENT_BATCH_CAP; `data.capped` says when there were more) and the
 * totals per kind. Read-only, so no letter beyond R; the client must be within the caller's reach.
 */
export const clientVoucherRoutes = {
  "GET /xiangyu/api/client/vouchers": moduleRoute(CLIENTS, {
    scope: "department",
    input: MembershipInfoQuery,
    reply: dataAndList<ClientVoucherSummary, ClientVoucherBatch>(),
    log: false,
  }),
} satisfies RouteTable;

export const routes = { ...clientRoutes, ...channelRoutes, ...clientVoucherRoutes } satisfies RouteTable;
