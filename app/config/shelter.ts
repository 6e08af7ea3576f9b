/**
 * Everything that names or links the shelter lives here, so another shelter can rebrand the site by
 * editing one file. The external links are placeholders for the demo.
 */
const externalSite = "https://www.example.org";

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
  hours: "Tuesday to Sunday, 11 am to 5 pm",
  /**
   * When the shelter is open, in its own time zone: holds end at the close of a business day
   * (app/lib/business-hours.ts). Days are 0 = Sunday … 6 = Saturday; a day not listed is closed.
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
    holidays: ["2026-11-26", "2026-12-24", "2026-12-25", "2027-01-01", "2027-05-31", "2027-07-04", "2027-09-06", "2027-11-25", "2027-12-24", "2027-12-25"],
  },
  links: {
    adoptionForm: `${externalSite}/adoption-application`,
    fosterForm: `${externalSite}/foster-application`,
    fosterLearnMore: `${externalSite}/foster`,
    volunteerForm: `${externalSite}/volunteer-application`,
    donate: `${externalSite}/donate`,
  },
  figures: [
    { value: "2.5K+", label: "Animals rescued" },
    { value: "1.8K+", label: "Adoptions" },
    { value: "500+", label: "Volunteers" },
  ],
  volunteerFigures: [
    { value: "500+", label: "Volunteers" },
    { value: "50K+", label: "Hours given" },
    { value: "1,000+", label: "Lives helped" },
    { value: "25+", label: "Programs" },
  ],
  donationPresets: [25, 50, 100],
  /** What a gift of each amount does, on /donate. */
  donationImpacts: [
    { amount: 25, text: "vaccinates and microchips one kitten" },
    { amount: 50, text: "feeds a dog for a month" },
    { amount: 100, text: "pays for a spay or neuter surgery" },
  ],
  /** The home page's "why choose us" claims. */
  whyChooseUs: [
    { title: "No-kill, always", text: "Every healthy or treatable animal in our care stays with us until the right family comes along." },
    { title: "Vet care included", text: "Pets go home spayed or neutered, vaccinated and microchipped, with their medical records." },
    { title: "Matched with care", text: "Our questionnaire and staff help you find a pet whose energy and needs fit your home." },
    { title: "Support after adoption", text: "Training tips, a behaviour helpline and low-cost clinics for as long as you need them." },
  ],
  /** Adopters' stories on the home page. */
  testimonials: [
    {
      quote:
        "We came in for a quiet cat and left with Biscuit, who greets us at the door every evening. The team knew exactly who would fit our apartment.",
      name: "Maria and Tom",
      place: "Arcata",
    },
    {
      quote:
        "Ranger was shy for weeks at the shelter. Two months later he sleeps on the sofa and steals socks. Thank you for giving him time.",
      name: "Devon",
      place: "Eureka",
    },
  ],
  social: [
    { name: "Facebook", href: "https://www.facebook.com/" },
    { name: "Instagram", href: "https://www.instagram.com/" },
    { name: "YouTube", href: "https://www.youtube.com/" },
  ],
  sponsors: [
    { name: "Redwood Coast Credit Union", logo: "/sponsors/redwood-coast.svg" },
    { name: "Humboldt Bay Veterinary", logo: "/sponsors/humboldt-bay-vet.svg" },
    { name: "Old Town Pet Supply", logo: "/sponsors/old-town-pet.svg" },
    { name: "Arcata Printworks", logo: "/sponsors/arcata-printworks.svg" },
    { name: "Eel River Farms", logo: "/sponsors/eel-river-farms.svg" },
    { name: "North Coast Grocers", logo: "/sponsors/north-coast-grocers.svg" },
    { name: "Samoa Dunes Coffee", logo: "/sponsors/samoa-dunes-coffee.svg" },
    { name: "Trinidad Light Insurance", logo: "/sponsors/trinidad-light.svg" },
  ],
  footerColumns: [
    {
      title: "Adopt",
      links: [
        { label: "Adoption process", href: `${externalSite}/adoption-process` },
        { label: "Adoption policy", href: `${externalSite}/adoption-policy` },
        { label: "Private adoptions", href: `${externalSite}/private-adoptions` },
      ],
    },
    {
      title: "Donate",
      links: [
        // Spec §2's route table: /donate from the footer as well as the mobile menu.
        { label: "Give online", href: "/donate" },
        { label: "Medical fund", href: `${externalSite}/medical-fund` },
        { label: "Vehicle donation", href: `${externalSite}/vehicle-donation` },
        { label: "Planned giving", href: `${externalSite}/planned-giving` },
        { label: "Walk for a dog", href: `${externalSite}/walk-for-a-dog` },
        { label: "Shopping partners", href: `${externalSite}/shopping-partners` },
        { label: "Wish List", href: "/favorite" },
      ],
    },
    {
      title: "Programs",
      links: [
        { label: "Spay/neuter assistance", href: `${externalSite}/spay-neuter` },
        { label: "Microchipping", href: `${externalSite}/microchipping` },
        { label: "Lost or found animals", href: `${externalSite}/lost-and-found` },
        { label: "Surrenders", href: `${externalSite}/surrenders` },
      ],
    },
    {
      title: "Services",
      links: [
        { label: "Events", href: `${externalSite}/events` },
        { label: "Resources", href: `${externalSite}/resources` },
        { label: "Vaccine clinics", href: `${externalSite}/vaccine-clinics` },
        { label: "Pet emergency funding", href: `${externalSite}/pet-emergency-funding` },
        { label: "Report animal abuse", href: `${externalSite}/animal-abuse` },
        { label: "Education", href: `${externalSite}/education` },
      ],
    },
    {
      title: "About",
      links: [
        { label: "Newsletter", href: `${externalSite}/newsletter` },
        { label: "Mission and vision", href: `${externalSite}/mission` },
        { label: "Board", href: `${externalSite}/board` },
        { label: "Statistics", href: `${externalSite}/statistics` },
        { label: "Thrift shop", href: `${externalSite}/thrift-shop` },
        { label: "Contact", href: "/#get-in-touch" },
        { label: "Join the team", href: `${externalSite}/jobs` },
      ],
    },
  ],
} as const;

export function formatAddress(address: typeof shelter.address = shelter.address) {
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}
