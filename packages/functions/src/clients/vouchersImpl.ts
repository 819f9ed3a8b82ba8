import type { Impls } from "../http/app.ts";
import type { clientVoucherRoutes } from "./routes.ts";
import { okList } from "@xiangyu/core/kernel/envelope";
import { visibleClient } from "@xiangyu/core/clients/visible";
import { clientVoucherBalances } from "@xiangyu/core/vouchers/clientBalances";

/** The membership viewer's room vouchers: the client is checked against the caller's reach first (R304). */
export const clientVoucherImpls: Impls<typeof clientVoucherRoutes> = {
  "GET /xiangyu/api/client/vouchers": async ({ caller, input }) => {
    const client = await visibleClient(caller, input.clientId);
    const { batches, summary } = await clientVoucherBalances(caller.tenantId, client.id);
    return { ...okList(batches), data: summary };
  },
};
