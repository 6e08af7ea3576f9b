import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { viewsReady } from "#app/components/lazy-view";

// A page whose view loads on its own (app/components/lazy-view.tsx) hydrates once that view is here.
void viewsReady().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
