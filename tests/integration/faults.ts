import { interceptD1 } from "#app/db/resilient-bindings.server";
import type { TestEnv } from "./harness";

/**
 * Fault injection: wraps the real Miniflare D1 and R2 bindings of a test environment so that chosen
 * calls fail, the way Cloudflare's do. Nothing of the app is mocked: the app gets these bindings
 * through getLoadContext like any other, and every call that is not failed reaches the real binding.
 */

/** What D1 says for a blip that Cloudflare documents as worth retrying. */
export const transientD1Error = "D1_ERROR: Network connection lost.";
/** A failure that does not go away by retrying (as an outage or an overloaded database looks). */
export const permanentD1Error = "D1_ERROR: D1 DB storage operation exceeded timeout which caused object to be aborted";
export const transientR2Error = "get: We encountered an internal error. Please try again. (10001)";
export const permanentR2Error = "put: Access denied (10003)";

export interface D1Fault {
  /** Which statements fail: their SQL matches (drizzle writes `insert into "users"` with quotes). */
  sql: RegExp;
  /** How many matching calls fail before it works again; unset: every one (permanent). */
  times?: number;
  /** Fail only from the nth matching call on (1 = the first). */
  from?: number;
  message?: string;
}

export interface R2Fault {
  method: "get" | "head" | "list" | "put" | "delete";
  /** Only calls whose key matches (put and get and delete of one key; delete of a list matches any). */
  key?: RegExp;
  times?: number;
  from?: number;
  message?: string;
}

interface Counted {
  seen: number;
  failed: number;
}

function shouldFail(fault: { times?: number; from?: number }, count: Counted) {
  count.seen += 1;
  if (count.seen < (fault.from ?? 1)) return false;
  if (fault.times !== undefined && count.failed >= fault.times) return false;
  count.failed += 1;
  return true;
}

/** Every call the wrapped bindings saw, and which ones were failed, for assertions. */
export interface FaultLog {
  /** One entry per statement run, or per batch (its statements' SQL joined by ";\n"). */
  d1: { sql: string; failed: boolean }[];
  r2: { method: string; key: string; failed: boolean }[];
}

export function faultyD1(d1: D1Database, faults: D1Fault[], log: FaultLog["d1"] = []): D1Database {
  const counts = faults.map(() => ({ seen: 0, failed: 0 }));
  const failureFor = (sql: string) => {
    let message: string | null = null;
    faults.forEach((fault, index) => {
      if (fault.sql.test(sql) && shouldFail(fault, counts[index]!) && message === null) {
        message = fault.message ?? permanentD1Error;
      }
    });
    return message;
  };
  const call = <T>(sql: string, message: string | null, run: () => Promise<T>) => {
    log.push({ sql, failed: message !== null });
    return message ? Promise.reject(new Error(message)) : run();
  };
  return interceptD1(d1, {
    statement: (sql, run) => call(sql, failureFor(sql), run),
    // A batch is one transaction in D1: if any of its statements is failed, none of them happens.
    batch: (sqls, run) => call(sqls.join(";\n"), sqls.map(failureFor).find((failure) => failure !== null) ?? null, run),
  });
}

export function faultyR2(bucket: R2Bucket, faults: R2Fault[], log: FaultLog["r2"] = []): R2Bucket {
  const counts = faults.map(() => ({ seen: 0, failed: 0 }));
  return new Proxy(bucket, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => {
        const key = Array.isArray(args[0]) ? args[0].join(",") : typeof args[0] === "string" ? args[0] : "";
        let message: string | null = null;
        faults.forEach((fault, index) => {
          const matches = fault.method === property && (!fault.key || fault.key.test(key));
          if (matches && shouldFail(fault, counts[index]!) && message === null)
            message = fault.message ?? permanentR2Error;
        });
        log.push({ method: String(property), key, failed: message !== null });
        return message ? Promise.reject(new Error(message)) : method.apply(target, args);
      };
    },
  });
}

/**
 * Makes the next requests of `t` (everything built by `t.contextFor`) see failing bindings, until
 * `restore()`. Returns the log of calls the bindings saw.
 */
export function injectFaults(t: TestEnv, faults: { d1?: D1Fault[]; r2?: R2Fault[] }) {
  const original = { DB: t.env.DB, PHOTOS: t.env.PHOTOS, PAPERS: t.env.PAPERS };
  const log: FaultLog = { d1: [], r2: [] };
  t.env.DB = faultyD1(original.DB, faults.d1 ?? [], log.d1);
  t.env.PHOTOS = faultyR2(original.PHOTOS, faults.r2 ?? [], log.r2);
  t.env.PAPERS = faultyR2(original.PAPERS, faults.r2 ?? [], log.r2);
  return {
    log,
    /** How many calls were failed. */
    failures: () => log.d1.filter((call) => call.failed).length + log.r2.filter((call) => call.failed).length,
    restore() {
      t.env.DB = original.DB;
      t.env.PHOTOS = original.PHOTOS;
      t.env.PAPERS = original.PAPERS;
    },
  };
}
