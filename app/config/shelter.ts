/**
 * Everything that names or links the shelter lives here, so another shelter can rebrand the site by
 * editing this folder: this file for what every page shows (name, address, hours, footer), and
 * shelter-pages.ts for the content of single pages (kept apart so that other pages' JavaScript does
 * not carry it, decision 039). The external links are placeholders for the demo.
 */

export const externalSite = "https://www.example.org";

export const shelter = {
  name: "Sequoia Humane Society",
  shortName: "Sequoia",
  tagline: "Saving lives, one animal at a time",
  foundedYear: 1959,
  address: {
    street: "4100 Redwood Way",
    city: "Eureka",
    region: "CA",
    postalCode: "95501",
  },
  /** The town as page texts name it ("a no-kill shelter in …"), and the area the shelter serves. */
  place: "Eureka, California",
  area: "Humboldt County",
  phone: "(707) 555-0142",
  email: "hello@sequoia-shelter.example",
  /**
   * The language of the emails to that address (a new application, foster or volunteer, a message):
   * "en" or "es" (decision 057). Each adopter, foster and volunteer gets theirs in their own language.
   */
  inboxLanguage: "en",
  hours: "Tuesday to Sunday, 11 am to 5 pm",
  /** Where the shelter is on a map (schema.org geo on the home page). */
  geo: { latitude: 40.7845, longitude: -124.1508 },
  /**
   * Partner sites that get the listed pets every night (decision 043); false turns one off. The FTP
   * host, account, password and folder are secrets (README, Partner sites), never written here.
   * `tls`: "required" sends over FTPS (explicit TLS: the password and the file encrypted); "none" over
   * plain FTP, only for a partner whose server offers no encryption (an upload to a server that
   * refuses AUTH TLS fails, with that error on Pet Admin, before the password is sent).
   */
  syndication: {
    petfinder: { tls: "required" },
    adoptapet: { tls: "required" },
  } as Record<"petfinder" | "adoptapet", { tls: "required" | "none" } | false>,
  /**
   * When the shelter is open, in its own time zone: holds end at the close of a business day
   * (app/lib/visits/business-hours.ts). Days are 0 = Sunday … 6 = Saturday; a day not listed is closed.
   * Holidays (local dates) are closed whatever the day.
   */
  openingHours: {
    timeZone: "America/Los_Angeles",
    days: {
      0: { opens: "11:00", closes: "17:00" },
      2: { opens: "11:00", closes: "17:00" },
      3: { opens: "11:00", closes: "17:00" },
      4: { opens: "11:00", closes: "17:00" },
      5: { opens: "11:00", closes: "17:00" },
      6: { opens: "11:00", closes: "17:00" },
    },
    holidays: [
      "2026-11-26",
      "2026-12-24",
      "2026-12-25",
      "2027-01-01",
      "2027-05-31",
      "2027-07-04",
      "2027-09-06",
      "2027-11-25",
      "2027-12-24",
      "2027-12-25",
    ],
  },
  /**
   * Intakes and outcomes (decision 064): the intake type the create form chooses first (the shelter's
   * most common), how many pets the shelter aims to have listed at once (Pet Admin shows "listed now"
   * against it), and the home page's "before this site" bases, added to what the data counts.
   */
  intakes: {
    // One of lib/intake-outcome/categories.ts's intake types (its test checks it).
    defaultType: "stray" as const,
    capacityTarget: 60,
    // The demo's stays hold three years of intakes and outcomes but no volunteers: a shelter puts here
    // what it counted before this site.
    figuresBase: { animalsRescued: 0, adoptions: 0, volunteers: 500 },
  },
  /**
   * Meet-and-greet visits after an approval (decision 048): slot length, how many visits at once by
   * default (staff change it in Pet Admin, stored in D1), what to bring, and how soon staff promise to
   * answer an application or message (business days).
   */
  visits: {
    slotMinutes: 30,
    defaultCapacity: 2,
    whatToBring:
      "a photo ID, proof of your address, and your landlord's permission if you rent; bring everyone who lives with you (dogs too, for a dog)",
    replyBusinessDays: 2,
  },
  /**
   * Gifts (decision 065): the name and tax number every receipt states, and the currency gifts are
   * made in. The payment provider's keys are Worker secrets (README, "Giving").
   */
  giving: {
    legalName: "Sequoia Humane Society, Inc.",
    ein: "94-0000000",
    currency: "usd",
    /** The largest gift the form takes, in whole dollars (a larger one: call or write to us). */
    maxDollars: 25_000,
  },
  links: {
    adoptionForm: `${externalSite}/adoption-application`,
    /**
     * Foster and volunteer applications are the site's own forms (decision 053). A shelter that keeps
     * an outside form can name it here: the page then links to it too. Left out in the demo.
     */
    fosterForm: undefined as string | undefined,
    fosterLearnMore: `${externalSite}/foster`,
    volunteerForm: undefined as string | undefined,
    donate: `${externalSite}/donate`,
  },
} as const;

export function formatAddress(address: typeof shelter.address = shelter.address) {
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}
