import type { DataOf } from "../../lib/contract.ts";

/** An organisation node as organization/list and view return it (spec §3): idisplay 1 enabled, 2 disabled (R060); for destinations `address` is the visa choice (R535). */
export type OrgNode = DataOf<"GET /gateway/api/organization/view">;

export const DESTINATION = "destination";

/** R534: none, visa-free, visa on arrival. */
export const VISA_OPTIONS = [
  { value: "", label: "无" },
  { value: "热门免签", label: "热门免签" },
  { value: "落地签", label: "落地签" },
];

export const ORG_STATUS = [
  { value: 1, label: "启用" },
  { value: 2, label: "禁用" },
];
