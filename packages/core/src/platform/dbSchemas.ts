import * as v from "valibot";
import { idField, idsInput, intChoice, maybeId, optInt, optText, requiredText, wholeRecord } from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";
import { secretField } from "./paySchemas.ts";

/**
 * Database connections (数据库连接, R468–R475): connection records of the systems connected to the
 * platform. The product itself reads none of them (docs/decisions.md); the passwords are sealed.
 * The source swaps the labels and messages of the two codes (R474): per docs/gaps.md each field keeps
 * the message given and is labelled to match — databaseCode 环境代码, activeCode 数据库编号.
 */
export const DB_MSG = {
  systemCode: "系统代码不能为空",
  databaseCode: "环境代码不能为空",
  activeCode: "数据库编号不能为空",
  jdbcUrl: "数据库地址不能为空",
  username: "数据库用户名不能为空",
  password: "数据库密码不能为空",
  missing: "数据库连接不存在或已被删除",
} as const;

/** R475's defaults. */
export const DB_DEFAULTS = {
  driverClassName: "com.mysql.cj.jdbc.Driver",
  redisPort: 6379,
  redisDatabaseId: 0,
  redisTimeout: 5000,
  redisMaxIdle: 20,
  redisMinIdle: 8,
  redisMaxWait: 30000,
  redisMaxActive: 100,
} as const;

const code = (msg: string, label: string) =>
  v.pipe(requiredText(msg, 50, `${label}不能超过50个字`), v.regex(/^[A-Za-z0-9_.-]+$/, `${label}只能包含字母、数字、下划线、点和短横线`));
const count = (key: keyof typeof DB_DEFAULTS, label: string, max: number) => optInt(DB_DEFAULTS[key] as number, `${label}必须是0到${max}之间的整数`, 0, max);

/** dbconfig/save. Passwords are sealed; on an edit blank keeps the stored one (required for a new record, R473). */
export const DbConfigInput = wholeRecord({
  id: maybeId(),
  systemCode: code(DB_MSG.systemCode, "系统代码"),
  databaseCode: code(DB_MSG.databaseCode, "环境代码"),
  activeCode: code(DB_MSG.activeCode, "数据库编号"),
  jdbcUrl: v.pipe(requiredText(DB_MSG.jdbcUrl, 500, "数据库地址不能超过500个字"), v.regex(/^jdbc:[a-z0-9]+:\S+$/, "数据库地址须以jdbc:开头")),
  username: requiredText(DB_MSG.username, 64, "数据库用户名不能超过64个字"),
  password: secretField(128, "数据库密码不能超过128个字"),
  driverClassName: v.pipe(
    optText(200, "驱动类名不能超过200个字"),
    v.transform((s) => s || DB_DEFAULTS.driverClassName),
  ),
  redisHost: optText(200, "Redis地址不能超过200个字"),
  redisPort: optInt(DB_DEFAULTS.redisPort, "Redis端口必须是1到65535之间的整数", 1, 65535),
  redisPassword: secretField(128, "Redis密码不能超过128个字"),
  redisDatabaseId: count("redisDatabaseId", "Redis库号", 255),
  redisTimeout: count("redisTimeout", "超时时间", 600000),
  redisMaxIdle: count("redisMaxIdle", "最大空闲连接数", 10000),
  redisMinIdle: count("redisMinIdle", "最小空闲连接数", 10000),
  redisMaxWait: count("redisMaxWait", "最大等待时间", 600000),
  redisMaxActive: count("redisMaxActive", "最大连接数", 10000),
  idisplay: intChoice([0, 1] as const, "状态不正确", 1),
});
export type DbConfigInput = v.InferOutput<typeof DbConfigInput>;
/** The console's form of a new record: the password is required there (R473); an edit may leave it blank. */
export const DbConfigNewInput = v.object({ ...DbConfigInput.entries, password: requiredText(DB_MSG.password, 128, "数据库密码不能超过128个字") });

export const DbListQuery = listQuery({});
export const DbViewQuery = v.object({ id: idField(DB_MSG.missing) });
export const DbPassInput = idsInput("并没有选择审核项", { idisplay: intChoice([0, 1] as const, "状态不正确") });
export const DbDeleteInput = idsInput();
