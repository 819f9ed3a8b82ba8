import * as v from "valibot";

/** The spec's refusal of a save that lacks part of its record (R538, R553), which every whole-record save answers. */
export const INCOMPLETE = "数据不完整，请刷新页面重新编辑。";

/** A field the request left out (not blank: blank is a value), while a whole record is read. */
const ABSENT: unique symbol = Symbol("absent");

/**
 * The field `s`, or ABSENT when the request did not send it at all (a missing key or undefined:
 * the optional's default). Sent values keep `s`'s own messages.
 */
const orAbsent = <S extends v.GenericSchema>(s: S) =>
  v.optional(
    v.pipe(
      v.custom<v.InferInput<S>>(() => true),
      // The field itself, for whoever reads the schema (the tests that look at every field's kind).
      v.metadata({ field: s }),
      v.rawTransform(({ dataset, addIssue, NEVER }): v.InferOutput<S> | typeof ABSENT => {
        if (dataset.value === undefined || dataset.value === ABSENT) return ABSENT;
        const out = v.safeParse(s, dataset.value);
        if (out.success) return out.output;
        addIssue({ message: out.issues[0].message });
        return NEVER;
      }),
    ),
    ABSENT as never,
  );

/**
 * A whole-record save (docs/decisions.md, "A save sends the whole record"): the object of `entries`,
 * except that a field the request leaves out — absent, not blank: a blank field is a value and clears
 * it — refuses the save with INCOMPLETE instead of being saved as its default, so a partial post never
 * blanks the parts it left out. `applies`: "edit" (a save with an id; a new record may leave optional
 * fields to their defaults) or "always" (a route that only ever edits an existing record). `besides`:
 * fields of the request rather than of the record (a flag such as "create this code"), which may be
 * left out.
 */
export const wholeRecord = /* @__NO_SIDE_EFFECTS__ */ <E extends v.ObjectEntries>(entries: E, applies: "edit" | "always" = "edit", besides: readonly (keyof E & string)[] = []) => {
  const fields = Object.fromEntries(Object.entries(entries).map(([k, s]) => [k, orAbsent(s)])) as { [K in keyof E]: ReturnType<typeof orAbsent<E[K]>> };
  return v.pipe(
    v.object(fields),
    // Marks the schema for the test that walks every save route (wholeRecord.test.ts).
    v.metadata({ wholeRecord: applies }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const got = dataset.value as Record<string, unknown>;
      const id = got.id;
      const editing = applies === "always" || (typeof id === "number" && id > 0);
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(entries)) {
        if (got[k] !== ABSENT) out[k] = got[k];
        else if (editing && !besides.includes(k)) {
          addIssue({ message: INCOMPLETE });
          return NEVER;
        } else {
          // A new record: what the field makes of "not sent" (its default, or its own "required" message).
          const d = v.safeParse(s, undefined);
          if (!d.success) {
            addIssue({ message: d.issues[0].message });
            return NEVER;
          }
          out[k] = d.output;
        }
      }
      return out as v.InferOutput<v.ObjectSchema<E, undefined>>;
    }),
  );
};
