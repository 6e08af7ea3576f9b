import { shelter } from "#app/config/shelter";

/** The shelter's phone number as a link a phone can call. */
export function PhoneLink() {
  return <a href={`tel:${shelter.phone.replace(/[^\d+]/g, "")}`}>{shelter.phone}</a>;
}
