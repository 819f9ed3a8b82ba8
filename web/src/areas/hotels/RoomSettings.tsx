import { Modal } from "../../ui/dialogs/Modal.tsx";
import type { Hotel } from "./hotelTypes.ts";
import { RoomList } from "./RoomList.tsx";

/** 客房设置 (R076): the room list of one hotel in a 1200-wide dialog titled with the hotel's name. */
export function RoomSettings({ hotel, onClose }: { hotel: Hotel; onClose: () => void }) {
  return (
    <Modal open width={1200} title={hotel.hotelName} onClose={onClose}>
      <RoomList hotel={hotel} />
    </Modal>
  );
}
