/** An organisation node as organization/list and view return it (spec §3). */
export type OrgNode = {
  id: number;
  orgCode: string;
  orgName: string;
  parentId: number;
  hasChild: boolean;
  seq: number;
  /** 1 enabled, 2 disabled (R060). */
  idisplay: number;
  orgType: string;
  branchId: number;
  orgExtraCode: string;
  picture: string;
  info: string;
  lng: string;
  lat: string;
  /** For destinations the visa choice (R535): '', '热门免签' or '落地签'. */
  address: string;
};

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
