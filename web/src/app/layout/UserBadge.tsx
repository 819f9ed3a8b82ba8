import { displayName, type Me } from "../me.ts";

/** What the header's user menu button shows: initial, name and a chevron. */
export function UserBadge({ me }: { me: Me }) {
  return (
    <>
      <span aria-hidden className="grid size-7 place-items-center rounded-full bg-white/20 text-xs font-medium">
        {displayName(me).slice(0, 1)}
      </span>
      <span>{displayName(me)}</span>
      <svg aria-hidden viewBox="0 0 20 20" className="size-4 opacity-80" fill="currentColor">
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
      </svg>
    </>
  );
}

export const USER_BUTTON =
  "flex items-center gap-2 rounded px-2 py-1.5 hover:bg-(--xy-header-active-bg) hover:text-(--xy-header-active-fg) focus:outline-none data-focus:ring-2 data-focus:ring-white/70 data-open:bg-(--xy-header-active-bg)";
