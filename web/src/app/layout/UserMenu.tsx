import { useState, lazy, Suspense } from "react";
import { useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { api, session } from "../../lib/api.ts";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import type { Me } from "../me.ts";
import { forgetSession } from "../session.ts";
import { USER_BUTTON, UserBadge } from "./UserBadge.tsx";

/** The password form (with its schema) loads when first opened: it stays out of the first chunk. */
const ChangePasswordDialog = lazy(() => import("./ChangePasswordDialog.tsx").then((m) => ({ default: m.ChangePasswordDialog })));
const TwoFactorDialog = lazy(() => import("./TwoFactorDialog.tsx").then((m) => ({ default: m.TwoFactorDialog })));

/**
 * The dropdown (Headless UI's Menu and its positioning, some 50 kB gzip) stays out of the first
 * chunk too: the frame starts loading it as it mounts (preloadUserMenu), alongside the caller's
 * profile the menu waits for, and until it is there the button shows the same face (a click on it
 * opens the menu once it has come).
 */
const loadDropdown = () => import("./UserMenuDropdown.tsx");
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));
export const preloadUserMenu = () => void loadDropdown().catch(() => undefined);

/** The header's user menu: who is signed in, change password, two-factor sign-in, log out. */
export function UserMenu({ me }: { me: Me }) {
  // A password someone else set (a new tenant's first administrator) is changed before anything else.
  const [changing, setChanging] = useState(me.mustChangePassword === 1);
  const [clickedEarly, setClickedEarly] = useState(false);
  const [twoFactor, setTwoFactor] = useState(false);
  const navigate = useNavigate();
  const qc = useQueryClient();

  async function logout(ask = true) {
    if (ask && !(await confirm({ title: "退出登录", message: "确定要退出登录吗？", okText: "退出" }))) return;
    // The server ends the session; whatever it answers, this browser forgets the token.
    await api.call("POST /gateway/oauth/logout", {}).catch(() => undefined);
    session.clear();
    await navigate({ to: "/login", search: {}, replace: true });
    forgetSession(qc);
  }

  const waiting = (
    <button type="button" className={USER_BUTTON} aria-busy onClick={() => setClickedEarly(true)}>
      <UserBadge me={me} />
    </button>
  );
  return (
    <>
      <Suspense fallback={waiting}>
        <UserMenuDropdown me={me} openNow={clickedEarly} onChangePassword={() => setChanging(true)} onTwoFactor={() => setTwoFactor(true)} onLogout={() => void logout()} />
      </Suspense>
      {changing && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} forced={me.mustChangePassword === 1} onSignOut={() => void logout(false)} />
        </Suspense>
      )}
      {twoFactor && (
        <Suspense fallback={null}>
          <TwoFactorDialog onClose={() => setTwoFactor(false)} />
        </Suspense>
      )}
    </>
  );
}
