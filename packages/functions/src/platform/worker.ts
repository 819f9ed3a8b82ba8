import { removeTenantItems, type TenantRemoval } from "@xiangyu/core/platform/tenantRemoval";

/**
 * The tenant-removal worker Lambda. platform/delete invokes it asynchronously with the deleted
 * tenant's clientId; on one machine the same `run` goes on in the gateway's process.
 */
export const handler = (order: TenantRemoval) => removeTenantItems(order.clientId);
