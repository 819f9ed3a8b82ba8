/** A user's picture beside their name, or a default icon (R386). */
export function Avatar({ name, picture }: { name: string; picture?: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      {picture ? (
        <img src={picture} alt="" className="h-6 w-6 rounded-full object-cover" />
      ) : (
        <span aria-hidden className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-slate-200 text-xs text-slate-500">
          {Array.from(name)[0] ?? "?"}
        </span>
      )}
      <span>{name}</span>
    </span>
  );
}
