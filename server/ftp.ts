import { connect } from "cloudflare:sockets";

/**
 * A small FTP client on Workers' TCP sockets (decision 043): log in, change folder, and store files in
 * passive binary mode, each step with its own timeout. Only what the partner uploads need (RFC 959:
 * USER, PASS, TYPE, CWD, PASV, STOR, QUIT), over explicit TLS (RFC 4217: AUTH TLS, PBSZ 0, PROT P)
 * where the partner offers it, plain FTP only where it does not.
 */
export interface FtpTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Folder to change into after login; "" for the account's home. */
  folder: string;
  /**
   * "required": the control connection is made TLS (AUTH TLS, Workers' `startTls()`) before the
   * login, and every data connection is TLS (PROT P); a server that refuses gets nothing, not even the
   * password. "none": plain FTP, for a partner that offers no encryption.
   */
  tls: "required" | "none";
}

export class FtpError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = "FtpError";
  }
}

interface Reply {
  code: number;
  text: string;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FtpError(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Reads the control connection's replies, joining multi-line ones ("227-…" … "227 …"). */
class ReplyReader {
  private buffer = "";
  private readonly decoder = new TextDecoder();
  private closed = false;

  constructor(private reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** Reads from `reader` from now on (the same connection after its TLS handshake); nothing may be left unread. */
  switchTo(reader: ReadableStreamDefaultReader<Uint8Array>) {
    if (this.buffer) throw new FtpError("the server sent more than its reply to AUTH TLS");
    this.reader = reader;
  }

  private async line(): Promise<string> {
    for (;;) {
      const end = this.buffer.indexOf("\n");
      if (end >= 0) {
        const line = this.buffer.slice(0, end).replace(/\r$/, "");
        this.buffer = this.buffer.slice(end + 1);
        return line;
      }
      if (this.closed) throw new FtpError("the server closed the connection");
      const { value, done } = await this.reader.read();
      if (done) this.closed = true;
      else this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  async reply(): Promise<Reply> {
    const first = await this.line();
    const match = /^(\d{3})([ -])(.*)$/.exec(first);
    if (!match) throw new FtpError(`unreadable reply: ${first.slice(0, 80)}`);
    const code = Number(match[1]);
    const lines = [match[3]];
    if (match[2] === "-") {
      for (;;) {
        const next = await this.line();
        if (next.startsWith(`${match[1]} `)) {
          lines.push(next.slice(4));
          break;
        }
        lines.push(next);
      }
    }
    return { code, text: lines.join(" ").trim() };
  }
}

/** "227 Entering Passive Mode (h1,h2,h3,h4,p1,p2)" → the data port. */
export function passivePort(text: string): number {
  const match = /(\d+),(\d+),(\d+),(\d+),(\d+),(\d+)/.exec(text);
  if (!match) throw new FtpError(`no address in the passive reply: ${text.slice(0, 80)}`);
  return Number(match[5]) * 256 + Number(match[6]);
}

/**
 * Stores each file in the target's folder, overwriting what is there, in one session. Throws an
 * FtpError naming the step that failed (a refused login, a dropped connection, a timeout).
 */
export async function uploadFiles(
  target: FtpTarget,
  files: readonly { name: string; content: string }[],
  { stepTimeoutMs = 15_000 } = {},
) {
  const secure = target.tls === "required";
  let control = connect(
    { hostname: target.host, port: target.port },
    { secureTransport: secure ? "starttls" : "off", allowHalfOpen: false },
  );
  let reader = control.readable.getReader();
  let writer = control.writable.getWriter();
  const replies = new ReplyReader(reader);
  const encoder = new TextEncoder();

  const expect = async (what: string, accepted: number[]) => {
    const reply = await withTimeout(replies.reply(), stepTimeoutMs, what);
    if (!accepted.includes(reply.code)) throw new FtpError(`${what}: ${reply.code} ${reply.text}`, reply.code);
    return reply;
  };
  const send = async (command: string, what: string, accepted: number[]) => {
    await withTimeout(writer.write(encoder.encode(`${command}\r\n`)), stepTimeoutMs, what);
    return expect(what, accepted);
  };

  try {
    await withTimeout(control.opened, stepTimeoutMs, `connect to ${target.host}:${target.port}`);
    await expect("greeting", [220]);
    if (secure) {
      // 234: the server starts TLS on this connection; anything else and the upload stops here, before the password.
      await send("AUTH TLS", "encryption (AUTH TLS)", [234]);
      reader.releaseLock();
      writer.releaseLock();
      control = control.startTls();
      reader = control.readable.getReader();
      writer = control.writable.getWriter();
      replies.switchTo(reader);
      await withTimeout(control.opened, stepTimeoutMs, `TLS with ${target.host}:${target.port}`);
    }
    const user = await send(`USER ${target.user}`, "login (USER)", [230, 331]);
    if (user.code === 331) await send(`PASS ${target.password}`, "login (PASS)", [230, 202]);
    if (secure) {
      await send("PBSZ 0", "encryption (PBSZ)", [200]);
      await send("PROT P", "encrypted data connections (PROT P)", [200]);
    }
    await send("TYPE I", "binary mode", [200]);
    if (target.folder) await send(`CWD ${target.folder}`, `change to folder ${target.folder}`, [250]);
    for (const file of files) {
      const passive = await send("PASV", "passive mode", [227]);
      // The partner's own host with the port it gave: the address in the reply is often a private one.
      // PROT P: the data connection is TLS from its first byte.
      const data = connect(
        { hostname: target.host, port: passivePort(passive.text) },
        { secureTransport: secure ? "on" : "off", allowHalfOpen: false },
      );
      await withTimeout(data.opened, stepTimeoutMs, `data connection for ${file.name}`);
      await send(`STOR ${file.name}`, `store ${file.name}`, [125, 150]);
      const dataWriter = data.writable.getWriter();
      await withTimeout(dataWriter.write(encoder.encode(file.content)), stepTimeoutMs, `send ${file.name}`);
      await withTimeout(dataWriter.close(), stepTimeoutMs, `finish ${file.name}`);
      await expect(`${file.name} received`, [226, 250]);
      await data.close().catch(() => {});
    }
    await send("QUIT", "quit", [221]).catch(() => {});
  } finally {
    await control.close().catch(() => {});
  }
}
