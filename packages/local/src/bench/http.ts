import { Agent, request } from "node:http";

/**
 * Calls the gateway over real HTTP, the way the console does, on one kept-alive connection so
 * the figures are the request and not the TCP handshake.
 */
export type Reply = { status: number; body: any };
export type Gateway = {
  get: (path: string, o?: { query?: Record<string, string | number>; headers?: Record<string, string> }) => Promise<Reply>;
  postForm: (path: string, form: Record<string, string | number>, headers?: Record<string, string>) => Promise<Reply>;
};

/** `a=1&b=x` from a record of query or form fields. */
export const encodeFields = (q: Record<string, string | number>): string => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)] as [string, string])).toString();

export function gatewayClient(baseUrl: string): Gateway {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<Reply>((resolve, reject) => {
      const req = request(new URL(path, baseUrl), { method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve(replyOf(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"))));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    });
  return {
    get: (path, o = {}) => {
      const qs = o.query ? `?${encodeFields(o.query)}` : "";
      return send("GET", path + qs, o.headers ?? {});
    },
    postForm: (path, form, headers = {}) => {
      const body = encodeFields(form);
      return send("POST", path, { ...headers, "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) }, body);
    },
  };
}

/** A reply from its status and body text: the body parsed when it is JSON, else kept as text for the error message. */
export function replyOf(status: number, text: string): Reply {
  try {
    return { status, body: JSON.parse(text) };
  } catch {
    return { status, body: text };
  }
}

/** The envelope with code 200 (a fast error would flatter the figures). */
export const isOk = (r: Reply): boolean => r.status === 200 && r.body?.code === "200";

/** A reply the scenario can trust: an envelope with code 200. */
export function expectOk(r: Reply, what: string): Reply {
  if (!isOk(r)) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r;
}
