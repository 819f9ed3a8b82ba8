/**
 * Page sizes a list screen offers: 20 by default, 30, 50, 100 (R021); pickers may ask for up to
 * 1000 (R024). Apart from paging.ts so the console's first chunk takes the numbers without the
 * schema library.
 */
export const PAGE_SIZES = [20, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PICKER_PAGE_SIZE = 1000;
