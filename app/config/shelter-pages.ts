import { donationPresets } from "./donation-presets";

/**
 * The content of single pages (home, volunteer, donate): figures, stories, sponsors, gift amounts.
 * Apart from shelter.ts so that only those pages' JavaScript carries it (decision 039).
 */
export const shelterPages = {
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
  donationPresets,
  /** What a gift of each amount does, on /donate. */
  donationImpacts: [
    { amount: 25, text: "vaccinates and microchips one kitten" },
    { amount: 50, text: "feeds a dog for a month" },
    { amount: 100, text: "pays for a spay or neuter surgery" },
  ],
  /** The home page's "why choose us" claims. */
  whyChooseUs: [
    {
      title: "No-kill, always",
      text: "Every healthy or treatable animal in our care stays with us until the right family comes along.",
    },
    {
      title: "Vet care included",
      text: "Pets go home spayed or neutered, vaccinated and microchipped, with their medical records.",
    },
    {
      title: "Matched with care",
      text: "Our questionnaire and staff help you find a pet whose energy and needs fit your home.",
    },
    {
      title: "Support after adoption",
      text: "Training tips, a behaviour helpline and low-cost clinics for as long as you need them.",
    },
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
} as const;
