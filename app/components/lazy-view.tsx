import { lazy, type ComponentType } from "react";
import { firstPageHydrating } from "#app/components/ui/use-hydrated";

/** Views whose code the page being hydrated shows: the browser hydrates once they have loaded. */
const pending: Promise<unknown>[] = [];

/** Resolves once every view the first page shows has loaded (app/entry.client.tsx waits for it). */
export function viewsReady(): Promise<unknown> {
  return Promise.all(pending);
}

/**
 * A view of a page whose code loads only when it is shown (decision 039). The server renders it whole
 * (app/entry.server.tsx waits for everything). In the browser, a view the server-rendered page shows
 * is loaded before hydration and rendered directly, so it is interactive as soon as the page is; on a
 * client-side navigation the view loads as the route does. `shownIn(document)` tells from the page
 * the server sent whether it shows this view.
 */
export function lazyView<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  shownIn: (page: Document) => boolean,
) {
  let loaded: ComponentType<Props> | undefined;
  const fetch = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  if (typeof document !== "undefined" && (!firstPageHydrating() || shownIn(document))) {
    const loading = fetch();
    if (firstPageHydrating()) pending.push(loading);
  }
  const Lazy = lazy(fetch) as unknown as ComponentType<Props>;
  function View(props: Props) {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  }
  return Object.assign(View, { preload: fetch });
}
