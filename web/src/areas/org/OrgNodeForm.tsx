import { useEffect } from "react";
import { OrgNodeInput } from "@xiangyu/core/org/schemas";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { startValues } from "../../ui/form/startValues.ts";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { RadioField } from "../../ui/form/RadioField.tsx";
import { NumberInput, TextInput } from "../../ui/form/inputs.tsx";
import { ImageUploader } from "../../ui/upload/ImageUploader.tsx";
import type { TreeFormContext } from "../../ui/tree/TreeEditor.tsx";
import { useTreeSave } from "./treeCalls.ts";
import { LngLatField, TreeForm, TreeRecord, levelsAbove } from "./TreeForm.tsx";
import { DESTINATION, ORG_STATUS, VISA_OPTIONS, type OrgNode } from "./orgTypes.ts";

/**
 * The right side of the organisation tree: the selected node (loaded by organization/view, R544) or a
 * new child. Every tree has name, sort number and status; destinations add the level breadcrumb,
 * read-only ID and code, pinyin initial, picture, visa choice and coordinates (R533–R535).
 */
type Props = { ctx: TreeFormContext<OrgNode>; orgType: string };

export function OrgNodeForm({ ctx, orgType }: Props) {
  const id = ctx.target.kind === "edit" ? ctx.target.node.id : undefined;
  return (
    <TreeRecord route="GET /gateway/api/organization/view" id={id}>
      {(node) => <NodeFields ctx={ctx} orgType={orgType} node={node} />}
    </TreeRecord>
  );
}

/** The node's own values, or a new child's defaults under `parentId`. */
const nodeValues = (parentId: number | undefined, orgType: string, node?: OrgNode) =>
  startValues(node, { id: "", parentId, orgType, orgName: "", orgExtraCode: "", picture: "", info: "", lng: "", lat: "", address: "", branchId: 0, seq: 99, idisplay: 1 });

function NodeFields({ ctx, orgType, node }: Props & { node?: OrgNode }) {
  const parent = ctx.target.kind === "create" ? ctx.target.parent : undefined;
  const form = useSchemaForm(OrgNodeInput, nodeValues(parent?.id, orgType, node), { hidden: ["parentId", "orgType"] });
  const destination = orgType === DESTINATION;
  const nameChanged = form.changed("orgName");
  useEffect(() => ctx.setDirty(nameChanged), [ctx, nameChanged]);
  const mayWrite = useMayWrite(node);
  const path = ctx.target.path.map((n) => n.orgName);
  const post = useTreeSave("POST /gateway/api/organization/save", ctx);
  const save = form.submit((out) => post({ ...out, id: node?.id }, { ...node, ...out } as OrgNode));

  return (
    <TreeForm onSubmit={save} title={node ? "编辑节点" : `新增「${path.at(-1)}」的下级节点`} mayWrite={mayWrite} busy={form.submitting}>
      {destination && <StaticField label="所属层级">{levelsAbove(path, !!node)}</StaticField>}
      {destination && node && (
        <>
          <StaticField label="ID">{node.id}</StaticField>
          <StaticField label="编码">{node.orgCode}</StaticField>
        </>
      )}
      <Field label="名称" required error={form.errors.orgName}>
        <TextInput {...form.field("orgName")} maxLength={50} placeholder="请输入名称" />
      </Field>
      {destination && (
        <>
          <Field label="拼音首字母" error={form.errors.orgExtraCode}>
            <TextInput {...form.field("orgExtraCode")} maxLength={20} className="w-40" />
          </Field>
          <Field label="图片" error={form.errors.picture}>
            <ImageUploader value={form.values.picture ? [String(form.values.picture)] : []} onChange={(urls) => form.set("picture", urls[0] ?? "")} />
          </Field>
          <RadioField label="签证" {...form.field("address")} options={VISA_OPTIONS} />
          <LngLatField lng={form.field("lng")} lat={form.field("lat")} />
        </>
      )}
      <Field label="排序" error={form.errors.seq} hint="数字越小越靠前，最小为1">
        <NumberInput {...form.field("seq")} min={1} className="w-32" />
      </Field>
      <RadioField label="状态" {...form.field("idisplay")} options={ORG_STATUS} />
    </TreeForm>
  );
}
