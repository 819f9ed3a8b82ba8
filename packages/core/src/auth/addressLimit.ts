import { AddressAttempts } from "./entities.ts";
import { conditional, REFUSED } from "../kernel/tx.ts";
import { nowMs } from "../kernel/clock.ts";
import { anyOf } from "../kernel/filter.ts";

/**
 * At most 30 failed sign-ins per address in a 15-minute window, over every account and tenant:
 * the account lock stops guessing one password, this stops one address trying one common password
 * on many accounts. As with the account lock, an attempt takes its place before the password is
 * checked (a conditional ADD that refuses the 31st), and a success gives its place back, so an
 * office behind one address signing in all morning never reaches the limit.
 *
 * Windows are fixed (the window number is in the key) and their items expire through DynamoDB's
 * TTL; at a window's edge an address may get up to twice the limit in 15 minutes, which is
 * still far below what guessing needs.
 */
export const MAX_ADDRESS_FAILURES = 30;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;

export type AddressPlace = { ip: string; window: number } | null;
/** `fills`: this attempt took the window's last place (the moment worth one log entry). */
export type AddressTry = { ok: boolean; place: AddressPlace; fills: boolean };

const windowOf = (ms: number) => Math.floor(ms / ADDRESS_WINDOW_MS);

/** Takes a place for this address; false when its window is full. Without an address, nothing is counted. */
export async function takeAddressPlace(ip: string): Promise<AddressTry> {
  if (!ip) return { ok: true, place: null, fills: false };
  const window = windowOf(nowMs());
  const expiresAt = Math.floor(((window + 2) * ADDRESS_WINDOW_MS) / 1000);
  const taken = await conditional(
    AddressAttempts.update({ ip, window })
      .add({ n: 1 })
      .set({ expiresAt })
      .where(({ n }, { notExists, lt }) => anyOf(notExists(n), lt(n, MAX_ADDRESS_FAILURES)))
      .go({ response: "all_new" }),
  );
  if (taken === REFUSED) return { ok: false, place: null, fills: false };
  return { ok: true, place: { ip, window }, fills: (taken.data.n ?? 0) >= MAX_ADDRESS_FAILURES };
}

/** A successful sign-in does not count against its address. */
export async function giveBackAddressPlace(place: AddressPlace): Promise<void> {
  if (!place) return;
  await AddressAttempts.update(place).add({ n: -1 }).go();
}

/**
 * The public website's reads, per client address (issue 20): at most 300 a minute reach the
 * Lambdas from one address. The CDN answers most visits from its cache, so what arrives here is
 * misses and revalidations — a visitor's pages make a handful each; an address past the limit is
 * scraping or busting the cache with made-up queries. Same fixed windows as the sign-in limit,
 * in their own keys ("site:" + address), one conditional ADD per request.
 */
export const MAX_PUBLIC_READS = 300;
export const PUBLIC_WINDOW_MS = 60 * 1000;

export async function admitPublicRead(ip: string): Promise<boolean> {
  if (!ip) return true;
  const window = Math.floor(nowMs() / PUBLIC_WINDOW_MS);
  const expiresAt = Math.floor(((window + 2) * PUBLIC_WINDOW_MS) / 1000);
  const taken = await conditional(
    AddressAttempts.update({ ip: `site:${ip}`, window })
      .add({ n: 1 })
      .set({ expiresAt })
      .where(({ n }, { notExists, lt }) => anyOf(notExists(n), lt(n, MAX_PUBLIC_READS)))
      .go({ response: "none" }),
  );
  return taken !== REFUSED;
}
