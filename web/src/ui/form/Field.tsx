import { createContext, useContext, useEffect, useId, useRef, type ReactNode } from "react";

/**
 * One row of a form: the label on the left (a red star when required), the control, and the
 * field's message under it. The control takes its id from here so the label names it.
 *
 * Only ONE control takes the field's id: a row holding two controls (a name and a mobile, a
 * from–to pair) gave both the same id, and a page must never hold an id twice (the label would
 * name only the first, and assistive tools report it). The first control to render claims it; the
 * others get ids of their own (and name themselves with aria-label).
 */
type Slot = { id: string; owner: { current: string | null } };
const FieldId = createContext<Slot | undefined>(undefined);

export function useFieldId(): string | undefined {
  const slot = useContext(FieldId);
  const own = useId();
  if (slot && slot.owner.current === null) slot.owner.current = own;
  const mine = !!slot && slot.owner.current === own;
  useEffect(() => {
    if (!slot) return;
    if (slot.owner.current === null) slot.owner.current = own;
    return () => {
      if (slot.owner.current === own) slot.owner.current = null;
    };
  }, [slot, own]);
  return slot ? (mine ? slot.id : `${slot.id}-${own}`) : undefined;
}

type Props = { label: ReactNode; required?: boolean; error?: string; hint?: ReactNode; children: ReactNode; className?: string };

export function Field({ label, required, error, hint, children, className = "" }: Props) {
  const id = useId();
  const owner = useRef<string | null>(null);
  const slot = useRef<Slot>({ id, owner }).current;
  return (
    <div className={`grid grid-cols-[7rem_1fr] items-start gap-x-3 py-1.5 ${className}`}>
      <label htmlFor={id} className="pt-1.5 text-right text-sm text-slate-600">
        {required && <span className="mr-0.5 text-red-500">*</span>}
        {label}
      </label>
      <div className="min-w-0">
        <FieldId.Provider value={slot}>{children}</FieldId.Provider>
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
