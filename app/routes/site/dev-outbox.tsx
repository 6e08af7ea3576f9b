import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { shelter } from "#app/config/shelter";
import { formatShelterTime } from "#app/lib/visits/business-hours";
import { pageMeta } from "#app/lib/i18n/meta";
import { listOutbox } from "#app/models/outbox.server";

export const meta: MetaFunction = () =>
  pageMeta("Outbox (development)", "Emails the local mail transport kept instead of sending.");

/** Development only: what the local mail transport kept, newest first. A 404 in production. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (context.config.appEnv === "production") throw new Response("Not found", { status: 404 });
  const messages = await listOutbox(context.db);
  // The moment as a person reads it, in the shelter's time zone (the machine-readable one in dateTime).
  return {
    messages: messages.map((message) => ({
      ...message,
      createdAt: message.createdAt.toISOString(),
      createdAtShown: formatShelterTime(message.createdAt, shelter.openingHours.timeZone),
    })),
  };
}

function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(/(https?:\/\/[^\s]+)/g).map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function Outbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container admin-page">
      <p>
        <Link to="/">← The site</Link>
      </p>
      <h1>Outbox</h1>
      <p>Emails the local mail transport kept instead of sending, newest first.</p>
      {messages.length === 0 ? <p>No email yet.</p> : null}
      <ol className="outbox" reversed>
        {messages.map((message) => (
          <li key={message.id} className="outbox__message">
            <h2>{message.subject}</h2>
            <p className="outbox__meta">
              To <strong className="outbox__to">{message.to}</strong> ·{" "}
              <time dateTime={message.createdAt}>{message.createdAtShown}</time>
            </p>
            {message.headers ? (
              <p className="outbox__meta">
                {Object.entries(message.headers)
                  .map(([name, value]) => `${name}: ${value}`)
                  .join(" · ")}
              </p>
            ) : null}
            <pre className="outbox__body">
              <Linkified text={message.text} />
            </pre>
            {message.attachments?.length ? (
              <p className="outbox__meta outbox__attachments">
                Attachments:{" "}
                {message.attachments
                  .map((attachment) => `${attachment.filename} (${attachment.contentType})`)
                  .join(", ")}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </main>
  );
}
