import { describe, it, expect, afterEach } from "vitest";
import { invoke } from "../src/http/invoke.ts";
import { MAX_PUBLIC_READS } from "@xiangyu/core/auth/addressLimit";
import { TOO_MANY_READS } from "../src/http/app.ts";
import { setClockOffset } from "@xiangyu/core/kernel/clock";
import { mapLimit } from "@xiangyu/core/kernel/batch";

/** The website's public reads are limited per client address (issue 20): staff routes and other addresses are not. */
const READ = "/gateway/api/information/loadListByLabel?lable=hot&domain=localhost";
const read = (ip: string, url = READ) => invoke({ method: "GET", url, headers: { host: "localhost" }, ip });

afterEach(() => setClockOffset(0));

describe("public reads per client address", () => {
  it("answers an address its limit of reads a minute, then 429 with the message, while another address and the next minute go on", async () => {
    // Past the minute's start, so the window does not turn during the test.
    setClockOffset(60_000 - (Date.now() % 60_000) + 1_000);
    const replies = await mapLimit(
      Array.from({ length: MAX_PUBLIC_READS }, (_, i) => i),
      () => read("203.0.113.7"),
      20,
    );
    expect(replies.every((r) => r!.statusCode !== 429)).toBe(true);
    const over = await read("203.0.113.7");
    expect(over!.statusCode).toBe(429);
    expect(JSON.parse(over!.body ?? "")).toEqual({ code: "429", desc: TOO_MANY_READS });
    expect((await read("203.0.113.8"))!.statusCode).not.toBe(429);
    // A staff route from the same address is not a website read.
    expect((await read("203.0.113.7", "/gateway/api/manage/users/info"))!.statusCode).toBe(401);
    setClockOffset(60_000 - (Date.now() % 60_000) + 61_000);
    expect((await read("203.0.113.7"))!.statusCode).not.toBe(429);
  });
});
