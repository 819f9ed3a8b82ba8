import * as v from "valibot";

/**
 * The first message of each named field, checking the values with the route's own schema (the
 * server parses the same schema again), so a wizard step says exactly what the server would.
 */
export function stepErrors(schema: v.GenericSchema, values: Record<string, unknown>, fields: readonly string[]): Record<string, string> {
  const r = v.safeParse(schema, values);
  const out: Record<string, string> = {};
  if (r.success) return out;
  for (const issue of r.issues) {
    const key = String(issue.path?.[0]?.key ?? "");
    if (fields.includes(key) && !(key in out)) out[key] = issue.message;
  }
  return out;
}
