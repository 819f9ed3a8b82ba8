/**
 * Console-only helpers of the channels screen (docs/api.md "### Channels"); the channel types come
 * from the route table (channelQueries.ts).
 */
export const DEFAULT_STYLEEN = "clientSource";
