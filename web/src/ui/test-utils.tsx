/**
 * Shared helpers of the ui component tests: a fresh QueryClient, a memory-history router with the
 * console's plain-string search params, the screen context, the confirm host and the toaster, and a
 * fetch stub that answers envelopes by path. Imported only by *.test.tsx files.
 */
import "@testing-library/jest-dom/vitest";
import { afterEach, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { parseSearch, stringifySearch } from "../app/search.ts";
import { NO_RIGHTS, ScreenContext, type Rights, type Screen } from "../lib/screen.tsx";
import type { Envelope, PageParams } from "../lib/api.ts";
import type { DataOf, RawKey, RawReplyFor, RouteKey, RowOf } from "../lib/contract.ts";
import { ConfirmHost } from "./dialogs/Confirm.tsx";
import { Toaster } from "./feedback/Toaster.tsx";

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

export const ALL_RIGHTS: Rights = { a: true, d: true, e: true, p: true, r: true, s: true };

export type Harness = { search?: Record<string, string>; screen?: Partial<Screen> };

/** Renders `ui` as the only route of a memory router with the frame's plain-string search params. */
export function renderScreen(ui: ReactNode, h: Harness = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const screen: Screen = { functionId: 1, title: "测试", rights: ALL_RIGHTS, params: {}, ...h.screen };
  const root = createRootRoute({
    component: () => (
      <ScreenContext.Provider value={screen}>
        {ui}
        <ConfirmHost />
        <Toaster />
      </ScreenContext.Provider>
    ),
  });
  const qs = new URLSearchParams(h.search ?? {}).toString();
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: [qs ? `/?${qs}` : "/"] }),
    parseSearch,
    stringifySearch,
  });
  // StrictMode as in main.tsx: effects run twice, which flushes out setup that is not idempotent.
  const utils = render(
    <StrictMode>
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  /** The current search params, as the address bar would show them. */
  const search = () => Object.fromEntries(new URLSearchParams(router.state.location.searchStr));
  return { ...utils, router, qc, search };
}

/** Plain render with a QueryClient and the hosts, for blocks that need no router. */
export function renderBlock(ui: ReactNode, screen: Partial<Screen> = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const value: Screen = { functionId: 1, title: "测试", rights: NO_RIGHTS, params: {}, ...screen };
  return {
    qc,
    ...render(
      <StrictMode>
        <QueryClientProvider client={qc}>
          <ScreenContext.Provider value={value}>
            {ui}
            <ConfirmHost />
            <Toaster />
          </ScreenContext.Provider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  };
}

export type Call = { method: string; path: string; query: Record<string, string>; body: Record<string, string>; headers: Record<string, string> };
/** A fixture names only the fields a test reads, but every field it names is the route's, with the route's type. */
type Partly<T> = T extends readonly (infer U)[] ? Partly<U>[] : T extends object ? { [P in keyof T]?: Partly<T[P]> } : T;
/** What a route's stand-in answers: the route's own reply (its envelope, or its raw body), in part. */
export type ReplyOf<K extends RouteKey> = K extends RawKey
  ? Partly<RawReplyFor<K>>
  : { code: string; desc: string; data?: Partly<DataOf<K>>; dataList?: Partly<RowOf<K>>[]; pageParams?: Partial<PageParams> };
type Handler<K extends RouteKey> = (c: Call) => ReplyOf<K> | Promise<ReplyOf<K>> | "network-error";
/** Stand-ins by route key: a key that is no route, or a reply of another shape than the route's, does not type-check. */
export type Handlers = { [K in RouteKey]?: Handler<K> };

/**
 * Stubs fetch: `handlers` maps a route's key ("GET /path") to its reply; every call is recorded.
 * An unknown route fails the test loudly instead of hanging.
 */
export function mockApi(handlers: Handlers) {
  return stubFetch<RouteKey>(handlers as Record<string, LooseHandler | undefined>);
}

type LooseHandler = (c: Call) => Envelope | Promise<Envelope> | "network-error";
/**
 * The same stub for made-up routes: the generic screens' own tests (a list, a form, a record
 * dialog) serve routes no area has, so their replies cannot come from the route table.
 */
export function mockMadeUpRoutes(handlers: Record<string, LooseHandler>) {
  return stubFetch<string>(handlers);
}

/** `K`: the keys `last` may name. */
function stubFetch<K extends string>(handlers: Record<string, LooseHandler | undefined>) {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const body: Record<string, string> = init.body instanceof URLSearchParams ? Object.fromEntries(init.body) : typeof init.body === "string" ? JSON.parse(init.body) : {};
    const call: Call = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, headers: (init.headers ?? {}) as Record<string, string> };
    calls.push(call);
    const h = handlers[`${method} ${url.pathname}`];
    if (!h) throw new Error(`unexpected call ${method} ${url.pathname}`);
    const reply = await h(call);
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(reply), { status: 200, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchStub);
  return { calls, fetch: fetchStub, last: (key: K) => calls.filter((c) => `${c.method} ${c.path}` === key).at(-1) };
}

/** A stand-in for the browser's XMLHttpRequest: records PUTs and answers with `status`. */
export function fakeXhr(status = 200) {
  const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    status = 0;
    private url = "";
    private headers: Record<string, string> = {};
    open(_m: string, url: string) {
      this.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    send(body: unknown) {
      sent.push({ url: this.url, headers: this.headers, body });
      setTimeout(() => {
        if (status === 0) return this.onerror?.();
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        this.status = status;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

/** Chooses an option of a SearchSelect (Headless UI combobox) by its whole label, as a user clicks it. */
export async function chooseOption(box: HTMLElement, label: string) {
  await userEvent.click(box);
  await userEvent.click(await screen.findByRole("option", { name: label }));
}
