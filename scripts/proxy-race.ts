/**
 * Reproduces the keep-alive race in `wrangler dev`'s proxy (workers-sdk issue 14641; docs/patches.md):
 * kj closes an idle pooled connection after 5 s at both ends, so a POST sent every 5 s rides the moment
 * the Worker's end closes it. Without the wrangler patch's second try, about a third come back 503
 * ("Your worker restarted mid-request"); with it, none do, and the server's log says "sending it again".
 * Against a running site (`npm start`):
 *   tsx scripts/proxy-race.ts [--port 8787] [--count 24] [--every 5000]
 */
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    count: { type: "string", default: "24" },
    every: { type: "string", default: "5000" },
  },
});
const count = Number(values.count);
const every = Number(values.every);
const start = Date.now();
let failed = 0;
for (let i = 0; i < count; i++) {
  const wait = start + i * every - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  // An incomplete questionnaire answer: the Worker answers 400 and changes nothing.
  const answer = await fetch(`http://127.0.0.1:${values.port}/match`, {
    method: "POST",
    body: new URLSearchParams({ intent: "next", step: "a1" }),
    redirect: "manual",
  });
  const text = await answer.text();
  if (answer.status >= 500) {
    failed += 1;
    console.log(`${i + 1}: ${answer.status} ${text.slice(0, 80)}`);
  }
}
console.log(`${failed} of ${count} posts failed`);
process.exitCode = failed > 0 ? 1 : 0;
