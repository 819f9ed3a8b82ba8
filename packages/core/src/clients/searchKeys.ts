import { isMobile } from "./rules.ts";

/**
 * Phone-digit search keys: staff read a number off caller ID and type its last four digits or its
 * first seven (the network prefix and the area block). A client with mobile 13912345678 carries
 * two more `ClientTerm` keys beside its name and code keys — `m4` "5678" and `m7` "1391234" — so
 * such a keyword is one Query on its key partition, like a surname, never a read of the clients.
 * The keys are written, moved and removed with the client in the same transaction (keys.ts takes
 * them from `digitTerms`), by the form, the import, the seeds and the bench loader alike.
 */
export const LAST_FOUR = "m4";
export const FIRST_SEVEN = "m7";

export type DigitTerm = { kind: typeof LAST_FOUR | typeof FIRST_SEVEN; term: string };

/** The digit keys of a (normalised) mobile; none for anything that is not a mainland mobile. */
export function digitTerms(mobile: string): DigitTerm[] {
  if (!isMobile(mobile)) return [];
  return [
    { kind: LAST_FOUR, term: mobile.slice(-4) },
    { kind: FIRST_SEVEN, term: mobile.slice(0, 7) },
  ];
}

/**
 * The digit key a keyword names: exactly four digits are a mobile's last four, exactly seven
 * (starting with 1) its first seven; spaces and dashes typed between digits are ignored. Anything
 * else (a name, a member code, a whole mobile) is null and keeps its usual search.
 */
export function planDigits(keyword: string): DigitTerm | null {
  const k = keyword.trim().replace(/[\s-]/g, "");
  if (/^\d{4}$/.test(k)) return { kind: LAST_FOUR, term: k };
  if (/^1\d{6}$/.test(k)) return { kind: FIRST_SEVEN, term: k };
  return null;
}
