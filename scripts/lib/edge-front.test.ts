import { X509Certificate } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEdgeFront, type EdgeFront } from "./edge-front";

/** The bench's front before a stand-in Worker (a Node server that says which path it was asked for). */
describe("the bench's edge front", () => {
  let dir: string;
  let worker: http.Server;
  let front: EdgeFront;
  let client: http2.ClientHttp2Session;
  const asked: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "edge-front-"));
    mkdirSync(path.join(dir, "static", "assets"), { recursive: true });
    writeFileSync(path.join(dir, "static", "assets", "app-abc.js"), "console.log('hello');".repeat(20));
    writeFileSync(path.join(dir, "static", "reference.html"), "<!doctype html><title>Reference</title>");
    writeFileSync(path.join(dir, "secret.txt"), "outside the static folder");
    worker = http.createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "content-type": "text/plain", "set-cookie": ["a=1", "b=2"] });
      res.end(`worker: ${req.url}`);
    });
    await new Promise<void>((resolve) => worker.listen(0, "127.0.0.1", resolve));
    front = await startEdgeFront(
      `http://127.0.0.1:${(worker.address() as AddressInfo).port}`,
      path.join(dir, "static"),
    );
    client = http2.connect(front.origin, {
      // Trust exactly the certificate whose key the front names in its Chromium flag.
      checkServerIdentity: () => undefined,
      rejectUnauthorized: false,
    });
  });

  afterAll(async () => {
    client?.close();
    await front?.close();
    await new Promise((resolve) => worker?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (urlPath: string, headers: http2.OutgoingHttpHeaders = {}) =>
    new Promise<{ headers: IncomingHttpHeaders & http2.IncomingHttpStatusHeader; body: Buffer }>((resolve, reject) => {
      const stream = client.request({ ":path": urlPath, ...headers });
      const chunks: Buffer[] = [];
      let responseHeaders: IncomingHttpHeaders & http2.IncomingHttpStatusHeader = {};
      stream.on("response", (received) => (responseHeaders = received));
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => resolve({ headers: responseHeaders, body: Buffer.concat(chunks) }));
      stream.on("error", reject);
      stream.end();
    });

  it("speaks HTTP/2 over TLS with a certificate for 127.0.0.1, trusted by its key's hash", async () => {
    expect(front.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const socket = client.socket as TLSSocket;
    await new Promise((resolve) =>
      socket.encrypted && client.alpnProtocol ? resolve(undefined) : client.once("connect", resolve),
    );
    expect(client.alpnProtocol).toBe("h2");
    const certificate = new X509Certificate(socket.getPeerX509Certificate()!.raw);
    expect(certificate.subjectAltName).toBe("IP Address:127.0.0.1");
    expect(front.chromiumFlag).toMatch(/^--ignore-certificate-errors-spki-list=[A-Za-z0-9+/]{43}=$/);
  });

  it("serves the build's static files itself, compressed, as Workers Static Assets does", async () => {
    const script = await get("/assets/app-abc.js", { "accept-encoding": "gzip, br" });
    expect(script.headers[":status"]).toBe(200);
    expect(script.headers["content-type"]).toBe("text/javascript");
    expect(script.headers["content-encoding"]).toBe("gzip");
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gunzipSync(script.body).toString()).toBe("console.log('hello');".repeat(20));
    const page = await get("/reference");
    expect(page.headers["content-type"]).toBe("text/html");
    expect(page.body.toString()).toContain("<title>Reference</title>");
    expect(asked).toEqual([]);
  });

  it("sends everything else to the Worker, and never a file outside the static folder", async () => {
    const pageAnswer = await get("/adopt/dog?page=2");
    expect(pageAnswer.body.toString()).toBe("worker: /adopt/dog?page=2");
    expect(pageAnswer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    const outside = await get("/assets/%2e%2e%2f%2e%2e%2fsecret.txt");
    expect(outside.body.toString()).not.toContain("outside the static folder");
    expect(asked).toEqual(["GET /adopt/dog?page=2", "GET /assets/%2e%2e%2f%2e%2e%2fsecret.txt"]);
  });
});
