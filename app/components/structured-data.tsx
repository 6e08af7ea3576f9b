import { useRouteLoaderData } from "@remix-run/react";
import { animalShelterJsonLd, jsonForScript } from "#app/lib/structured-data";

/**
 * The shelter's schema.org AnimalShelter as JSON-LD (decision 043). A data block of type
 * application/ld+json is never run, so the Content-Security-Policy's script-src does not apply to
 * it and it needs no nonce (decision 016).
 */
export function ShelterStructuredData() {
  const data = useRouteLoaderData("routes/_main") as { siteUrl?: string } | undefined;
  if (!data?.siteUrl) return null;
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(animalShelterJsonLd(data.siteUrl)) }} />;
}
