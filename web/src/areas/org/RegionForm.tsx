import { useEffect } from "react";
import { RegionInput } from "@xiangyu/core/org/schemas";
import type { DataOf } from "../../lib/contract.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { startValues } from "../../ui/form/startValues.ts";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field, StaticField } from "../../ui/form/Field.tsx";
import { ENABLED, RadioField } from "../../ui/form/RadioField.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import type { TreeFormContext } from "../../ui/tree/TreeEditor.tsx";
import { useTreeSave } from "./treeCalls.ts";
import { LngLatField, TreeForm, TreeRecord, levelsAbove } from "./TreeForm.tsx";

const REGION_VIEW = "GET /gateway/api/organization/chinaarea/view";
/** A China area node (spec §3; status 1 enabled, 0 disabled, R543) and its form (R541–R543): an explicit code creates it under that code. */
export type Region = DataOf<typeof REGION_VIEW>;

const LEVELS = ["国家", "省级", "市级", "区县级", "乡镇级"];

type Props = { ctx: TreeFormContext<Region> };

export function RegionForm({ ctx }: Props) {
  const id = ctx.target.kind === "edit" ? ctx.target.node.id : undefined;
  return (
    <TreeRecord route={REGION_VIEW} id={id}>
      {(region) => <RegionFields ctx={ctx} region={region} />}
    </TreeRecord>
  );
}

/** The region's own values, or a new child's defaults under `parentid`. */
const regionValues = (parentid: number | undefined, region?: Region) => ({
  isNew: "",
  ...startValues(region, { id: undefined, parentid, name: "", shortname: "", pinyin: "", citycode: "", zipcode: "", lng: "", lat: "", status: 1 }),
});

function RegionFields({ ctx, region }: Props & { region?: Region }) {
  const parent = ctx.target.kind === "create" ? ctx.target.parent : undefined;
  const form = useSchemaForm(RegionInput, regionValues(parent?.id, region), { hidden: ["parentid"] });
  const nameChanged = form.changed("name");
  useEffect(() => ctx.setDirty(nameChanged), [ctx, nameChanged]);
  const mayWrite = useMayWrite(region);
  const names = ctx.target.path.map((n) => n.name);
  const post = useTreeSave("POST /gateway/api/organization/chinaarea/save", ctx);

  const save = form.submit((out) => {
    // A code typed for a new region creates it under that code; without one the server numbers it.
    const body = region ? { ...out, id: region.id } : { ...out, ...(out.id ? { isNew: 1 } : {}) };
    return post(body, { ...region, ...out } as Region);
  });

  return (
    <TreeForm onSubmit={save} title={region ? "编辑区域" : `新增「${names.at(-1)}」的下级区域`} mayWrite={mayWrite} busy={form.submitting}>
      <StaticField label="上级区域">{levelsAbove(names, !!region)}</StaticField>
      {region ? (
        <>
          <StaticField label="区域编码">{region.id}</StaticField>
          <StaticField label="级别">{LEVELS[region.leveltype ?? -1] ?? region.leveltype}</StaticField>
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
      <LngLatField lng={form.field("lng")} lat={form.field("lat")} />
      <RadioField label="状态" {...form.field("status")} options={ENABLED} />
    </TreeForm>
  );
}
