/** Pure rules of hotels, shared by the server and the console. */

/**
 * Rooms taken of a room's day: offered less free, never below 0 (a day whose offer was lowered
 * under what is booked counts all it offers as taken). Pure: the room-status calendar's chart and
 * the workbench's occupancy (hotels/occupancy.ts) count alike.
 */
export const roomsTaken = (c: { roomCount: number; freeCount: number }): number => Math.max(0, c.roomCount - c.freeCount);
