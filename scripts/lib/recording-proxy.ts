import http from "node:http";
import net, { type AddressInfo } from "node:net";

/**
 * A forward HTTP proxy on 127.0.0.1 that keeps every POST body it passes on: what a browser really
 * sent, byte for byte. Chromium does not give a request's body to Playwright when it holds files
 * (`postDataBuffer()` is null), so the upload measurements and tests put this between the browser
 * and the server: `browser.newContext({ proxy: { server: proxy.server, bypass: "<-loopback>" } })`
 * (`<-loopback>` because Chromium never proxies loopback addresses otherwise).
 */
export interface RecordedPost {
  url: string;
  contentType: string;
  body: Buffer;
}

export interface RecordingProxy {
  server: string;
  posts: RecordedPost[];
  /**
   * Holds the next POST to a URL ending in `pathname` once its body has arrived (the browser has
   * sent it all), until `release` is called: meanwhile the page waits for the answer.
   */
  holdNextPost: (pathname: string) => { received: Promise<RecordedPost>; release: () => void };
  close: () => Promise<void>;
}

export async function startRecordingProxy(): Promise<RecordingProxy> {
  const posts: RecordedPost[] = [];
  const holds: { pathname: string; arrived: (post: RecordedPost) => void; released: Promise<void> }[] = [];
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? "/");
    const headers = { ...request.headers };
    delete headers["proxy-connection"];
    const forward = (body: Buffer | null) => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: request.method,
          headers,
          agent,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on("error", () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      upstream.end(body ?? undefined);
    };
    if (request.method !== "POST") {
      forward(null);
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    // A body the browser gives up on (Cancel) never ends, and is neither kept nor passed on.
    request.on("end", () => {
      const post = {
        url: target.href,
        contentType: request.headers["content-type"] ?? "",
        body: Buffer.concat(chunks),
      };
      posts.push(post);
      const hold = holds.findIndex(({ pathname }) => target.pathname.endsWith(pathname));
      if (hold < 0) return forward(post.body);
      const [{ arrived, released }] = holds.splice(hold, 1) as [(typeof holds)[number]];
      arrived(post);
      void released.then(() => forward(post.body));
    });
  });
  // Playwright's own requests (`page.request`) ask for a tunnel: passed through, not recorded.
  server.on("connect", (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const [host = "", port = "80"] = (request.url ?? "").split(":");
    const upstream = net.connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    server: `http://127.0.0.1:${port}`,
    posts,
    holdNextPost(pathname) {
      let arrived!: (post: RecordedPost) => void;
      let release!: () => void;
      const received = new Promise<RecordedPost>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ pathname, arrived, released });
      return { received, release };
    },
    close: async () => {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The files of a recorded multipart POST, in the order they were sent. */
export async function postedFiles(
  post: RecordedPost,
): Promise<{ field: string; name: string; type: string; bytes: Uint8Array }[]> {
  const form = await new Response(new Uint8Array(post.body), {
    headers: { "Content-Type": post.contentType },
  }).formData();
  const files = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === "string") continue;
    files.push({ field, name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return files;
}
