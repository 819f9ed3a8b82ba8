import { useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { Button } from "../../ui/Button.tsx";
import { StyleParamFilter } from "../../ui/list/filters.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { ORDER_LIST, type GoodsOrder } from "./goodsQueries.ts";
import { useOrderStatusName } from "./goodsTypes.ts";
import { GoodsOrderDetail } from "./GoodsOrderDetail.tsx";

/**
 * /{product}/order (预约订单 / 商品订单 / 虚拟商品订单, R424): the goods orders of the URL's goodsType,
 * newest first, filtered by status (the goodsOrderStatus list, R426) and order number (the keyword).
 * A row opens the detail panel with the actions of its status.
 */
const FILTERS = ["orderStatus"];

export default function GoodsOrders() {
  const { params } = useScreen();
  const goodsType = params.goodsType ?? "";
  const statusName = useOrderStatusName();
  const [open, setOpen] = useState<number | null>(null);
  const columns: Column<GoodsOrder>[] = [
    { id: "orderNo", header: "订单号", nowrap: true },
    { id: "orderName", header: "商品名称" },
    { id: "specName", header: "规格" },
    { id: "realname", header: "会员", nowrap: true },
    { id: "mobile", header: "手机号", nowrap: true },
    { id: "buyCount", header: "数量", nowrap: true, align: "right" },
    { id: "price", header: "金额", nowrap: true, align: "right", text: (o) => `¥${o.price.toFixed(2)}` },
    { id: "orderTime", header: "下单时间", nowrap: true },
    { id: "status", header: "状态", nowrap: true, text: (o) => statusName(o.status) },
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      cell: (o) => (
        <Button size="sm" variant="link" aria-label={`详情：${o.orderNo}`} onClick={() => setOpen(o.id)}>
          详情
        </Button>
      ),
    },
  ];
  return (
    <ListScreen
      tableId={`goodsorders-${goodsType}`}
      route={ORDER_LIST}
      params={{ goodsType }}
      columns={columns}
      filterKeys={FILTERS}
      filters={<StyleParamFilter name="orderStatus" label="订单状态" styleen="goodsOrderStatus" />}
      keyword={{ placeholder: "订单号" }}
    >
      {() => open !== null && <GoodsOrderDetail orderId={open} onClose={() => setOpen(null)} />}
    </ListScreen>
  );
}
