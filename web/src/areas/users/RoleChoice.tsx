import type { UserInput } from "@xiangyu/core/users/schemas";
import { Field } from "../../ui/form/Field.tsx";
import type { SchemaForm } from "../../ui/form/useSchemaForm.ts";
import type { useRoleOptions } from "./userQueries.ts";

/** The user's roles (身份, at least one), ticked from those offered; a role beyond the caller's rights is greyed and cannot be granted. */
export function RoleChoice({ form, roles }: { form: SchemaForm<typeof UserInput>; roles: ReturnType<typeof useRoleOptions> }) {
  const e = form.errors;
  const chosen = new Set(
    String(form.values.roleid ?? "")
      .split(",")
      .filter(Boolean),
  );
  const toggleRole = (rid: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(String(rid));
    else next.delete(String(rid));
    form.set("roleid", [...next].join(","));
  };
  return (
    <Field label="身份" required error={e.roleid} hint="灰色的角色超出你的权限，不能授予">
      <div role="group" aria-label="身份" className="flex min-h-8 flex-wrap items-center gap-x-4 gap-y-1">
        {(roles.data ?? []).map((r) => (
          <label key={r.id} className={`inline-flex items-center gap-1.5 text-sm ${r.grantable ? "text-slate-700" : "text-slate-400"}`}>
            <input
              type="checkbox"
              className="accent-blue-600"
              checked={chosen.has(String(r.id))}
              disabled={!r.grantable && !chosen.has(String(r.id))}
              onChange={(ev) => toggleRole(r.id, ev.target.checked)}
            />
            {r.name}
          </label>
        ))}
        {roles.isPending && <span className="text-xs text-slate-400">正在读取角色…</span>}
      </div>
    </Field>
  );
}
