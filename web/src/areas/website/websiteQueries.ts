import type { ApiClient } from "../../lib/api.ts";
import type { DataOf } from "../../lib/contract.ts";
import { routeQuery, staleReads } from "../../lib/routeQuery.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";

/** The website settings' reads and writes by route (hotels/hotelQueries.ts is the model). */
const CONFIG = "GET /xiangyu/api/website/config";

/** The settings with the information columns that may be menus (`candidates`). */
export type WebsiteConfig = DataOf<typeof CONFIG>;

export const websiteQueries = {
  config: (api: ApiClient) => routeQuery(api, CONFIG, {}),
};

const CONFIGS = staleReads(CONFIG);

export const useSaveWebsiteConfig = (o: SaveOptions) => useSave("POST /xiangyu/api/website/configsave", { ...o, invalidates: CONFIGS });
