import type { RightsMap } from "./rights.ts";
import type { DataScope } from "./dataScope.ts";

/** Who is calling: built by the transport from the session, read by every service. */
export type Caller = {
  tenantId: string;
  userId: number;
  username: string;
  realname: string;
  /** Organisation codes the caller works in; "" means the whole tenant. */
  deptCodes: string[];
  roleIds: number[];
  branchId: number;
  managelevel: number;
  sessionId: string;
  rights: RightsMap;
  /** The widest data scope of the caller's roles (kernel/dataScope.ts), from the role cache like `rights`; absent reads as "deptTree". */
  dataScope?: DataScope;
  /** The function the request was made from (functionId header), when there is one. */
  functionId?: number;
};

/** The name a record keeps of who acted: the caller's real name, else their user name. */
export const who = (caller: Pick<Caller, "realname" | "username">): string => caller.realname || caller.username;

/** Whether an organisation code lies inside the caller's departments (R027). */
export const inDepartments = (caller: Pick<Caller, "deptCodes">, code: string): boolean => caller.deptCodes.some((d) => d === "" || code.startsWith(d));

/** Whether a code is on the path from the root to one of the caller's departments (shown, not editable). */
export const aboveDepartments = (caller: Pick<Caller, "deptCodes">, code: string): boolean => caller.deptCodes.some((d) => d.startsWith(code));

export const seesWholeTenant = (caller: Pick<Caller, "deptCodes">): boolean => caller.deptCodes.includes("");

/** A whole-tenant caller for work no request carries (demo seeds, benches): head office, no session. */
export const headOffice = (tenantId: string, as: Partial<Omit<Caller, "tenantId">> = {}): Caller => ({
  tenantId,
  userId: 0,
  username: "system",
  realname: "",
  deptCodes: [""],
  roleIds: [],
  branchId: 0,
  managelevel: 1,
  sessionId: "system",
  rights: {},
  dataScope: "all",
  ...as,
});
