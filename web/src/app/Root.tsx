import { Outlet } from "@tanstack/react-router";
import { Toaster } from "../ui/Toaster.tsx";
import { ConfirmHost } from "../ui/Confirm.tsx";
import { useSessionEvents } from "./session.ts";

/** The root of every page: the routed page, the toasts and the confirmation dialog, mounted once. */
export function Root() {
  useSessionEvents();
  return (
    <>
      <Outlet />
      <Toaster />
      <ConfirmHost />
    </>
  );
}
