import { useApi } from "../../lib/screen.tsx";
import { isOk, type Body } from "../../lib/api.ts";
import { toast, toastFailure } from "../../lib/toast.ts";

/**
 * The save of an edit dialog: posts the body; a refusal shows the server's desc (or 保存出错) and
 * leaves the dialog open with everything typed; success says 保存成功 (or the server's own text),
 * lets the screen refresh and closes. Resolves to whether it saved.
 */
export function useSave(path: string, { onSaved, onClose }: { onSaved: () => void; onClose: () => void }) {
  const api = useApi();
  return async (body: Body): Promise<boolean> => {
    const r = await api.post(path, body);
    if (!isOk(r)) {
      toastFailure(r.desc, "save");
      return false;
    }
    toast.success("保存成功", r.desc);
    onSaved();
    onClose();
    return true;
  };
}
