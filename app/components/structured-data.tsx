import { useRouteLoaderData } from "@remix-run/react";
import { animalShelterJsonLd, jsonForScript } from "#app/lib/pets/structured-data";

/**
 * The shelter's schema.org AnimalShelter as JSON-LD (decision 043). A data block of type
 * application/ld+json is never run, so the Content-Security-Policy's script-src does not apply to
 * it and it needs no nonce (decision 016).
 */
export function ShelterStructuredData() {
  const data = useRouteLoaderData("routes/_main") as { siteUrl?: string } | undefined;
  if (!data?.siteUrl) return null;
  // Search engines read the block in the HTML the server sends; the browser's build does not carry the
  // code that writes it: hydration keeps the server's text (React leaves an element's inner HTML as the
  // server wrote it), and a page reached by a client-side navigation has an empty block, which no one reads.
  const json = import.meta.env.SSR ? jsonForScript(animalShelterJsonLd(data.siteUrl)) : "";
  return <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
