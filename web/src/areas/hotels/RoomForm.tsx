import { MAX_PICTURES, RoomInput } from "@xiangyu/core/hotels/schemas";
import { RecordModal } from "../../ui/dialogs/RecordModal.tsx";
import { EditForm } from "../../ui/form/EditForm.tsx";
import { useMayWrite } from "../../ui/form/FormFooter.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { ENABLED, RadioField, YES_NO } from "../../ui/form/RadioField.tsx";
import { PicturesField } from "../../ui/form/PicturesField.tsx";
import { NumberInput, TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { startValues } from "../../ui/form/startValues.ts";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { PICTURE_KB, pictures, type Room } from "./hotelTypes.ts";
import { ROOM_VIEW, useSaveRoom } from "./hotelQueries.ts";

/**
 * The room form (R101–R109): name required ('名称不能为空'; any refusal says '部分必填项没填写'),
 * window yes / partial / none (default yes), no smoking default no, up to 20 deletable pictures.
 */
const WINDOWS = [
  { value: 1, label: "有" },
  { value: 2, label: "部分有" },
  { value: 0, label: "无" },
];

type Props = { hotelId: number; id?: number; onClose: () => void };

const roomValues = (hotelId: number, r?: Room) => ({
  ...startValues(r, {
    id: "",
    roomName: "",
    roomArea: "",
    bedSpecifications: "",
    hasWindow: 1,
    banSmoking: 0,
    zaocan: "",
    network: "",
    roomFacilities: "",
    idisplay: 1,
    sortOrder: 999,
  }),
  hotelId,
  picJson: pictures(r?.picJson),
});

export function RoomForm({ hotelId, id, onClose }: Props) {
  return (
    <RecordModal route={ROOM_VIEW} id={id} width={800} title={id ? "编辑客房" : "新增客房"} onClose={onClose}>
      {(room) => <RoomEditor initial={roomValues(hotelId, room)} onClose={onClose} />}
    </RecordModal>
  );
}

function RoomEditor({ initial, onClose }: { initial: ReturnType<typeof roomValues>; onClose: () => void }) {
  const form = useSchemaForm(RoomInput, initial);
  const mayWrite = useMayWrite(initial.id);
  const post = useSaveRoom({ onClose });
  const e = form.errors;

  const save = form.submit(async () => {
    const { id, ...rest } = form.values;
    await post(id ? { id, ...rest } : rest);
  });

  return (
    <EditForm onSubmit={save} mayWrite={mayWrite} busy={form.submitting} onClose={onClose}>
      <Field label="客房名称" required error={e.roomName} hint="最多50个字">
        <TextInput {...form.field("roomName")} maxLength={50} placeholder="如 豪华大床房" />
      </Field>
      <div className="grid grid-cols-2">
        <Field label="面积" error={e.roomArea}>
          <TextInput {...form.field("roomArea")} maxLength={20} placeholder="如 35㎡" />
        </Field>
        <Field label="床型规格" error={e.bedSpecifications}>
          <TextInput {...form.field("bedSpecifications")} maxLength={50} placeholder="如 1.8米大床" />
        </Field>
        <RadioField label="窗户" {...form.field("hasWindow")} options={WINDOWS} disabled={!mayWrite} />
        <RadioField label="禁烟" {...form.field("banSmoking")} options={YES_NO} disabled={!mayWrite} />
        <Field label="早餐" error={e.zaocan}>
          <TextInput {...form.field("zaocan")} maxLength={50} placeholder="如 含双早" />
        </Field>
        <Field label="网络" error={e.network}>
          <TextInput {...form.field("network")} maxLength={50} placeholder="如 免费WiFi" />
        </Field>
        <RadioField label="状态" {...form.field("idisplay")} options={ENABLED} disabled={!mayWrite} />
        <Field label="排序" error={e.sortOrder} hint="数字小的排在前面">
          <NumberInput {...form.field("sortOrder")} min={0} />
        </Field>
      </div>
      <Field label="客房设施" error={e.roomFacilities} hint="最多500个字">
        <TextArea {...form.field("roomFacilities")} maxLength={500} />
      </Field>
      <PicturesField
        label="客房图片"
        {...form.field("picJson")}
        hint={`jpg、png、gif、jpeg，最多${MAX_PICTURES}张，每张不超过${PICTURE_KB}KB`}
        max={MAX_PICTURES}
        maxKB={PICTURE_KB}
        disabled={!mayWrite}
      />
    </EditForm>
  );
}
