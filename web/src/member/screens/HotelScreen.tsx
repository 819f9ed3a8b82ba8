import { useState } from "react";
import type { DataOf } from "../../lib/contract.ts";
import { HtmlPreview } from "../../designedPage/htmlPreview.tsx";
import { Card, Loaded, ScreenBar, Tap } from "../parts.tsx";
import { useMemberRead, useMemberWrite } from "../queries.ts";
import type { ScreenProps } from "../screens.ts";
import { StayDates, firstPicture, useStay, type Stay } from "./stay.tsx";

type Hotel = NonNullable<DataOf<"GET /xiangyu/api/mp/hotel">>;
type Room = Hotel["rooms"][number];
type PayWith = Hotel["payWith"][number];

const PAY_NAMES: Record<PayWith, string> = { weeks: "会员周次", vouchers: "房券", money: "在线支付" };

/** A hotel for a stay (GET mp/hotel): its rooms with what is free and the nightly prices, and booking one (POST mp/order/create). */
export default function HotelScreen({ params, query }: ScreenProps) {
  const [stay, setStay] = useStay(query);
  const hotel = useMemberRead("GET /xiangyu/api/mp/hotel", { id: Number(params.id), ...stay });
  const [room, setRoom] = useState<Room>();
  return (
    <>
      <ScreenBar title={hotel.data?.data?.hotelName ?? "酒店详情"} />
      <Loaded query={hotel}>
        {({ data: h }) =>
          h && (
            <>
              <img src={firstPicture(h.picJson)} alt="" className="aspect-video w-full bg-slate-200 object-cover" />
              <Card>
                <h2 className="text-lg font-semibold">{h.hotelName}</h2>
                <p className="text-sm text-slate-500">{h.address}</p>
                {h.tel && (
                  <a href={`tel:${h.tel}`} className="text-sm text-red-700">
                    电话 {h.tel}
                  </a>
                )}
              </Card>
              <Card>
                <StayDates stay={stay} onChange={(s) => (setStay(s), setRoom(undefined))} />
                <p className="mt-2 text-xs text-slate-500">
                  平日 {h.weekdayNights} 晚 · 周末 {h.weekendNights} 晚
                </p>
              </Card>
              <ul>
                {h.rooms.map((r) => (
                  <li key={r.id} className="mx-3 my-2 flex items-center gap-3 rounded-lg bg-white p-3">
                    <div className="min-w-0 flex-1">
                      <p className="text-[15px] font-medium">{r.roomName}</p>
                      <p className="text-xs text-slate-500">{[r.bedSpecifications, r.roomArea && `${r.roomArea}㎡`, r.zaocan].filter(Boolean).join(" · ")}</p>
                      <p className="text-sm text-red-700">{h.hotelType === 1 ? "会员周次入住" : `¥${r.totalPrice} / 间`}</p>
                    </div>
                    <Tap disabled={r.freeCount < 1} onClick={() => setRoom(r)}>
                      {r.freeCount < 1 ? "满房" : "预订"}
                    </Tap>
                  </li>
                ))}
              </ul>
              {h.content && (
                <Card>
                  <HtmlPreview html={h.content} className="text-sm leading-relaxed [&_img]:my-2" />
                </Card>
              )}
              {room && <BookRoom hotel={h} room={room} stay={stay} onClose={() => setRoom(undefined)} />}
            </>
          )
        }
      </Loaded>
    </>
  );
}

function BookRoom({ hotel, room, stay, onClose }: { hotel: Hotel; room: Room; stay: Stay; onClose: () => void }) {
  const me = useMemberRead("GET /xiangyu/api/mp/me", {});
  const [roomCount, setRoomCount] = useState(1);
  const [payWith, setPayWith] = useState<PayWith>(hotel.payWith[0] ?? "money");
  const [name, setName] = useState(me.data?.data?.realname ?? "");
  const [mobile, setMobile] = useState(me.data?.data?.mobile ?? "");
  const create = useMemberWrite("POST /xiangyu/api/mp/order/create", {
    success: "预订成功",
    stale: ["GET /xiangyu/api/mp/orders", "GET /xiangyu/api/mp/membership", "GET /xiangyu/api/mp/hotel"],
  });
  const book = () =>
    create.mutate(
      { hotelId: hotel.id, roomId: room.id, ...stay, roomCount, payWith, occupants: JSON.stringify([{ name, mobile }]), totalPrice: "", remark: "" },
      { onSuccess: (r) => r.data && (location.hash = `/order/${r.data.id}`) },
    );
  return (
    <div role="dialog" aria-modal="true" aria-label={`预订 ${room.roomName}`} className="fixed inset-0 z-20 flex items-end bg-black/40">
      <div className="mx-auto flex w-full max-w-[430px] flex-col gap-3 rounded-t-2xl bg-white p-4">
        <div className="flex items-center justify-between">
          <h2 className="text-base font-semibold">{room.roomName}</h2>
          <button type="button" aria-label="关闭" onClick={onClose} className="size-11 text-xl">
            ✕
          </button>
        </div>
        <p className="text-sm text-slate-600">
          {stay.checkInDate} 至 {stay.checkOutDate}，共 {room.nights.length} 晚
        </p>
        <label className="flex items-center justify-between text-sm">
          房间数
          <select value={roomCount} onChange={(e) => setRoomCount(Number(e.target.value))} className="h-11 rounded-lg border border-slate-300 px-3">
            {Array.from({ length: Math.min(room.freeCount, 10) }, (_, i) => (
              <option key={i + 1}>{i + 1}</option>
            ))}
          </select>
        </label>
        <fieldset className="flex gap-2 text-sm">
          <legend className="mb-1">支付方式</legend>
          {hotel.payWith.map((p) => (
            <label key={p} className={`flex h-11 flex-1 items-center justify-center rounded-lg border ${payWith === p ? "border-red-700 text-red-700" : "border-slate-300"}`}>
              <input type="radio" name="payWith" value={p} checked={payWith === p} onChange={() => setPayWith(p)} className="sr-only" />
              {PAY_NAMES[p]}
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1 text-sm">
          入住人
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={20} className="h-11 rounded-lg border border-slate-300 px-3 text-base" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          联系电话
          <input
            value={mobile}
            onChange={(e) => setMobile(e.target.value.trim())}
            inputMode="numeric"
            maxLength={11}
            className="h-11 rounded-lg border border-slate-300 px-3 text-base"
          />
        </label>
        {hotel.hotelType !== 1 && payWith === "money" && <p className="text-right text-base text-red-700">合计 ¥{(room.totalPrice * roomCount).toFixed(2)}</p>}
        <Tap busy={create.isPending} onClick={book}>
          确认预订
        </Tap>
      </div>
    </div>
  );
}
