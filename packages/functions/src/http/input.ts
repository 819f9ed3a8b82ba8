import * as v from "valibot";
import { DomainError } from "@xiangyu/core/kernel/errors";
import { BAD_INPUT } from "@xiangyu/core/kernel/fields";

/** The fields of a request as they came: query, path parameters and the body. */
export type Input = Record<string, unknown>;

/** Validates a route's input with its schema; the first issue's message is the reply (the field's own Chinese text). */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const out = v.safeParse(schema, withEveryKey(schema, input));
  if (!out.success) throw new DomainError(out.issues[0]?.message ?? BAD_INPUT, "400");
  return out.output;
}

/**
 * A missing key would be reported by valibot in English ("Invalid key"); giving every key of an
 * object schema (as undefined) lets the field's own Chinese message speak instead.
 */
function withEveryKey(schema: v.GenericSchema, input: unknown): unknown {
  const entries = (schema as { entries?: Record<string, unknown> }).entries;
  if (!entries || !input || typeof input !== "object" || Array.isArray(input)) return input;
  return { ...Object.fromEntries(Object.keys(entries).map((k) => [k, undefined])), ...(input as object) };
}
