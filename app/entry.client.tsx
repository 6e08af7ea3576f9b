import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { viewsReady } from "#app/components/lazy-view";
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

// A page whose view loads on its own (app/components/lazy-view.tsx) hydrates once that view is here.
void Promise.all([viewsReady(), afterFirstPaint()]).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
