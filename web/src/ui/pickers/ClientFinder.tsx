import { useEffect, useState } from "react";
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery } from "../../lib/routeQuery.ts";
import type { RowOf } from "../../lib/contract.ts";
import { controlClass } from "../form/inputs.tsx";
import { useFieldId } from "../form/Field.tsx";
import { useOrgName } from "./OrgCascader.tsx";
import { failureText } from "../feedback/failure.ts";

/**
 * Finds a client by name, mobile or member code (GET /xiangyu/api/client/searchclient: at most 20,
 * newest first, within the caller's departments) and picks one: price modification, purchase
 * orders and the order wizards. Typing searches after a short pause; arrows and Enter pick, Escape
 * closes; × clears the choice. The value is the picked client (a saved record gives at least its
 * id, name and mobile).
 */
const CLIENT_SEARCH = "GET /xiangyu/api/client/searchclient";
export const PAUSE_MS = 300;

type SearchRow = RowOf<typeof CLIENT_SEARCH>;
/** A search row, or a saved record's client (which carries at least id, name and mobile). */
export type FoundClient = Pick<SearchRow, "id" | "clientName" | "mobile"> & Partial<SearchRow>;

type Props = {
  value: FoundClient | null;
  onChange: (client: FoundClient | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  error?: string;
  placeholder?: string;
  /** The accessible name when no <Field> label names the input. */
  label?: string;
};

export const clientLabel = (c: FoundClient | null) => (c ? `${c.clientName}（${c.mobile}）` : "");

/** The keyword once typing has paused. */
function usePaused(text: string): string {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const t = setTimeout(() => setPaused(text), PAUSE_MS);
    return () => clearTimeout(t);
  }, [text]);
  return paused;
}

export function ClientFinder({ value, onChange, onBlur, disabled, error, placeholder = "输入客户姓名、手机号或会员编号搜索", label }: Props) {
  const api = useApi();
  const id = useFieldId();
  const shopName = useOrgName();
  const [typed, setTyped] = useState("");
  const keyword = usePaused(typed.trim());
  const found = useQuery({
    ...routeQuery(api, CLIENT_SEARCH, { keyword }, "list"),
    select: (r): FoundClient[] => r.dataList ?? [],
    enabled: keyword !== "",
    staleTime: 10_000,
  });
  const waiting = typed.trim() !== keyword || found.isFetching;

  return (
    <Combobox value={value} by="id" onChange={(c: FoundClient | null) => onChange(c)} onClose={() => setTyped("")} disabled={disabled} immediate>
      <div className="relative">
        <ComboboxInput
          id={id}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          placeholder={placeholder}
          displayValue={clientLabel}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={onBlur}
          autoComplete="off"
          className={`${controlClass} w-full pr-7`}
        />
        {value && !disabled && (
          <button type="button" aria-label="清除客户" onClick={() => onChange(null)} className="absolute inset-y-0 right-0 px-2 text-slate-400 hover:text-slate-700">
            ×
          </button>
        )}
      </div>
      {typed.trim() !== "" && (
        <ComboboxOptions
          anchor="bottom start"
          className="z-[900] mt-1 max-h-72 w-[var(--input-width)] min-w-80 overflow-auto rounded border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
        >
          {waiting && !found.data?.length ? (
            <div className="px-3 py-2 text-slate-400">正在搜索…</div>
          ) : found.isError ? (
            <div className="px-3 py-2 text-red-600">{failureText(found.error, "list")}</div>
          ) : !found.data?.length ? (
            <div className="px-3 py-2 text-slate-400">没有找到相关客户</div>
          ) : (
            found.data.map((c) => (
              <ComboboxOption key={c.id} value={c} className="cursor-pointer px-3 py-1.5 data-focus:bg-blue-50 data-selected:font-medium">
                <span className="text-slate-800">{c.clientName}</span>
                <span className="ml-2 text-slate-500">{c.mobile}</span>
                {c.memberCode && <span className="ml-2 text-xs text-slate-400">会员编号 {c.memberCode}</span>}
                {c.shop && <span className="ml-2 text-xs text-slate-400">{shopName(c.shop)}</span>}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      )}
    </Combobox>
  );
}
