import { Role, type UserItem } from "./entities.ts";
import { insertUser, type NewUser } from "./staff.ts";
import { findUserByLogin, getUser, loginKey } from "./read.ts";
import { forgetRoles } from "../auth/rolesCache.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { normaliseLetters, type RightsMap } from "../kernel/rights.ts";
import type { DataScope } from "./rules.ts";

/**
 * The users area's entry points for other areas (sign-in, provisioning, seeds, tests). The forms,
 * lists and rules are in staff.ts, roles.ts and mobile.ts.
 */
export { findUserByLogin, getUser, loginKey, type NewUser };

/**
 * Creates a staff user and its login names, search keys and tallies in one transaction: a taken
 * name refuses the whole. The password obeys the same policy as a changed one (auth/passwordPolicy.ts).
 */
export async function createUser(tenantId: string, u: NewUser): Promise<UserItem> {
  return insertUser(tenantId, u);
}

/** A role; its data scope defaults to the departments and below — what a department user saw before scopes applied — so only a deliberate "all" widens. */
export async function createRole(tenantId: string, name: string, rights: RightsMap, code = "", dataScope: DataScope = "deptTree"): Promise<number> {
  const id = await nextId(tenantId, "role");
  const clean: RightsMap = {};
  for (const [fid, letters] of Object.entries(rights)) clean[fid] = normaliseLetters(letters);
  await Role.create({ tenantId, id, name, code, rights: clean, dataScope, createTime: formatDateTime() }).go();
  forgetRoles(tenantId);
  return id;
}
