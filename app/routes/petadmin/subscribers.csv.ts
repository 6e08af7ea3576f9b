import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listConfirmedSubscribers } from "#app/models/newsletter.server";
import { requireStaff } from "#app/services/auth.server";
import { csvField } from "#app/lib/http/csv";

/** The confirmed newsletter subscribers, for staff who may export them (decision 033). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "export:subscribers");
  const subscribers = await listConfirmedSubscribers(context.db);
  const lines = [
    "email,confirmed_at",
    ...subscribers.map(
      (subscriber) => `${csvField(subscriber.email)},${csvField(subscriber.confirmedAt?.toISOString() ?? "")}`,
    ),
  ];
  return new Response(`${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="newsletter-subscribers.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
