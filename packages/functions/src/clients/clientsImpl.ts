import type { Impls } from "../http/app.ts";
import { withCurrentLevels } from "@xiangyu/core/clients/memberLevel";
import type { clientRoutes } from "./routes.ts";
import { pageParams } from "@xiangyu/core/kernel/paging";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { nothingDeleted } from "@xiangyu/core/kernel/errors";
import type { ClientListQuery } from "@xiangyu/core/clients/schemas";
import { listClients, searchClients } from "@xiangyu/core/clients/list";
import { saveClient, deleteClients, visibleClient, namingFor, clientView } from "@xiangyu/core/clients/service";
import { membershipInfo, membershipTotals, membershipLots, saveMembershipAccount, revealPassword, saveShipDuration } from "@xiangyu/core/clients/membership";
import type { Caller } from "@xiangyu/core/kernel/context";

/** Client and membership routes (the customer import is its own Lambda: clientImport/). */

async function clientPage(caller: Caller, q: ClientListQuery, membersOnly: boolean) {
  const filter = { shop: q.shop || undefined, status: q.status, excludeMgr: q.excludeMgr, membersOnly };
  const [page, naming] = await Promise.all([listClients(caller, q.paging, filter), namingFor(caller.tenantId)]);
  return okList(
    page.rows.map((c) => clientView(c, naming)),
    pageParams(q.paging, page.total),
  );
}

export const clientImpls: Impls<typeof clientRoutes> = {
  "GET /xiangyu/api/client/clientlist": async ({ caller, input }) => clientPage(caller, input, false),
  "GET /xiangyu/api/client/memberlist": async ({ caller, input }) => clientPage(caller, input, true),
  "GET /xiangyu/api/client/clientview": async ({ caller, input }) => {
    const [c, naming] = await Promise.all([visibleClient(caller, input.id), namingFor(caller.tenantId)]);
    // A level whose lots have expired since it was stored is derived again here, as in the lists.
    const [current] = await withCurrentLevels([c]);
    return ok(clientView(current!, naming));
  },
  "POST /xiangyu/api/client/clientsave": async ({ caller, input }) => {
    const saved = await saveClient(caller, input);
    return ok(clientView(saved, await namingFor(caller.tenantId)), "保存成功");
  },
  "POST /xiangyu/api/client/clientdelete": async ({ caller, input, actedOn }) => {
    const deleted = await deleteClients(caller, input.ids);
    if (!deleted.length) throw nothingDeleted();
    actedOn(deleted);
    return ok(undefined, "删除成功");
  },
  "GET /xiangyu/api/client/searchclient": async ({ caller, input }) => okList(await searchClients(caller, input.keyword)),

  "GET /xiangyu/api/client/membershipinfo": async ({ caller, input }) => okList(await membershipInfo(caller, input.clientId)),
  "GET /xiangyu/api/client/membershiptotallist": async ({ caller, input }) => okList(await membershipTotals(caller, input.clientId)),
  "GET /xiangyu/api/client/membershiplist": async ({ caller, input }) => okList(await membershipLots(caller, input.clientId, input.productTypeId)),
  "POST /xiangyu/api/client/membershipsave": async ({ caller, input, actedOn }) => {
    actedOn(await saveMembershipAccount(caller, input));
    return ok(undefined, "保存成功");
  },
  "POST /xiangyu/api/client/shipdurationsave": async ({ caller, input, actedOn }) => {
    actedOn(await saveShipDuration(caller, input));
    return ok(undefined, "保存成功");
  },
  "POST /xiangyu/api/client/membershippassword": async ({ caller, input, actedOn }) => {
    const { password, clientId } = await revealPassword(caller, input);
    actedOn(clientId);
    return ok({ password });
  },
};
