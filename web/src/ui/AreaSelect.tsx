import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { api, type Envelope } from "../lib/api.ts";
import { routeQuery } from "../lib/routeQuery.ts";
import { controlClass } from "./form/inputs.tsx";

/**
 * Cascading province / city / district selects (R035): 3 levels under the national root 100000 by
 * default, or under a province such as 440000 (R036). The regions come once from area/alllist.
 */
export type Area = { id: number; parentid: number; name: string };
export const NATIONAL_ROOT = 100000;

/** The code prefix that covers every region under a root: '' for the nation, '44' for 440000. */
export const areaPrefix = (root: number) => (root === NATIONAL_ROOT ? "" : String(root).replace(/0+$/, ""));

/** The regions by their parent. area/alllist is still LEGACY (untyped): Area is its row until it declares one. */
function byParent(r: Envelope): Map<number, Area[]> {
  const children = new Map<number, Area[]>();
  for (const a of (r.dataList ?? []) as Area[]) children.set(a.parentid, [...(children.get(a.parentid) ?? []), a]);
  return children;
}

export function useAreas(root = NATIONAL_ROOT) {
  return useQuery({
    ...routeQuery(api, "GET /gateway/api/manage/appcenter/area/alllist", { areaCodePrefix: areaPrefix(root) }, "list"),
    select: byParent,
    staleTime: Infinity,
  });
}

type Props = {
  /** The chosen ids from the top level down, e.g. [440000, 440100, 440106]. */
  value: Array<number | string>;
  onChange: (ids: number[], names: string[]) => void;
  root?: number;
  levels?: number;
  placeholders?: string[];
  disabled?: boolean;
};

export function AreaSelect({ value, onChange, root = NATIONAL_ROOT, levels = 3, placeholders = ["请选择省", "请选择市", "请选择区"], disabled }: Props) {
  const { data: children } = useAreas(root);
  const ids = value.map(Number).filter((n) => n > 0);
  // One option list per level shown; `ids` is a new array each render, its content is the dependency.
  const idsKey = ids.join(",");
  const lists = useMemo(() => {
    const chosen = idsKey ? idsKey.split(",").map(Number) : [];
    const out: Area[][] = [];
    let parent = root;
    for (let i = 0; i < levels; i++) {
      const opts = children?.get(parent) ?? [];
      if (i > 0 && (!chosen[i - 1] || !opts.length)) break;
      out.push(opts);
      parent = chosen[i];
    }
    return out;
  }, [children, root, levels, idsKey]);

  function pick(level: number, raw: string) {
    const next = [...ids.slice(0, level), ...(raw ? [Number(raw)] : [])];
    const names = next.map((id, i) => lists[i]?.find((a) => a.id === id)?.name ?? "");
    onChange(next, names);
  }

  return (
    <div className="flex flex-wrap gap-1.5" role="group" aria-label="区域">
      {lists.map((opts, i) => (
        <select
          key={i}
          aria-label={placeholders[i] ?? "请选择"}
          disabled={disabled}
          value={ids[i] ? String(ids[i]) : ""}
          onChange={(e) => pick(i, e.target.value)}
          className={`${controlClass} w-32`}
        >
          <option value="">{placeholders[i] ?? "请选择"}</option>
          {opts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      ))}
    </div>
  );
}
