import { useCallback, useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import type { ReplyFor, RowOf } from "../../lib/contract.ts";
import { routeQuery } from "../../lib/routeQuery.ts";
import { Cascader, type CascadeItem } from "./Cascader.tsx";

/**
 * Picks an organisation node (a branch or a store) from organization/app/list in one control
 * (ui/pickers/Cascader: columns per level, mouse and keyboard). The value is the node's orgCode: codes grow
 * by 3 characters per level (R026), so the code alone names the whole path. With `limitTo` (the
 * user's department codes, R027) the levels above the user's departments can be opened but not
 * chosen (greyed); with `exact` too, the levels below them as well.
 */
const ORG_TREE = "GET /gateway/api/organization/app/list";
export type OrgTreeNode = RowOf<typeof ORG_TREE>;

const NO_NODES: OrgTreeNode[] = [];
const nodesOf = (r: ReplyFor<typeof ORG_TREE>): OrgTreeNode[] => r.dataList ?? NO_NODES;

export function useOrgTree(orgType = "dept") {
  return useQuery({ ...routeQuery(api, ORG_TREE, { orgType }, "list"), select: nodesOf, staleTime: 5 * 60_000 });
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

const withinDepartments = (code: string, limitTo?: string[], exact = false) => !limitTo || limitTo.some((d) => (exact ? code === d : code.startsWith(d)));

type Props = {
  value: string;
  onChange: (code: string, node?: OrgTreeNode) => void;
  orgType?: string;
  limitTo?: string[];
  /** `limitTo` names the choosable codes themselves, not what lies below them (a data scope of 仅本部门 / 仅本人). */
  exact?: boolean;
  /** The first level's empty choice; when omitted, an empty first level cannot be chosen. */
  allLabel?: string;
  label?: string;
  disabled?: boolean;
};

export function OrgCascader({ value, onChange, orgType = "dept", limitTo, exact = false, allLabel, label = "组织", disabled }: Props) {
  const { data: roots = NO_NODES, isLoading } = useOrgTree(orgType);
  const byCode = useMemo(() => {
    const out = new Map<string, OrgTreeNode>();
    const walk = (nodes: OrgTreeNode[]) => nodes.forEach((n) => (out.set(n.orgCode, n), walk(n.children ?? [])));
    walk(roots);
    return out;
  }, [roots]);
  const childrenOf = useCallback(
    (code: string | null): CascadeItem[] =>
      ((code === null ? roots : byCode.get(code)?.children) ?? []).map((n) => ({ key: n.orgCode, name: n.orgName, hasChildren: (n.children?.length ?? 0) > 0 })),
    [roots, byCode],
  );
  const path = useMemo(() => orgPath(roots, value).map((n) => n.orgCode), [roots, value]);
  return (
    <Cascader
      value={path}
      onChange={(p) => {
        const code = p.at(-1) ?? "";
        if (code) onChange(code, byCode.get(code));
        else onChange("");
      }}
      childrenOf={childrenOf}
      choosable={(code) => withinDepartments(code, limitTo, exact)}
      allLabel={allLabel}
      allChoosable={withinDepartments("", limitTo, exact)}
      label={label}
      loading={isLoading}
      disabled={disabled}
    />
  );
}
