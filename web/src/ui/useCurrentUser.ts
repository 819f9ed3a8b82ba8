import { useQuery } from "@tanstack/react-query";
import { api, type Envelope } from "../lib/api.ts";
import { unwrap } from "../lib/query.ts";

/** Who is signed in (users/info): the id keys per-user settings; deptCodes limit store choices (R027). */
export type CurrentUser = {
  userId: number;
  username: string;
  realname: string;
  deptid: string;
  /** Department codes the user may act in; "" means the whole tenant. */
  deptCodes: string[];
  branchid: number;
  managelevel: number;
  /** What the user's data scope reaches ([""]: the whole tenant); `reachExact` 1: these codes only, not below. */
  reachCodes?: string[];
  reachExact?: 0 | 1;
  /** The official-account openid the user bound for notifications (绑定公众号), "" when unbound. */
  oaOpenId?: string;
};

/** Shared with the frame's own users/info query (app/me.ts), so the console asks once. */
export const CURRENT_USER_KEY = ["users/info"] as const;

export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async (): Promise<CurrentUser> => {
      const { data } = await unwrap(api.call("GET /gateway/api/manage/users/info", {}) as Promise<Envelope<CurrentUser>>, "view");
      return { ...data!, deptCodes: data?.deptCodes ?? [] };
    },
    staleTime: 5 * 60_000,
  });
}

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
