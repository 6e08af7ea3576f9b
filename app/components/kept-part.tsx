import { useLingui } from "@lingui/react";
import { useContext, type ReactNode } from "react";
import { StaticHtmlContext } from "#app/components/static-view";

/**
 * An element whose inside depends only on the page's language and `keptFor` (a stored figures'
 * version, a month), so the server renders that inside once per isolate and sends the same HTML to
 * the next pages that ask for the same key (the kept parts of app/entry.server.tsx, as a pet card's
 * facts are: decision 045; here decision 064, amended 2026-11-28, evening). `keptFor` must change
 * whenever what `inside` renders could: the figures' version, read from D1 on every request, does.
 *
 * The HTML is what React renders for `inside` in the page, byte for byte, so the browser hydrates it
 * as the page's own: in the browser (no kept parts there) the element renders `inside` as usual,
 * with the loader's data. `inside` is called only when the part is rendered, not when its HTML is
 * sent as kept; it may not read the router (a kept part is rendered on its own, outside Remix).
 * `keptFor` null: rendered on every request (nothing known to key it on).
 */
export function KeptPart({
  as: Tag,
  name,
  keptFor,
  className,
  id,
  inside,
}: {
  as: "section" | "div" | "table";
  /** The part's name, unique among kept parts. */
  name: string;
  keptFor: string | null;
  className?: string;
  id?: string;
  inside: () => ReactNode;
}) {
  const kept = useContext(StaticHtmlContext);
  const { i18n } = useLingui();
  if (kept && keptFor !== null) {
    const key = `${name}\u0000${i18n.locale}\u0000${keptFor}`;
    const html = kept.get(key);
    if (html !== undefined) return <Tag className={className} id={id} dangerouslySetInnerHTML={{ __html: html }} />;
    const content = inside();
    kept.keep(key, <>{content}</>);
    return (
      <Tag className={className} id={id}>
        {content}
      </Tag>
    );
  }
  return (
    <Tag className={className} id={id}>
      {inside()}
    </Tag>
  );
}
