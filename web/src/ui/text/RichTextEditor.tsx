import { useEffect } from "react";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { RichTextToolbar } from "./RichTextToolbar.tsx";

/** TipTap with the toolbar an editor of articles needs; pictures go through the presigned upload with the uploader's copies (ui/upload/pictureVariants.ts). The value is HTML. */
/** `label` names the editing area for screen readers (the field's label; it has no <label> of its own). */
export type RichTextProps = { value: string; onChange: (html: string) => void; placeholder?: string; minHeight?: number; label?: string };

export default function RichTextEditor({ value, onChange, minHeight = 240, label = "正文" }: RichTextProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } }), Image],
    content: value,
    editorProps: { attributes: { "aria-label": label, "aria-multiline": "true" } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  // A value from outside (a record loaded, a form reset) replaces the text; our own edits do not.
  // StrictMode's first editor is already destroyed when this runs: it has no schema left to read.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== (editor.isEmpty ? "" : editor.getHTML())) editor.commands.setContent(value || "", { emitUpdate: false });
  }, [editor, value]);

  if (!editor || editor.isDestroyed) return null;
  return (
    <div className="rounded border border-slate-300 focus-within:border-blue-500">
      <RichTextToolbar editor={editor} />
      <EditorContent editor={editor} className="prose-sm max-w-none px-3 py-2 text-sm [&_.ProseMirror]:outline-none" style={{ minHeight }} />
    </div>
  );
}
