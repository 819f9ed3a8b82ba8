import * as v from "valibot";
import { BAD_INPUT, MAX_IDS, blank, rawValue, toInt, tooManyIds } from "./raw.ts";
import { idField } from "./numbers.ts";

// ── id lists and the inputs of routes that name records (or none) ──

/** A list as forms and JSON send it: comma-joined text, one value, or a JSON list; missing reads as blank. */
export const rawList = v.optional(v.nullable(v.union([v.string(), v.number(), v.array(v.union([v.string(), v.number()]))])), "");

/**
 * Ids comma-joined ("1,2,3", docs/gaps.md §1), one id, or a JSON list; deduplicated. None gives
 * `empty`; more than `max` (MAX_IDS by default) gives tooManyIds(max) before any of them is looked at.
 */
export const idsField = /* @__NO_SIDE_EFFECTS__ */ (empty = "并没有选择删除项", max = MAX_IDS) =>
  v.pipe(
    rawList,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const raw = dataset.value;
      // A list far longer than `max` ids can be is refused before it is split.
      if (typeof raw === "string" && raw.length > max * 12) {
        addIssue({ message: tooManyIds(max) });
        return NEVER;
      }
      const parts = (Array.isArray(raw) ? raw : String(raw ?? "").split(",")).map((s) => (typeof s === "string" ? s.trim() : s)).filter((s) => s !== "");
      if (parts.length === 0) {
        addIssue({ message: empty });
        return NEVER;
      }
      if (parts.length > max) {
        addIssue({ message: tooManyIds(max) });
        return NEVER;
      }
      const ids = parts.map(toInt);
      if (ids.some((n) => !(n >= 1))) {
        addIssue({ message: BAD_INPUT });
        return NEVER;
      }
      return [...new Set(ids)];
    }),
  );

/**
 * An optional id list: blank is none ([]); otherwise idsField's rules (comma-joined, one id or a
 * JSON list, at most `max`, deduplicated), a malformed id saying `bad`.
 */
export const maybeIdsField = /* @__NO_SIDE_EFFECTS__ */ (bad: string, max = MAX_IDS) => {
  const ids = idsField(BAD_INPUT, max);
  return v.pipe(
    rawList,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const raw = dataset.value;
      if (Array.isArray(raw) ? raw.every(blank) : blank(raw)) return [] as number[];
      const out = v.safeParse(ids, raw);
      if (out.success) return out.output;
      const message = out.issues[0].message;
      addIssue({ message: message === BAD_INPUT ? bad : message });
      return NEVER;
    }),
  );
};

/**
 * A route that takes nothing: a field in the query or the body is refused with BAD_INPUT rather than
 * ignored (a strict object), so a body meant for another route, or a probe, never runs it as if
 * empty. `functionId` is the one key let through: the adapter reads it when the header is absent.
 * An empty JSON object or an empty form is fine. (Bodies the adapter does not read at all — text,
 * XML, a JSON list — never reach a schema: refusing those is the adapter's, app.ts readInput.)
 */
export const noInput = v.strictObject({ functionId: v.optional(v.unknown()) }, BAD_INPUT);

/** A route that names one record: `{ id }`. */
export const idInput = /* @__NO_SIDE_EFFECTS__ */ (msg = BAD_INPUT) => v.object({ id: idField(msg) });

/**
 * A route that names records: `ids` comma-joined, or one `id` (older callers), with `more` fields
 * beside them if the route takes any; out comes `{ ids, ...more }`.
 */
export const idsInput = /* @__NO_SIDE_EFFECTS__ */ <E extends v.ObjectEntries = Record<never, never>>(empty = "并没有选择删除项", more: E = {} as E) => {
  const ids = idsField(empty);
  return v.pipe(
    v.object({ ids: rawList, id: rawValue, ...more }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const { ids: many, id, ...rest } = dataset.value;
      const out = v.safeParse(ids, blank(many) && !Array.isArray(many) ? id : many);
      if (out.success) return { ...(rest as v.InferOutput<v.ObjectSchema<E, undefined>>), ids: out.output };
      addIssue({ message: out.issues[0].message });
      return NEVER;
    }),
  );
};
