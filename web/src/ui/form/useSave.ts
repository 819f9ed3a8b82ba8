import type { InputFor, PostKey, StaleKey } from "../../lib/contract.ts";
import { useRouteMutation } from "../../lib/routeQuery.ts";

/**
 * The save of an edit dialog, through its save route: a refusal shows the server's desc (or 保存出错)
 * and leaves the dialog open with everything typed; success says 保存成功 (or the server's own text),
 * marks stale the routes it `invalidates`, lets the screen refresh and closes. Resolves to whether it saved.
 */
/**
 * What a dialog posts: the route's input, or a form's values over the route's own schema (the keys
 * are the route's; the values were checked by that same schema on submit and the server parses them again).
 */
type SaveBody<K extends PostKey> = InputFor<K> | Partial<Record<keyof InputFor<K> & string, unknown>>;

export type SaveOptions = { onSaved?: () => void; onClose: () => void };
type Options = SaveOptions & { invalidates?: readonly StaleKey[] };

export function useSave<K extends PostKey>(route: K, { onSaved, onClose, invalidates = [] }: Options) {
  const save = useRouteMutation(route, { invalidates, success: "保存成功" });
  return async (body: SaveBody<K>): Promise<boolean> => {
    try {
      await save.mutateAsync(body as InputFor<K>);
    } catch {
      return false; // unwrap has toasted the refusal
    }
    onSaved?.();
    onClose();
    return true;
  };
}
