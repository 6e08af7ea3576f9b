import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { D1_PLUGIN, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { localAlertSecret, offlineEnv } from "./local-worker";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The D1 database's own process: a Worker that hands each request of the app's D1 binding (its
 * `cloudflare-internal:d1-api` code's queries, over HTTP) to the database's local simulator, unchanged.
 * Miniflare binds a database's raw fetcher to a name starting with `__D1_BETA__` (its binding before
 * wrangler 3.3).
 */
const d1HostScript = `export default {
  fetch(request, env) {
    return env.__D1_BETA__DB.fetch(request);
  },
};`;

/**
 * Miniflare gives a D1 binding with a `remoteProxyConnectionString` a client Worker (remote bindings)
 * that opens an RPC session over a WebSocket for every query: far more than a deployed Worker's D1
 * client does. Here such a binding's fetcher is instead the D1 process's address itself, so each query
 * is one plain HTTP request from the binding's own code, as on Cloudflare. Only this process's Miniflare
 * is changed (the bench's), not the installed package.
 */
function d1FetcherAsPlainHttp() {
  const plugin = D1_PLUGIN as unknown as {
    getServices: (options: { options: { d1Databases?: unknown } }) => Promise<Record<string, unknown>[]>;
    plainHttp?: true;
  };
  if (plugin.plainHttp) return;
  const getServices = plugin.getServices.bind(plugin);
  plugin.getServices = async (args) => {
    const services = await getServices(args);
    const remote = Object.values((args.options.d1Databases ?? {}) as Record<string, unknown>).flatMap((entry) =>
      typeof entry === "object" && entry !== null && "remoteProxyConnectionString" in entry
        ? [(entry as { remoteProxyConnectionString: URL }).remoteProxyConnectionString]
        : [],
    );
    if (remote.length === 0) return services;
    return services.map((service) => {
      const worker = service.worker as { bindings?: { name: string; text?: string }[] } | undefined;
      const address = worker?.bindings?.find((binding) => binding.name === "remoteProxyConnectionString")?.text;
      return address ? { name: service.name, external: { address: new URL(address).host, http: {} } } : service;
    });
  };
  plugin.plainHttp = true;
}

export type D1ApartServer = {
  origin: string;
  /** The workerd process that runs the Worker (with its R2, cache and static assets), and the one that runs D1. */
  pids: { worker: number; d1: number };
  dispose: () => Promise<void>;
};

/** The workerd processes that are children of this one (Miniflare starts one per instance), from /proc. */
function workerdChildren(): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the second field after the command, which is in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (command === "workerd" && parent === process.pid) children.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

/**
 * The production Worker on local workerd, as `wrangler dev` runs it (the same bundle as `wrangler
 * deploy`, the same Miniflare options read from wrangler.toml, static assets and their router in front,
 * local R2 and edge cache in its process) except its D1: the local simulator of the database runs in a
 * process of its own, reached over HTTP, as a deployed Worker reaches D1 (a query runs on D1's machines,
 * not in the Worker's CPU time). So the Worker's process's CPU holds what Cloudflare counts as the
 * Worker's: its JavaScript, the D1 client's (the binding's code and the request it sends), not the
 * database's (decision 045, amended 2026-11-29). The state is `wrangler dev --persist-to`'s layout.
 */
export async function serveWithD1Apart({
  persistTo,
  port,
  vars = {},
  inspectorPort,
  bundle,
}: {
  /** The state, in `wrangler dev --persist-to`'s layout (v3/d1, v3/r2, v3/cache). */
  persistTo: string;
  port: number;
  /** A folder with the Worker bundled by `wrangler deploy --dry-run --outdir` (index.js); made in `persistTo` if not given. */
  bundle?: string;
  vars?: Record<string, string>;
  /** To profile the Worker (Chrome DevTools' protocol): off by default, since an inspector slows the isolate. */
  inspectorPort?: number;
}): Promise<D1ApartServer> {
  const outdir = bundle ?? path.join(persistTo, "bundle");
  if (!bundle) {
    const bundled = spawnSync(
      path.join(root, "node_modules/.bin/wrangler"),
      ["deploy", "--dry-run", "--outdir", outdir],
      { cwd: root, env: { ...offlineEnv, NODE_ENV: "production" }, encoding: "utf8" },
    );
    if (bundled.status !== 0)
      throw new Error(`wrangler deploy --dry-run failed:\n${bundled.stdout}\n${bundled.stderr}`);
  }

  d1FetcherAsPlainHttp();
  const before = new Set(workerdChildren());
  const config = unstable_readConfig({ config: path.join(root, "wrangler.toml") });
  const database = config.d1_databases[0]!;
  const d1 = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    d1Persist: path.join(persistTo, "v3", "d1"),
    workers: [
      {
        name: "d1",
        modules: true,
        compatibilityDate: "2025-09-01",
        script: d1HostScript,
        d1Databases: { [`__D1_BETA__${database.binding}`]: database.database_id! },
      },
    ],
  });
  const d1Url = await d1.ready;
  const d1Pid = workerdChildren().find((pid) => !before.has(pid));

  let app: Miniflare | undefined;
  try {
    config.d1_databases = config.d1_databases.map((entry: (typeof config.d1_databases)[number]) => ({
      ...entry,
      remote: true,
    }));
    const { workerOptions } = unstable_getMiniflareWorkerOptions(config, undefined, {
      remoteProxyConnectionString: d1Url as never,
    });
    app = new Miniflare({
      host: "127.0.0.1",
      port,
      ...(inspectorPort ? { inspectorPort } : {}),
      r2Persist: path.join(persistTo, "v3", "r2"),
      cachePersist: path.join(persistTo, "v3", "cache"),
      workers: [
        {
          ...(workerOptions as object),
          name: config.name,
          modules: [{ type: "ESModule", path: path.join(outdir, "index.js") }],
          modulesRoot: outdir,
          bindings: {
            ...(workerOptions.bindings as Record<string, string>),
            ALERT_TOKEN_SECRET: localAlertSecret(persistTo),
            ...vars,
          },
        } as never,
      ],
    });
  } catch (error) {
    await d1.dispose();
    throw error;
  }
  const served = app;
  const appUrl = await served.ready.catch(async (error: unknown) => {
    await Promise.allSettled([served.dispose(), d1.dispose()]);
    throw error;
  });
  const appPid = workerdChildren().find((pid) => !before.has(pid) && pid !== d1Pid);
  if (!d1Pid || !appPid) {
    await Promise.allSettled([served.dispose(), d1.dispose()]);
    throw new Error("could not tell the Worker's workerd process from D1's");
  }
  return {
    origin: appUrl.origin,
    pids: { worker: appPid, d1: d1Pid },
    dispose: async () => {
      await served.dispose();
      await d1.dispose();
    },
  };
}
