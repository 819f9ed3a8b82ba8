import type { ReactNode } from "react";
import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";

/** A titled section that folds (the membership viewer's client info and product-type panels). */
export function Collapsible({ title, extra, defaultOpen = true, children }: { title: ReactNode; extra?: ReactNode; defaultOpen?: boolean; children: ReactNode }) {
  return (
    <Disclosure as="section" defaultOpen={defaultOpen} className="rounded-md border border-slate-200 bg-white">
      {({ open }) => (
        <>
          <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
            <DisclosureButton className="flex items-center gap-2 text-sm font-medium text-slate-700 hover:text-blue-600">
              <span aria-hidden className={`inline-block text-xs transition-transform ${open ? "rotate-90" : ""}`}>
                ▶
              </span>
              {title}
            </DisclosureButton>
            <div className="flex items-center gap-2">{extra}</div>
          </header>
          <DisclosurePanel className="px-4 py-3">{children}</DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}
