import { Link } from "@tanstack/react-router";
import { entriesOf, screenLink, type MenuNode } from "../../menu.ts";
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
                return (
                  <li key={e.id}>
                    <Link
                      to="/$"
                      params={{ _splat: splat }}
                      search={search}
                      className="rounded text-sm text-slate-700 hover:text-blue-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                    >
                      {e.typename}
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
