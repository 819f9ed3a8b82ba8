import { ScreenBar } from "../parts.tsx";
import { PagedList } from "../PagedList.tsx";
import { firstPicture } from "./stay.tsx";

/** My hotel orders, newest first (GET mp/orders). */
export default function OrdersScreen() {
  return (
    <>
      <ScreenBar title="我的订单" />
      <PagedList
        route="GET /xiangyu/api/mp/orders"
        filters={{}}
        empty="还没有订单，去预订酒店吧"
        item={(o) => (
          <li key={o.id}>
            <a href={`#/order/${o.id}`} className="mx-3 my-2 flex gap-3 rounded-lg bg-white p-3">
              <img src={firstPicture(o.picJson)} alt="" className="size-16 shrink-0 rounded bg-slate-200 object-cover" />
              <div className="min-w-0 flex-1 text-sm">
                <div className="flex justify-between gap-2">
                  <p className="truncate font-medium">{o.hotelName}</p>
                  <span className="shrink-0 text-red-700">{o.statusName}</span>
                </div>
                <p className="truncate text-slate-500">
                  {o.roomName} × {o.checkinRoomCount}
                </p>
                <p className="text-xs text-slate-500">
                  {o.checkinStartdate} 至 {o.checkinEnddate}（{o.checkinDays} 晚）
                </p>
              </div>
            </a>
          </li>
        )}
      />
    </>
  );
}
