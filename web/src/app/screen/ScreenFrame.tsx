import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClient } from "../../lib/api.ts";
import { unwrap } from "../../lib/query.ts";
import { NO_RIGHTS, ScreenContext, type Rights, type Screen } from "../../lib/screen.tsx";
import { useMe } from "../me.ts";
import { entriesOf, findEntry, useMenu } from "../menu.ts";
import { screenParams, type SearchParams } from "../search.ts";
import { useTenant } from "../tenant.ts";
import { recordOpen } from "../usage.ts";
import { Panel, Reading } from "./Panel.tsx";
import { screenFor } from "./registry.ts";
import { preloadScreen } from "./preload.ts";
import { ScreenErrorBoundary } from "./ScreenErrorBoundary.tsx";
import UnderConstruction from "./UnderConstruction.tsx";

/**
 * One opened screen: its title from moduleinfo, the caller's rights from appcenter/right (both asked
 * with the screen's functionId header; a 403 here leads to /noRight), then the screen itself inside
 * ScreenContext, under the title the frame renders.
 */
export function ScreenFrame({ path, functionId, search }: { path: string; functionId: number; search: SearchParams }) {
  const api = useMemo(() => new ApiClient(functionId), [functionId]);
  const qc = useQueryClient();
  // Once per opening (the frame is keyed by path and function): chunk and first page start now.
  useState(() => preloadScreen(path, search, api, qc));
  const info = useQuery({
    queryKey: ["moduleinfo", functionId],
    queryFn: async () => (await unwrap(api.call("GET /gateway/api/manage/type/moduleinfo", { functionId }), "view")).data!,
    staleTime: 5 * 60_000,
  });
  const rights = useQuery({
    queryKey: ["rights", functionId],
    queryFn: async (): Promise<Rights> => ({ ...NO_RIGHTS, ...(await unwrap(api.call("GET /gateway/api/manage/appcenter/right/{functionId}", { functionId }), "view")).data }),
  });

  const paramsKey = JSON.stringify(screenParams(search));
  const screen = useMemo<Screen | undefined>(
    () => (info.data && rights.data ? { functionId, title: info.data.typename, rights: rights.data, params: JSON.parse(paramsKey) } : undefined),
    [functionId, info.data, rights.data, paramsKey],
  );

  useOpenedRecord(functionId, screen?.title);

  if (info.isError || rights.isError) {
    return (
      <Panel title="读取数据出错">
        <button
          type="button"
          onClick={() => void Promise.all([info.refetch(), rights.refetch()])}
          className="mt-2 rounded border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:border-blue-500 hover:text-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          重试
        </button>
      </Panel>
    );
  }
  if (!screen) return <Reading />;

  const Screen = screenFor(path) ?? UnderConstruction;
  return (
    <div className="flex min-h-full flex-col gap-3">
      <ScreenTitle path={path} functionId={functionId} title={screen.title} />
      <ScreenContext.Provider value={screen}>
        <ScreenErrorBoundary>
          <Suspense fallback={<Reading />}>
            <Screen />
          </Suspense>
        </ScreenErrorBoundary>
      </ScreenContext.Provider>
    </div>
  );
}

function ScreenTitle({ path, functionId, title }: { path: string; functionId: number; title: string }) {
  const menu = useMenu();
  const folder = menu.data ? findEntry(entriesOf(menu.data), path, functionId)?.folder : undefined;
  return (
    <div>
      {folder && <p className="text-xs text-slate-400">{folder}</p>}
      <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
    </div>
  );
}

/** Counts the opening for the homepage shortcuts and names the browser tab after the screen. */
function useOpenedRecord(functionId: number, title: string | undefined) {
  const me = useMe();
  const tenant = useTenant();
  const userId = me.data?.userId;
  const clientId = tenant.data?.clientId;
  // Once per opening, also under StrictMode's double effects in development.
  const counted = useRef(false);
  useEffect(() => {
    if (!title || !userId || !clientId || counted.current) return;
    counted.current = true;
    recordOpen(clientId, userId, functionId);
  }, [title, userId, clientId, functionId]);
  useEffect(() => {
    if (title) document.title = tenant.data ? `${title} - ${tenant.data.systemName}` : title;
  }, [title, tenant.data]);
}
