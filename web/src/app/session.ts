import { useEffect } from "react";
import { useRouter } from "@tanstack/react-router";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { NO_RIGHT, SESSION_EXPIRED, TOKEN_KEY, session } from "../lib/api.ts";
import { meQuery, type Me } from "./me.ts";

/** Forgets everything read for the previous session except the tenant's public branding. */
export const forgetSession = (qc: QueryClient) => qc.removeQueries({ predicate: (q) => q.queryKey[0] !== "tenant" });

/**
 * The frame's answer to what the API client reports: a 401 (R013) sends the user to login with the
 * notice and the way back; a 403 (R015) shows /noRight in place of the refused screen (not while the
 * initial password must be changed: the server then refuses everything else). A logout in
 * another tab of this browser ends this one too.
 */
export function useSessionEvents() {
  const router = useRouter();
  const qc = useQueryClient();

  useEffect(() => {
    const toLogin = (expired: boolean) => {
      const loc = router.state.location;
      if (loc.pathname === "/login") return;
      void router.navigate({ to: "/login", search: { redirect: loc.href, expired: expired ? "1" : undefined }, replace: true }).then(() => forgetSession(qc));
    };
    const onExpired = () => toLogin(true);
    const onNoRight = () => {
      // While the initial password must be changed every other route answers 403 (请先修改初始密码):
      // that is the forced dialog's business, not a module the role lacks.
      if (qc.getQueryData<Me>(meQuery.queryKey)?.mustChangePassword === 1) return;
      if (router.state.location.pathname !== "/noRight") void router.navigate({ to: "/noRight", replace: true });
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === TOKEN_KEY && !e.newValue && !session.token) toLogin(false);
    };
    window.addEventListener(SESSION_EXPIRED, onExpired);
    window.addEventListener(NO_RIGHT, onNoRight);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(SESSION_EXPIRED, onExpired);
      window.removeEventListener(NO_RIGHT, onNoRight);
      window.removeEventListener("storage", onStorage);
    };
  }, [router, qc]);
}
