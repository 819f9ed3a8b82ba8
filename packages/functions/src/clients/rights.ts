import { DomainError } from "@xiangyu/core/kernel/errors";
import type { Caller } from "@xiangyu/core/kernel/context";
import type { Letter } from "@xiangyu/core/kernel/rights";

/** The membership modal's settings refuse with 你无操作权限 whichever flag is missing (R300, R301). */
export const NO_OPERATION_RIGHT = "你无操作权限";

export function requireFlag(caller: Caller, letter: Letter): void {
  const letters = caller.functionId ? (caller.rights[String(caller.functionId)] ?? "") : "";
  if (!letters.includes(letter)) throw new DomainError(NO_OPERATION_RIGHT, "403");
}
