import { useQuery } from "@tanstack/react-query";
import { MAX_PICTURES, RoomInput } from "@xiangyu/core/hotels/schemas";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { isOk } from "../../lib/api.ts";
import { unwrap } from "../../lib/query.ts";
import { toast, toastFailure } from "../../lib/toast.ts";
import { Modal } from "../../ui/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { NumberInput, RadioGroup, TextArea, TextInput } from "../../ui/form/inputs.tsx";
import { useSchemaForm } from "../../ui/form/useSchemaForm.ts";
import { ImageUploader } from "../../ui/ImageUploader.tsx";
import { HOTEL_API, PICTURE_KB, pictures, type Room } from "./hotelTypes.ts";

/**
 * The room form (R101–R109): name required ('名称不能为空'; any refusal says '部分必填项没填写'),
 * window yes / partial / none (default yes), no smoking default no, up to 20 deletable pictures.
 */
const WINDOWS = [
  { value: 1, label: "有" },
  { value: 2, label: "部分有" },
  { value: 0, label: "无" },
];
const YES_NO = [
  { value: 1, label: "是" },
  { value: 0, label: "否" },
];
const DISPLAY = [
  { value: 1, label: "启用" },
  { value: 0, label: "禁用" },
];

type Props = { hotelId: number; id?: number; onClose: () => void; onSaved: () => void };

const roomValues = (hotelId: number, r?: Room) => ({
  id: r?.id ?? "",
  hotelId,
  roomName: r?.roomName ?? "",
  roomArea: r?.roomArea ?? "",
  bedSpecifications: r?.bedSpecifications ?? "",
  hasWindow: r?.hasWindow ?? 1,
  banSmoking: r?.banSmoking ?? 0,
  zaocan: r?.zaocan ?? "",
  network: r?.network ?? "",
  roomFacilities: r?.roomFacilities ?? "",
  picJson: pictures(r?.picJson),
  idisplay: r?.idisplay ?? 1,
  sortOrder: r?.sortOrder ?? 999,
});

export function RoomForm({ hotelId, id, onClose, onSaved }: Props) {
  const api = useApi();
  const view = useQuery({
    queryKey: [HOTEL_API, "roomview", id],
    queryFn: async () => (await unwrap(api.get<Room>(`${HOTEL_API}/roomview`, { id }), "view")).data!,
    enabled: id !== undefined,
    gcTime: 0,
  });
  return (
    <Modal open width={800} title={id ? "编辑客房" : "新增客房"} onClose={onClose}>
      {view.isError ? (
        <p className="text-sm text-red-600">{view.error.message}</p>
      ) : id !== undefined && view.isPending ? (
        <p className="py-10 text-center text-sm text-slate-400">正在读取数据…</p>
      ) : (
        <RoomEditor initial={roomValues(hotelId, view.data)} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function RoomEditor({ initial, onClose, onSaved }: { initial: ReturnType<typeof roomValues>; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const { rights } = useScreen();
  const form = useSchemaForm(RoomInput, initial);
  const mayWrite = initial.id ? rights.e : rights.a;
  const e = form.errors;

  const save = form.submit(async () => {
    const { id, ...rest } = form.values;
    const r = await api.post<Room>(`${HOTEL_API}/roomsave`, id ? { id, ...rest } : rest);
    if (!isOk(r)) return toastFailure(r.desc, "save");
    toast.success("保存成功", r.desc);
    onSaved();
    onClose();
  });

  return (
    <form onSubmit={save}>
      <fieldset disabled={!mayWrite} className="min-w-0">
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
          <Field label="窗户" error={e.hasWindow}>
            <RadioGroup {...form.field("hasWindow")} options={WINDOWS} disabled={!mayWrite} />
          </Field>
          <Field label="禁烟" error={e.banSmoking}>
            <RadioGroup {...form.field("banSmoking")} options={YES_NO} disabled={!mayWrite} />
          </Field>
          <Field label="早餐" error={e.zaocan}>
            <TextInput {...form.field("zaocan")} maxLength={50} placeholder="如 含双早" />
          </Field>
          <Field label="网络" error={e.network}>
            <TextInput {...form.field("network")} maxLength={50} placeholder="如 免费WiFi" />
          </Field>
          <Field label="状态" error={e.idisplay}>
            <RadioGroup {...form.field("idisplay")} options={DISPLAY} disabled={!mayWrite} />
          </Field>
          <Field label="排序" error={e.sortOrder} hint="数字小的排在前面">
            <NumberInput {...form.field("sortOrder")} min={0} />
          </Field>
        </div>
        <Field label="客房设施" error={e.roomFacilities} hint="最多500个字">
          <TextArea {...form.field("roomFacilities")} maxLength={500} />
        </Field>
        <Field label="客房图片" error={e.picJson} hint={`jpg、png、gif、jpeg，最多${MAX_PICTURES}张，每张不超过${PICTURE_KB}KB`}>
          <ImageUploader value={(form.values.picJson as string[]) ?? []} onChange={(urls) => form.set("picJson", urls)} max={MAX_PICTURES} maxKB={PICTURE_KB} disabled={!mayWrite} />
        </Field>
      </fieldset>
      <div className="mt-3 flex justify-end gap-2 border-t border-slate-200 pt-3">
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
