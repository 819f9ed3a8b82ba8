/**
 * What the channel calls carry (docs/api.md "### Channels"): a channel is a row of a style list
 * (default clientSource, the client's channel source) with the sales persons bound to it.
 */
export const CHANNEL_API = "/xiangyu/api/channel";
export const ATTR_DELETE = "/gateway/api/manage/style/attrdelete";
/** The staff list, read whole for pickers (pageSize up to 1000, spec §7). */
export const STAFF_LIST = "/gateway/api/manage/users/mgr/list";
export const DEFAULT_STYLEEN = "clientSource";

export type Binding = { bindUserId: number; bindUser: string };

export type Channel = {
  id: number;
  value: string;
  name: string;
  styleid: string;
  stylename: string;
  pseudocode: string;
  styleen: string;
  displayornot: number;
  seq: number;
  bindUsers: number[];
  bindUser: string;
  cannel: Binding[];
};

export type Staff = { id: number; realname?: string; username?: string; mobile?: string };

export const staffName = (s: Staff) => s.realname || s.username || String(s.id);
