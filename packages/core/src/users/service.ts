import { User, UserLogin, Role, type UserItem } from "./entities.ts";
import { hashPassword } from "../auth/passwords.ts";
import { checkNewPassword } from "../auth/passwordPolicy.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { transact, txPut } from "../kernel/tx.ts";
import { normaliseLetters, type RightsMap } from "../kernel/rights.ts";

/** Login names are case-insensitive usernames, or the mobile as typed. */
export const loginKey = (name: string): string => name.trim().toLowerCase();

export type NewUser = {
  username: string;
  password: string;
  mobile?: string;
  realname?: string;
  deptCodes?: string[];
  roleIds?: number[];
  branchId?: number;
  managelevel?: number;
};

/**
 * Creates a staff user and its login names in one transaction: a taken name refuses the whole.
 * The password obeys the same policy as a changed one (auth/passwordPolicy.ts).
 */
export async function createUser(tenantId: string, u: NewUser): Promise<UserItem> {
  await checkNewPassword(u.password, { mobile: u.mobile });
  const id = await nextId(tenantId, "user");
  const item = {
    tenantId,
    id,
    username: u.username.trim(),
    mobile: u.mobile?.trim() ?? "",
    realname: u.realname ?? "",
    passwordHash: await hashPassword(u.password),
    deptCodes: u.deptCodes ?? [],
    roleIds: u.roleIds ?? [],
    branchId: u.branchId ?? 0,
    managelevel: u.managelevel ?? 1,
    status: 1,
    createTime: formatDateTime(),
  };
  const logins = [...new Set([loginKey(item.username), item.mobile].filter(Boolean))];
  await transact([txPut(User.create(item).params()), ...logins.map((login) => txPut(UserLogin.create({ tenantId, login, userId: id }).params(), "用户名或手机号已存在"))]);
  return item as UserItem;
}

export async function createRole(tenantId: string, name: string, rights: RightsMap, code = ""): Promise<number> {
  const id = await nextId(tenantId, "role");
  const clean: RightsMap = {};
  for (const [fid, letters] of Object.entries(rights)) clean[fid] = normaliseLetters(letters);
  await Role.create({ tenantId, id, name, code, rights: clean, createTime: formatDateTime() }).go();
  return id;
}

export async function getUser(tenantId: string, id: number): Promise<UserItem | null> {
  const { data } = await User.get({ tenantId, id }).go();
  return data;
}

export async function findUserByLogin(tenantId: string, name: string): Promise<UserItem | null> {
  const { data } = await UserLogin.get({ tenantId, login: loginKey(name) }).go();
  return data ? getUser(tenantId, data.userId) : null;
}
