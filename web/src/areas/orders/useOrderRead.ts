import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { toast } from "../../lib/toast.ts";
import { orderQueries } from "./orderQueries.ts";

const NO_ORDER = "无效的订单";

/**
 * The order the detail panel shows, read fresh. A reply without an order id is no order: the panel
 * closes with 无效的订单 (R130); a failed read was toasted by unwrap (读取数据出错 or the server's text) and closes it too.
 */
export function useOrderRead(orderId: number, onClose: () => void) {
  const api = useApi();
  const q = useQuery({ ...orderQueries.view(api, orderId), select: (r) => r.data ?? null, staleTime: 0 });
  const d = q.data?.id ? q.data : undefined;
  useEffect(() => {
    if (q.isError) onClose();
    else if (q.isSuccess && !d) {
      toast.error(NO_ORDER);
      onClose();
    }
  }, [q.isError, q.isSuccess, d, onClose]);
  return d;
}
