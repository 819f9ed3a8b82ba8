import { useEffect } from "react";
import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { entriesOf, guessEntry, screenTo, useMenu } from "../menu.ts";
import { screenParams, type SearchParams } from "../search.ts";
import { Panel, Reading } from "./Panel.tsx";
import { ScreenFrame } from "./ScreenFrame.tsx";

/**
 * Any screen path. A screen is always opened by a function id (R029): it comes from the URL, or for
 * a bare path from the caller's menu. A new function id is a new screen (its state starts afresh).
 */
export function ScreenHost({ path: registered }: { path?: string }) {
  const { _splat } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as SearchParams;
  // A registered screen has its own route (app/router.tsx), which names its path.
  const path = registered ?? `/${_splat ?? ""}`;
  const functionId = Number(search.functionId) || 0;
  if (!functionId) return <WithoutFunction path={path} search={search} />;
  return <ScreenFrame key={`${path.toLowerCase()}#${functionId}`} path={path} functionId={functionId} search={search} />;
}

function WithoutFunction({ path, search }: { path: string; search: SearchParams }) {
  const menu = useMenu();
  const navigate = useNavigate();
  const entry = menu.data ? guessEntry(entriesOf(menu.data), path, screenParams(search)) : undefined;

  useEffect(() => {
    if (entry) void navigate({ to: screenTo(path), search: { ...search, functionId: String(entry.id) }, replace: true });
  }, [entry, navigate, path, search]);

  if (menu.isPending || entry) return <Reading />;
  return (
    <Panel title="没有找到该功能">
      <p className="text-sm text-slate-600">你的菜单中没有这个页面，请从左侧菜单进入。</p>
      <Link to="/homepage" className="mt-4 inline-block text-sm text-blue-600 hover:underline">
        返回首页
      </Link>
    </Panel>
  );
}
