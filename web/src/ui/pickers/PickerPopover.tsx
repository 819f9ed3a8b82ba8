import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";

/**
 * The panel under a picker field (date, month, range, cascader). It is not portalled: it stays in
 * the DOM of the form, so a Headless UI dialog around it keeps focus and outside clicks as its own.
 * It is placed with `position: fixed` from the field's box, so a modal body that scrolls (overflow)
 * does not clip it, and it opens upwards when the window has no room below.
 *
 * It closes on Escape (the key stops here, so the dialog around it stays open) and on a press
 * outside the field and the panel; `onClose` says how, so the field can take the focus back.
 */
type Props = {
  anchor: RefObject<HTMLElement | null>;
  open: boolean;
  onClose: (how: "escape" | "outside") => void;
  label: string;
  children: ReactNode;
  className?: string;
};

export function PickerPopover({ anchor, open, onClose, label, children, className = "" }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    if (!open) {
      setPlace(null);
      return;
    }
    function measure() {
      const a = anchor.current?.getBoundingClientRect();
      if (!a) return;
      const h = panel.current?.offsetHeight ?? 0;
      const w = panel.current?.offsetWidth ?? 0;
      const below = a.bottom + 4;
      const top = below + h > window.innerHeight && a.top - 4 - h >= 0 ? a.top - 4 - h : below;
      const left = Math.max(4, Math.min(a.left, window.innerWidth - w - 4));
      setPlace((p) => (p && p.top === top && p.left === left ? p : { top, left }));
    }
    measure();
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", measure, true);
    return () => {
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", measure, true);
    };
  }, [open, anchor]);

  useEffect(() => {
    if (!open) return;
    function press(e: PointerEvent | MouseEvent) {
      const t = e.target as Node;
      if (panel.current?.contains(t) || anchor.current?.contains(t)) return;
      close.current("outside");
    }
    document.addEventListener("mousedown", press);
    return () => document.removeEventListener("mousedown", press);
  }, [open, anchor]);

  if (!open) return null;
  return (
    <div
      ref={panel}
      role="dialog"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        e.preventDefault();
        e.stopPropagation();
        onClose("escape");
      }}
      style={{ position: "fixed", top: place?.top ?? 0, left: place?.left ?? 0, visibility: place ? "visible" : "hidden" }}
      className={`z-[900] rounded-md border border-slate-200 bg-white text-sm text-slate-700 shadow-lg ${className}`}
    >
      {children}
    </div>
  );
}
