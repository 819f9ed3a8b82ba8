import { describe, it, expect, beforeAll } from "vitest";
import { randomBytes, scryptSync } from "node:crypto";
import { post, testTenant } from "./harness.ts";
import { loginFrom, freshIp } from "./authHelpers.ts";
import { User } from "@xiangyu/core/users/entities";
import { createUser, getUser } from "@xiangyu/core/users/service";
import { SCRYPT_COST, verifyPassword } from "@xiangyu/core/auth/passwords";

let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
});

/** A hash as the first version wrote it: scrypt N=16384, r=8, p=1, `scrypt$N$salt$hash`. */
const oldFormatHash = (password: string) => {
  const salt = randomBytes(16);
  return `scrypt$16384$${salt.toString("base64")}$${scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 }).toString("base64")}`;
};

const change = (token: string, oldPassword: string, newPassword: string) => post("/gateway/api/manage/users/changepassword", { token, form: { oldPassword, newPassword } });

describe("stored passwords", () => {
  it("a hash of the first format signs in and is written again at today's cost", async () => {
    const u = await t.userWith({});
    const old = oldFormatHash(u.password);
    await User.patch({ tenantId: t.clientId, id: u.user.id }).set({ passwordHash: old }).go();
    expect((await loginFrom(t, freshIp(), u.username, "Wrong-pass1")).code).toBe("401");
    expect((await getUser(t.clientId, u.user.id))!.passwordHash).toBe(old);

    expect((await loginFrom(t, freshIp(), u.username, u.password)).code).toBe("200");
    const upgraded = (await getUser(t.clientId, u.user.id))!.passwordHash;
    expect(upgraded).toMatch(new RegExp(`^scrypt\\$N=${SCRYPT_COST.N},r=8,p=1\\$`));
    expect(SCRYPT_COST.N).not.toBe(16384);
    expect(await verifyPassword(u.password, upgraded)).toBe(true);
    expect((await loginFrom(t, freshIp(), u.username, u.password)).code).toBe("200");
  }, 60_000);
});

describe("new passwords", () => {
  it("a change refuses a common password and one containing the user's mobile, in Chinese", async () => {
    const mobile = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const username = `m${randomBytes(3).toString("hex")}`;
    await createUser(t.clientId, { username, password: "Tea-house-7", mobile, roleIds: [], deptCodes: [""] });
    const token = (await loginFrom(t, freshIp(), username, "Tea-house-7")).data!.access_token;
    expect((await change(token, "Tea-house-7", "short")).body).toEqual({ code: "400", desc: "新密码至少8位，且须包含字母和数字" });
    expect((await change(token, "Tea-house-7", "Password1")).body).toEqual({ code: "400", desc: "新密码过于常见，请换一个" });
    expect((await change(token, "Tea-house-7", `Xy${mobile}`)).body).toEqual({ code: "400", desc: "新密码不能包含手机号" });
    expect((await change(token, "Tea-house-7", "Green-tea-8")).body.code).toBe("200");
  }, 60_000);

  it("a new user's password obeys the same policy", async () => {
    await expect(createUser(t.clientId, { username: `c${randomBytes(3).toString("hex")}`, password: "qwerty123" })).rejects.toMatchObject({ desc: "新密码过于常见，请换一个" });
    await expect(createUser(t.clientId, { username: `c${randomBytes(3).toString("hex")}`, password: "Ab13911112222", mobile: "13911112222" })).rejects.toMatchObject({
      desc: "新密码不能包含手机号",
    });
  });
});
