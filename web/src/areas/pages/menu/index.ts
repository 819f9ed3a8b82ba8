/** The designer's Menu tab (web/src/areas/pages/designer places it in the left panel). */
export { PageMenuTree, DELETE_PAGE_WARNING } from "./PageMenuTree.tsx";
export type { PageNode } from "../pageQueries.ts";
