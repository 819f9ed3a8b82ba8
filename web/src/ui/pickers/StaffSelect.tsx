import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { MAX_PICKER_PAGE_SIZE } from "@xiangyu/core/kernel/pageSizes";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery } from "../../lib/routeQuery.ts";
import type { RowOf } from "../../lib/contract.ts";
import { SearchSelect } from "./SearchSelect.tsx";
import type { Option } from "../form/inputs.tsx";

/**
 * Staff for pickers (a channel's salespeople, a client's 销售员): the users area's staff list in its
 * picker form (mgr/picklist: the same paging and departments as mgr/list, names and mobiles only,
 * open to the client screens too) read whole (pageSize up to 1000, R024), once a minute at most,
 * typed from the route table. An option reads "name mobile", so typing either part of it finds the
 * person (SearchSelect and Transfer filter on the label).
 */
const STAFF_ROUTE = "GET /gateway/api/manage/users/mgr/picklist";
export type StaffRow = RowOf<typeof STAFF_ROUTE>;

const staffName = (s: Pick<StaffRow, "id" | "realname" | "username">) => s.realname || s.username || String(s.id);
export const staffLabel = (s: Pick<StaffRow, "id" | "realname" | "username" | "mobile">) => (s.mobile ? `${staffName(s)} ${s.mobile}` : staffName(s));

export function useStaff() {
  const api = useApi();
  return useQuery({
    ...routeQuery(api, STAFF_ROUTE, { currentPage: 1, pageSize: MAX_PICKER_PAGE_SIZE }, "list"),
    select: (r): StaffRow[] => r.dataList ?? [],
    staleTime: 60_000,
  });
}

type Props = {
  /** The stored value: the staff member's name (`valueOf: "name"`, a client's free-text 销售员) or id. */
  value?: unknown;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: string;
  valueOf?: "name" | "id";
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  "aria-label"?: string;
};

/**
 * One staff member, searchable by name or mobile. A stored value the list does not hold (a name
 * typed before the picker existed, someone who has left, or a list that could not be read) stays
 * shown as its own option, so opening a record never blanks it.
 */
export function StaffSelect({ value, onChange, valueOf = "id", placeholder = "请选择或搜索姓名、手机号", ...rest }: Props) {
  const staff = useStaff();
  const current = value === undefined || value === null ? "" : String(value);
  const options = useMemo<Option[]>(() => {
    const out: Option[] = [];
    const seen = new Set<string>();
    for (const s of staff.data ?? []) {
      const v = valueOf === "id" ? String(s.id) : staffName(s);
      // Two people of one name store the same text: one option for it (the first one's mobile).
      if (seen.has(v)) continue;
      seen.add(v);
      out.push({ value: v, label: staffLabel(s) });
    }
    if (current && !out.some((o) => o.value === current)) out.unshift({ value: current, label: current });
    return out;
  }, [staff.data, valueOf, current]);
  return (
    <SearchSelect
      {...rest}
      value={current}
      onChange={(v) => onChange(String(v ?? ""))}
      options={options}
      placeholder={staff.isPending ? "正在读取员工…" : staff.isError ? "员工列表读取出错" : placeholder}
      clearable
    />
  );
}
