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

/** The user's own department (the default store of store filters, R028); "" when the user sees all. */
export function ownDepartment(u: CurrentUser | undefined): string | undefined {
  if (!u) return undefined;
  return u.deptCodes.includes("") ? "" : (u.deptCodes[0] ?? u.deptid ?? "");
}
