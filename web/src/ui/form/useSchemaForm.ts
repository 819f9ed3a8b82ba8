import { useCallback, useMemo, useRef, useState, type FormEvent } from "react";
import * as v from "valibot";
import { toast } from "../../lib/toast.ts";

/**
 * Form state driven by the valibot schema the server uses too (docs/architecture.md), so a rule and its
 * Chinese message exist once. A field shows its message once it is blurred or after a refused submit;
 * a refused submit says '部分必填项没填写' (R056). Fields the user cannot see (`hidden`, e.g. parentId and
 * orgType of a tree node) speak for themselves instead: their own message is the toast (R538).
 */
export const REFUSED = "部分必填项没填写";

type Schema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;
type In<S extends Schema> = v.InferInput<S>;
type Name<S extends Schema> = keyof In<S> & string;
/**
 * A form's values name every field of its schema: an edit form then always sends the whole record
 * (a whole-record save refuses one with a field left out, docs/decisions.md).
 */
export type Values<S extends Schema> = Record<Name<S>, unknown>;

export type FieldBinding = { name: string; value: unknown; error?: string; onChange: (value: unknown) => void; onBlur: () => void };

/** The first message per top-level field, in the order valibot reports them. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path?.[0]?.key ?? "");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The schema's message for each field, and a re-check of one field that shows or clears its message. */
function useFieldChecks<S extends Schema>(schema: S, setErrors: (update: (e: Record<string, string>) => Record<string, string>) => void) {
  const check = useCallback(
    (vals: Values<S>) => {
      const r = v.safeParse(schema, vals);
      return r.success ? {} : fieldErrors(r.issues);
    },
    [schema],
  );

  /** Re-checks one field and shows or clears its message (setErrors is a state setter: it never changes). */
  const validateField = useCallback(
    (name: string, vals: Values<S>) => {
      const msg = check(vals)[name];
      setErrors((e) => {
        if (e[name] === msg) return e;
        const next = { ...e };
        if (msg) next[name] = msg;
        else delete next[name];
        return next;
      });
    },
    [check, setErrors],
  );

  return { check, validateField };
}

export function useSchemaForm<S extends Schema>(schema: S, initial: Values<S>, opts: { hidden?: Name<S>[] } = {}) {
  const [values, setValuesState] = useState<Values<S>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const baseline = useRef<Values<S>>(initial);
  const current = useRef(values);
  current.current = values;

  const { check, validateField } = useFieldChecks(schema, setErrors);

  const set = useCallback(
    (name: Name<S>, value: unknown) => {
      const next = { ...current.current, [name]: value } as Values<S>;
      current.current = next;
      setValuesState(next);
      setErrors((e) => {
        if (!(name in e)) return e;
        // A shown message follows the typing, so it disappears as soon as the value is right.
        const msg = check(next)[name];
        const out = { ...e };
        if (msg) out[name] = msg;
        else delete out[name];
        return out;
      });
    },
    [check],
  );

  const field = useCallback(
    (name: Name<S>): FieldBinding => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (value) => set(name, value),
      onBlur: () => validateField(name, current.current),
    }),
    [values, errors, set, validateField],
  );

  /** Starts over from new values (another record, or a blank form for the next child). */
  const reset = useCallback((next: Values<S>) => {
    baseline.current = next;
    current.current = next;
    setValuesState(next);
    setErrors({});
  }, []);

  const changed = useCallback((name: Name<S>) => String(values[name] ?? "") !== String(baseline.current[name] ?? ""), [values]);

  const submit = useCallback(
    (onValid: (output: v.InferOutput<S>) => unknown | Promise<unknown>) => async (e?: FormEvent) => {
      e?.preventDefault();
      const r = v.safeParse(schema, current.current);
      if (!r.success) {
        const errs = fieldErrors(r.issues);
        setErrors(errs);
        const unseen = (opts.hidden ?? []).find((h) => errs[h]);
        toast.error(unseen ? errs[unseen] : REFUSED);
        return;
      }
      setSubmitting(true);
      try {
        await onValid(r.output);
      } finally {
        setSubmitting(false);
      }
    },
    [schema, opts.hidden],
  );

  /** A rule checked beyond the schema (an area's own `decide`) refuses on one field: its message shows under it, the toast says REFUSED. */
  const refuse = useCallback((name: string, message: string) => {
    setErrors({ [name]: message });
    toast.error(REFUSED);
  }, []);

  return useMemo(() => ({ values, errors, submitting, field, set, reset, changed, submit, refuse }), [values, errors, submitting, field, set, reset, changed, submit, refuse]);
}
export type SchemaForm<S extends Schema> = ReturnType<typeof useSchemaForm<S>>;
