import { shelter } from "#app/config/shelter";
import { social } from "#app/config/shelter-footer";

const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "+1-707-555-0142" from "(707) 555-0142": schema.org asks for an international number. */
function internationalPhone(phone: string) {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 ? `+1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

/**
 * The shelter as schema.org AnimalShelter (decision 043), from app/config/shelter.ts: name, address,
 * geo, phone, email and opening hours. Pets get no markup: schema.org has no type for them.
 */
export function animalShelterJsonLd(siteUrl: string) {
  const days = Object.entries(shelter.openingHours.days) as [string, { opens: string; closes: string }][];
  return {
    "@context": "https://schema.org",
    "@type": "AnimalShelter",
    "@id": `${siteUrl}/#shelter`,
    name: shelter.name,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/logo.svg`,
    telephone: internationalPhone(shelter.phone),
    email: shelter.email,
    foundingDate: String(shelter.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: shelter.address.street,
      addressLocality: shelter.address.city,
      addressRegion: shelter.address.region,
      postalCode: shelter.address.postalCode,
      addressCountry: "US",
    },
    geo: { "@type": "GeoCoordinates", latitude: shelter.geo.latitude, longitude: shelter.geo.longitude },
    openingHoursSpecification: days.map(([day, { opens, closes }]) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${dayNames[Number(day)]}`,
      opens,
      closes,
    })),
    sameAs: social.map((link) => link.href),
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script element. */
export function jsonForScript(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
