/**
 * A form's starting values: the record's own value of each field where it has one (not null or
 * undefined), else the new record's default. `defaults` names the fields, each one of the record's.
 */
export function startValues<R extends object, K extends keyof R & string>(record: R | undefined, defaults: Record<K, unknown>): Record<K, unknown> {
  const out = {} as Record<K, unknown>;
  for (const k of Object.keys(defaults) as K[]) out[k] = record?.[k] ?? defaults[k];
  return out;
}
