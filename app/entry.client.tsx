import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { RemixBrowser, remixStateReady } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { viewsReady } from "#app/components/lazy-view";
import { localeOfPath } from "#app/lib/i18n/locale";
import { loadReplyMessages, messagesReady } from "#app/locales/load-messages";
import { answerDroppedDataRequests, manageServiceWorker, takeOutOfflineNotice } from "#app/components/offline-client";

/**
 * Resolves once the browser has painted the page as the server sent it (after the next frame), so
 * hydration never holds back the first paint on a slow phone (decision 045). A hidden tab paints no
 * frames: then it goes on after a moment all the same.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 200);
  });

// Offline browsing (decision 050): before hydration, the worker's written notice goes and dropped data
// requests get their answers; the worker itself is registered after the page's load event.
takeOutOfflineNotice();
answerDroppedDataRequests();
manageServiceWorker();

// The page's language is its address's (decision 057). The root, the page's routes and its lazy views
// have each started loading their own catalogue of that language as their code was evaluated (decision
// 059, app/locales/load-messages.ts): hydration waits for all of them, so the first render in the
// browser reads exactly as the server's.
const locale = localeOfPath(window.location.pathname);

// Nothing may suspend outside a Suspense boundary as the page hydrates: a click or key press during
// hydration makes React finish it at once, synchronously, and a suspension then is an error that leaves
// the page unhydrated (React error #345; decision 071). So the page hydrates once Remix has decoded its
// loader data (patches/@remix-run+react+2.17.5.patch) and every lazy view it shows has loaded.
// A page whose view loads on its own (app/components/lazy-view.tsx) hydrates once that view is here.
// The browser shows one language per page load, so Lingui's shared instance is the page's (the live
// checks' messages use it too: lib/accounts/account-fields.ts); the server makes one per request instead.
void Promise.all([viewsReady(), afterFirstPaint(), remixStateReady()])
  .then(messagesReady)
  .then(() => {
    loadReplyMessages();
    i18n.activate(locale);
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <I18nProvider i18n={i18n}>
            <RemixBrowser />
          </I18nProvider>
        </StrictMode>,
      );
    });
  });
