import { shelter } from "#app/config/shelter";

/** A phone number as a link a phone can call: the shelter's unless another is given (an adopter's, a vet's). */
export function PhoneLink({ number = shelter.phone }: { number?: string }) {
  const digits = number.replace(/[^\d+]/g, "");
  return digits ? <a href={`tel:${digits}`}>{number}</a> : <>{number}</>;
}
