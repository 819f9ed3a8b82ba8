import { useId, useMemo } from "react";
import { INFO_TYPES, MAX_LABEL, MAX_TITLE, MAX_TITLE_PICTURES, joinPictures, pickTitlePictures, richTextPictures, splitPictures } from "@xiangyu/core/content/rules";
import type { InformationInput } from "@xiangyu/core/content/schemas";
import { Field } from "../../ui/form/Field.tsx";
import { NumberInput, Select, TextInput } from "../../ui/form/inputs.tsx";
import { ENABLED, RadioField } from "../../ui/form/RadioField.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ImageUploader } from "../../ui/ImageUploader.tsx";
import { DateTimeInput } from "../../ui/DatePicker.tsx";
import { OrgCascader } from "../../ui/OrgCascader.tsx";
import { RichText } from "../../ui/RichText.tsx";
import { Button } from "../../ui/Button.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { useLabels } from "./contentQueries.ts";

/**
 * The information form's fields (R518–R524): type, title (≤100), a label (≤8, picked from those
 * used before or typed new), up to 3 title pictures (uploaded, or picked from the body's pictures,
 * cut to 3), the type's own fields (price for intro; source and publish time for news; start and
 * end for activity, each a day from the calendar and a typed time of day), address and coordinates, jump link, the rich text, enable and sort order.
 */
export const PICTURE_KB = 2048;
const TYPE_NAMES: Record<string, string> = { intro: "介绍", news: "新闻", activity: "活动", map: "地图" };

export function InformationFields({ form, readOnly }: { form: SchemaForm<typeof InformationInput>; readOnly: boolean }) {
  const e = form.errors;
  const type = String(form.values.infoType ?? "");
  const { data: typeOptions } = useStyleParams("infoType");
  const types = typeOptions?.length ? typeOptions : INFO_TYPES.map((t) => ({ value: t, label: TYPE_NAMES[t]! }));
  const { data: labels = [] } = useLabels();
  const labelList = useId();
  const pictures = splitPictures(String(form.values.infoPicture ?? ""));
  const content = String(form.values.content ?? "");
  const bodyPictures = useMemo(() => richTextPictures(content), [content]);
  const setPictures = (urls: string[]) => form.set("infoPicture", joinPictures(urls.slice(0, MAX_TITLE_PICTURES)));

  return (
    <div className="mx-auto max-w-5xl">
      <div className="grid grid-cols-1 gap-x-6 md:grid-cols-2">
        <Field label="信息类型" required error={e.infoType}>
          <Select {...form.field("infoType")} options={types} placeholder="请选择" />
        </Field>
        <Field label="标签" error={e.label} hint={`${MAX_LABEL}个字以内，可选已有标签或输入新标签；标为 hot 的信息进入网站首页轮播`}>
          <TextInput {...form.field("label")} maxLength={MAX_LABEL} list={labelList} placeholder="如 hot" />
          <datalist id={labelList}>
            {labels.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
        </Field>
      </div>
      <Field label="标题" required error={e.infoTitle} hint={`${MAX_TITLE}个字以内`}>
        <TextInput {...form.field("infoTitle")} maxLength={MAX_TITLE} />
      </Field>
      <div className="grid grid-cols-1 gap-x-6 md:grid-cols-2">
        {type === "intro" && (
          <Field label="价格" error={e.price} hint="仅介绍类信息">
            <TextInput {...form.field("price")} maxLength={20} placeholder="如 ¥688起" />
          </Field>
        )}
        {type === "news" && (
          <>
            <Field label="来源" error={e.fromIn}>
              <TextInput {...form.field("fromIn")} maxLength={50} />
            </Field>
            <Field label="发布时间" error={e.publishtime} hint="晚于现在的新闻到时才在网站显示">
              <DateTimeInput {...form.field("publishtime")} aria-label="发布时间" clearable />
            </Field>
          </>
        )}
        {type === "activity" && (
          <>
            <Field label="开始时间" error={e.starttime}>
              <DateTimeInput {...form.field("starttime")} aria-label="开始时间" clearable />
            </Field>
            <Field label="结束时间" error={e.endtime}>
              <DateTimeInput {...form.field("endtime")} aria-label="结束时间" time="23:59" clearable />
            </Field>
          </>
        )}
        <Field label="信息区域" error={e.orgCode}>
          <OrgCascader
            orgType="infoarea"
            value={String(form.values.orgCode ?? "")}
            onChange={(code) => form.set("orgCode", code)}
            allLabel="不限"
            label="信息区域"
            disabled={readOnly}
          />
        </Field>
        <Field label="地址" error={e.address}>
          <TextInput {...form.field("address")} maxLength={200} />
        </Field>
        <Field label="经度" error={e.lng}>
          <TextInput {...form.field("lng")} maxLength={20} />
        </Field>
        <Field label="纬度" error={e.lat}>
          <TextInput {...form.field("lat")} maxLength={20} />
        </Field>
        <Field label="跳转链接" error={e.jumpUrl} hint="填写后网站点击标题直接打开该链接">
          <TextInput {...form.field("jumpUrl")} maxLength={500} placeholder="https://" />
        </Field>
        <Field label="排序" error={e.sortOrder} hint="数字小的排在前面">
          <NumberInput {...form.field("sortOrder")} min={0} />
        </Field>
        <RadioField label="状态" {...form.field("idisplay")} options={ENABLED} disabled={readOnly} />
      </div>
      <Field label="标题图片" error={e.infoPicture} hint={`最多${MAX_TITLE_PICTURES}张，每张不超过${PICTURE_KB}KB；也可从正文图片中选择`}>
        <ImageUploader value={pictures} onChange={setPictures} max={MAX_TITLE_PICTURES} maxKB={PICTURE_KB} disabled={readOnly} />
        {bodyPictures.length > 0 && !readOnly && (
          <div className="mt-2 flex flex-wrap items-center gap-2" aria-label="正文图片">
            <span className="text-xs text-slate-500">正文图片：</span>
            {bodyPictures.map((src) => (
              <Button
                key={src}
                size="sm"
                variant="link"
                disabled={pictures.includes(src)}
                onClick={() => setPictures(pickTitlePictures(pictures, [src]))}
                aria-label={`选为标题图片：${src}`}
              >
                <img src={src} alt="" className="h-10 w-14 rounded border border-slate-200 object-cover" />
              </Button>
            ))}
          </div>
        )}
      </Field>
      <Field label="正文" error={e.content}>
        <RichText label="正文" value={content} onChange={(html) => form.set("content", html)} minHeight={320} />
      </Field>
    </div>
  );
}
