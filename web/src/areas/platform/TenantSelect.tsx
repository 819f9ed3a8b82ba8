import { Select } from "../../ui/form/inputs.tsx";
import type { FieldBinding } from "../../ui/form/useSchemaForm.ts";
import { useTenantOptions } from "./tenantQueries.ts";

/**
 * The tenant dropdown of the platform's other forms (WeChat accounts, SMS configuration; R438):
 * every tenant from the tenant list read with page size 100000, by name, valued by clientId.
 */
export function TenantSelect(props: FieldBinding & { placeholder?: string; disabled?: boolean }) {
  const { data: options = [], isPending } = useTenantOptions();
  return <Select {...props} options={options} placeholder={isPending ? "正在读取…" : (props.placeholder ?? "请选择平台租户")} />;
}
