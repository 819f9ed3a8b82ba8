/**
 * Console-only helpers of the channels screen (docs/api.md "### Channels"); the channel types come
 * from the route table (channelQueries.ts).
 */
export const DEFAULT_STYLEEN = "clientSource";

/**
 * The staff list, read whole for pickers (pageSize up to 1000, spec §7). No route of the route table
 * serves it yet (users are not in any area's routes), so it is read by path with this hand type
 * until one does; the picker falls back to the channel's bound staff when it cannot be read.
 */
export const STAFF_LIST = "/gateway/api/manage/users/mgr/list";
export type Staff = { id: number; realname?: string; username?: string; mobile?: string };

export const staffName = (s: Staff) => s.realname || s.username || String(s.id);
