/**
 * Errors a service may throw. Each one knows how it is answered:
 * domain errors travel in the envelope with HTTP 200, session and module errors as 401/403.
 */
export class DomainError extends Error {
  constructor(
    public readonly desc: string,
    public readonly code: string = "500",
  ) {
    super(desc);
  }
}

/** Missing, expired or revoked session: HTTP 401. */
export class SessionError extends Error {
  constructor(message = "登录已过期，请重新登录") {
    super(message);
  }
}

/** A module the caller may not open (or a forged function id): HTTP 403. */
export class ModuleForbiddenError extends Error {
  constructor(message = "你没有访问该模块的权限") {
    super(message);
  }
}

/**
 * What a failed AWS SDK call says of itself (ElectroDB wraps one as its `cause`), read from whatever
 * was thrown: each field may be missing.
 */
export type SdkFailure = { name?: unknown; message?: unknown; $metadata?: { httpStatusCode?: unknown }; cause?: { name?: unknown } };
export const sdkFailure = (e: unknown): SdkFailure => (e ?? {}) as SdkFailure;

export const notFound = (what = "数据") => new DomainError(`${what}不存在或已被删除`, "404");

/** R055: a delete that found none of the ids it was given (unknown, already gone, another tenant's). Every delete route answers it. */
export const NOTHING_DELETED = "并没有删除信息";
export const nothingDeleted = () => new DomainError(NOTHING_DELETED, "404");
