import { useCallback, useMemo } from "react";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { TreeEditor } from "../../ui/tree/TreeEditor.tsx";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { bySeq, treeCall } from "./treeCalls.ts";
import { OrgNodeForm } from "./OrgNodeForm.tsx";
import type { OrgNode } from "./orgTypes.ts";

/**
 * /organization?orgType=…&orgTypeName=… (R529–R540): one screen for every organisation tree
 * (departments and stores, destinations, goods classes, information areas). The root (id and code 0)
 * only holds the first level; without orgType nothing can be loaded (R530).
 */
export const MISSING_ORG_TYPE = "组织类型未定义，无法加载";

export default function OrganizationTree() {
  const { params, title } = useScreen();
  const orgType = (params.orgType ?? "").trim();
  if (!orgType) return <MissingOrgType />;
  return <OrgTree key={orgType} orgType={orgType} name={params.orgTypeName || title || "组织架构"} />;
}

function MissingOrgType() {
  const back = () => window.history.back();
  return (
    <Modal
      open
      width={500}
      title="提示"
      onClose={back}
      footer={
        <Button variant="primary" onClick={back}>
          返回
        </Button>
      }
    >
      <p className="text-sm text-slate-700">{MISSING_ORG_TYPE}</p>
    </Modal>
  );
}

function OrgTree({ orgType, name }: { orgType: string; name: string }) {
  const api = useApi();
  const { rights } = useScreen();
  const root = useMemo<OrgNode>(
    () => ({
      id: 0,
      orgCode: "0",
      orgName: name,
      parentId: -1,
      hasChild: true,
      seq: 0,
      idisplay: 1,
      orgType,
      branchId: 0,
      orgExtraCode: "",
      picture: "",
      info: "",
      lng: "",
      lat: "",
      address: "",
    }),
    [name, orgType],
  );
  const treeKey = useMemo(() => ["organization", orgType], [orgType]);

  const loadChildren = useCallback(
    async (n: OrgNode) => bySeq((await treeCall(api.call("GET /gateway/api/organization/list", { parentId: n.id, orgType }), "load")).dataList ?? []),
    [api, orgType],
  );

  const remove = useCallback(
    async (n: OrgNode) => {
      const r = await treeCall(api.call("POST /gateway/api/organization/delete", { id: n.id }), "remove").catch(() => null);
      if (!r) return false;
      toast.success("删除成功", r.desc);
      return true;
    },
    [api],
  );

  return (
    <TreeEditor<OrgNode>
      treeKey={treeKey}
      root={root}
      title={name}
      label={(n) => (n.idisplay === 2 ? `${n.orgName}（已禁用）` : n.orgName)}
      loadChildren={loadChildren}
      canAdd={() => rights.a}
      canDelete={(n) => n.id !== 0 && rights.d}
      canEdit={(n) => n.id !== 0}
      onDelete={remove}
      renderForm={(ctx) => <OrgNodeForm ctx={ctx} orgType={orgType} />}
      help={
        <>
          <p className="mb-2 font-medium text-slate-700">{name}</p>
          <p>点击左侧节点查看和修改节点信息。</p>
          <p>将鼠标移到节点上，点击「＋」新增下级节点，点击「✕」删除节点，点击「↻」刷新下级节点。</p>
          <p>删除节点会同时删除其下所有子节点，且不可恢复，请谨慎操作。</p>
          <p>停用的节点在各应用中不再显示。</p>
        </>
      }
    />
  );
}
