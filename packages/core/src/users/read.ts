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

/** The names staff are shown by (real name, else username), for the ids given: one batch read. */
export async function userNames(tenantId: string, ids: Iterable<number>): Promise<Map<number, string>> {
  const keys = [...new Set(ids)].filter((id) => id > 0).map((id) => ({ tenantId, id }));
  const names = new Map<number, string>();
  if (!keys.length) return names;
  const { data } = await User.get(keys).go({ concurrency: 4 });
  for (const u of data) names.set(u.id, u.realname || u.username);
  return names;
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
