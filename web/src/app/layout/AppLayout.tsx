import { Outlet } from "@tanstack/react-router";
import { colorVars, DEFAULT_COLORS, useTenant } from "../tenant.ts";
import { Header } from "./Header.tsx";
import { Sidebar } from "./Sidebar.tsx";

/** The signed-in frame: a 56 px header and a 220 px menu in the tenant's colours, the page on light gray. */
export function AppLayout() {
  const tenant = useTenant();
  return (
    <div style={colorVars(tenant.data?.colors ?? DEFAULT_COLORS)} className="flex h-screen flex-col bg-slate-100 text-slate-800">
      <Header systemName={tenant.data?.systemName ?? ""} />
      <div className="flex min-h-0 flex-1">
        <Sidebar />
        <main id="main" className="min-w-0 flex-1 overflow-auto p-4">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
