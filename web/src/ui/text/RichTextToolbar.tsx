import { useRef, useState, type RefObject } from "react";
import { useEditorState, type Editor } from "@tiptap/react";
import { toast } from "../../lib/toast.ts";
import { useApi } from "../../lib/screen.tsx";
import { UploadError, uploadFile } from "../upload/upload.ts";
import { bodyPicture } from "../upload/pictureVariants.ts";
import { controlClass } from "../form/inputs.tsx";
import { UPLOAD_MSG } from "@xiangyu/core/files/rules";

type Tool = { label: string; text: string; on?: boolean; act: () => void };

/** The rich-text editor's toolbar: the marks and blocks, a link, a picture, undo and redo. */
export function RichTextToolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      strike: e.isActive("strike"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
    }),
  });
  const [linking, setLinking] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const run = () => editor.chain().focus();

  const tools: Tool[] = [
    { label: "加粗", text: "B", on: state.bold, act: () => run().toggleBold().run() },
    { label: "斜体", text: "I", on: state.italic, act: () => run().toggleItalic().run() },
    { label: "删除线", text: "S", on: state.strike, act: () => run().toggleStrike().run() },
    { label: "标题", text: "H2", on: state.h2, act: () => run().toggleHeading({ level: 2 }).run() },
    { label: "小标题", text: "H3", on: state.h3, act: () => run().toggleHeading({ level: 3 }).run() },
    { label: "无序列表", text: "•", on: state.bullet, act: () => run().toggleBulletList().run() },
    { label: "有序列表", text: "1.", on: state.ordered, act: () => run().toggleOrderedList().run() },
    { label: "引用", text: "引用", on: state.quote, act: () => run().toggleBlockquote().run() },
    { label: "链接", text: "链接", on: state.link, act: () => (state.link ? run().unsetLink().run() : setLinking(true)) },
    { label: "图片", text: "图片", act: () => file.current?.click() },
    { label: "撤销", text: "↶", act: () => run().undo().run() },
    { label: "重做", text: "↷", act: () => run().redo().run() },
  ];

  return (
    <div className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1">
      {tools.map((t) => (
        <ToolButton key={t.label} tool={t} />
      ))}
      {linking && (
        <LinkForm
          onDone={(href) => {
            if (href) run().extendMarkRange("link").setLink({ href }).run();
            setLinking(false);
          }}
        />
      )}
      <PictureInput editor={editor} input={file} />
    </div>
  );
}

function ToolButton({ tool: t }: { tool: Tool }) {
  return (
    <button
      type="button"
      title={t.label}
      // The accessible name holds the visible text too (axe label-content-name-mismatch: "H2", "1.").
      aria-label={/[A-Za-z0-9]{2}|\d/.test(t.text) ? `${t.label} ${t.text}` : t.label}
      aria-pressed={t.on ?? undefined}
      onMouseDown={(e) => e.preventDefault()}
      onClick={t.act}
      className="h-7 min-w-7 rounded px-1.5 text-xs text-slate-600 hover:bg-slate-200 aria-pressed:bg-blue-100 aria-pressed:text-blue-700"
    >
      {t.text}
    </button>
  );
}

/** The link's address, typed in the toolbar; `onDone` gets it trimmed ("" sets no link). */
function LinkForm({ onDone }: { onDone: (href: string) => void }) {
  const [href, setHref] = useState("");
  return (
    <form
      noValidate
      className="ml-2 flex items-center gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        onDone(href.trim());
      }}
    >
      <input autoFocus aria-label="链接地址" placeholder="https://" value={href} onChange={(e) => setHref(e.target.value)} className={`${controlClass} h-7 w-56`} />
      <button type="submit" className="h-7 rounded bg-blue-600 px-2 text-xs text-white">
        确定
      </button>
    </form>
  );
}

/** The 图片 button's file input: the picture is uploaded, then inserted where the cursor is. */
function PictureInput({ editor, input }: { editor: Editor; input: RefObject<HTMLInputElement | null> }) {
  // Pictures are uploaded for the screen the editor is on (its functionId).
  const api = useApi();

  async function insertImage(f: File) {
    try {
      const stored = await uploadFile(f, { api, kind: "image" });
      // The uploader's smaller copies, named in the address the website reads (issue 35), and the
      // picture's size, so the website keeps its place while it loads; neither can fail the insert.
      const { src, width, height } = await bodyPicture(f, stored, api);
      editor
        .chain()
        .focus()
        .setImage(width && height ? { src, width, height } : { src })
        .run();
    } catch (e) {
      toast.error(e instanceof UploadError ? e.message : UPLOAD_MSG.failed);
    }
  }

  return (
    <input
      ref={input}
      type="file"
      hidden
      accept=".jpg,.jpeg,.png,.gif"
      onChange={(e) => {
        const f = e.target.files?.[0];
        if (f) void insertImage(f);
        e.target.value = "";
      }}
    />
  );
}
