import { createContext, useContext, useMemo } from "react";
import { ApiClient } from "./api.ts";

/**
 * What a screen knows about itself: the function it was opened by (R029), its title from
 * moduleinfo, the caller's rights on it (R040) and its route parameters. The frame provides it.
 */
export type Rights = { a: boolean; d: boolean; e: boolean; p: boolean; r: boolean; s: boolean };
export const NO_RIGHTS: Rights = { a: false, d: false, e: false, p: false, r: false, s: false };

export type Screen = {
  functionId: number;
  title: string;
  rights: Rights;
  /** Route parameters other than functionId, e.g. orgType, hotelType. */
  params: Record<string, string>;
};

export const ScreenContext = createContext<Screen>({ functionId: 0, title: "", rights: NO_RIGHTS, params: {} });

export const useScreen = (): Screen => useContext(ScreenContext);

/** The API client of the current screen: every request carries its functionId. */
export function useApi(): ApiClient {
  const { functionId } = useScreen();
  return useMemo(() => new ApiClient(functionId || undefined), [functionId]);
}
