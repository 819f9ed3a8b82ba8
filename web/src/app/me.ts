import { useQuery } from "@tanstack/react-query";
import { currentUserQuery, type CurrentUser } from "../ui/useCurrentUser.ts";

/** The signed-in staff member (GET /gateway/api/manage/users/info), as the screens see it too (ui/useCurrentUser.ts). */
export type Me = CurrentUser;

export const MANAGE_LEVEL: Record<number, string> = { 1: "平台", 2: "分公司", 3: "门店" };

/** The frame's read of users/info: the one query the screens read as well. */
export const meQuery = currentUserQuery;

export const useMe = () => useQuery(meQuery);

/** What the caller sees as their name. */
export const displayName = (me: Pick<Me, "realname" | "username">) => me.realname || me.username;
