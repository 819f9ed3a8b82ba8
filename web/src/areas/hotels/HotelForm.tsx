import { useQuery } from "@tanstack/react-query";
import { HotelInput } from "@xiangyu/core/hotels/schemas";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { unwrap } from "../../lib/query.ts";
import { toast, toastFailure } from "../../lib/toast.ts";
import { isOk } from "../../lib/api.ts";
import { Modal } from "../../ui/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ownDepartment, useCurrentUser } from "../../ui/useCurrentUser.ts";
import { HOTEL_API, type Hotel } from "./hotelTypes.ts";
import { hotelBody, hotelValues, type HotelValues } from "./hotelValues.ts";
import { HotelFields } from "./HotelFields.tsx";

/** The hotel edit dialog (800 wide, R076): reads the hotel (with its rich text), saves it whole. */
type Props = { id?: number; presetType: 0 | 1 | 2; onClose: () => void; onSaved: () => void };

export function HotelForm({ id, presetType, onClose, onSaved }: Props) {
  const api = useApi();
  const { data: me, isPending: mePending } = useCurrentUser();
  const view = useQuery({
    queryKey: [HOTEL_API, "hotelview", id],
    queryFn: async () => (await unwrap(api.get<Hotel>(`${HOTEL_API}/hotelview`, { id }), "view")).data!,
    enabled: id !== undefined,
    gcTime: 0,
  });
  const loading = (id !== undefined && view.isPending) || mePending;
  return (
    <Modal open width={800} title={id ? "编辑酒店" : "新增酒店"} onClose={onClose}>
      {view.isError ? (
        <p className="text-sm text-red-600">{view.error.message}</p>
      ) : loading ? (
        <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>
      ) : (
        <Editor initial={hotelValues(view.data, presetType, ownDepartment(me))} presetType={presetType} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function Editor({ initial, presetType, onClose, onSaved }: { initial: HotelValues } & Omit<Props, "id">) {
  const api = useApi();
  const { rights } = useScreen();
  const form = useSchemaForm(HotelInput, initial, { hidden: ["id"] });
  const mayWrite = initial.id ? rights.e : rights.a;

  const save = form.submit(async () => {
    const r = await api.post<Hotel>(`${HOTEL_API}/hotelsave`, hotelBody(form.values as HotelValues));
    if (!isOk(r)) return toastFailure(r.desc, "save");
    toast.success("保存成功", r.desc);
    onSaved();
    onClose();
  });

  return (
    <form onSubmit={save}>
      <HotelFields form={form} typeLocked={presetType !== 0} readOnly={!mayWrite} />
      <div className="sticky -bottom-4 z-10 -mx-5 mt-3 flex justify-end gap-2 border-t border-slate-200 bg-white px-5 pt-3 pb-4">
        <Button onClick={onClose}>{mayWrite ? "取消" : "关闭"}</Button>
        {mayWrite && (
          <Button type="submit" variant="primary" busy={form.submitting}>
            保存
          </Button>
        )}
      </div>
    </form>
  );
}
