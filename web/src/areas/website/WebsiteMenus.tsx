import { useMemo, type Dispatch, type SetStateAction } from "react";
import type { WebsiteMenu } from "@xiangyu/core/website/rules";
import { Select, TextInput } from "../../ui/form/inputs.tsx";
import { Button } from "../../ui/Button.tsx";
import type { WebsiteConfig } from "./websiteQueries.ts";

type Candidate = WebsiteConfig["candidates"][number];

/**
 * Which information columns are the website's menus, named and ordered here, optionally under
 * another menu (the inner pages' left menu). Unticking a menu drops the menus under it too.
 */
export function WebsiteMenus({
  candidates,
  menus,
  setMenus,
  readOnly,
}: {
  candidates: Candidate[];
  menus: WebsiteMenu[];
  setMenus: Dispatch<SetStateAction<WebsiteMenu[]>>;
  readOnly: boolean;
}) {
  const shown = useMemo(() => new Map(menus.map((m, i) => [m.typeid, i])), [menus]);
  const toggle = (c: Candidate) =>
    setMenus((l) =>
      shown.has(c.typeid) ? l.filter((m) => m.typeid !== c.typeid && m.parent !== c.typeid) : [...l, { typeid: c.typeid, typename: c.typename, parent: 0, kind: c.kind }],
    );
  const patch = (typeid: number, p: Partial<WebsiteMenu>) => setMenus((l) => l.map((m) => (m.typeid === typeid ? { ...m, ...p } : m)));
  const move = (i: number, by: -1 | 1) =>
    setMenus((l) => {
      const j = i + by;
      if (j < 0 || j >= l.length) return l;
      const out = [...l];
      [out[i], out[j]] = [out[j]!, out[i]!];
      return out;
    });
  return (
    <>
      <h2 className="mt-6 mb-2 text-sm font-semibold text-slate-700">网站菜单</h2>
      <p className="mb-2 text-xs text-slate-500">勾选的信息栏目显示为网站菜单；列表栏目打开信息列表，单页信息打开该页。</p>
      <table className="w-full max-w-5xl text-sm" aria-label="网站菜单">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th className="p-2">显示</th>
            <th className="p-2">栏目</th>
            <th className="p-2">菜单名称</th>
            <th className="p-2">上级菜单</th>
            <th className="p-2">顺序</th>
          </tr>
        </thead>
        <tbody>
          {candidates.map((c) => (
            <MenuRow
              key={c.typeid}
              candidate={c}
              menus={menus}
              index={shown.get(c.typeid)}
              readOnly={readOnly}
              onToggle={() => toggle(c)}
              onPatch={(p) => patch(c.typeid, p)}
              onMove={(by) => move(shown.get(c.typeid)!, by)}
            />
          ))}
        </tbody>
      </table>
    </>
  );
}

/** One column: shown or not, its menu name, its parent menu and its place. */
function MenuRow({
  candidate: c,
  menus,
  index: i,
  readOnly,
  onToggle,
  onPatch,
  onMove,
}: {
  candidate: Candidate;
  menus: WebsiteMenu[];
  index: number | undefined;
  readOnly: boolean;
  onToggle: () => void;
  onPatch: (p: Partial<WebsiteMenu>) => void;
  onMove: (by: -1 | 1) => void;
}) {
  const m = i === undefined ? undefined : menus[i];
  const parents = menus.filter((x) => !x.parent && x.typeid !== c.typeid);
  return (
    <tr className="border-t border-slate-100">
      <td className="p-2">
        <input type="checkbox" checked={!!m} onChange={onToggle} aria-label={`显示：${c.typename}`} disabled={readOnly} />
      </td>
      <td className="p-2 text-slate-600">
        {c.typename}
        <span className="ml-1 text-xs text-slate-400">{c.kind === "page" ? "单页" : c.kind === "hotels" ? "酒店" : "列表"}</span>
      </td>
      <td className="p-2">
        {m && <TextInput name={`menu-${c.typeid}`} value={m.typename} onChange={(v) => onPatch({ typename: String(v) })} maxLength={20} aria-label={`菜单名称：${c.typename}`} />}
      </td>
      <td className="p-2">
        {m && (
          <Select
            name={`parent-${c.typeid}`}
            value={m.parent || ""}
            onChange={(v) => onPatch({ parent: Number(v) || 0 })}
            options={parents.map((p) => ({ value: p.typeid, label: p.typename }))}
            placeholder="顶级菜单"
            aria-label={`上级菜单：${c.typename}`}
          />
        )}
      </td>
      <td className="p-2">
        {i !== undefined && (
          <span className="flex items-center gap-1">
            <span className="w-6 text-slate-500" aria-label={`第${i + 1}项`}>
              {i + 1}
            </span>
            <Button size="sm" variant="link" onClick={() => onMove(-1)} aria-label={`上移：${c.typename}`}>
              上移
            </Button>
            <Button size="sm" variant="link" onClick={() => onMove(1)} aria-label={`下移：${c.typename}`}>
              下移
            </Button>
          </span>
        )}
      </td>
    </tr>
  );
}
