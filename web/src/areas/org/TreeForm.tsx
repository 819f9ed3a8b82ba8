import type { FormEvent, ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import type { DataOf } from "../../lib/contract.ts";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { TextInput } from "../../ui/form/inputs.tsx";
import { MapPickerButton } from "../../ui/pickers/MapPicker.tsx";
import type { FieldBinding } from "../../ui/form/useSchemaForm.ts";
import { orgQueries, type NodeView } from "./orgQueries.ts";

/**
 * What the organisation and region forms share on the right of their tree. Unlike the dialogs'
 * RecordModal and EditForm there is no dialog to close and nothing to cancel (selecting another node
 * replaces the form), and a read that fails says the tree's own words (R551).
 */

/**
 * Reads the selected node afresh (its view route with `?id=`, never kept in the cache, R544) and hands
 * it to its form; a new node (no id) is not read. The node's type is the view route's reply.
 */
type RecordProps<K extends NodeView> = { route: K; id?: number; children: (record?: DataOf<K>) => ReactNode };

export function TreeRecord<K extends NodeView>({ route, id, children }: RecordProps<K>) {
  const api = useApi();
  const view = useQuery({ ...orgQueries.node(api, route, id), enabled: id !== undefined, gcTime: 0 });
  if (id === undefined) return children();
  if (view.isPending) return <p className="text-sm text-slate-400">正在读取数据…</p>;
  if (view.isError) return <p className="text-sm text-red-600">{view.error.message}</p>;
  return children(view.data);
}

/** The form under its heading, with 保存 under the fields for one who may write (E to edit, A to add). */
type FormProps = { onSubmit: (e: FormEvent) => unknown; title: ReactNode; mayWrite: boolean; busy?: boolean; children: ReactNode };

export function TreeForm({ onSubmit, title, mayWrite, busy, children }: FormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-2xl">
      <h3 className="mb-3 text-sm font-medium text-slate-700">{title}</h3>
      {children}
      {mayWrite && (
        <div className="mt-3 pl-[8.75rem]">
          <Button type="submit" variant="primary" busy={busy}>
            保存
          </Button>
        </div>
      )}
    </form>
  );
}

/** The levels above the form's node, root first, or — at the top: an edit's path ends at the node itself. */
export const levelsAbove = (names: string[], editing: boolean) => (editing ? names.slice(0, -1) : names).join(" / ") || "—";

/** The coordinates row: longitude, then latitude, with the first message of either, and the map picker (002: destination trees). */
export function LngLatField({ lng, lat }: { lng: FieldBinding; lat: FieldBinding }) {
  return (
    <Field label="经纬度" error={lng.error ?? lat.error} hint="经度在前，纬度在后">
      <div className="flex gap-2">
        <TextInput {...lng} aria-label="经度" placeholder="经度" className="w-40" />
        <TextInput {...lat} aria-label="纬度" placeholder="纬度" className="w-40" />
        <MapPickerButton
          lat={lat.value}
          lng={lng.value}
          onPick={(p) => {
            lng.onChange(p.lng);
            lat.onChange(p.lat);
          }}
        />
      </div>
    </Field>
  );
}
