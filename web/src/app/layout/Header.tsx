import { useEffect } from "react";
import { Link } from "@tanstack/react-router";
import { useMe } from "../me.ts";
import { preloadUserMenu, UserMenu } from "./UserMenu.tsx";

export function Header({ systemName }: { systemName: string }) {
  const me = useMe();
  // The user menu's chunk comes while the caller's profile is on its way, not after it.
  useEffect(preloadUserMenu, []);
  return (
    <header className="flex h-14 shrink-0 items-center justify-between bg-(--xy-header-bg) px-4 text-(--xy-header-fg) shadow-sm">
      <Link
        to="/homepage"
        className="flex items-center gap-2 rounded px-1 text-base font-semibold tracking-wide focus:outline-none focus-visible:ring-2 focus-visible:ring-white/70"
      >
        <span aria-hidden className="grid size-7 place-items-center rounded bg-white/15 text-sm">
          {systemName.slice(0, 1) || "享"}
        </span>
        {systemName}
      </Link>
      {me.data && (
        <div className="flex items-center gap-3 text-sm">
          <span title="所属分公司" className="hidden rounded bg-white/10 px-2 py-0.5 text-xs sm:inline">
            {me.data.branchname || "平台"}
          </span>
          <UserMenu me={me.data} />
        </div>
      )}
    </header>
  );
}
