import type { Agent } from "node:http";

/**
 * One POST over Node's http/https with a kept-alive connection. Not `fetch`: Node loads its fetch
 * (undici) on the first call, ≈ 30 ms of a cold start here, where http is already loaded.
 */
export type Answer = { status: number; headers: Record<string, string>; text: string };
export type Transport = (url: URL, headers: Record<string, string>, body: string, signal?: AbortSignal) => Promise<Answer>;

// No import of node:http: the console's build reaches this module through core's shared code (kernel/aws.ts), and a browser has no such module.
const agents = new Map<string, Agent>();
function clientFor(protocol: string) {
  const mod = protocol === "https:" ? process.getBuiltinModule("node:https") : process.getBuiltinModule("node:http");
  let agent = agents.get(protocol);
  if (!agent) agents.set(protocol, (agent = new mod.Agent({ keepAlive: true, maxSockets: 50 })));
  return { mod, agent };
}

export const httpPost: Transport = (url, headers, body, signal) =>
  new Promise((resolve, reject) => {
    const { mod, agent } = clientFor(url.protocol);
    const req = mod.request(url, { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) }, agent, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h[k] = Array.isArray(v) ? v.join(", ") : v;
        resolve({ status: res.statusCode ?? 0, headers: h, text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
