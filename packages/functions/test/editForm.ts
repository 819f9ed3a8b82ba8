import type * as v from "valibot";

type Node = { entries?: Record<string, unknown>; pipe?: readonly Node[] };
/** The field names of a save's input schema (a `wholeRecord`, a pipe around one, or a plain object). */
export function fieldsOf(schema: v.GenericSchema): string[] {
  const walk = (n: Node): Record<string, unknown> | undefined => n.entries ?? n.pipe?.map(walk).find(Boolean);
  return Object.keys(walk(schema as unknown as Node) ?? {});
}

const asField = (x: unknown): string | number => (x === undefined || x === null ? "" : typeof x === "object" ? JSON.stringify(x) : typeof x === "number" ? x : String(x));

/**
 * The whole form of an edit, as the console sends it (a whole-record save refuses fields left out):
 * every field of the save's schema from `record` (its view, or the form it was created with), blank
 * where the record has none, with `changes` over it.
 */
export function editOf(schema: v.GenericSchema, record: Record<string, unknown>, changes: Record<string, string | number> = {}): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const k of fieldsOf(schema)) out[k] = asField(record[k]);
  return { ...out, ...changes };
}
