import { useLocation } from "@remix-run/react";
import { useState, useSyncExternalStore } from "react";
import { Trans } from "@lingui/react/macro";
import { offlineAttribute } from "#app/lib/http/offline-pages";

/**
 * What the page says when the network is gone (decision 050): the offline notice on a page the service
 * worker answered from its copy, and the message after a form the network dropped.
 */

const noSubscription = () => () => {};

/**
 * "You're offline: this is what you saw at 3:12 pm." on a page the service worker served from its copy
 * (in the page's language: the worker wrote the words).
 * The worker writes the notice into the page and its words on `<html>`; entry.client.tsx takes the
 * written notice out before hydration (React would not recognise it) and this one shows the same
 * words once hydrated (the server's snapshot is empty, so hydration matches). Gone after the next
 * navigation in the page: that one came from the network.
 */
export function OfflineNotice() {
  const words = useSyncExternalStore(
    noSubscription,
    () => document.documentElement.getAttribute(offlineAttribute),
    () => null,
  );
  const { key } = useLocation();
  const [firstPage] = useState(key);
  if (!words || key !== firstPage) return null;
  return (
    <p className="offline-notice" role="status">
      {words}
    </p>
  );
}

type Listener = () => void;
const listeners = new Set<Listener>();
let notSentAt = 0;

/**
 * Whether the last form posted reached the server (entry.client.tsx reports every data request): a post
 * the network dropped shows the message, the next request that gets an answer takes it away.
 */
export function reportSent(sent: boolean) {
  const next = sent ? 0 : Date.now();
  if (next === notSentAt) return;
  notSentAt = next;
  for (const listener of listeners) listener();
}

const subscribeNotSent = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * "You're offline, so this could not be sent…": shown when a form's post did not reach the server. The
 * form itself stays as it was typed (entry.client.tsx answers the post so that Remix changes nothing).
 */
export function NotSentNotice() {
  const failedAt = useSyncExternalStore(
    subscribeNotSent,
    () => notSentAt,
    () => 0,
  );
  const [closedAt, setClosedAt] = useState(0);
  if (failedAt === 0 || closedAt === failedAt) return null;
  return (
    <div className="not-sent-notice notice notice--error" role="alert">
      <p>
        <Trans>
          You&apos;re offline, so this could not be sent. Everything you typed is still here: send it again when you are
          back online.
        </Trans>
      </p>
      <button type="button" className="link-button" onClick={() => setClosedAt(failedAt)}>
        <Trans>Close</Trans>
      </button>
    </div>
  );
}
