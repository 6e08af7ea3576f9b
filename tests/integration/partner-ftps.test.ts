import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import type { AddressInfo, Socket } from "node:net";
import { TLSSocket, createSecureContext, type SecureContextOptions } from "node:tls";
import FtpSrv from "ftp-srv";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crons } from "#server/scheduled";
import type { BuiltWorker } from "./built-worker";
import { insertPet } from "../builders/pets";

/**
 * Partner uploads over FTPS (decision 043): the production bundle on workerd uploads to a local FTP
 * server with TLS (ftp-srv, a self-signed certificate for 127.0.0.1 made by `selfsigned`) with AUTH
 * TLS, PBSZ 0 and PROT P; a partner set to FTPS whose server offers no TLS gets nothing, not even the
 * password. Miniflare trusts the certificates of NODE_EXTRA_CA_CERTS, read when it is loaded: set
 * here before the Worker's module (and with it Miniflare) is imported.
 */
const base = mkdtempSync(path.join(tmpdir(), "sequoia-ftps-"));
const certificate = await generate([{ name: "commonName", value: "127.0.0.1" }], {
  keySize: 2048,
  algorithm: "sha256",
  extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
});
writeFileSync(path.join(base, "ca.pem"), certificate.cert);
process.env.NODE_EXTRA_CA_CERTS = path.join(base, "ca.pem");
const { startBuiltWorker } = await import("./built-worker");

const quietLog = () => {
  const noop = () => {};
  const log = { trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop, child: () => log };
  return log as never;
};

/**
 * ftp-srv 4.6.3 answers AUTH TLS with "234" and wraps the socket in TLS a few event-loop turns later (its
 * replies go through bluebird, which schedules with setImmediate). A client that starts its handshake as
 * soon as it reads 234, as workerd's `startTls()` does, can be read in between as a plaintext command: the
 * server answers "502" in clear and workerd fails with `WRONG_VERSION_NUMBER`. That was this test's
 * failure on a busy machine (and on CI with the file alone); a 100 ms pause in that gap makes it every
 * time. Real FTPS servers switch before reading again, and so does this stand-in now: the reply is
 * written and the socket wrapped in the same turn, so nothing the client sends after 234 reaches the
 * plaintext reader.
 */
type AuthConnection = {
  secure: boolean;
  commandSocket: Socket;
  server: { options: { tls?: SecureContextOptions } };
  reply: (code: number) => Promise<unknown>;
};
const ftpCommands = createRequire(import.meta.url)("ftp-srv/src/commands/registry.js") as Record<
  string,
  { handler: (this: AuthConnection, input: { command: { arg: string | null } }) => unknown }
>;
ftpCommands.AUTH!.handler = function (this: AuthConnection, { command }) {
  if ((command.arg ?? "").toUpperCase() !== "TLS") return this.reply(504);
  if (!this.server.options.tls) return this.reply(502);
  if (this.secure) return this.reply(202);
  const plain = this.commandSocket;
  plain.write("234 Honored\r\n");
  const secureSocket = new TLSSocket(plain, {
    isServer: true,
    secureContext: createSecureContext(this.server.options.tls),
  });
  // ftp-srv listens on the plain socket; the TLS socket's events are passed on to it, as ftp-srv does.
  for (const event of ["data", "timeout", "end", "close", "drain", "error"]) {
    secureSocket.on(event, (...args: unknown[]) => plain.emit(event, ...args));
  }
  this.commandSocket = secureSocket;
  this.secure = true;
};

let worker: BuiltWorker;
let secureServer: FtpSrv;
let plainServer: FtpSrv;
/** Each login the servers saw, and whether its connection was encrypted when the password came. */
const logins: { server: "tls" | "plain"; user: string; secure: boolean }[] = [];
const roots = { petfinder: path.join(base, "petfinder"), adoptapet: path.join(base, "adoptapet") };

function listen(server: FtpSrv, name: "tls" | "plain", root: string) {
  server.on("login", ({ connection, username }, resolve) => {
    logins.push({
      server: name,
      user: username,
      secure: Boolean((connection as unknown as { secure?: boolean }).secure),
    });
    resolve({ root });
  });
  return server
    .listen()
    .then(() => (server as unknown as { server: { address: () => AddressInfo } }).server.address().port);
}

beforeAll(async () => {
  mkdirSync(path.join(roots.petfinder, "import"), { recursive: true });
  mkdirSync(roots.adoptapet, { recursive: true });
  // Passive ports of its own, below the kernel's ephemeral range (ftp-srv checks a port free, closes it and
  // listens again, counting up from pasv_min).
  const options = { url: "ftp://127.0.0.1:0", pasv_url: "127.0.0.1", anonymous: false, log: quietLog() };
  secureServer = new FtpSrv({
    ...options,
    pasv_min: 25000,
    pasv_max: 27499,
    tls: { key: certificate.private, cert: certificate.cert },
  });
  plainServer = new FtpSrv({ ...options, pasv_min: 27500, pasv_max: 29999 });
  const securePort = await listen(secureServer, "tls", roots.petfinder);
  const plainPort = await listen(plainServer, "plain", roots.adoptapet);
  // Both partners as app/config/shelter.ts sets them: FTPS required.
  worker = await startBuiltWorker({
    SITE_URL: "https://sequoia.test",
    PETFINDER_FTP_HOST: `127.0.0.1:${securePort}`,
    PETFINDER_FTP_USER: "CA9999",
    PETFINDER_FTP_PASSWORD: "pf-secret",
    ADOPTAPET_FTP_HOST: `127.0.0.1:${plainPort}`,
    ADOPTAPET_FTP_USER: "sequoia-aap",
    ADOPTAPET_FTP_PASSWORD: "aap-secret",
  });
  // The first test file to start the Worker builds it (tests/integration/built-worker.ts): minutes on a busy machine.
}, 1_200_000);
afterAll(async () => {
  await worker?.dispose();
  await secureServer?.close();
  await plainServer?.close();
  rmSync(base, { recursive: true, force: true });
});

describe("partner uploads over FTPS", () => {
  it("logs in and sends the file encrypted where the server offers TLS, and sends nothing where it does not", async () => {
    const pet = await insertPet(worker.db, { name: "Secretive", species: "Cat" });
    expect(await worker.scheduled(crons.nightly, new Date("2026-11-28T10:30:00Z"))).toMatchObject({ outcome: "ok" });

    const file = readFileSync(path.join(roots.petfinder, "import", "CA9999.csv"), "utf8");
    expect(file).toContain(pet.animalId);
    // The password came over the encrypted connection; the other server never saw a login at all.
    expect(logins).toEqual([{ server: "tls", user: "CA9999", secure: true }]);
    const runs = (await worker.db.prepare("select partner, ok, error from syndication_runs order by id").all()).results;
    expect(runs).toEqual([
      { partner: "petfinder", ok: 1, error: null },
      { partner: "adoptapet", ok: 0, error: expect.stringMatching(/^encryption \(AUTH TLS\): 502/) },
    ]);
  });
});
