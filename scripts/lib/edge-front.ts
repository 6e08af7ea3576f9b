/**
 * What stands before the deployed Worker, for the bench's Lighthouse runs (decision 045, fourth
 * amendment): HTTPS with HTTP/2, as Cloudflare's edge speaks to a phone, and the build's static files
 * (scripts, the stylesheet, icons) served without the Worker, as Workers Static Assets serves them.
 * Everything else (pages, photo copies) goes to the local Worker, which answers as deployed.
 *
 * Why: `wrangler dev` answers in HTTP/1.1, and Lighthouse's simulation then opens a new connection,
 * with its own handshake, for each request made while another is in flight. And the local Worker and
 * its static files share one workerd thread on a 2-core machine: a list page's thirty requests queue
 * there, and Lighthouse applies an origin's median wait to every request of the page, its document
 * and stylesheet included. A deployed site pays neither.
 *
 * The certificate is made for the run (`selfsigned`) and trusted by the browser through its key's
 * hash only (`--ignore-certificate-errors-spki-list`); `http2-proxy` forwards to the Worker.
 */
import { createHash, X509Certificate } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import proxy from "http2-proxy";
import { lookup } from "mrmime";
import { generate } from "selfsigned";

export type EdgeFront = {
  /** https://127.0.0.1:PORT */
  origin: string;
  /** The Chromium flag that trusts this front's certificate and no other. */
  chromiumFlag: string;
  close(): Promise<void>;
};

/** The static file a path names, as Workers Static Assets finds it (`/name` also serves `name.html`), or undefined. */
async function staticFile(staticDir: string, urlPath: string) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.join(staticDir, path.normalize(decoded));
  if (!file.startsWith(staticDir + path.sep)) return undefined;
  for (const candidate of [file, `${file}.html`]) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
  }
  return undefined;
}

export async function startEdgeFront(target: string, staticDir: string): Promise<EdgeFront> {
  const { hostname, port } = new URL(target);
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
    notAfterDate: new Date(Date.now() + 24 * 3600_000),
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  const server = http2.createSecureServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    void (async () => {
      const file =
        req.method === "GET" ? await staticFile(staticDir, new URL(req.url, "https://edge").pathname) : undefined;
      if (file) {
        const type = lookup(file) ?? "application/octet-stream";
        const compress =
          /^text\/|javascript|json|svg|xml/.test(type) && /\bgzip\b/.test(String(req.headers["accept-encoding"]));
        const bytes = await readFile(file);
        res.writeHead(200, {
          "content-type": type,
          "cache-control": file.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=0, must-revalidate",
          ...(compress ? { "content-encoding": "gzip" } : {}),
        });
        res.end(compress ? gzipSync(bytes) : bytes);
        return;
      }
      await proxy.web(req, res, { hostname, port: Number(port) });
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(
        `The bench's front could not answer ${req.url}: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const spki = new X509Certificate(pems.cert).publicKey.export({ type: "spki", format: "der" });
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    chromiumFlag: `--ignore-certificate-errors-spki-list=${createHash("sha256").update(spki).digest("base64")}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
