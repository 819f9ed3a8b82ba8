import { useState, lazy, Suspense } from "react";
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { api, session } from "../../lib/api.ts";
import { confirm } from "../../ui/Confirm.tsx";
import { displayName, type Me } from "../me.ts";
import { forgetSession } from "../session.ts";

/** The password form (with its schema) loads when first opened: it stays out of the first chunk. */
const ChangePasswordDialog = lazy(() => import("./ChangePasswordDialog.tsx").then((m) => ({ default: m.ChangePasswordDialog })));

/** The header's user menu: who is signed in, change password, log out. */
export function UserMenu({ me }: { me: Me }) {
  // A password someone else set (a new tenant's first administrator) is changed before anything else.
  const [changing, setChanging] = useState(me.mustChangePassword === 1);
  const navigate = useNavigate();
  const qc = useQueryClient();

  async function logout(ask = true) {
    if (ask && !(await confirm({ title: "退出登录", message: "确定要退出登录吗？", okText: "退出" }))) return;
    // The server ends the session; whatever it answers, this browser forgets the token.
    await api.post("/gateway/oauth/logout").catch(() => undefined);
    session.clear();
    await navigate({ to: "/login", search: {}, replace: true });
    forgetSession(qc);
  }

  const item = "flex w-full items-center px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900";
  return (
    <>
      <Menu>
        <MenuButton className="flex items-center gap-2 rounded px-2 py-1.5 hover:bg-(--xy-header-active-bg) hover:text-(--xy-header-active-fg) focus:outline-none data-focus:ring-2 data-focus:ring-white/70 data-open:bg-(--xy-header-active-bg)">
          <span aria-hidden className="grid size-7 place-items-center rounded-full bg-white/20 text-xs font-medium">
            {displayName(me).slice(0, 1)}
          </span>
          <span>{displayName(me)}</span>
          <svg aria-hidden viewBox="0 0 20 20" className="size-4 opacity-80" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </MenuButton>
        <MenuItems anchor="bottom end" className="z-50 mt-1 w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none">
          <div className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500">
            {me.username}
            {me.roles.length > 0 && <div className="mt-0.5 truncate">{me.roles.map((r) => r.name).join("、")}</div>}
          </div>
          <MenuItem>
            <button type="button" className={item} onClick={() => setChanging(true)}>
              修改密码
            </button>
          </MenuItem>
          <MenuItem>
            <button type="button" className={item} onClick={() => void logout()}>
              退出登录
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      {changing && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} forced={me.mustChangePassword === 1} onSignOut={() => void logout(false)} />
        </Suspense>
      )}
    </>
  );
}
