import { HotelInput } from "@xiangyu/core/hotels/schemas";
import { RecordModal } from "../../ui/dialogs/RecordModal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ownDepartment, useCurrentUser } from "../../ui/useCurrentUser.ts";
import { HOTEL_VIEW, useSaveHotel } from "./hotelQueries.ts";
import { hotelBody, hotelValues, type HotelValues } from "./hotelValues.ts";
import { HotelFields } from "./HotelFields.tsx";

/** The hotel edit dialog (800 wide, R076): reads the hotel (with its rich text), saves it whole. */
type Props = { id?: number; presetType: 0 | 1 | 2; onClose: () => void };

export function HotelForm({ id, presetType, onClose }: Props) {
  const { data: me, isPending: mePending } = useCurrentUser();
  return (
    <RecordModal route={HOTEL_VIEW} id={id} waiting={mePending} width={800} title={id ? "编辑酒店" : "新增酒店"} onClose={onClose}>
      {(hotel) => <Editor initial={hotelValues(hotel, presetType, ownDepartment(me))} presetType={presetType} onClose={onClose} />}
    </RecordModal>
  );
}

function Editor({ initial, presetType, onClose }: { initial: HotelValues } & Omit<Props, "id">) {
  const form = useSchemaForm(HotelInput, initial, { hidden: ["id"] });
  const mayWrite = useMayWrite(initial.id);
  const post = useSaveHotel({ onClose });
  const save = form.submit(() => post(hotelBody(form.values as HotelValues)));

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose} sticky>
      <HotelFields form={form} typeLocked={presetType !== 0} readOnly={!mayWrite} />
    </EditForm>
  );
}
