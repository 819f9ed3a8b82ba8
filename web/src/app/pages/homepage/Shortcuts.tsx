import { Link } from "@tanstack/react-router";
import { screenLink, screenTo, type MenuEntry } from "../../menu.ts";
import { mostUsed } from "../../usage.ts";
import { Card } from "./Card.tsx";

const SHOWN = 8;

/** My most-used screens, still in my menu, most used first. */
export function Shortcuts({ clientId, userId, entries }: { clientId: string; userId: number; entries: MenuEntry[] }) {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const top = mostUsed(clientId, userId)
    .map((u) => ({ ...u, entry: byId.get(u.functionId) }))
    .filter((u): u is typeof u & { entry: MenuEntry } => !!u.entry)
    .slice(0, SHOWN);
  return (
    <Card title="常用功能">
      {top.length === 0 ? (
        <p className="py-2 text-sm text-slate-500">打开过的功能会出现在这里，方便下次直接进入。</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2">
          {top.map(({ entry, count }) => {
            const { splat, search } = screenLink(entry);
            return (
              <li key={entry.id}>
                <Link
                  to={screenTo(splat)}
                  search={search}
                  title={`${entry.folder} / ${entry.typename}，已打开 ${count} 次`}
                  className="block rounded border border-slate-200 px-3 py-2 hover:border-blue-400 hover:bg-blue-50/50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                >
                  <span className="block truncate text-sm text-slate-800">{entry.typename}</span>
                  <span className="block truncate text-xs text-slate-400">{entry.folder}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
