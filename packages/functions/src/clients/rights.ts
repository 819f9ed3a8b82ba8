import type { Caller } from "@xiangyu/core/kernel/context";
import { requireLetter, type Letter } from "@xiangyu/core/kernel/rights";

/** The membership modal's settings refuse with 你无操作权限 whichever flag is missing (R300, R301). */
export const NO_OPERATION_RIGHT = "你无操作权限";

export const requireFlag = (caller: Caller, letter: Letter): void => requireLetter(caller, letter, NO_OPERATION_RIGHT);
