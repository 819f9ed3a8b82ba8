/** A row of tabs over one of the designer's three columns (left: menu or palette; centre: design or preview; right: settings). */
export function DesignerTabs<T extends string>({ tabs, value, onChange, label }: { tabs: Array<[T, string]>; value: T; onChange: (t: T) => void; label: string }) {
  return (
    <div role="tablist" aria-label={label} className="flex shrink-0 border-b border-slate-200 bg-white">
      {tabs.map(([id, text]) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={value === id}
          onClick={() => onChange(id)}
          className={`flex-1 px-3 py-2 text-sm ${value === id ? "border-b-2 border-blue-600 font-medium text-blue-600" : "text-slate-600 hover:text-blue-600"}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
