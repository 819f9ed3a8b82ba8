import { Tenant } from "../../platform/entities.ts";

/** Every tenant's id, for the month job (one Query of the tenants' partition; a tenant being deleted is left out). */
export async function allTenantIds(): Promise<string[]> {
  const { data } = await Tenant.query.byClientId({}).go({ pages: "all", attributes: ["clientId", "deleting"] });
  return data.filter((t) => !t.deleting).map((t) => t.clientId);
}
