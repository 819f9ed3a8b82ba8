import { useState, type FormEvent } from "react";
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import * as v from "valibot";
import { ChangePasswordInput } from "@xiangyu/core/auth/schemas";
import { api, session } from "../../lib/api.ts";
import { toast, toastFailure } from "../../lib/toast.ts";
import { Button } from "../../ui/Button.tsx";
import { forgetSession } from "../session.ts";

const EMPTY = { oldPassword: "", newPassword: "", confirmPassword: "" };

/**
 * Own password change. The server checks the old password and the strength rule and then ends every
 * session of the user, so success leads to the login page. `forced` is the first sign-in with a
 * password someone else set (a new tenant's administrator, `mustChangePassword`): the dialog cannot
 * be dismissed — its only other way out is signing out.
 */
export function ChangePasswordDialog({ open, onClose, forced = false, onSignOut }: { open: boolean; onClose: () => void; forced?: boolean; onSignOut?: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const qc = useQueryClient();

  function close() {
    setForm(EMPTY);
    setProblem("");
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = v.safeParse(ChangePasswordInput, form);
    if (!checked.success) return setProblem(checked.issues[0].message);
    if (form.newPassword !== form.confirmPassword) return setProblem("两次输入的新密码不一致");
    setProblem("");
    setBusy(true);
    try {
      const r = await api.call("POST /gateway/api/manage/users/changepassword", checked.output);
      if (r.code !== "200") {
        // The policy's words (新密码至少8位… / 过于常见 / 不能包含手机号) stay beside the fields, not only in a toast.
        setProblem(r.desc);
        return void toastFailure(r.desc, "save");
      }
      toast.success("保存成功", r.desc);
      session.clear();
      close();
      await navigate({ to: "/login", search: {}, replace: true });
      forgetSession(qc);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string, hint?: string) => (
    <div>
      <label htmlFor={`pw-${name}`} className="mb-1 block text-sm text-slate-700">
        {label}
      </label>
      <input
        id={`pw-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        className="block w-full rounded border border-slate-300 px-3 py-1.5 text-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30"
      />
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );

  return (
    <Dialog open={open} onClose={forced ? () => undefined : close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/30" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm rounded-lg bg-white shadow-xl">
          <form onSubmit={submit} noValidate>
            <DialogTitle className="border-b border-slate-100 px-5 py-3 text-base font-medium text-slate-900">{forced ? "首次登录请修改密码" : "修改密码"}</DialogTitle>
            <div className="space-y-3 px-5 py-4">
              {forced && <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">当前密码由管理员设置，请修改为只有您知道的新密码后再继续使用。</p>}
              {field("oldPassword", "原密码", "current-password")}
              {field("newPassword", "新密码", "new-password", "至少8位，且须包含字母和数字；不能是常见密码，不能包含手机号")}
              {field("confirmPassword", "确认新密码", "new-password")}
              <p role="alert" className="min-h-5 text-sm text-red-600">
                {problem}
              </p>
            </div>
            <div className="flex justify-end gap-2 border-t border-slate-100 px-5 py-3">
              {forced ? <Button onClick={onSignOut}>退出登录</Button> : <Button onClick={close}>取消</Button>}
              <Button type="submit" variant="primary" busy={busy}>
                保存
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
