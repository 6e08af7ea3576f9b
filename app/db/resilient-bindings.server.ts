import { withRetry } from "#app/lib/http/retry";
import { StorageError } from "#app/lib/http/storage-error";

/** Called once for every D1 or R2 call that finally failed, before its StorageError is thrown. */
export type OnStorageFailure = (error: StorageError) => void;

const isRead = (sql: string) => /^\s*select\b/i.test(sql);
/** A refused constraint is an answer about the data, not a failure of D1: the caller handles it. */
const isConstraint = (error: unknown) => String(error).includes("constraint failed");

async function guarded<T>(
  service: "D1" | "R2",
  retry: boolean,
  operation: () => Promise<T>,
  onFailure: OnStorageFailure,
) {
  try {
    return await (retry ? withRetry(operation) : operation());
  } catch (error) {
    if (isConstraint(error)) throw error;
    const failure = new StorageError(service, error);
    onFailure(failure);
    throw failure;
  }
}

/** The binding's own statement behind each wrapper (`batch` only takes its own), and its SQL. */
const ownStatements = new WeakMap<object, { statement: D1PreparedStatement; sql: string }>();

/** What to do around each call of a D1 binding: `run` makes the call itself. */
export interface D1Interceptor {
  statement: <T>(sql: string, run: () => Promise<T>) => Promise<T>;
  batch: <T>(sqls: string[], run: () => Promise<T>) => Promise<T>;
}

function interceptStatement(statement: D1PreparedStatement, sql: string, around: D1Interceptor): D1PreparedStatement {
  const run = <T>(operation: () => Promise<T>) => around.statement(sql, operation);
  const wrapper = {
    bind: (...values: unknown[]) => interceptStatement(statement.bind(...values), sql, around),
    first: (column?: string) => run(() => (column === undefined ? statement.first() : statement.first(column))),
    all: () => run(() => statement.all()),
    run: () => run(() => statement.run()),
    raw: (options?: { columnNames?: boolean }) => run(() => statement.raw(options as { columnNames: true })),
  } as unknown as D1PreparedStatement;
  ownStatements.set(wrapper, { statement, sql });
  return wrapper;
}

/**
 * A D1 binding that passes every statement call and batch through `around`: retries here, injected
 * faults in tests. Wrappers nest; each hands `batch` the statements of the binding it wraps.
 */
export function interceptD1(d1: D1Database, around: D1Interceptor): D1Database {
  return {
    prepare: (sql: string) => interceptStatement(d1.prepare(sql), sql, around),
    batch: <T>(statements: D1PreparedStatement[]) => {
      const own = statements.map((statement) => ownStatements.get(statement));
      const unwrapped = statements.map((statement, index) => own[index]?.statement ?? statement);
      return around.batch(
        own.map((entry) => entry?.sql ?? ""),
        () => d1.batch<T>(unwrapped),
      );
    },
    exec: (query: string) => around.batch([query], () => d1.exec(query)),
    // A session (read replication, decision 046) goes through the same interceptor as the binding.
    withSession: (constraint?: string) => {
      const session = d1.withSession(constraint);
      return Object.assign(interceptD1(session as unknown as D1Database, around), {
        getBookmark: () => session.getBookmark(),
      });
    },
    dump: () => d1.dump(),
  } as D1Database;
}

/**
 * The D1 binding the app uses: SELECT statements are tried again on transient errors (they change
 * nothing, so repeating them is safe), and so are batches of SELECTs only; writes are tried once,
 * since a write that timed out may have happened. Every failure becomes a StorageError.
 */
export function resilientD1(d1: D1Database, onFailure: OnStorageFailure): D1Database {
  return interceptD1(d1, {
    statement: (sql, run) => guarded("D1", isRead(sql), run, onFailure),
    batch: (sqls, run) => guarded("D1", sqls.every(isRead), run, onFailure),
  });
}

/** The R2 binding the app uses: get, head and list are tried again on transient errors; put and delete once. */
export function resilientR2(bucket: R2Bucket, onFailure: OnStorageFailure): R2Bucket {
  const reads = new Set<PropertyKey>(["get", "head", "list"]);
  const writes = new Set<PropertyKey>(["put", "delete"]);
  return new Proxy(bucket, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      if (!reads.has(property) && !writes.has(property)) return method.bind(target);
      return (...args: unknown[]) => guarded("R2", reads.has(property), () => method.apply(target, args), onFailure);
    },
  });
}
