import { Role, User, UserLogin, type RoleItem, type UserItem } from "./entities.ts";

/**
 * A staff user read by id or login name, and a tenant's roles: what sign-in, sessions, channels and work orders need,
 * without the staff service (its forms, lists, role checks and password rules), which would put
 * some 20 kB into each of their Lambdas. service.ts and staff.ts re-export these.
 */
export async function getUser(tenantId: string, id: number): Promise<UserItem | null> {
  const { data } = await User.get({ tenantId, id }).go();
  return data;
}

/** Login names are case-insensitive usernames, or the mobile as typed. */
export const loginKey = (name: string): string => name.trim().toLowerCase();

export async function findUserByLogin(tenantId: string, name: string): Promise<UserItem | null> {
  const { data } = await UserLogin.get({ tenantId, login: loginKey(name) }).go();
  return data ? getUser(tenantId, data.userId) : null;
}

/** Every role of a tenant, read fresh (a tenant has tens of roles; the role cache serves requests' rights). */
export async function readRoles(tenantId: string): Promise<Map<number, RoleItem>> {
  const { data } = await Role.query.byId({ tenantId }).go({ pages: "all" });
  return new Map(data.map((r) => [r.id, r]));
}
