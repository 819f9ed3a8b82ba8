import type { Rights } from "../../../lib/screen.tsx";
import { Button } from "../../../ui/Button.tsx";
import type { MpConfig } from "./mpQueries.ts";

/** A mini-program row's buttons: 基本设置 (A/E), 账户配置 (S, R500) and 删除 (D). */
export function MpRowActions({ mp, rights, onEdit, onConfigure, onRemove }: { mp: MpConfig; rights: Rights; onEdit: () => void; onConfigure: () => void; onRemove: () => void }) {
  return (
    <div className="flex gap-1">
      {(rights.e || rights.a) && (
        <Button size="sm" variant="link" aria-label={`基本设置：${mp.mpName}`} onClick={onEdit}>
          基本设置
        </Button>
      )}
      {rights.s && (
        <Button size="sm" variant="link" aria-label={`账户配置：${mp.mpName}`} onClick={onConfigure}>
          账户配置
        </Button>
      )}
      {rights.d && (
        <Button size="sm" variant="link" className="text-red-600!" aria-label={`删除：${mp.mpName}`} onClick={onRemove}>
          删除
        </Button>
      )}
    </div>
  );
}
