import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, session } from "../lib/api.ts";
import type { DataOf } from "../lib/contract.ts";
import { unwrap } from "../lib/query.ts";

const USERS_INFO = "GET /gateway/api/manage/users/info";

/**
 * Who is signed in (users/info): the id keys per-user settings; deptCodes limit store choices (R027);
 * reachCodes what the data scope reaches; mustChangePassword opens the change-password dialog (UserMenu).
 */
export type CurrentUser = DataOf<typeof USERS_INFO>;

/**
 * The one users/info query of the console: the frame (app/me.ts) and the screens read the same
 * entry, so the console asks once. Keyed like a route query, so a write may name it as stale.
 */
export const currentUserQuery = queryOptions({
  queryKey: [USERS_INFO, api.functionKey, {}] as const,
  queryFn: async (): Promise<CurrentUser> => {
    const { data } = await unwrap(api.call(USERS_INFO, {}), "view");
    const me = { ...data!, deptCodes: data?.deptCodes ?? [], roles: data?.roles ?? [] };
    // Every later request carries the caller's branch (R003); a platform user has none.
    session.branchId = me.branchid ? String(me.branchid) : "";
    return me;
  },
  // The frame reads it once per sign-in; a screen that mounts later reads it again when older (useCurrentUser).
  staleTime: Infinity,
});

export const CURRENT_USER_KEY = currentUserQuery.queryKey;

/** The signed-in user for a screen: read again when older than five minutes. */
export const useCurrentUser = () => useQuery({ ...currentUserQuery, staleTime: 5 * 60_000 });

/**
 * The stores a store filter offers: the departments the user's data scope reaches (users/info
 * `reachCodes`), each with everything below unless the scope is exact; `whole` when that is the
 * whole tenant ('全部' is then offered). A reply without them (older server) falls back to the
 * user's departments.
 */
export function storeReach(u: CurrentUser | undefined): { limitTo: string[] | undefined; exact: boolean; whole: boolean } {
  const codes = u?.reachCodes ?? u?.deptCodes;
  const exact = u?.reachExact === 1;
  const whole = !exact && !!codes?.includes("");
  return { limitTo: whole ? undefined : codes, exact, whole };
}

/** The user's own department (the default store of store filters, R028); "" when the user sees all. */
export function ownDepartment(u: CurrentUser | undefined): string | undefined {
  if (!u) return undefined;
  const reach = storeReach(u);
  if (reach.whole) return "";
  if (!u.reachCodes) return u.deptCodes.includes("") ? "" : (u.deptCodes[0] ?? u.deptid ?? "");
  // The first own department the reach holds (a store under the branch it reaches), else the reach's first.
  const own = u.deptCodes.find((c) => c && (reach.exact ? u.reachCodes!.includes(c) : u.reachCodes!.some((r) => c.startsWith(r))));
  return own ?? u.reachCodes[0] ?? "";
}
