import { Link } from "@tanstack/react-router";
import { entriesOf, screenLink, screenTo, type MenuNode } from "../../menu.ts";
import { BuildingTag, isBuilt } from "../../layout/Sidebar.tsx";
import { Card } from "./Card.tsx";

/** Every screen I may open, grouped by menu folder: the whole menu at a glance. */
export function FunctionMap({ tree }: { tree: MenuNode[] }) {
  const folders = tree.filter((f) => !f.path);
  if (!folders.length) return null;
  return (
    <Card title="功能导航">
      <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
        {folders.map((f) => (
          <div key={f.id}>
            <h3 className="mb-1 text-xs font-medium text-slate-500">{f.typename}</h3>
            <ul className="space-y-0.5">
              {entriesOf(f.children ?? []).map((e) => {
                const { splat, search } = screenLink(e);
                const built = isBuilt(e);
                return (
                  <li key={e.id}>
                    <Link
                      to={screenTo(splat)}
                      search={search}
                      title={built ? undefined : "该功能正在建设中"}
                      className={`inline-flex items-center gap-1.5 rounded text-sm hover:text-blue-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${built ? "text-slate-700" : "text-slate-500"}`}
                    >
                      {e.typename}
                      {!built && <BuildingTag />}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </Card>
  );
}
