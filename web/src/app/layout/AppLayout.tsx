import { Outlet } from "@tanstack/react-router";
import { colorVars, DEFAULT_COLORS, useTenant } from "../tenant.ts";
import { useMe } from "../me.ts";
import { Panel, Reading } from "../screen/Panel.tsx";
import { Header } from "./Header.tsx";
import { Sidebar } from "./Sidebar.tsx";

/**
 * The signed-in frame: a 56 px header and a 220 px menu in the tenant's colours, the page on light gray.
 * The menu and the page wait for the caller's profile: while the initial password must be changed
 * (mustChangePassword) the server answers 403 请先修改初始密码 to all but users/info, changepassword
 * and logout, so the frame asks for nothing else (no menu, homepage or rights, hence no 菜单读取出错
 * and no /noRight) and only the header's forced 首次登录请修改密码 dialog is there.
 */
export function AppLayout() {
  const tenant = useTenant();
  const me = useMe();
  const locked = me.data?.mustChangePassword === 1;
  // A failed profile read (not a 401, which leads to login) keeps the frame usable: the menu says what it can.
  const open = (me.isSuccess && !locked) || me.isError;
  return (
    <div style={colorVars(tenant.data?.colors ?? DEFAULT_COLORS)} className="flex h-screen flex-col bg-slate-100 text-slate-800">
      <Header systemName={tenant.data?.systemName ?? ""} />
      <div className="flex min-h-0 flex-1">
        {open && <Sidebar />}
        <main id="main" className="min-w-0 flex-1 overflow-auto p-4">
          {open ? <Outlet /> : locked ? <Panel title="请先修改初始密码" /> : <Reading />}
        </main>
      </div>
    </div>
  );
}
