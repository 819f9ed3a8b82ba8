import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { OrgNodeInput } from "@xiangyu/core/org/schemas";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { NumberInput, RadioGroup, TextInput } from "../../ui/form/inputs.tsx";
import { ImageUploader } from "../../ui/ImageUploader.tsx";
import { Button } from "../../ui/Button.tsx";
import type { TreeFormContext } from "../../ui/TreeEditor.tsx";
import { treeCall } from "./treeCalls.ts";
import { DESTINATION, ORG_STATUS, VISA_OPTIONS, type OrgNode } from "./orgTypes.ts";

/**
 * The right side of the organisation tree: the selected node (loaded by organization/view, R544) or a
 * new child. Every tree has name, sort number and status; destinations add the level breadcrumb,
 * read-only ID and code, pinyin initial, picture, visa choice and coordinates (R533–R535).
 */
type Props = { ctx: TreeFormContext<OrgNode>; orgType: string };

export function OrgNodeForm({ ctx, orgType }: Props) {
  const api = useApi();
  const { target } = ctx;
  const id = target.kind === "edit" ? target.node.id : undefined;
  const view = useQuery({
    queryKey: ["organization", "view", id],
    queryFn: async () => (await treeCall(api.get<OrgNode>("/gateway/api/organization/view", { id }), "load")).data!,
    enabled: id !== undefined,
    gcTime: 0,
  });
  if (target.kind === "edit") {
    if (view.isPending) return <p className="text-sm text-slate-400">正在读取数据…</p>;
    if (view.isError) return <p className="text-sm text-red-600">{view.error.message}</p>;
    return <NodeFields ctx={ctx} orgType={orgType} node={view.data} />;
  }
  return <NodeFields ctx={ctx} orgType={orgType} />;
}

function NodeFields({ ctx, orgType, node }: Props & { node?: OrgNode }) {
  const api = useApi();
  const { rights } = useScreen();
  const parent = ctx.target.kind === "create" ? ctx.target.parent : undefined;
  const form = useSchemaForm(
    OrgNodeInput,
    node
      ? { ...node, parentId: node.parentId, orgType: node.orgType }
      : { parentId: parent!.id, orgType, orgName: "", orgExtraCode: "", picture: "", info: "", lng: "", lat: "", address: "", branchId: 0, seq: 99, idisplay: 1 },
    { hidden: ["parentId", "orgType"] },
  );
  const destination = orgType === DESTINATION;
  const nameChanged = form.changed("orgName");
  useEffect(() => ctx.setDirty(nameChanged), [ctx, nameChanged]);
  const mayWrite = node ? rights.e : rights.a;
  const path = ctx.target.path.map((n) => n.orgName);

  const save = form.submit(async (out) => {
    const r = await treeCall(api.post<OrgNode>("/gateway/api/organization/save", { ...out, id: node?.id }), "save").catch(() => null);
    if (!r) return;
    toast.success("保存成功", r.desc);
    ctx.saved(r.data ?? ({ ...node, ...out } as OrgNode));
  });

  return (
    <form onSubmit={save} className="max-w-2xl">
      <h3 className="mb-3 text-sm font-medium text-slate-700">{node ? "编辑节点" : `新增「${path.at(-1)}」的下级节点`}</h3>
      {destination && <StaticField label="所属层级">{(node ? path.slice(0, -1) : path).join(" / ") || "—"}</StaticField>}
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
          <Field label="签证" error={form.errors.address}>
            <RadioGroup {...form.field("address")} options={VISA_OPTIONS} />
          </Field>
          <Field label="经纬度" error={form.errors.lng ?? form.errors.lat} hint="经度在前，纬度在后">
            <div className="flex gap-2">
              <TextInput {...form.field("lng")} aria-label="经度" placeholder="经度" className="w-40" />
              <TextInput {...form.field("lat")} aria-label="纬度" placeholder="纬度" className="w-40" />
            </div>
          </Field>
        </>
      )}
      <Field label="排序" error={form.errors.seq} hint="数字越小越靠前，最小为1">
        <NumberInput {...form.field("seq")} min={1} className="w-32" />
      </Field>
      <Field label="状态" error={form.errors.idisplay}>
        <RadioGroup {...form.field("idisplay")} options={ORG_STATUS} />
      </Field>
      {mayWrite && (
        <div className="mt-3 pl-[8.75rem]">
          <Button type="submit" variant="primary" busy={form.submitting}>
            保存
          </Button>
        </div>
      )}
    </form>
  );
}
