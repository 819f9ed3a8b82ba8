import { PRESENCE, QUALIFIED } from "@xiangyu/core/workorders/rules";
import { Field } from "../../ui/form/Field.tsx";
import { Select, TextInput, type Option } from "../../ui/form/inputs.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { Collapsible } from "../clients/Collapsible.tsx";
import type { Bind, WorkOrderForm } from "./workOrderValues.ts";

const PRESENCE_OPTIONS: Option[] = [
  { value: PRESENCE.unverified, label: "未核实" },
  { value: PRESENCE.came, label: "到场" },
  { value: PRESENCE.absent, label: "未到场" },
  { value: PRESENCE.verified, label: "已核实到场" },
];
const QUALIFIED_OPTIONS: Option[] = [
  { value: QUALIFIED.qualified, label: "合格" },
  { value: QUALIFIED.unqualified, label: "不合格" },
];

/** 到场信息: whether the client came, whether they qualified (and why not) and who received them. */
export function PresenceSection({ form, bind, disabled }: { form: WorkOrderForm; bind: Bind; disabled: boolean }) {
  const reasons = useStyleParams("unpualifiedReasons").data ?? [];
  const e = form.errors;
  const v = form.values;
  return (
    <Collapsible title="到场信息">
      <Field label="是否到场" required error={e.bePresent}>
        <Select {...bind("bePresent")} aria-label="是否到场" options={PRESENCE_OPTIONS} placeholder="请选择" disabled={disabled} />
      </Field>
      {(v.bePresent === "1" || v.bePresent === "3") && (
        <>
          <Field label="是否合格" required error={e.isQualified}>
            <Select {...bind("isQualified")} aria-label="是否合格" options={QUALIFIED_OPTIONS} placeholder="请选择" disabled={disabled} />
          </Field>
          {v.isQualified === "2" && (
            <Field label="不合格原因" required error={e.unpualifiedReason}>
              <Select {...bind("unpualifiedReason")} aria-label="不合格原因" options={reasons.map((o) => ({ ...o, value: o.label }))} placeholder="请选择" disabled={disabled} />
            </Field>
          )}
          <Field label="接待人员">
            <TextInput {...bind("receptionStaff")} aria-label="接待人员" disabled={disabled} />
          </Field>
        </>
      )}
    </Collapsible>
  );
}
