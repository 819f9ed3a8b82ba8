import * as v from "valibot";
import { DomainError } from "@xiangyu/core/kernel/errors";

export type Input = Record<string, any>;

/** Validates with a shared schema; the first issue's message is the reply (R056 wording lives in the schema). */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const out = v.safeParse(schema, withEveryKey(schema, input));
  if (!out.success) throw new DomainError(out.issues[0]?.message ?? "部分必填项没填写", "400");
  return out.output;
}

/**
 * A missing key would be reported by valibot in English ("Invalid key"); giving every key of an
 * object schema (as undefined) lets the field's own Chinese message speak instead.
 */
function withEveryKey(schema: v.GenericSchema, input: unknown): unknown {
  const entries = (schema as any).entries as Record<string, unknown> | undefined;
  if (!entries || !input || typeof input !== "object" || Array.isArray(input)) return input;
  return { ...Object.fromEntries(Object.keys(entries).map((k) => [k, undefined])), ...(input as object) };
}

/** `ids` travel comma-joined (gaps.md §1). */
export function idList(raw: unknown, empty = "并没有选择删除项"): number[] {
  const parts = String(raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new DomainError(empty, "400");
  const ids = parts.map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n < 0)) throw new DomainError("参数格式不正确", "400");
  return [...new Set(ids)];
}

/** A required integer parameter. */
export function intParam(raw: unknown, message = "参数格式不正确"): number {
  const n = Number(raw);
  if (raw === undefined || raw === null || raw === "" || !Number.isInteger(n)) throw new DomainError(message, "400");
  return n;
}

export const optionalInt = (raw: unknown, fallback: number, message?: string): number =>
  raw === undefined || raw === null || raw === "" ? fallback : intParam(raw, message);

export const flag = (raw: unknown): boolean => raw === true || raw === "1" || raw === "true" || raw === 1;

/** An optional integer query parameter: "" and absent mean no filter. */
export function optionalFilter(raw: unknown, message = "参数格式不正确"): number | undefined {
  if (raw === undefined || raw === null || String(raw).trim() === "") return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new DomainError(message, "400");
  return n;
}
