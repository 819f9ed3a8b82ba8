import type { ComponentType } from "react";
import type { ListSpec } from "../../ui/list/listSpec.ts";
import { tableSearch } from "../../ui/list/tableState.ts";

/**
 * A screen as the registry holds it (app/screens.ts): a default-export component without props in
 * web/src/areas/<area>/<Name>.tsx that reads useScreen()/useApi(), loaded with its area's chunk.
 * A list screen names its first list (ui/list/listSpec.ts): the frame then fetches the first page while
 * the area's chunk, the title and the rights are still on their way. Every entry carries the schema
 * of its address (ui/list/tableState.ts `tableSearch`: paging, order, keyword and the first list's filter
 * keys); the router validates the screen's search with it.
 */
export type ScreenModule = { default: ComponentType };
export type SearchSchema = ReturnType<typeof tableSearch>;
export type ScreenEntry = { load: () => Promise<ScreenModule>; list?: ListSpec; search: SearchSchema };

/** The address schema of a screen without a registered first list, and of unregistered paths. */
export const SCREEN_SEARCH: SearchSchema = tableSearch();

type Chunk = () => Promise<{ default: Record<string, ScreenModule> }>;

/**
 * An area's screens by menu path: each names its file in the area's folder (sub-folders allowed)
 * and the list it opens with; all of them load with the area's chunk (`<area>/chunk.ts`).
 */
export function screensOf(area: string, chunk: Chunk, screens: Record<string, [name: string, list?: ListSpec]>): Record<string, ScreenEntry> {
  return Object.fromEntries(
    Object.entries(screens).map(([path, [name, list]]) => [
      path,
      {
        load: async () => {
          const m = (await chunk()).default[`./${name}.tsx`];
          if (!m?.default) throw new Error(`页面不存在：areas/${area}/${name}.tsx`);
          return m;
        },
        list,
        search: list ? tableSearch({ filters: list.filterKeys }) : SCREEN_SEARCH,
      },
    ]),
  );
}
