/**
 * What the footer of every page shows besides the name and address in shelter.ts: the social links and
 * the link columns. A file of its own, since the footer is a static part of the page (decision 039):
 * only the server and a client-side re-render of the footer load it, not every page's JavaScript.
 */
import { externalSite } from "./shelter";

export const social = [
  { name: "Facebook", href: "https://www.facebook.com/" },
  { name: "Instagram", href: "https://www.instagram.com/" },
  { name: "YouTube", href: "https://www.youtube.com/" },
];

export const footerColumns = [
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
      { label: "Lost or found animals", href: "/lost-found" },
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
      // Our own public statistics page (decision 064).
      { label: "Statistics", href: "/statistics" },
      { label: "Thrift shop", href: `${externalSite}/thrift-shop` },
      { label: "Contact", href: "/#get-in-touch" },
      { label: "Join the team", href: `${externalSite}/jobs` },
    ],
  },
] as const;
