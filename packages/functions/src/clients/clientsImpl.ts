import type { Impl } from "../http/app.ts";
import { parse, idList, intParam, flag } from "../http/input.ts";
import { readPaging, pageParams } from "@xiangyu/core/kernel/paging";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { DomainError } from "@xiangyu/core/kernel/errors";
import { ClientInput, MembershipAccountInput, ShipDurationInput } from "@xiangyu/core/clients/schemas";
import { listClients, searchClients, type ClientFilter } from "@xiangyu/core/clients/list";
import { saveClient, deleteClients, visibleClient, namingFor, clientView, INVALID_CLIENT } from "@xiangyu/core/clients/service";
import { membershipInfo, membershipTotals, membershipLots, saveMembershipAccount, revealPassword, saveShipDuration } from "@xiangyu/core/clients/membership";
import { requireFlag } from "./rights.ts";
import { optionalFilter } from "../http/input.ts";
import type { Input } from "../http/input.ts";
import type { Caller } from "@xiangyu/core/kernel/context";

/** Client and membership routes (the customer import is its own Lambda: clientImport/). */

const clientId = (raw: unknown) => intParam(raw, INVALID_CLIENT);

async function clientPage(caller: Caller, input: Input, membersOnly: boolean) {
  const p = readPaging(input);
  const f: ClientFilter = {
    shop: String(input.shop ?? "").trim() || undefined,
    status: optionalFilter(input.status, "会员状态不正确"),
    excludeMgr: flag(input.excludeMgr),
    membersOnly,
  };
  const [page, naming] = await Promise.all([listClients(caller, p, f), namingFor(caller.tenantId)]);
  return okList(page.rows.map((c) => clientView(c, naming)), pageParams(p, page.total));
}

export const clientImpls: Record<string, Impl> = {
  "GET /xiangyu/api/client/clientlist": async ({ caller, input }) => clientPage(caller, input, false),
  "GET /xiangyu/api/client/memberlist": async ({ caller, input }) => clientPage(caller, input, true),
  "GET /xiangyu/api/client/clientview": async ({ caller, input }) => {
    const [c, naming] = await Promise.all([visibleClient(caller, clientId(input.id)), namingFor(caller.tenantId)]);
    return ok(clientView(c, naming));
  },
  "POST /xiangyu/api/client/clientsave": async ({ caller, input }) => {
    const saved = await saveClient(caller, parse(ClientInput, input));
    return ok(clientView(saved, await namingFor(caller.tenantId)), "保存成功");
  },
  "POST /xiangyu/api/client/clientdelete": async ({ caller, input }) => {
    const n = await deleteClients(caller, idList(input.ids ?? input.id));
    return n ? ok(undefined, "删除成功") : { code: "404", desc: "并没有删除信息" };
  },
  "GET /xiangyu/api/client/searchclient": async ({ caller, input }) => okList(await searchClients(caller, String(input.keyword ?? ""))),

  "GET /xiangyu/api/client/membershipinfo": async ({ caller, input }) => okList(await membershipInfo(caller, clientId(input.clientId ?? input.id))),
  "GET /xiangyu/api/client/membershiptotallist": async ({ caller, input }) => okList(await membershipTotals(caller, clientId(input.id ?? input.clientId))),
  "GET /xiangyu/api/client/membershiplist": async ({ caller, input }) =>
    okList(await membershipLots(caller, clientId(input.id ?? input.clientId), intParam(input.productTypeId, "客户产品存储信息不存在"))),
  "POST /xiangyu/api/client/membershipsave": async ({ caller, input }) => {
    requireFlag(caller, "E");
    await saveMembershipAccount(caller, parse(MembershipAccountInput, input));
    return ok(undefined, "保存成功");
  },
  "POST /xiangyu/api/client/shipdurationsave": async ({ caller, input }) => {
    requireFlag(caller, "P");
    await saveShipDuration(caller, parse(ShipDurationInput, input));
    return ok(undefined, "保存成功");
  },
  "POST /xiangyu/api/client/membershippassword": async ({ caller, input }) => {
    requireFlag(caller, "E");
    const type = Number(input.type ?? 1) === 2 ? 2 : 1;
    const password = await revealPassword(caller, clientId(input.id ?? input.clientId), intParam(input.productTypeId, "客户产品存储信息不存在"), type);
    return ok({ password });
  },
};
