import { useMemo } from "react";
import { DEFAULT_SORT_ORDER, GOODS_NAME_MAX, GoodsInput, MAX_ATLAS, MAX_GUARANTEES, REGION_ROOT_CODE, TITLE_PICTURE, ATLAS_PICTURE } from "@xiangyu/core/goods/schemas";
import { RecordModal } from "../../ui/dialogs/RecordModal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { RadioField } from "../../ui/form/RadioField.tsx";
import { Select, TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { PicturesField } from "../../ui/form/PicturesField.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm, type SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { OrgCascader, useOrgTree } from "../../ui/pickers/OrgCascader.tsx";
import { RichText } from "../../ui/text/RichText.tsx";
import { GOODS_VIEW, useSaveGoods, type Goods } from "./goodsQueries.ts";
import { GOODS_TYPE_OPTIONS, atlasList } from "./goodsTypes.ts";
import { checkAtlasPicture, checkTitlePicture } from "./pictureCheck.ts";
import { GoodsPlaceFields } from "./GoodsPlaceFields.tsx";

/**
 * The goods dialog (800): every field of R395–R404 with the server's schema. The class is a
 * sub-class of the goodsclass tree (the roots cannot be chosen, R397); the title picture 1:1,
 * 375–750 px, ≤ 1000 KB, the gallery ≤ 10 at 4:3 (checked here before the upload and again on the
 * server); the service area from Guangdong (440000, R402); a negative price is unquoted (R404).
 */
const SHELF = [
  { value: 1, label: "上架" },
  { value: 0, label: "下架" },
];

export const goodsValues = (g?: Partial<Goods>) => ({
  ...startValues(g, {
    id: "",
    goodsType: "",
    goodsName: "",
    goodsClass: "",
    pictureTitle: "",
    province: REGION_ROOT_CODE,
    city: 0,
    area: 0,
    address: "",
    lat: "",
    lng: "",
    serviceGuarantee: "",
    content: "",
    price: "",
    status: 0,
    sortOrder: DEFAULT_SORT_ORDER,
  }),
  atlas: atlasList(g?.atlas),
});

type Props = { id?: number; onClose: () => void };

export function GoodsForm({ id, onClose }: Props) {
  return (
    <RecordModal route={GOODS_VIEW} id={id} width={800} title={id ? "编辑商品" : "新增商品"} onClose={onClose}>
      {(goods) => <Editor initial={goodsValues(goods)} onClose={onClose} />}
    </RecordModal>
  );
}

function Editor({ initial, onClose }: { initial: ReturnType<typeof goodsValues>; onClose: () => void }) {
  const form = useSchemaForm(GoodsInput, initial, { hidden: ["id"] });
  const mayWrite = useMayWrite(initial.id);
  const post = useSaveGoods({ onClose });
  const save = form.submit(async () => {
    await post({ ...form.values, atlas: JSON.stringify(form.values.atlas ?? []), id: form.values.id || undefined });
  });
  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose} sticky>
      <GoodsFields form={form} readOnly={!mayWrite} />
    </EditForm>
  );
}

function GoodsFields({ form, readOnly }: { form: SchemaForm<typeof GoodsInput>; readOnly: boolean }) {
  const e = form.errors;
  const { data: roots = [] } = useOrgTree("goodsclass");
  // Only sub-classes are choosable: the codes below the top-level classes.
  const subClasses = useMemo(() => roots.flatMap((r) => (r.children ?? []).map((c) => c.orgCode)), [roots]);
  const title = String(form.values.pictureTitle ?? "");
  return (
    <>
      <div className="grid grid-cols-2">
        <Field label="商品性质" required error={e.goodsType}>
          <Select {...form.field("goodsType")} options={GOODS_TYPE_OPTIONS} placeholder="请选择商品性质" />
        </Field>
        <Field label="商品子分类" required error={e.goodsClass}>
          <OrgCascader
            value={String(form.values.goodsClass ?? "")}
            onChange={(code) => form.set("goodsClass", code)}
            orgType="goodsclass"
            limitTo={subClasses}
            label="商品子分类"
            disabled={readOnly}
          />
        </Field>
      </div>
      <Field label="商品名称" required error={e.goodsName} hint={`最多${GOODS_NAME_MAX}个字`}>
        <TextInput {...form.field("goodsName")} maxLength={GOODS_NAME_MAX} placeholder="请输入商品名称" />
      </Field>
      <PicturesField
        label="图片标题"
        required
        {...form.field("pictureTitle")}
        value={title ? [title] : []}
        onChange={(urls) => form.set("pictureTitle", (urls as string[])[0] ?? "")}
        hint={`比例1:1，宽高${TITLE_PICTURE.minPx}–${TITLE_PICTURE.maxPx}像素，不超过${TITLE_PICTURE.maxKB}KB`}
        max={1}
        maxKB={TITLE_PICTURE.maxKB}
        check={checkTitlePicture}
        disabled={readOnly}
      />
      <PicturesField
        label="图集"
        {...form.field("atlas")}
        hint={`最多${MAX_ATLAS}张，比例4:3，每张不超过${ATLAS_PICTURE.maxKB}KB`}
        max={MAX_ATLAS}
        maxKB={ATLAS_PICTURE.maxKB}
        check={checkAtlasPicture}
        disabled={readOnly}
      />
      <GoodsPlaceFields form={form} readOnly={readOnly} />
      <Field label="服务保障" error={e.serviceGuarantee} hint={`最多${MAX_GUARANTEES}条，每行一条`}>
        <TextArea {...form.field("serviceGuarantee")} rows={4} maxLength={400} />
      </Field>
      <div className="grid grid-cols-2">
        <Field label="价格" error={e.price} hint="元；负数表示未报价">
          <TextInput {...form.field("price")} inputMode="decimal" placeholder="-1" />
        </Field>
        <Field label="排序" error={e.sortOrder} hint="数字越小越靠前">
          <TextInput {...form.field("sortOrder")} inputMode="numeric" />
        </Field>
      </div>
      <RadioField label="状态" {...form.field("status")} options={SHELF} disabled={readOnly} />
      <Field label="商品详情" error={e.content}>
        <RichText label="商品详情" value={String(form.values.content ?? "")} onChange={(html) => form.set("content", html)} minHeight={160} />
      </Field>
    </>
  );
}
