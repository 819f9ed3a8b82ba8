import { createContext, useContext, useId, type ReactNode } from "react";

/**
 * One row of a form: the label on the left (a red star when required), the control, and the
 * field's message under it. The control takes its id from here so the label names it — unless it
 * names itself (aria-label): a row of two controls (a name and a mobile) gave both the field's id,
 * and a page must never hold an id twice.
 */
const FieldId = createContext<string | undefined>(undefined);
export const useFieldId = (ownLabel?: string) => {
  const id = useContext(FieldId);
  return ownLabel ? undefined : id;
};

type Props = { label: ReactNode; required?: boolean; error?: string; hint?: ReactNode; children: ReactNode; className?: string };

export function Field({ label, required, error, hint, children, className = "" }: Props) {
  const id = useId();
  return (
    <div className={`grid grid-cols-[7rem_1fr] items-start gap-x-3 py-1.5 ${className}`}>
      <label htmlFor={id} className="pt-1.5 text-right text-sm text-slate-600">
        {required && <span className="mr-0.5 text-red-500">*</span>}
        {label}
      </label>
      <div className="min-w-0">
        <FieldId.Provider value={id}>{children}</FieldId.Provider>
        {error ? (
          <p role="alert" className="mt-0.5 text-xs text-red-600">
            {error}
          </p>
        ) : (
          hint && <p className="mt-0.5 text-xs text-slate-400">{hint}</p>
        )}
      </div>
    </div>
  );
}

/** A read-only value in the same layout (ids, codes, breadcrumbs). */
export function StaticField({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] items-center gap-x-3 py-1.5">
      <span className="text-right text-sm text-slate-600">{label}</span>
      <div className="min-h-8 py-1.5 text-sm text-slate-800">{children}</div>
    </div>
  );
}
