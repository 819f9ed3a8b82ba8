import type { Agent, IncomingMessage } from "node:http";

/**
 * Requests over Node's http/https with kept-alive connections, for the small DynamoDB and S3
 * clients. Not `fetch`: Node loads its fetch (undici) on the first call, ≈ 30 ms of a cold start
 * here, where http is already loaded.
 */
export type Answer = { status: number; headers: Record<string, string>; text: string };
export type Transport = (url: URL, headers: Record<string, string>, body: string, signal?: AbortSignal) => Promise<Answer>;
type Call = { method: string; headers: Record<string, string>; body?: string | Uint8Array; signal?: AbortSignal };

// No import of node:http: the console's build reaches this module through core's shared code (kernel/aws.ts), and a browser has no such module.
const agents = new Map<string, Agent>();
function clientFor(protocol: string) {
  const mod = protocol === "https:" ? process.getBuiltinModule("node:https") : process.getBuiltinModule("node:http");
  let agent = agents.get(protocol);
  if (!agent) agents.set(protocol, (agent = new mod.Agent({ keepAlive: true, maxSockets: 50 })));
  return { mod, agent };
}

/** One request; answers the response as it starts (its body a stream still to read). */
export const httpRequest = (url: URL, call: Call): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    const { mod, agent } = clientFor(url.protocol);
    const headers = call.body === undefined ? call.headers : { ...call.headers, "content-length": String(Buffer.byteLength(call.body)) };
    const req = mod.request(url, { method: call.method, headers, agent, signal: call.signal }, resolve);
    req.on("error", reject);
    req.end(call.body);
  });

/** The whole body of a response. */
export const bodyOf = (res: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on("data", (c: Buffer) => chunks.push(c));
    res.on("error", reject);
    res.on("end", () => resolve(Buffer.concat(chunks)));
  });

export const headersOf = (res: IncomingMessage): Record<string, string> => {
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h[k] = Array.isArray(v) ? v.join(", ") : v;
  return h;
};

export const httpPost: Transport = async (url, headers, body, signal) => {
  const res = await httpRequest(url, { method: "POST", headers, body, signal });
  return { status: res.statusCode ?? 0, headers: headersOf(res), text: (await bodyOf(res)).toString("utf8") };
};
