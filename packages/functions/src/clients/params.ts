import { DomainError } from "@xiangyu/core/kernel/errors";

/** An optional integer query parameter: "" and absent mean no filter. */
export function optionalFilter(raw: unknown, message = "参数格式不正确"): number | undefined {
  if (raw === undefined || raw === null || String(raw).trim() === "") return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new DomainError(message, "400");
  return n;
}
