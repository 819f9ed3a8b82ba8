import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { api, type Envelope } from "../lib/api.ts";
import { routeQuery } from "../lib/routeQuery.ts";
import { controlClass } from "./form/inputs.tsx";

/**
 * Picks an organisation node (a department or store) level by level from organization/app/list.
 * The value is the node's orgCode: codes grow by 3 characters per level (R026), so the code alone
 * names the whole path. With `limitTo` (the user's department codes, R027) the levels above the
 * user's departments can be opened but not chosen.
 */
export type OrgTreeNode = { id: number; orgCode: string; orgName: string; hasChild: boolean; children: OrgTreeNode[] };

/** organization/app/list is still LEGACY (untyped): OrgTreeNode is its row until it declares one. */
const NO_NODES: OrgTreeNode[] = [];
const nodesOf = (r: Envelope): OrgTreeNode[] => (r.dataList as OrgTreeNode[] | undefined) ?? NO_NODES;

export function useOrgTree(orgType = "dept") {
  return useQuery({ ...routeQuery(api, "GET /gateway/api/organization/app/list", { orgType }, "list"), select: nodesOf, staleTime: 5 * 60_000 });
}

/** The nodes from the top down to the node with this code (as far as the tree has them). */
export function orgPath(roots: OrgTreeNode[], code: string): OrgTreeNode[] {
  const path: OrgTreeNode[] = [];
  let level = roots;
  for (;;) {
    const next = level.find((n) => n.orgCode && code.startsWith(n.orgCode));
    if (!next) return path;
    path.push(next);
    if (next.orgCode === code) return path;
    level = next.children ?? [];
  }
}

/** Names an organisation code (its node's name, "" while the tree loads or when unknown): list cells. */
export function useOrgName(orgType = "dept"): (code: string) => string {
  const { data: roots = [] } = useOrgTree(orgType);
  return useMemo(() => (code: string) => (code ? (orgPath(roots, code).find((n) => n.orgCode === code)?.orgName ?? "") : ""), [roots]);
}

export const withinDepartments = (code: string, limitTo?: string[]) => !limitTo || limitTo.some((d) => code.startsWith(d));

type Props = {
  value: string;
  onChange: (code: string, node?: OrgTreeNode) => void;
  orgType?: string;
  limitTo?: string[];
  /** The first level's empty choice; when omitted, an empty first level cannot be chosen. */
  allLabel?: string;
  label?: string;
  disabled?: boolean;
};

export function OrgCascader({ value, onChange, orgType = "dept", limitTo, allLabel, label = "组织", disabled }: Props) {
  const { data: roots = [], isLoading } = useOrgTree(orgType);
  const [open, setOpen] = useState(value);
  useEffect(() => setOpen(value), [value]);
  const path = useMemo(() => orgPath(roots, open), [roots, open]);

  // One select per level, down to the first level whose node has no children.
  const levels: OrgTreeNode[][] = [roots];
  path.forEach((n) => n.children?.length && levels.push(n.children));

  function pick(level: number, code: string) {
    const node = code ? levels[level].find((n) => n.orgCode === code) : path[level - 1];
    const target = node?.orgCode ?? "";
    setOpen(target);
    if (!node && allLabel !== undefined && withinDepartments("", limitTo)) onChange("");
    else if (node && withinDepartments(target, limitTo)) onChange(target, node);
  }

  return (
    <div className="flex flex-wrap gap-1.5" role="group" aria-label={label} aria-busy={isLoading || undefined}>
      {levels.map((options, i) => (
        <select
          key={i}
          aria-label={`${label}第${i + 1}级`}
          disabled={disabled}
          value={path[i]?.orgCode ?? ""}
          onChange={(e) => pick(i, e.target.value)}
          className={`${controlClass} w-36`}
        >
          <option value="">{i === 0 ? (allLabel ?? "请选择") : "请选择"}</option>
          {options.map((n) => (
            <option key={n.orgCode} value={n.orgCode}>
              {n.orgName}
            </option>
          ))}
        </select>
      ))}
    </div>
  );
}
