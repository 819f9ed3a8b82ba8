import { randomBytes } from "node:crypto";
import { createRole, createUser } from "@xiangyu/core/users/service";
import { hashPassword } from "@xiangyu/core/auth/passwords";
import { openSession } from "@xiangyu/core/auth/sessions";
import type { DataScope } from "@xiangyu/core/users/rules";
import { RoleInput, UserInput } from "@xiangyu/core/users/schemas";
import { get, post, type CallOpts } from "./harness.ts";
import { editOf } from "./editForm.ts";

/** Function ids of the users screens (core/src/platform/standardMenu.ts). */
export const FN = { staff: 2301, branchUsers: 2302, mobileUsers: 2303, channels: 2304, roles: 2305 } as const;

export const PASSWORD = "Passw0rd!x";
let shared: Promise<string> | undefined;
/** One scrypt hash for every quick user (a hash costs about a second). */
export const sharedHash = () => (shared ??= hashPassword(PASSWORD));

let seq = 0;
/** A fresh mainland mobile per call. */
export const mobile = () => `136${String(process.pid % 1000).padStart(3, "0")}${String(++seq).padStart(5, "0")}`;

/**
 * A user holding exactly `rights` through one new role, with a session opened directly (no sign-in,
 * so no password check): the quick way to make many callers.
 */
export async function quickUser(
  tenantId: string,
  rights: Record<string, string>,
  opts: { deptCodes?: string[]; dataScope?: DataScope; roleIds?: number[]; realname?: string; mobile?: string } = {},
) {
  const roleIds = opts.roleIds ?? [await createRole(tenantId, `角色${randomBytes(3).toString("hex")}`, rights, "", opts.dataScope ?? "deptTree")];
  const user = await createUser(tenantId, {
    username: `q${randomBytes(5).toString("hex")}`,
    password: PASSWORD,
    passwordHash: await sharedHash(),
    mobile: opts.mobile ?? mobile(),
    realname: opts.realname ?? "测试用户",
    roleIds,
    deptCodes: opts.deptCodes ?? [""],
    managelevel: 3,
  });
  const { access_token } = await openSession(user, "all");
  return { user, roleIds, token: access_token };
}

export const as = (token: string, functionId: number) => ({
  get: (path: string, query: CallOpts["query"] = {}) => get(path, { token, functionId, query }),
  post: (path: string, form: CallOpts["form"] = {}) => post(path, { token, functionId, form }),
});

/**
 * The whole staff form of an edit (users/m/save is a whole-record save): the user's view as `token`
 * reads it (the password blank, which keeps it), with `changes` over it.
 */
export async function userEdit(token: string, id: number, changes: Record<string, string | number> = {}): Promise<Record<string, string | number>> {
  const view = await get("/gateway/api/manage/users/view", { token, functionId: FN.staff, query: { id } });
  if (view.body.code !== "200") throw new Error(`user view failed: ${JSON.stringify(view.body)}`);
  return editOf(UserInput, { ...view.body.data, password: "" }, { id, ...changes });
}

/** The whole role form of an edit (role/save is a whole-record save): the role's view as `token` reads it, with `changes` over it. */
export async function roleEdit(token: string, id: number, changes: Record<string, string | number> = {}): Promise<Record<string, string | number>> {
  const view = await get("/gateway/api/manage/role/view", { token, functionId: FN.roles, query: { id } });
  if (view.body.code !== "200") throw new Error(`role view failed: ${JSON.stringify(view.body)}`);
  return editOf(RoleInput, view.body.data, { id, ...changes });
}
