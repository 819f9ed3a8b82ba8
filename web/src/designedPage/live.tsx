import { createContext, useContext, type CSSProperties, type ReactNode } from "react";
import type { AnyComponent } from "./document.ts";

/**
 * What makes a drawn page live. The designer's preview draws it still: links lead nowhere, lists
 * an API fills show grey samples. The member H5 provides links to its screens and the items its
 * routes answer. The renderers are the same; only this differs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list item of any component, read by its renderer
export type Item = Record<string, any>;

export type Live = {
  /** The href a stored link opens, or null when it leads nowhere. */
  hrefOf(url: unknown): string | null;
  /** A hook: the items a component's API answers (undefined: none, the component's own items show). */
  useApiItems(c: AnyComponent): Item[] | undefined;
  /** The designer's preview: an empty list shows grey samples and the page a phone's status bar; a member's page shows neither. */
  preview: boolean;
  /** A form members fill in and send (the member H5's); without it a form is drawn still. */
  Form?: (p: { c: AnyComponent }) => ReactNode;
};

const STILL: Live = { hrefOf: () => null, useApiItems: () => undefined, preview: true };
const LiveContext = createContext<Live>(STILL);

export const LivePage = ({ live, children }: { live: Live; children: ReactNode }) => <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
export const useLive = () => useContext(LiveContext);

/** A block that opens `to` when the page is live and it leads somewhere; otherwise the same block, still. */
export function Follow({ to, className, style, children }: { to: unknown; className?: string; style?: CSSProperties; children: ReactNode }) {
  const href = useLive().hrefOf(to);
  if (!href)
    return (
      <div className={className} style={style}>
        {children}
      </div>
    );
  const outside = /^https?:/i.test(href);
  return (
    <a href={href} className={`block ${className ?? ""}`} style={style} {...(outside ? { target: "_blank", rel: "noreferrer" } : {})}>
      {children}
    </a>
  );
}
