import { useFilter, FilterItem } from "./FilterBar.tsx";
import { Select, type Option } from "../form/inputs.tsx";
import { DateInput } from "../pickers/DatePicker.tsx";
import { MonthInput } from "../pickers/MonthPicker.tsx";
import { useStyleParams } from "../useStyleParams.ts";
import { OrgCascader } from "../pickers/OrgCascader.tsx";
import { storeReach, useCurrentUser } from "../useCurrentUser.ts";

/** The filters a list can put in its <FilterBar>; each owns one key of the table state. */

export function FilterSelect({ name, label, options, allLabel = "全部" }: { name: string; label: string; options: Option[]; allLabel?: string }) {
  const [value, set] = useFilter(name);
  return (
    <FilterItem label={label}>
      <Select aria-label={label} value={value} onChange={(v) => set(String(v))} options={options} placeholder={allLabel} className="w-36" />
    </FilterItem>
  );
}

/** A select fed by a style-parameter list (orderStatus, infoType, …). */
export function StyleParamFilter({ name, label, styleen, df, dfKey }: { name: string; label: string; styleen: string; df?: string; dfKey?: string }) {
  const { data = [] } = useStyleParams(styleen, { df, dfKey });
  return <FilterSelect name={name} label={label} options={data} />;
}

/**
 * The store filter (R027, R028): the department tree cut to what the user's data scope reaches
 * (users/info `reachCodes`: their branch, their departments and below, or exactly their departments).
 * The list's default for this key is the user's own department (ListScreen's `storeFilter`); '全部'
 * is offered only to users whose scope reaches the whole tenant.
 */
export function StoreFilter({ name = "orgCode", label = "门店" }: { name?: string; label?: string }) {
  const [value, set] = useFilter(name);
  const { data: me } = useCurrentUser();
  const reach = storeReach(me);
  return (
    <FilterItem label={label}>
      <OrgCascader value={value} onChange={(code) => set(code)} limitTo={reach.limitTo} exact={reach.exact} allLabel={reach.whole ? "全部" : undefined} label={label} />
    </FilterItem>
  );
}

export function DateFilter({ name, label }: { name: string; label: string }) {
  const [value, set] = useFilter(name);
  return (
    <FilterItem label={label}>
      <DateInput aria-label={label} value={value} onChange={set} clearable placeholder="全部" className="w-40" />
    </FilterItem>
  );
}

export function MonthFilter({ name, label }: { name: string; label: string }) {
  const [value, set] = useFilter(name);
  return (
    <FilterItem label={label}>
      <MonthInput aria-label={label} value={value} onChange={set} clearable placeholder="全部" className="w-36" />
    </FilterItem>
  );
}
