import { useLingui } from "@lingui/react";
import { useNavigate } from "@remix-run/react";
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
} from "react";
import { useHydrated } from "#app/components/ui/use-hydrated";

/**
 * On the server, the HTML of the static parts that depend only on their language and a key, kept
 * once per isolate (app/entry.server.tsx); absent in the browser.
 */
export type StaticHtml = {
  get(key: string): string | undefined;
  /** Renders `element` on its own, in the page's language, into the HTML kept for `key` (for the next pages). */
  keep(key: string, element: ReactElement): void;
};
export const StaticHtmlContext = createContext<StaticHtml | null>(null);

/**
 * A part of a page that never changes once rendered (the footer, the home page's story sections),
 * whose code and content stay out of the page's JavaScript (decision 039). The server renders it
 * whole (app/entry.server.tsx waits for everything), inside `<div data-static-view="name">`. In the
 * browser:
 * - on the first page, the part is hydrated as the HTML the server sent, kept as it is: its code is
 *   never loaded (React hydrates an element with `dangerouslySetInnerHTML` without looking inside;
 *   the HTML is read from the page first, so that a page React has to render again keeps it too);
 * - shown after a client-side navigation, or given other props than it had when the page was
 *   hydrated (another pet's page; props equal in content count as the same), its code loads and it
 *   renders (nothing shows until it is here).
 * Nothing in it may respond to the visitor (no state, no handlers): links and plain HTML only.
 *
 * `sameFor`, when given, says what the part's HTML depends on besides its language (and it must not
 * read the router, which its render on its own has not): the server then renders it once per
 * isolate for each language and key, and later pages send that HTML as it is (the footer, on every
 * page: decision 045).
 */
export function staticView<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  /** The part's name on the page, unique there (a page may show several parts of one file). */
  nameOf: (props: Props) => string,
  sameFor?: (props: Props) => string,
) {
  const Lazy = lazy(load) as unknown as ComponentType<Props>;
  function StaticView(props: Props) {
    const name = nameOf(props);
    const { i18n } = useLingui();
    // Hydrating, not rendering anew: true for the first page's parts, including those in a Suspense
    // boundary, which React hydrates after the rest of the page (the document is marked hydrated by then).
    const hydrating = !useHydrated();
    const [kept] = useState(() =>
      typeof document === "undefined" ? null : { html: hydrating ? keptHtml(name) : null, props, locale: i18n.locale },
    );
    const ref = useLinksNavigate();
    const serverHtml = useContext(StaticHtmlContext);
    if (serverHtml && sameFor) {
      const key = `${name}\u0000${i18n.locale}\u0000${sameFor(props)}`;
      const html = serverHtml.get(key);
      if (html !== undefined)
        return <div className="static-view" data-static-view={name} dangerouslySetInnerHTML={{ __html: html }} />;
      serverHtml.keep(key, <Lazy {...props} />);
    }
    if (kept?.html != null && kept.locale === i18n.locale && sameProps(kept.props, props)) {
      return (
        <div
          ref={ref}
          className="static-view"
          data-static-view={name}
          dangerouslySetInnerHTML={{ __html: kept.html }}
          suppressHydrationWarning
        />
      );
    }
    return (
      <div className="static-view" data-static-view={name}>
        {kept === null ? (
          // The server waits for the code, no Suspense boundary: the part is in the HTML as it streams, with no script to show it.
          <Lazy {...props} />
        ) : (
          <Suspense fallback={null}>
            <Lazy {...props} />
          </Suspense>
        )}
      </div>
    );
  }
  return StaticView;
}

/** The same props, or props that say the same (loader data read again after an action is a new object). */
function sameProps(a: object, b: object) {
  const keys = Object.keys(a);
  const same = (x: unknown, y: unknown) => Object.is(x, y) || JSON.stringify(x) === JSON.stringify(y);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => same(a[key as keyof typeof a], b[key as keyof typeof b]))
  );
}

/** The part's HTML as the server sent it (read while the page is being hydrated). */
function keptHtml(name: string): string | null {
  return document.querySelector(`[data-static-view="${name}"]`)?.innerHTML ?? null;
}

/** Clicks on the kept HTML's links to the site's own pages become client-side navigations, as a `<Link>`'s do. */
function useLinksNavigate() {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const part = ref.current;
    if (!part) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (
        !link ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      if (
        (link.target && link.target !== "_self") ||
        link.hasAttribute("download") ||
        link.origin !== window.location.origin
      )
        return;
      event.preventDefault();
      navigate(link.pathname + link.search + link.hash);
    };
    part.addEventListener("click", onClick);
    return () => part.removeEventListener("click", onClick);
  }, [navigate]);
  return ref;
}
