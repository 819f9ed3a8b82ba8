import { useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { Button } from "../../ui/Button.tsx";
import { useRevealPassword } from "./clientQueries.ts";

/**
 * A stored membership password, hidden by default (R297). 显示 asks the server, which checks E and
 * writes the reveal to the operation log; the browser never holds a key. 隐藏 forgets it again.
 */
export type AccountType = 1 | 2;
type Props = { clientId: number; productTypeId: number; type: AccountType; isSet: boolean };

export function PasswordReveal({ clientId, productTypeId, type, isSet }: Props) {
  const { rights } = useScreen();
  const [shown, setShown] = useState<string | null>(null);
  const revealPassword = useRevealPassword();
  if (!isSet) return <span className="text-slate-400">未设置</span>;

  async function reveal() {
    const r = await revealPassword.mutateAsync({ id: clientId, productTypeId, type }).catch(() => null);
    if (r?.data) setShown(r.data.password);
  }

  return (
    <span className="inline-flex items-center gap-2">
      <span className="font-mono" data-testid={`password-${type}`}>
        {shown ?? "••••••"}
      </span>
      {rights.e &&
        (shown === null ? (
          <Button size="sm" variant="link" busy={revealPassword.isPending} onClick={reveal}>
            显示
          </Button>
        ) : (
          <Button size="sm" variant="link" onClick={() => setShown(null)}>
            隐藏
          </Button>
        ))}
    </span>
  );
}
