import { DEPARTMENT_TREE, OrgNode, type OrgNodeItem } from "./entities.ts";
import type { OrgNodeInput } from "./schemas.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, notFound, nothingDeleted } from "../kernel/errors.ts";
import { transact, txPut, txUpdate, txDelete } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";
import { inReach, reachOf, reachesWholeTenant } from "../kernel/dataScope.ts";

/** Trees whose nodes are departments and stores: the caller's department codes limit them (R027). */
export { DEPARTMENT_TREE };
export const CODE_SEGMENT = 3;
const OUTSIDE = "你没有该部门的操作权限";

export type OrgNodeView = Omit<OrgNodeItem, "tenantId" | "childCount"> & { hasChild: boolean };
export type OrgTreeNode = { id: number; orgCode: string; orgName: string; parentId: number; hasChild: boolean; children: OrgTreeNode[] };

const view = ({ tenantId: _t, childCount, ...n }: OrgNodeItem): OrgNodeView => ({ ...n, hasChild: (childCount ?? 0) > 0 });

/**
 * Department trees show what the caller's data scope reaches (kernel/dataScope.ts: the whole tenant,
 * the branch, the departments and below, or the departments exactly) and the path above it, read
 * only; other trees are whole. A node is written only inside the reach; a new node also needs its
 * place inside it, so an exact scope (仅本部门 / 仅本人) adds no department below its own.
 */
const aboveReach = (caller: Caller, code: string) => reachOf(caller).codes.some((c) => c !== code && c.startsWith(code));
const visible = (caller: Caller, n: Pick<OrgNodeItem, "orgType" | "orgCode">) => n.orgType !== DEPARTMENT_TREE || inReach(caller, n.orgCode) || aboveReach(caller, n.orgCode);
const writable = (caller: Caller, orgType: string, code: string) => orgType !== DEPARTMENT_TREE || inReach(caller, code);
const placeable = (caller: Caller, orgType: string, parentCode: string) =>
  orgType !== DEPARTMENT_TREE || (parentCode ? !reachOf(caller).exact && inReach(caller, parentCode) : reachesWholeTenant(caller));

export async function getNode(tenantId: string, id: number): Promise<OrgNodeItem | null> {
  const { data } = await OrgNode.get({ tenantId, id }).go();
  return data;
}

export async function listChildren(caller: Caller, orgType: string, parentId: number): Promise<OrgNodeView[]> {
  if (!orgType) throw new DomainError("组织类型未定义，无法加载", "400");
  const { data } = await OrgNode.query.byParent({ tenantId: caller.tenantId, orgType, parentId }).go({ pages: "all" });
  return data.filter((n) => visible(caller, n)).map(view);
}

export async function viewNode(caller: Caller, id: number): Promise<OrgNodeView> {
  const node = await getNode(caller.tenantId, id);
  if (!node) throw notFound("节点");
  if (!visible(caller, node)) throw new DomainError(OUTSIDE, "403");
  return view(node);
}

/** The next child code under a parent: the parent's code plus a 3-digit sequence (001…999). */
export const childCode = (parentCode: string, seq: number): string => {
  if (seq > 999) throw new DomainError("同一级节点已达上限", "400");
  return parentCode + String(seq).padStart(CODE_SEGMENT, "0");
};

export async function saveNode(caller: Caller, input: OrgNodeInput): Promise<OrgNodeView> {
  const { tenantId } = caller;
  const fields = {
    orgName: input.orgName,
    orgExtraCode: input.orgExtraCode,
    picture: input.picture,
    info: input.info,
    lng: input.lng,
    lat: input.lat,
    address: input.address,
    branchId: input.branchId,
    seq: input.seq,
    idisplay: input.idisplay,
  };
  if (input.id) {
    const node = await getNode(tenantId, input.id);
    if (!node) throw notFound("节点");
    if (node.orgType !== input.orgType) throw new DomainError("数据不完整，请刷新页面重新编辑。", "400");
    if (!writable(caller, node.orgType, node.orgCode)) throw new DomainError(OUTSIDE, "403");
    const { data } = await OrgNode.patch({ tenantId, id: input.id }).set(fields).go({ response: "all_new" });
    return view(data as OrgNodeItem);
  }
  const parent = input.parentId ? await getNode(tenantId, input.parentId) : null;
  if (input.parentId && (!parent || parent.orgType !== input.orgType)) throw new DomainError("上级节点不存在或已被删除", "404");
  const parentCode = parent?.orgCode ?? "";
  if (!placeable(caller, input.orgType, parentCode)) throw new DomainError(OUTSIDE, "403");
  const [id, seq] = await Promise.all([nextId(tenantId, "orgNode"), nextId(tenantId, `orgChild#${input.orgType}#${input.parentId}`)]);
  const item = { tenantId, id, orgType: input.orgType, orgCode: childCode(parentCode, seq), parentId: input.parentId, childCount: 0, createTime: formatDateTime(), ...fields };
  await transact([
    txPut(OrgNode.create(item), "节点编码冲突，请重试"),
    ...(parent ? [txUpdate(OrgNode.patch({ tenantId, id: parent.id }).add({ childCount: 1 }), "上级节点不存在或已被删除")] : []),
  ]);
  return view(item as OrgNodeItem);
}

/** Deletes a node with all the nodes below it (R549); returns the ids deleted. */
export async function deleteNode(caller: Caller, id: number): Promise<number[]> {
  const { tenantId } = caller;
  const node = await getNode(tenantId, id);
  if (!node) throw nothingDeleted();
  if (!writable(caller, node.orgType, node.orgCode) || caller.deptCodes.includes(node.orgCode)) throw new DomainError(OUTSIDE, "403");
  const { data: subtree } = await OrgNode.query.byCode({ tenantId, orgType: node.orgType }).begins({ orgCode: node.orgCode }).go({ pages: "all" });
  const below = subtree.filter((n) => n.id !== node.id);
  // The node and its parent's count move together; the children follow in batches.
  await transact([txDelete(OrgNode.delete({ tenantId, id })), ...(node.parentId ? [txUpdate(OrgNode.patch({ tenantId, id: node.parentId }).add({ childCount: -1 }))] : [])]);
  if (below.length) await OrgNode.delete(below.map((n) => ({ tenantId, id: n.id }))).go({ concurrency: 4 });
  return [node.id, ...below.map((n) => n.id)];
}

/** Cascader data (organization/app/list): the tree limited to the caller's data scope (and the path above it), enabled nodes only. */
export async function appTree(caller: Caller, q: { orgType: string; parentId?: number; isNotTree?: boolean; branchId?: number }): Promise<OrgTreeNode[]> {
  const { data } = await OrgNode.query.byCode({ tenantId: caller.tenantId, orgType: q.orgType }).go({ pages: "all" });
  const nodes = data
    .filter((n) => n.idisplay === 1 && visible(caller, n))
    .filter((n) => !q.branchId || !n.branchId || n.branchId === q.branchId)
    .sort((a, b) => (a.seq ?? 99) - (b.seq ?? 99) || a.id - b.id);
  const root = q.parentId ?? 0;
  if (q.isNotTree) {
    return nodes
      .filter((n) => n.parentId === root)
      .map((n) => ({ id: n.id, orgCode: n.orgCode, orgName: n.orgName, parentId: n.parentId, hasChild: (n.childCount ?? 0) > 0, children: [] }));
  }
  const kids = new Map<number, OrgNodeItem[]>();
  for (const n of nodes) kids.set(n.parentId, [...(kids.get(n.parentId) ?? []), n]);
  const build = (p: number): OrgTreeNode[] =>
    (kids.get(p) ?? []).map((n) => {
      const children = build(n.id);
      return { id: n.id, orgCode: n.orgCode, orgName: n.orgName, parentId: n.parentId, hasChild: children.length > 0, children };
    });
  return build(root);
}
