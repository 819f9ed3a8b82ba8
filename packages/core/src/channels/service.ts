import { ChannelUser } from "./entities.ts";
import type { ChannelInput } from "./schemas.ts";
import { styleList, saveStyleAttr, type StyleRow } from "../platform/styleParams.ts";
import { getUser } from "../users/read.ts";
import { DomainError } from "../kernel/errors.ts";
import { mapLimit } from "../kernel/batch.ts";

/**
 * Channels (R390–R394): rows of a style list (default `clientSource`, the client's channel source)
 * with the sales persons bound to each. A client stores the channel's code; changing a code leaves
 * existing clients on the old code, which is why the console warns (R392).
 */
export type Binding = { bindUserId: number; bindUser: string };

async function bindingsOf(tenantId: string, styleen: string): Promise<Map<number, Binding[]>> {
  const { data } = await ChannelUser.query.byList({ tenantId, styleen }).go({ pages: "all" });
  const out = new Map<number, Binding[]>();
  for (const b of data) out.set(b.channelId, [...(out.get(b.channelId) ?? []), { bindUserId: b.userId, bindUser: b.bindUser ?? "" }]);
  return out;
}

export type ChannelView = ReturnType<typeof channelView>;
const channelView = (r: StyleRow, bound: Binding[]) => ({
  id: r.id,
  styleid: r.styleid,
  stylename: r.stylename,
  pseudocode: r.pseudocode,
  styleen: r.styleen,
  displayornot: r.displayornot,
  seq: r.seq,
  value: r.styleid,
  name: r.stylename,
  bindUsers: bound.map((b) => b.bindUserId),
  bindUser: bound.map((b) => b.bindUser).join(","),
  cannel: bound,
});

export async function listChannels(tenantId: string, styleen: string): Promise<ChannelView[]> {
  const [rows, bound] = await Promise.all([styleList(tenantId, styleen, true), bindingsOf(tenantId, styleen)]);
  return rows.map((r) => channelView(r, bound.get(r.id) ?? []));
}

export async function viewChannel(tenantId: string, styleen: string, styleid: string): Promise<ChannelView> {
  const rows = await styleList(tenantId, styleen, true);
  const row = rows.find((r) => r.styleid === styleid);
  if (!row) throw new DomainError("渠道不存在或已被删除", "404");
  const bound = await bindingsOf(tenantId, styleen);
  return channelView(row, bound.get(row.id) ?? []);
}

export async function saveChannel(tenantId: string, input: ChannelInput): Promise<ChannelView> {
  const users = input.users;
  const named: Binding[] = await mapLimit(users, async (id) => {
    const u = await getUser(tenantId, id);
    if (!u) throw new DomainError("绑定用户不存在", "400");
    return { bindUserId: id, bindUser: u.realname || u.username };
  });
  const row = await saveStyleAttr(tenantId, {
    id: input.id || undefined,
    styleen: input.styleen,
    styleid: input.styleid,
    stylename: input.stylename,
    pseudocode: input.pseudocode,
    seq: input.seq,
    displayornot: input.displayornot,
  });
  const before = (await bindingsOf(tenantId, input.styleen)).get(row.id) ?? [];
  const keep = new Set(users);
  const gone = before.filter((b) => !keep.has(b.bindUserId));
  if (gone.length) await ChannelUser.delete(gone.map((b) => ({ tenantId, styleen: input.styleen, channelId: row.id, userId: b.bindUserId }))).go();
  if (named.length) await ChannelUser.put(named.map((b) => ({ tenantId, styleen: input.styleen, channelId: row.id, userId: b.bindUserId, bindUser: b.bindUser }))).go();
  return channelView(row, named);
}
