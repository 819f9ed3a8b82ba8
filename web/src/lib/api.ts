import type { InputFor, RawKey, RawReplyFor, ReplyFor, RouteKey } from "./contract.ts";
import type { PageParams } from "@xiangyu/core/kernel/envelope";

/** The server's own paging type (a capped total carries `totalCapped`). */
export type { PageParams };

/**
 * The console's API client: speaks the envelope (docs/architecture.md), carries the bearer token and the
 * branchId / functionId / appId headers, and turns transport failures into code 500 (R012).
 */
export type Envelope<T = unknown, L = T> = { code: string; desc: string; data?: T; dataList?: L[]; pageParams?: PageParams };

const TIMEOUT_MS = 300_000; // R005
/** Exported so the frame can notice a logout in another tab (storage event). */
export const TOKEN_KEY = "xy.token";
const BRANCH_KEY = "xy.branchId";

/**
 * Which tenant this console is (the appId header, docs/gaps.md §1). A build may pin one tenant
 * (`VITE_CLIENT_ID`); otherwise the login page finds it by the host it was opened on
 * (app/tenant.ts) and sets it here before anyone signs in.
 */
export const appConfig: { readonly pinned: string; clientId: string } = {
  pinned: (import.meta.env.VITE_CLIENT_ID as string | undefined) ?? "",
  clientId: (import.meta.env.VITE_CLIENT_ID as string | undefined) ?? "",
};

export const session = {
  get token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  set token(t: string | null) {
    if (t) localStorage.setItem(TOKEN_KEY, t);
    else localStorage.removeItem(TOKEN_KEY);
  },
  get branchId(): string {
    return localStorage.getItem(BRANCH_KEY) ?? "";
  },
  set branchId(b: string) {
    localStorage.setItem(BRANCH_KEY, b);
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
  },
};

/** Events the frame listens to: a 401 sends the user to login, a 403 to /noRight. */
export const SESSION_EXPIRED = "xy:session-expired";
export const NO_RIGHT = "xy:no-right";

export type Query = Record<string, string | number | boolean | undefined | null>;
export type Body = Record<string, unknown>;

const clean = (q: Query = {}) =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)]),
  );

/**
 * Form-encodes a body; objects and arrays travel as JSON text fields (docs/gaps.md §1). A field without a
 * value (undefined, null: a form's blank optional number or date) is sent blank, not left out: a
 * whole-record save refuses a record with fields left out (docs/decisions.md).
 */
export function formBody(body: Body): URLSearchParams {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) f.append(k, "");
    else f.append(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  return f;
}

/**
 * Who a client speaks for: the headers it sends and what a 401 or a 403 does. Staff (the default)
 * and members (the member H5, web/src/member/memberApi.ts) differ only here.
 */
export type Credentials = { headers(): Record<string, string>; expired(): void; refused(): void };

const STAFF: Credentials = {
  headers() {
    // Until the tenant is known (the very first request) there is no appId: the server then checks nothing extra.
    const h: Record<string, string> = appConfig.clientId ? { appId: appConfig.clientId } : {};
    const token = session.token;
    if (token) h.Authorization = `Bearer ${token}`;
    if (session.branchId) h.branchId = session.branchId;
    return h;
  },
  expired() {
    session.clear();
    window.dispatchEvent(new CustomEvent(SESSION_EXPIRED));
  },
  refused() {
    window.dispatchEvent(new CustomEvent(NO_RIGHT));
  },
};

export class ApiClient {
  constructor(
    private readonly functionId?: number | string,
    private readonly credentials: Credentials = STAFF,
  ) {}

  /** The function part of a query key: queries of two screens never share a cache entry. */
  get functionKey(): string {
    return String(this.functionId ?? "");
  }

  withFunction(functionId: number | string | undefined): ApiClient {
    return new ApiClient(functionId, this.credentials);
  }

  private headers(): Record<string, string> {
    const h = this.credentials.headers();
    if (this.functionId !== undefined && this.functionId !== "") h.functionId = String(this.functionId);
    return h;
  }

  async request<T = unknown>(method: "GET" | "POST", path: string, opts: { query?: Query; body?: Body; json?: boolean; raw?: BodyInit } = {}): Promise<Envelope<T>> {
    const qs = new URLSearchParams(clean(opts.query)).toString();
    const url = qs ? `${path}?${qs}` : path;
    const headers = this.headers();
    let body: BodyInit | undefined = opts.raw;
    if (opts.body) {
      if (opts.json) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(opts.body);
      } else body = formBody(opts.body);
    }
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (e) {
      return { code: "500", desc: `读取接口出错：${(e as Error).message}` };
    }
    if (res.status === 401) {
      this.credentials.expired();
      return { code: "401", desc: "登录已过期，请重新登录" };
    }
    if (res.status === 403) {
      this.credentials.refused();
      return { code: "403", desc: "你没有访问该模块的权限" };
    }
    try {
      const data = (await res.json()) as Envelope<T>;
      if (!res.ok && !data?.code) return { code: "500", desc: `读取接口出错：${res.status} ${res.statusText}` };
      return data;
    } catch (e) {
      return { code: "500", desc: `读取接口出错：${res.status} ${(e as Error).message}` };
    }
  }

  /**
   * Calls a route by its key: the input and the reply are typed from the route table. Path
   * parameters ({functionId}) are taken from the input; GETs send the rest as the query, POSTs as the body.
   * A route that answers outside the envelope (RawKey) is typed as its body or the client's own failure.
   */
  call<K extends RawKey>(key: K, input: InputFor<K>, opts?: { json?: boolean }): Promise<RawReplyFor<K>>;
  call<K extends RouteKey>(key: K, input: InputFor<K>, opts?: { json?: boolean }): Promise<ReplyFor<K>>;
  call(key: RouteKey, input: object, opts: { json?: boolean } = {}): Promise<unknown> {
    const [method, pattern] = key.split(" ") as ["GET" | "POST", string];
    const rest: Record<string, unknown> = { ...input };
    const path = pattern.replace(/\{(\w+)\+?\}/g, (_, name: string) => {
      const value = rest[name];
      delete rest[name];
      return encodeURIComponent(String(value ?? ""));
    });
    return method === "GET" ? this.get(path, rest as Query) : this.post(path, rest, opts);
  }

  get<T = unknown>(path: string, query?: Query) {
    return this.request<T>("GET", path, { query });
  }

  post<T = unknown>(path: string, body?: Body, opts: { json?: boolean } = {}) {
    return this.request<T>("POST", path, { body: body ?? {}, json: opts.json });
  }
}

/** A client without a function (login, lookups); screens use `useApi()` from screen.tsx. */
export const api = new ApiClient();

export const isOk = (e: Envelope) => e.code === "200";
