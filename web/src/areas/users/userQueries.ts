import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";

/**
 * The users area's reads and writes by route (hotels/hotelQueries.ts is the model): staff and
 * merchant users, mobile users and roles. Row types come from the route table.
 */
export const STAFF_LIST = "GET /gateway/api/manage/users/mgr/list";
export const BRANCH_LIST = "GET /gateway/api/manage/users/bmgr/list";
export const MOBILE_LIST = "GET /gateway/api/manage/users/m/list";
export const ROLE_LIST = "GET /gateway/api/manage/role/list";
export const USER_VIEW = "GET /gateway/api/manage/users/view";

export type UserRow = DataOf<typeof USER_VIEW>;
export type MobileUser = RowOf<typeof MOBILE_LIST>;
export type Role = RowOf<typeof ROLE_LIST>;

const MENU = "GET /gateway/api/manage/type/list";
/** branch/list answers {code, desc, rows} outside the envelope (its table says raw). */
const BRANCHES = "GET /gateway/api/manage/branch/list";

export const userQueries = {
  /** The roles a user of the tenant may hold. */
  roles: (api: ApiClient) => routeQuery(api, "GET /gateway/api/manage/users/m/rolelist", {}, "list"),
  /** A branch's own roles and the shared ones. */
  branchRoles: (api: ApiClient, branchId: number) => routeQuery(api, "GET /gateway/api/manage/users/bmgr/rolelist", { branchId }, "list"),
  /** The menu the editor may open, for the role editor's rights grid. */
  menu: (api: ApiClient) => routeQuery(api, MENU, { fatherid: 0 }, "list"),
  /** The tenant's branches (the merchant user list's picker); none when they cannot be read. */
  branches: (api: ApiClient) =>
    queryOptions({
      queryKey: [BRANCHES, api.functionKey, {}] as const,
      queryFn: async () => {
        const r = await api.call(BRANCHES, {});
        return "rows" in r ? r.rows : [];
      },
    }),
};

/** A user write changes the staff and merchant lists (and the channel form's salesperson picker, which reads the staff list). */
const USERS = staleReads(STAFF_LIST, BRANCH_LIST, USER_VIEW);
const MOBILE = staleReads(MOBILE_LIST);
const ROLES = staleReads(ROLE_LIST, "GET /gateway/api/manage/users/m/rolelist", "GET /gateway/api/manage/users/bmgr/rolelist", STAFF_LIST, BRANCH_LIST);
export const STALE_AFTER = { users: USERS, mobile: MOBILE, roles: ROLES } as const;

/** The roles a user form offers: the tenant's, or a branch's own and the shared ones. */
export function useRoleOptions(branchId?: number) {
  const api = useApi();
  // One of the two is read (a disabled query asks nothing).
  const tenant = useQuery({ ...userQueries.roles(api), select: (r) => r.dataList ?? [], enabled: branchId === undefined });
  const branch = useQuery({ ...userQueries.branchRoles(api, branchId ?? 0), select: (r) => r.dataList ?? [], enabled: branchId !== undefined });
  return branchId === undefined ? tenant : branch;
}

export const useSaveUser = (o: SaveOptions) => useSave("POST /gateway/api/manage/users/m/save", { ...o, invalidates: USERS });
export const useSaveBranchUser = (o: SaveOptions) => useSave("POST /gateway/api/manage/users/bmgr/save", { ...o, invalidates: USERS });
export const useDeleteUsers = () => useRouteMutation("POST /gateway/api/manage/users/mgr/delete", { invalidates: USERS, success: "删除成功" });
/** The lists show who has two-factor on, so a reset refreshes them. */
export const useResetTwoFactor = () => useRouteMutation("POST /gateway/api/manage/users/totp/reset", { invalidates: USERS, success: "重置成功" });
export const useDeleteBranchUsers = () => useRouteMutation("POST /gateway/api/manage/users/bmgr/delete", { invalidates: USERS, success: "删除成功" });

export const useToggleMobileUsers = () => useRouteMutation("POST /gateway/api/manage/users/m/passed", { invalidates: MOBILE, kind: "handle" });
export const useBindMobileUser = () => useRouteMutation("POST /gateway/api/manage/users/m/bind", { invalidates: MOBILE, success: "绑定成功" });
export const useUnbindMobileUser = () => useRouteMutation("POST /gateway/api/manage/users/m/unbind", { invalidates: MOBILE, success: "解绑成功" });

export const useSaveRole = (o: SaveOptions) => useSave("POST /gateway/api/manage/role/save", { ...o, invalidates: ROLES });
export const useDeleteRoles = () => useRouteMutation("POST /gateway/api/manage/role/delete", { invalidates: ROLES, success: "删除成功" });
