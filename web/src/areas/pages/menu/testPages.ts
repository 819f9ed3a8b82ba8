import type { PageNode } from "../pageQueries.ts";

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

/** The console's function tree as the Menu tab's function picker reads it: the page builder's one screen. */
export const functionTypes = () => ({
  code: "200",
  desc: "",
  dataList: [
    {
      id: 1400,
      fatherid: 0,
      typename: "页面设计",
      path: "",
      params: "",
      module: "pages",
      seq: 1,
      children: [{ id: 1401, fatherid: 1400, typename: "自定义页面", path: "/custompage", params: "", module: "pages", seq: 1, children: [] }],
    },
  ],
});
