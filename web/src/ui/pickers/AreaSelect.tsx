import { useCallback, useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import type { ReplyFor, RowOf } from "../../lib/contract.ts";
import { routeQuery } from "../../lib/routeQuery.ts";
import { Cascader, type CascadeItem } from "./Cascader.tsx";

const AREAS = "GET /gateway/api/manage/appcenter/area/alllist";
/** The regions come once from area/alllist, for the session. */
type Area = RowOf<typeof AREAS>;
const NATIONAL_ROOT = 100000;

/** The code prefix that covers every region under a root: '' for the nation, '44' for 440000. */
export const areaPrefix = (root: number) => (root === NATIONAL_ROOT ? "" : String(root).replace(/0+$/, ""));

/** The regions by their parent. */
function byParent(r: ReplyFor<typeof AREAS>): Map<number, Area[]> {
  const children = new Map<number, Area[]>();
  for (const a of r.dataList ?? []) children.set(a.parentid, [...(children.get(a.parentid) ?? []), a]);
  return children;
}

function useAreas(root = NATIONAL_ROOT) {
  return useQuery({
    ...routeQuery(api, AREAS, { areaCodePrefix: areaPrefix(root) }, "list"),
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
  /** The field's name (and its columns' …第N级). */
  label?: string;
  placeholder?: string;
  /** One hint per level (请选择市, 请选择区): the empty field reads 请选择市 / 区. */
  placeholders?: string[];
  disabled?: boolean;
};

/**
 * The region of a record in one control (ui/pickers/Cascader): province → city → district columns under
 * the nation, or city → district under a province (R035, R036), any level may be chosen, × empties
 * it. Keyboard as every cascader: arrows, Enter, Escape.
 */
export function AreaSelect({ value, onChange, root = NATIONAL_ROOT, levels = 3, label = "所在区域", placeholder, placeholders, disabled }: Props) {
  const { data: children, isLoading } = useAreas(root);
  const ids = value.map(Number).filter((n) => n > 0);
  const depth = useMemo(() => {
    // Each region's level under the root: a column past `levels` is never offered.
    const out = new Map<number, number>();
    const walk = (parent: number, level: number) => {
      for (const a of children?.get(parent) ?? []) {
        out.set(a.id, level);
        if (level < levels) walk(a.id, level + 1);
      }
    };
    walk(root, 1);
    return out;
  }, [children, root, levels]);
  const childrenOf = useCallback(
    (key: string | null): CascadeItem[] => {
      const parent = key === null ? root : Number(key);
      if (key !== null && (depth.get(parent) ?? levels) >= levels) return [];
      return (children?.get(parent) ?? []).map((a) => ({
        key: String(a.id),
        name: a.name,
        hasChildren: (depth.get(a.id) ?? levels) < levels && (children?.get(a.id)?.length ?? 0) > 0,
      }));
    },
    [children, root, levels, depth],
  );
  const name = (id: number, parent: number) => children?.get(parent)?.find((a) => a.id === id)?.name ?? "";
  return (
    <Cascader
      value={ids.map(String)}
      onChange={(path) => {
        const next = path.map(Number);
        onChange(
          next,
          next.map((id, i) => name(id, i === 0 ? root : next[i - 1])),
        );
      }}
      childrenOf={childrenOf}
      label={label}
      placeholder={
        placeholder ?? (placeholders ? `请选择${placeholders.map((p) => p.replace(/^请选择/, "")).join(" / ")}` : root === NATIONAL_ROOT ? "请选择省 / 市 / 区" : "请选择市 / 区")
      }
      loading={isLoading}
      disabled={disabled}
      clearable
      className="w-72"
    />
  );
}
