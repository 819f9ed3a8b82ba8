import type { ReactNode } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { Button } from "../Button.tsx";

/**
 * The buttons under an edit form: 取消 and 保存 for one who may write, only 关闭 for one who may
 * only look (no A for a new record, no E for a saved one). `sticky` keeps them in view under a long
 * form inside a Modal body; `children` are further buttons between the two (e.g. 编辑 on a view).
 */
type Props = { mayWrite: boolean; busy?: boolean; onClose: () => void; sticky?: boolean; saveText?: string; children?: ReactNode };

export function FormFooter({ mayWrite, busy, onClose, sticky, saveText = "保存", children }: Props) {
  const place = sticky ? "sticky -bottom-4 z-10 -mx-5 bg-white px-5 pb-4" : "";
  return (
    <div className={`mt-3 flex justify-end gap-2 border-t border-slate-200 pt-3 ${place}`}>
      <Button onClick={onClose}>{mayWrite ? "取消" : "关闭"}</Button>
      {children}
      {mayWrite && (
        <Button type="submit" variant="primary" busy={busy}>
          {saveText}
        </Button>
      )}
    </div>
  );
}

/** Whether the screen's rights let the user save this record: E for a saved one, A for a new one. */
export function useMayWrite(saved: unknown): boolean {
  const { rights } = useScreen();
  return saved ? rights.e : rights.a;
}
