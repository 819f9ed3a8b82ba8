import { useCallback, useEffect, useState } from "react";
import { useCurrentUser } from "../useCurrentUser.ts";

/**
 * Which columns of a table the user has hidden, remembered per user and table in this browser.
 * `false` hides a column; an absent entry shows it (so new columns appear by default).
 */
export type Hidden = Record<string, boolean>;

const visibilityKey = (userId: number, tableId: string) => `xy.columns.${userId}.${tableId}`;

function load(key: string | null): Hidden {
  if (!key) return {};
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? "{}");
    return v && typeof v === "object" ? (v as Hidden) : {};
  } catch {
    return {};
  }
}

export function useColumnVisibility(tableId: string): [Hidden, (next: Hidden) => void] {
  const { data: me } = useCurrentUser();
  const key = me ? visibilityKey(me.userId, tableId) : null;
  const [visibility, setVisibility] = useState<Hidden>(() => load(key));

  // The user arrives after the first render; their saved choice then replaces the default.
  useEffect(() => setVisibility(load(key)), [key]);

  const save = useCallback(
    (next: Hidden) => {
      setVisibility(next);
      if (key) localStorage.setItem(key, JSON.stringify(next));
    },
    [key],
  );
  return [visibility, save];
}
