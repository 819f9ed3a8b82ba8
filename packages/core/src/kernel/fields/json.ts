import * as v from "valibot";
import { blank } from "./raw.ts";

/** What a JSON field's reader answers when it can say more than the field's message. */
export class Refusal {
  constructor(readonly message: string) {}
}

/**
 * JSON text (at most `maxChars`) or an already-parsed value, read by `read` (null: refused with `msg`).
 */
export const jsonField = <T>(msg: string, maxChars: number, read: (x: unknown) => T | Refusal | null, empty: T) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.array(v.unknown()), v.record(v.string(), v.unknown())])), ""),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let raw: unknown = dataset.value;
      if (blank(raw)) return empty;
      if (typeof raw === "string") {
        // Refused before it is parsed: no form of this field comes near the limit.
        if (raw.length > maxChars) {
          addIssue({ message: msg });
          return NEVER;
        }
        try {
          raw = JSON.parse(raw);
        } catch {
          addIssue({ message: msg });
          return NEVER;
        }
      }
      const out = read(raw);
      if (out === null || out instanceof Refusal) {
        addIssue({ message: out instanceof Refusal ? out.message : msg });
        return NEVER;
      }
      return out;
    }),
  );
