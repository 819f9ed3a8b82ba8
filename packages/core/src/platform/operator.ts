import { Tenant } from "./entities.ts";
import { forgetTenant, getTenant } from "./tenants.ts";
import { DomainError } from "../kernel/errors.ts";
import { DENIAL } from "../kernel/rights.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * Who may change platform data — items every tenant shares, such as the national region tree
 * (issue 11; docs/decisions.md "Shared items and who may change them").
 *
 * The rule: a **platform operator** is a user of managelevel 1 ("platform" staff, docs/gaps.md: 1
 * platform, 2 branch, 3 store) of the **platform tenant**. The platform tenant is the tenant whose
 * record carries `platform: 1`. Only provisioning sets that mark (`provisionTenant({ platform: true })`,
 * the demo seed's tenant `xiangyu` on one machine; the tenant the platform's owner provisions first
 * in the cloud); no route writes it, so no tenant can promote itself. Any other caller — another
 * tenant's administrator included — is refused with the spec's text for a missing right.
 */
export const PLATFORM_MANAGELEVEL = 1;
/** The counter namespace of platform data (tenant numbers, custom region codes): never a tenant's clientId. */
export const PLATFORM_COUNTERS = "platform";
export const NOT_PLATFORM_OPERATOR = DENIAL.S;

export async function isPlatformTenant(tenantId: string): Promise<boolean> {
  return (await getTenant(tenantId))?.platform === 1;
}

export async function isPlatformOperator(caller: Pick<Caller, "tenantId" | "managelevel">): Promise<boolean> {
  return caller.managelevel === PLATFORM_MANAGELEVEL && (await isPlatformTenant(caller.tenantId));
}

/** The guard of every write to platform data. */
export async function requirePlatformOperator(caller: Pick<Caller, "tenantId" | "managelevel">): Promise<void> {
  if (!(await isPlatformOperator(caller))) throw new DomainError(NOT_PLATFORM_OPERATOR, "403");
}

/** Marks a provisioned tenant as the platform tenant (provisioning and seeds only; idempotent). */
export async function markPlatformTenant(clientId: string): Promise<void> {
  await Tenant.patch({ clientId }).set({ platform: 1 }).go();
  forgetTenant(clientId);
}
