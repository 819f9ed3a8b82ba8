import { useQuery } from "@tanstack/react-query";
import { api, session } from "../lib/api.ts";
import { unwrap } from "../lib/query.ts";

/** The signed-in staff member (GET /gateway/api/manage/users/info). */
export type Me = {
  userId: number;
  username: string;
  realname: string;
  mobile: string;
  deptCodes: string[];
  roles: { id: number; name: string }[];
  branchid: number;
  branchname: string;
  managelevel: number;
  /** 1: the password was set by someone else; the change-password dialog opens at once (UserMenu). */
  mustChangePassword?: number;
};

export const MANAGE_LEVEL: Record<number, string> = { 1: "平台", 2: "分公司", 3: "门店" };

export const meQuery = {
  // The same key as ui/useCurrentUser.ts, so the frame and the screens share one users/info request.
  queryKey: ["users/info"],
  queryFn: async (): Promise<Me> => {
    const { data } = await unwrap(api.get<Me>("/gateway/api/manage/users/info"), "view");
    const me = { ...data!, deptCodes: data?.deptCodes ?? [], roles: data?.roles ?? [] };
    // Every later request carries the caller's branch (R003); a platform user has none.
    session.branchId = me.branchid ? String(me.branchid) : "";
    return me;
  },
  staleTime: Infinity,
} as const;

export const useMe = () => useQuery(meQuery);

/** What the caller sees as their name. */
export const displayName = (me: Pick<Me, "realname" | "username">) => me.realname || me.username;
