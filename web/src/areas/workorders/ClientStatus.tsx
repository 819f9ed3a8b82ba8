import { useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { Select } from "../../ui/form/inputs.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { str } from "./workOrderValues.ts";

/** R332: job and marital status are saved on their own (saveclientstatus). */
export function ClientStatus({ clientId, onSave }: { clientId: number; onSave: (x: { clientId: number; jobType: string; maritalStatus: string }) => Promise<boolean> }) {
  const jobs = useStyleParams("jobType").data ?? [];
  const marital = useStyleParams("maritalStatus").data ?? [];
  const [jobType, setJob] = useState("");
  const [maritalStatus, setMarital] = useState("");
  return (
    <div className="flex items-end gap-2">
      <Field label="职业">
        <Select aria-label="职业" value={jobType} onChange={(x) => setJob(str(x))} options={jobs} placeholder="请选择" />
      </Field>
      <Field label="婚姻状况">
        <Select aria-label="婚姻状况" value={maritalStatus} onChange={(x) => setMarital(str(x))} options={marital} placeholder="请选择" />
      </Field>
      <Button size="sm" onClick={() => void onSave({ clientId, jobType, maritalStatus })}>
        保存客户状态
      </Button>
    </div>
  );
}
