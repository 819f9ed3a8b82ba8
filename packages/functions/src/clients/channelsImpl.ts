import type { Impls } from "../http/app.ts";
import type { channelRoutes } from "./routes.ts";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { listChannels, viewChannel, saveChannel } from "@xiangyu/core/channels/service";

/** Channels: a style list of codes and names, with bound sales persons. */
export const channelImpls: Impls<typeof channelRoutes> = {
  "GET /xiangyu/api/channel/list": async ({ caller, input }) => okList(await listChannels(caller.tenantId, input.styleen)),
  "GET /xiangyu/api/channel/view": async ({ caller, input }) => ok(await viewChannel(caller.tenantId, input.styleen, input.styleid)),
  "POST /xiangyu/api/channel/save": async ({ caller, input }) => ok(await saveChannel(caller.tenantId, input), "保存成功"),
};
