import { TENANT_COLOR_DEFAULTS, TENANT_COLORS, type TenantColor, type TenantInput } from "@xiangyu/core/platform/schemas";
import { Field } from "../../ui/form/Field.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";

const COLOR_LABELS: Record<TenantColor, string> = {
  loginColor: "登录页主色",
  headerBgcolor: "顶栏背景色",
  headerFontcolor: "顶栏文字色",
  headerSelectedBgcolor: "顶栏选中背景色",
  headerSelectedFontcolor: "顶栏选中文字色",
  leftMenuBgcolor: "左侧菜单背景色",
  leftMenuFontcolor: "左侧菜单文字色",
  leftMenuSelecteFontcolor: "左侧菜单选中文字色",
  leftMenuSelectedBgcolor: "左侧菜单选中背景色",
  leftMenuitemBgcolor: "左侧菜单项背景色",
};
/** The ten colours of the tenant's console, each typed or picked, with its default. */
export function TenantColorFields({ form, readOnly }: { form: SchemaForm<typeof TenantInput>; readOnly: boolean }) {
  const e = form.errors;
  return (
    <div className="grid grid-cols-2">
      {TENANT_COLORS.map((k) => (
        <Field key={k} label={COLOR_LABELS[k]} error={e[k]} hint={`默认 ${TENANT_COLOR_DEFAULTS[k]}`}>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label={`${COLOR_LABELS[k]}取色`}
              value={/^#[0-9a-fA-F]{6}$/.test(String(form.values[k] ?? "")) ? String(form.values[k]) : TENANT_COLOR_DEFAULTS[k]}
              onChange={(ev) => form.set(k, ev.target.value)}
              disabled={readOnly}
              className="h-8 w-10 cursor-pointer rounded border border-slate-300"
            />
            <TextInput {...form.field(k)} maxLength={40} className="w-32" />
          </div>
        </Field>
      ))}
    </div>
  );
}
