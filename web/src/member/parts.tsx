import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { MEMBER_ACCOUNT_MSG } from "@xiangyu/core/auth/memberMessages";

/**
 * The member H5's few shared pieces: a screen's bar, the three states a read can be in, a thumb-
 * sized button and a row. Phone-first: tap targets at least 44 px, text 14–16 px.
 */
export function ScreenBar({ title, back = true }: { title: string; back?: boolean }) {
  return (
    <header className="sticky top-0 z-10 flex h-12 items-center gap-2 bg-red-700 px-2 text-white">
      {back && (
        <button
          type="button"
          aria-label="返回"
          onClick={() => (history.length > 1 ? history.back() : (location.hash = "/"))}
          className="flex size-11 items-center justify-center text-2xl"
        >
          ‹
        </button>
      )}
      <h1 className="flex-1 truncate text-center text-base font-medium">{title}</h1>
      <a href="#/" aria-label="首页" className="flex size-11 items-center justify-center text-sm">
        首页
      </a>
    </header>
  );
}

export function Loading() {
  return (
    <p role="status" className="py-10 text-center text-sm text-slate-500">
      加载中…
    </p>
  );
}

export function Empty({ text }: { text: string }) {
  return <p className="py-10 text-center text-sm text-slate-500">{text}</p>;
}

export function Failed({ text, retry }: { text: string; retry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-10 text-sm text-slate-600">
      <p>{text}</p>
      {retry && <Tap onClick={retry}>重试</Tap>}
    </div>
  );
}

/** What a screen of a member not yet bound to the club shows: the way to bind. */
function BindFirst() {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-sm text-slate-600">
      <p>{MEMBER_ACCOUNT_MSG.notBound}，绑定后即可查看</p>
      <a href="#/bind" className="flex h-11 items-center rounded-full bg-red-700 px-6 text-[15px] text-white">
        去绑定
      </a>
    </div>
  );
}

/** A read's loading, failure and empty states around what it shows when it has something. */
export function Loaded<T>({ query, empty, isEmpty, children }: { query: UseQueryResult<T>; empty?: string; isEmpty?: (d: T) => boolean; children: (d: T) => ReactNode }) {
  if (query.isPending) return <Loading />;
  if (query.isError && query.error.message === MEMBER_ACCOUNT_MSG.notBound) return <BindFirst />;
  if (query.isError) return <Failed text={query.error.message || "读取数据出错"} retry={() => void query.refetch()} />;
  if (empty && isEmpty?.(query.data)) return <Empty text={empty} />;
  return <>{children(query.data)}</>;
}

export function Tap({
  children,
  onClick,
  busy,
  kind = "primary",
  type = "button",
  disabled,
}: {
  children: ReactNode;
  onClick?: () => void;
  busy?: boolean;
  kind?: "primary" | "plain";
  type?: "button" | "submit";
  disabled?: boolean;
}) {
  const look = kind === "primary" ? "bg-red-700 text-white disabled:bg-red-300" : "border border-slate-300 bg-white text-slate-700 disabled:text-slate-400";
  return (
    <button type={type} onClick={onClick} disabled={disabled || busy} aria-busy={busy || undefined} className={`h-11 min-w-24 rounded-full px-5 text-[15px] ${look}`}>
      {busy ? "请稍候…" : children}
    </button>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2.5 text-sm last:border-0">
      <span className="shrink-0 text-slate-500">{label}</span>
      <span className="text-right">{children}</span>
    </div>
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <section className={`mx-3 my-3 rounded-lg bg-white p-3 text-slate-800 ${className}`}>{children}</section>;
}

/** Paging as a phone does it: the next page under the list. */
export function More({ page, pageSize, total, onMore }: { page: number; pageSize: number; total: number; onMore: () => void }) {
  if (page * pageSize >= total) return total > 0 ? <p className="py-3 text-center text-xs text-slate-500">没有更多了</p> : null;
  return (
    <div className="flex justify-center py-3">
      <Tap kind="plain" onClick={onMore}>
        加载更多
      </Tap>
    </div>
  );
}
