import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { RegionInput } from "@xiangyu/core/org/schemas";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { RadioGroup, TextInput } from "../../ui/form/inputs.tsx";
import { Button } from "../../ui/Button.tsx";
import type { TreeFormContext } from "../../ui/TreeEditor.tsx";
import { treeCall } from "./treeCalls.ts";

/** A China area node (spec §3) and its form (R541–R543): an explicit code creates it under that code. */
export type Region = {
  id: number;
  parentid: number;
  name: string;
  shortname: string;
  pinyin: string;
  citycode: string;
  zipcode: string;
  leveltype: number;
  lng: string;
  lat: string;
  /** 1 enabled, 0 disabled (R543). */
  status: number;
  hasChild: boolean;
};

const STATUS = [
  { value: 1, label: "启用" },
  { value: 0, label: "禁用" },
];
const LEVELS = ["国家", "省级", "市级", "区县级", "乡镇级"];

type Props = { ctx: TreeFormContext<Region> };

export function RegionForm({ ctx }: Props) {
  const api = useApi();
  const id = ctx.target.kind === "edit" ? ctx.target.node.id : undefined;
  const view = useQuery({
    queryKey: ["chinaarea", "view", id],
    queryFn: async () => (await treeCall(api.get<Region>("/gateway/api/organization/chinaarea/view", { id }), "load")).data!,
    enabled: id !== undefined,
    gcTime: 0,
  });
  if (id !== undefined) {
    if (view.isPending) return <p className="text-sm text-slate-400">正在读取数据…</p>;
    if (view.isError) return <p className="text-sm text-red-600">{view.error.message}</p>;
    return <RegionFields ctx={ctx} region={view.data} />;
  }
  return <RegionFields ctx={ctx} />;
}

function RegionFields({ ctx, region }: Props & { region?: Region }) {
  const api = useApi();
  const { rights } = useScreen();
  const parent = ctx.target.kind === "create" ? ctx.target.parent : undefined;
  const form = useSchemaForm(
    RegionInput,
    region ?? { parentid: parent!.id, name: "", shortname: "", pinyin: "", citycode: "", zipcode: "", lng: "", lat: "", status: 1 },
    { hidden: ["parentid"] },
  );
  const nameChanged = form.changed("name");
  useEffect(() => ctx.setDirty(nameChanged), [ctx, nameChanged]);
  const mayWrite = region ? rights.e : rights.a;
  const names = ctx.target.path.map((n) => n.name);

  const save = form.submit(async (out) => {
    // A code typed for a new region creates it under that code; without one the server numbers it.
    const body = region ? { ...out, id: region.id } : { ...out, ...(out.id ? { isNew: 1 } : {}) };
    const r = await treeCall(api.post<Region>("/gateway/api/organization/chinaarea/save", body), "save").catch(() => null);
    if (!r) return;
    toast.success("保存成功", r.desc);
    ctx.saved(r.data ?? ({ ...region, ...out } as Region));
  });

  return (
    <form onSubmit={save} className="max-w-2xl">
      <h3 className="mb-3 text-sm font-medium text-slate-700">{region ? "编辑区域" : `新增「${names.at(-1)}」的下级区域`}</h3>
      <StaticField label="上级区域">{(region ? names.slice(0, -1) : names).join(" / ") || "—"}</StaticField>
      {region ? (
        <>
          <StaticField label="区域编码">{region.id}</StaticField>
          <StaticField label="级别">{LEVELS[region.leveltype] ?? region.leveltype}</StaticField>
        </>
      ) : (
        <Field label="区域编码" error={form.errors.id} hint="行政区划代码；留空则自动编号">
          <TextInput {...form.field("id")} onChange={(v: unknown) => form.set("id", String(v ?? "").trim() || undefined)} inputMode="numeric" className="w-40" />
        </Field>
      )}
      <Field label="名称" required error={form.errors.name}>
        <TextInput {...form.field("name")} maxLength={50} placeholder="请输入名称" />
      </Field>
      <Field label="简称" error={form.errors.shortname}>
        <TextInput {...form.field("shortname")} maxLength={50} className="w-60" />
      </Field>
      <Field label="拼音" error={form.errors.pinyin}>
        <TextInput {...form.field("pinyin")} maxLength={100} className="w-60" />
      </Field>
      <Field label="区号" error={form.errors.citycode}>
        <TextInput {...form.field("citycode")} maxLength={10} className="w-40" />
      </Field>
      <Field label="邮编" error={form.errors.zipcode}>
        <TextInput {...form.field("zipcode")} maxLength={10} className="w-40" />
      </Field>
      <Field label="经纬度" error={form.errors.lng ?? form.errors.lat} hint="经度在前，纬度在后">
        <div className="flex gap-2">
          <TextInput {...form.field("lng")} aria-label="经度" placeholder="经度" className="w-40" />
          <TextInput {...form.field("lat")} aria-label="纬度" placeholder="纬度" className="w-40" />
        </div>
      </Field>
      <Field label="状态" error={form.errors.status}>
        <RadioGroup {...form.field("status")} options={STATUS} />
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
