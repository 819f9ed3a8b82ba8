import type { StaleKey } from "../lib/contract.ts";
import { useScreen } from "../lib/screen.tsx";
import { succeeded, useRouteMutation } from "../lib/routeQuery.ts";
import { Button, type ButtonVariant } from "./Button.tsx";
import { confirm } from "./dialogs/Confirm.tsx";
import { yuanText } from "./text/money.ts";

/**
 * 模拟支付 (A): plays the sandbox payment provider's notice for a waiting order (TB… room-voucher
 * purchase, CP… membership purchase), as the mini-program's payment would. It completes the order
 * on the server, so it asks first. The caller shows it only while the order is not bought.
 */
type Props = {
  /** The order number the provider is told (the record's orderId). */
  outTradeNo: string;
  /** Yuan; the server refuses an amount other than the order's. */
  totalFee: number;
  /** The reads the payment makes stale (the order's list). */
  invalidates: readonly StaleKey[];
  onPaid?: () => void;
  /** Names the button after its row ("模拟支付：name") where a list shows several. */
  name?: string;
  label?: string;
  variant?: ButtonVariant;
  size?: "sm" | "md";
};

export function SandboxPayButton({ outTradeNo, totalFee, invalidates, onPaid, name, label = "模拟支付", variant = "primary", size = "md" }: Props) {
  const { rights } = useScreen();
  const pay = useRouteMutation("POST /xiangyu/api/pay/sandbox/pay", { invalidates, success: "支付成功", kind: "handle" });
  if (!rights.a) return null;

  async function run() {
    const ok = await confirm({ title: "模拟支付", message: `确定模拟客户支付 ${yuanText(totalFee)} 元吗？单号 ${outTradeNo} 将完成购买。`, okText: "支付" });
    if (ok && (await succeeded(pay.mutateAsync({ outTradeNo, totalFee })))) onPaid?.();
  }

  return (
    <Button variant={variant} size={size} busy={pay.isPending} aria-label={name ? `模拟支付：${name}` : undefined} onClick={() => void run()}>
      {label}
    </Button>
  );
}
