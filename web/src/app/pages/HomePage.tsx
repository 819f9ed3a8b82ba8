import { Suspense, lazy, useEffect } from "react";
import { useTenant } from "../tenant.ts";
import { displayName, useMe } from "../me.ts";
import { entriesOf, useMenu } from "../menu.ts";
import { Reading } from "../screen/Panel.tsx";
import { AccountCard, OrgCard } from "./homepage/WhoAmI.tsx";
import { Shortcuts } from "./homepage/Shortcuts.tsx";
import { FunctionMap } from "./homepage/FunctionMap.tsx";
import { Todos } from "./homepage/Todos.tsx";

// The charts and their library load after the page drew: the first load stays the frame's.
const HomeCharts = lazy(() => import("./homepage/HomeCharts.tsx"));

/** /homepage, the workbench: my to-dos, who I am, where I belong, my most-used screens and everything I may open. */
export function HomePage() {
  const me = useMe();
  const menu = useMenu();
  const tenant = useTenant();

  useEffect(() => {
    document.title = tenant.data ? `首页 - ${tenant.data.systemName}` : "首页";
  }, [tenant.data]);

  if (!me.data) return <Reading />;
  const entries = menu.data ? entriesOf(menu.data) : [];
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-lg font-semibold text-slate-900">
          {greeting()}，{displayName(me.data)}
        </h1>
        <p className="text-sm text-slate-500">{today()}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Todos entries={entries} />
        <AccountCard me={me.data} />
        <OrgCard me={me.data} />
        <Shortcuts clientId={tenant.data?.clientId ?? ""} userId={me.data.userId} entries={entries} />
      </div>
      {menu.data && (
        <Suspense fallback={null}>
          <HomeCharts entries={entries} />
        </Suspense>
      )}
      {menu.data && <FunctionMap tree={menu.data} />}
    </div>
  );
}

// Business time is Shanghai's (docs/architecture.md): the day the to-dos count as 今日 is the day shown, wherever the browser's clock is set.
const ZONE = "Asia/Shanghai";

function greeting(hour = Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: ZONE }).format(new Date()))): string {
  if (hour < 6) return "夜深了";
  if (hour < 12) return "上午好";
  if (hour < 18) return "下午好";
  return "晚上好";
}

const today = () => new Intl.DateTimeFormat("zh-CN", { year: "numeric", month: "long", day: "numeric", weekday: "long", timeZone: ZONE }).format(new Date());
