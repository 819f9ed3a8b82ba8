import { lazy, Suspense } from "react";
import type { RichTextProps } from "./RichTextEditor.tsx";

/**
 * The rich-text field (information articles, lotteries, goods). TipTap is big, so the editor is its
 * own chunk, fetched the first time a form shows one; meanwhile the field says it is loading.
 */
const Editor = lazy(() => import("./RichTextEditor.tsx"));

export function RichText(props: RichTextProps) {
  return (
    <Suspense fallback={<div className="flex h-40 items-center justify-center rounded border border-slate-200 text-sm text-slate-400">编辑器加载中…</div>}>
      <Editor {...props} />
    </Suspense>
  );
}
