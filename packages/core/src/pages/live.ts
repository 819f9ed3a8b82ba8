import * as v from "valibot";
import { COMPONENTS, type PageDocument } from "./document/index.ts";

/**
 * A stored page made ready for the member (issue 34), at the render route: what the mini-program's
 * proxy and the designer's "current column" mean is settled on the server, once, so the H5 and the
 * mini-program read plain addresses and items.
 *
 * - A component whose `api` is an alias of the API proxy mapping table (`apiproxy`: alias →
 *   address, docs/pages.md) gets the address; an alias the table lacks leads nowhere ("").
 * - A List whose items come from the current column's child menus (R572 `dataFrom: "menu"`) gets
 *   the page's enabled child pages as its items, each opening that page.
 */
export type MenuPage = { code: string; name: string; icon: string };

/** An alias names a table row: letters, digits and `_.-`, never a path or an address. */
export const isApiAlias = (api: unknown): api is string => typeof api === "string" && /^[A-Za-z][\w.-]{0,49}$/.test(api);

type Part = Record<string, unknown>;
const componentsOf = (doc: PageDocument): Part[] => [...(doc.header.components as Part[]), ...(doc.content.data as Part[])];

/** What the document needs read before it can be made live. */
export function liveNeeds(doc: PageDocument): { aliases: boolean; menu: boolean } {
  const parts = componentsOf(doc);
  return { aliases: parts.some((c) => isApiAlias(c.api)), menu: parts.some((c) => c.kind === "List" && c.dataFrom === "menu") };
}

export function liveDocument(doc: PageDocument, read: { aliases?: ReadonlyMap<string, string>; menu?: readonly MenuPage[] }): PageDocument {
  const live = (c: Part): Part => {
    let out = c;
    if (isApiAlias(c.api)) out = { ...out, api: read.aliases?.get(c.api) ?? "" };
    if (c.kind === "List" && c.dataFrom === "menu") {
      // Through the List's own schema, so each item carries every field with its default, as a stored one does.
      const filled = v.safeParse(COMPONENTS.List.schema, {
        ...out,
        data: (read.menu ?? []).map((p) => ({ title: p.name, thumb: p.icon, url: `/pages/custom/index?code=${p.code}` })),
      });
      if (filled.success) out = filled.output as Part;
    }
    return out;
  };
  return {
    ...doc,
    header: { ...doc.header, components: (doc.header.components as Part[]).map(live) as typeof doc.header.components },
    content: { ...doc.content, data: (doc.content.data as Part[]).map(live) as typeof doc.content.data },
  };
}
