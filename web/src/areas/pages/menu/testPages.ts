import type { PageNode } from "./calls.ts";

/** The custom-page list's base path and a page node as the tree's calls answer it, for the Menu tab's and the designer's tests. */
export const BASE = "/gateway/api/manage/custompage";
export const pageNode = (p: Partial<PageNode> & { id: number; name: string; parentId: number }): PageNode => ({
  code: `p${p.id}`,
  seq: 99,
  isMenu: 1,
  url: "",
  icon: "",
  jumpJson: "",
  enableStatus: 1,
  sysModuleId: 0,
  columnCode: "",
  columnName: "",
  branchId: 0,
  hasChild: false,
  createTime: "",
  updateTime: "",
  ...p,
});
