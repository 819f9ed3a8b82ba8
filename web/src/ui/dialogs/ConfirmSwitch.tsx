import { useEffect, useState } from "react";
import { Switch } from "@headlessui/react";
import { toast } from "../../lib/toast.ts";
import { confirmToggle } from "../list/actions.ts";

/**
 * The enable/disable switch of list rows (R057–R059): asks '启禁确认', and flips only after the
 * confirmation AND a successful server reply; on a refusal or failure it stays as it was.
 * The flag values differ by record (1/0 for most, 1/2 for organisation nodes and custom pages, R060).
 * Without the P right (`allowed` false) a click only says '你没有启禁用权限' (R049).
 */
type Flag = number | string;
type Props = {
  value: Flag;
  /** Sends the new value; resolves true when the server agreed. */
  onChange: (next: Flag) => Promise<boolean>;
  on?: Flag;
  off?: Flag;
  allowed?: boolean;
  label?: string;
  /** The question before a flip (default 确定要启用吗？ / 确定要禁用吗？) and the refusal without the right (default 你没有启禁用权限): a flag that is not an enable/disable (split-done) says its own. */
  question?: (turningOn: boolean) => string;
  denial?: string;
};

export function ConfirmSwitch({ value, onChange, on = 1, off = 0, allowed = true, label = "启用状态", question, denial = "你没有启禁用权限" }: Props) {
  const [current, setCurrent] = useState(value);
  const [busy, setBusy] = useState(false);
  useEffect(() => setCurrent(value), [value]);
  const enabled = String(current) === String(on);

  async function toggle() {
    if (busy) return;
    if (!allowed) {
      toast.error(denial);
      return;
    }
    const next = enabled ? off : on;
    if (!(await confirmToggle(question ? question(!enabled) : enabled ? "确定要禁用吗？" : "确定要启用吗？"))) return;
    setBusy(true);
    try {
      if (await onChange(next)) setCurrent(next);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Switch
      checked={enabled}
      onChange={toggle}
      aria-label={label}
      aria-busy={busy || undefined}
      className="group relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors data-checked:bg-blue-600 aria-busy:opacity-60"
    >
      <span className="size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-[18px]" />
    </Switch>
  );
}
