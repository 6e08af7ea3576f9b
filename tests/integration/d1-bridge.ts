/*
 * The tests' D1 binding: every call runs on workerd's own D1 binding (the same D1 code, database and
 * SQLite as through Miniflare's generic proxy), reached in ONE request per call. Miniflare's proxy
 * makes about five blocking round trips per query (prepare, bind, and the lookup and first call of
 * each method on each new statement object); over a test run those were a large part of its time.
 *
 * What stays on the Node side is the binding's own local part, copied from workerd's
 * `cloudflare-internal:d1-api`: `prepare` and `bind` build a statement (bind checks and converts the
 * values there and then, with workerd's error), and a session keeps its bookmark. The worker below
 * rebuilds each statement on `env.DB` (or on a session opened at the bookmark the Node side holds,
 * which is what workerd's session sends with every query) and runs it; results and errors come back
 * as JSON, the form D1 itself answers in.
 */

/**
 * The worker that runs each call on its D1 binding `DB`; it also lists an R2 bucket's keys in one
 * call (through the proxy, each listed object's key is a blocking round trip of its own).
 */
export const d1BridgeScript = `
export default {
  async fetch(request, env) {
    const call = await request.json();
    if (call.op === "r2-keys") {
      const keys = [];
      let cursor;
      do {
        const page = await env[call.bucket].list({ prefix: call.prefix, cursor });
        keys.push(...page.objects.map((object) => object.key));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return Response.json({ result: keys, bookmark: null });
    }
    const db = call.session === undefined ? env.DB : env.DB.withSession(call.session);
    const statement = ({ statement, params }) => db.prepare(statement).bind(...params);
    try {
      let result;
      if (call.op === "first") result = call.column === undefined ? await statement(call).first() : await statement(call).first(call.column);
      else if (call.op === "all") result = await statement(call).all();
      else if (call.op === "run") result = await statement(call).run();
      else if (call.op === "raw") result = await statement(call).raw(call.options);
      else if (call.op === "batch") result = await db.batch(call.statements.map(statement));
      else if (call.op === "exec") result = await db.exec(call.query);
      else if (call.op === "dump") result = Array.from(new Uint8Array(await db.dump()));
      else throw new Error("unknown D1 bridge call " + call.op);
      return Response.json({ result, bookmark: call.session === undefined ? null : db.getBookmark() });
    } catch (error) {
      return Response.json({
        error: { name: error?.name, message: error?.message ?? String(error), cause: error?.cause?.message },
        bookmark: call.session === undefined ? null : db.getBookmark(),
      });
    }
  },
};
`;

/** Sends one call's JSON to the bridge worker and returns its answer's text. */
export type BridgeSend = (body: string) => Promise<string>;

const firstPrimary = "first-primary";
const firstUnconstrained = "first-unconstrained";

/** workerd's `D1PreparedStatement.bind` value check and conversion, word for word. */
function bindValue(r: unknown): unknown {
  const rType = typeof r;
  if (rType === "number" || rType === "string") return r;
  if (rType === "boolean") return r ? 1 : 0;
  if (rType === "object") {
    if (r == null) return r;
    if (Array.isArray(r) && r.every((b) => typeof b == "number" && b >= 0 && b < 256)) return r;
    if (r instanceof ArrayBuffer) return Array.from(new Uint8Array(r));
    if (ArrayBuffer.isView(r)) return Array.from(r as Uint8Array);
  }
  throw new Error(`D1_TYPE_ERROR: Type '${rType}' not supported for value '${String(r)}'`, {
    cause: new Error(`Type '${rType}' not supported for value '${String(r)}'`),
  });
}

interface Answer {
  result?: unknown;
  error?: { name?: string; message: string; cause?: string };
  bookmark: string | null;
}

class BridgedSession {
  constructor(
    private readonly send: BridgeSend,
    /** `undefined` for the binding itself, which always goes to the primary and has no bookmark. */
    private bookmarkOrConstraint: string | undefined,
  ) {
    if (bookmarkOrConstraint !== undefined && !bookmarkOrConstraint)
      throw new Error("D1_SESSION_ERROR: invalid bookmark or constraint");
  }

  prepare(statement: string) {
    return new BridgedStatement(this, statement, []);
  }

  batch(statements: BridgedStatement[]) {
    return this.call({
      op: "batch",
      statements: statements.map(({ statement, params }) => ({ statement, params })),
    });
  }

  getBookmark(): string | null {
    const value = this.bookmarkOrConstraint;
    return value === undefined || value === firstPrimary || value === firstUnconstrained ? null : value;
  }

  /** As workerd's session: keep the newest bookmark seen. */
  private updateBookmark(newBookmark: string) {
    if (this.bookmarkOrConstraint === undefined) return;
    const trimmed = newBookmark.trim();
    if (!trimmed) return;
    const current = this.getBookmark();
    if (current === null || current.localeCompare(trimmed) < 0) this.bookmarkOrConstraint = trimmed;
  }

  async call(body: Record<string, unknown>): Promise<unknown> {
    const answer = JSON.parse(
      await this.send(JSON.stringify({ ...body, session: this.bookmarkOrConstraint })),
    ) as Answer;
    if (answer.bookmark) this.updateBookmark(answer.bookmark);
    if (answer.error) {
      const { name, message, cause } = answer.error;
      const error = new Error(message, cause === undefined ? undefined : { cause: new Error(cause) });
      if (name && name !== "Error") error.name = name;
      throw error;
    }
    return answer.result;
  }
}

class BridgedStatement {
  constructor(
    private readonly session: BridgedSession,
    readonly statement: string,
    readonly params: unknown[],
  ) {}

  bind(...values: unknown[]) {
    return new BridgedStatement(this.session, this.statement, values.map(bindValue));
  }

  first(column?: string) {
    return this.session.call({ op: "first", statement: this.statement, params: this.params, column });
  }

  all() {
    return this.session.call({ op: "all", statement: this.statement, params: this.params });
  }

  run() {
    return this.session.call({ op: "run", statement: this.statement, params: this.params });
  }

  raw(options?: { columnNames?: boolean }) {
    return this.session.call({ op: "raw", statement: this.statement, params: this.params, options });
  }
}

/** The binding itself: its statements always go to the primary, and it has no bookmark of its own. */
class BridgedDatabase {
  private readonly primary: BridgedSession;

  constructor(private readonly send: BridgeSend) {
    this.primary = new BridgedSession(send, undefined);
  }

  prepare(statement: string) {
    return this.primary.prepare(statement);
  }

  batch(statements: BridgedStatement[]) {
    return this.primary.batch(statements);
  }

  exec(query: string) {
    return this.primary.call({ op: "exec", query });
  }

  withSession(constraintOrBookmark?: string) {
    const value = constraintOrBookmark?.trim();
    return new BridgedSession(this.send, value == null || value === "" ? firstUnconstrained : value);
  }

  async dump() {
    return new Uint8Array((await this.primary.call({ op: "dump" })) as number[]).buffer;
  }
}

/** Every key stored in the bridge worker's R2 bucket `bucket` (starting with `prefix`), in R2's order. */
export async function bridgedR2Keys(send: BridgeSend, bucket: string, prefix?: string): Promise<string[]> {
  return (JSON.parse(await send(JSON.stringify({ op: "r2-keys", bucket, prefix }))) as { result: string[] }).result;
}

/** A D1 binding for Node whose every call runs on the bridge worker's `DB` (see above). */
export function bridgedD1(send: BridgeSend): D1Database {
  return new BridgedDatabase(send) as unknown as D1Database;
}
