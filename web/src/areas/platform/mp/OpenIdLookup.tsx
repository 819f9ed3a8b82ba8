import { useState } from "react";
import { MP_MSG } from "@xiangyu/core/platform/schemas";
import { useApi } from "../../../lib/screen.tsx";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../../ui/Button.tsx";
import { Field } from "../../../ui/form/Field.tsx";
import { TextInput } from "../../../ui/form/inputs.tsx";
import { Modal } from "../../../ui/dialogs/Modal.tsx";

/** The OPENID lookup (R501–R503): the openid of a mobile user of this mini-program by mobile number. */
export function OpenIdLookup({ appId, onClose }: { appId: string; onClose: () => void }) {
  const api = useApi();
  const [mobile, setMobile] = useState("");
  const [openId, setOpenId] = useState("");
  const [busy, setBusy] = useState(false);

  async function find() {
    setOpenId("");
    if (!appId) return void toast.error(MP_MSG.openIdAppId);
    if (!mobile.trim()) return void toast.error(MP_MSG.openIdMobile);
    setBusy(true);
    try {
      const r = await api.call("GET /xiangyu/api/mpconfig/getMpOpenIdByMobileAndAppId", { appId, mobile: mobile.trim() });
      if (r.code !== "200") return void toast.error(r.desc || MP_MSG.openIdFailed);
      setOpenId(String(r.data ?? ""));
    } catch {
      toast.error(MP_MSG.openIdFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open width={500} title="查询OPENID" onClose={onClose}>
      <Field label="手机号码">
        <div className="flex gap-2">
          <TextInput value={mobile} onChange={(x) => setMobile(String(x ?? ""))} maxLength={11} placeholder="请输入手机号码" aria-label="手机号码" />
          <Button variant="primary" onClick={find} busy={busy}>
            查询
          </Button>
        </div>
      </Field>
      {openId && (
        <Field label="OPENID">
          <p className="pt-1.5 font-mono text-sm break-all" data-testid="openid">
            {openId}
          </p>
        </Field>
      )}
    </Modal>
  );
}
