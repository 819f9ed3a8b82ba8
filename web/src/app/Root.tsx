import { useEffect, useRef } from "react";
import { Outlet, useRouterState } from "@tanstack/react-router";
import { Toaster } from "../ui/feedback/Toaster.tsx";
import { ConfirmHost, dismissAll } from "../ui/dialogs/Confirm.tsx";
import { useSessionEvents } from "./session.ts";

/** The root of every page: the routed page, the toasts and the confirmation dialog, mounted once. */
export function Root() {
  useSessionEvents();
  useQuestionsEndWithTheScreen();
  return (
    <>
      <Outlet />
      <Toaster />
      <ConfirmHost />
    </>
  );
}

/**
 * A confirmation belongs to the screen that asked it: when the address moves to another screen
 * (the back button, a sign-out), the open question is answered 取消 and its dialog closes.
 */
function useQuestionsEndWithTheScreen() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const last = useRef(path);
  useEffect(() => {
    if (last.current === path) return;
    last.current = path;
    dismissAll();
  }, [path]);
}
