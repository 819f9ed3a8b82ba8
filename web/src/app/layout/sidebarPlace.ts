import { useRouterState } from "@tanstack/react-router";
import type { MenuNode } from "../menu.ts";

/** Where the user is: the path and the function id it was opened by. */
export type Here = { path: string; functionId: number };

export function useCurrent(): Here {
  return useRouterState({
    select: (s) => ({ path: s.location.pathname.toLowerCase(), functionId: Number((s.location.search as Record<string, string>).functionId) || 0 }),
    structuralSharing: true,
  });
}

export const isHere = (n: MenuNode, here: Here) => n.id === here.functionId && n.path.toLowerCase() === here.path;

export const focusRing = "focus:outline-none focus-visible:ring-2 focus-visible:ring-(--xy-menu-active-fg)/50";
