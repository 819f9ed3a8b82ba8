import type { Impl } from "../http/app.ts";
import { parse } from "../http/input.ts";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { ChannelInput, DEFAULT_CHANNEL_LIST } from "@xiangyu/core/channels/schemas";
import { listChannels, viewChannel, saveChannel } from "@xiangyu/core/channels/service";
import type { Input } from "../http/input.ts";

/** Channels: a style list of codes and names, with bound sales persons. */
const listName = (input: Input) => String(input.styleen ?? "").trim() || DEFAULT_CHANNEL_LIST;

export const channelImpls: Record<string, Impl> = {
  "GET /xiangyu/api/channel/list": async ({ caller, input }) => okList(await listChannels(caller.tenantId, listName(input))),
  "GET /xiangyu/api/channel/view": async ({ caller, input }) => ok(await viewChannel(caller.tenantId, listName(input), String(input.styleid ?? "").trim())),
  "POST /xiangyu/api/channel/save": async ({ caller, input }) => ok(await saveChannel(caller.tenantId, parse(ChannelInput, input)), "保存成功"),
};
