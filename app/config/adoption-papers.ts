import { shelter } from "./shelter";

/**
 * The adoption papers' words (decision 070): the contract template in English and Spanish, the e-sign
 * consent (the ESIGN Act's disclosures) with its version, and the first-week guide of the go-home
 * e-mail. The shelter edits them here, in one place. A signed contract is never re-rendered: editing
 * the template changes only contracts signed after the edit. Change `consentVersion` whenever the
 * consent's words change (each signature records the version it agreed to).
 *
 * Placeholders in the template: {adopterName} {adopterAddress} {petName} {species} {breed} {sex} {age}
 * {fee} {date} {shelterName} {shelterAddress} {shelterPhone}.
 */
export interface PapersTexts {
  contractTitle: string;
  contract: string;
  consentTitle: string;
  consent: string[];
  firstWeekGuide: string[];
}

const phone = shelter.phone;
const email = shelter.email;

export const consentVersion = "2026-11-28";

export const adoptionPapersTexts: Record<"en" | "es", PapersTexts> = {
  en: {
    contractTitle: "Adoption contract",
    contract: `This adoption contract is made on {date} between {shelterName}, {shelterAddress} ("the shelter"), and {adopterName}, {adopterAddress} ("the adopter").

The pet: {petName}, {species}, {breed}, {sex}, {age}.
The adoption fee: {fee}.

1. The adopter takes {petName} as a companion animal, to live indoors as a member of the household, and will give food, water, shelter, exercise and veterinary care as the pet needs.
2. The adopter will keep an identification tag on the pet, keep the microchip's registration in the adopter's name, and obey local licensing and leash laws.
3. The adopter will not sell, give away or abandon the pet. If the adopter can no longer keep the pet, the adopter will call the shelter at {shelterPhone} and return the pet to the shelter.
4. The shelter told the adopter what it knows of the pet's health and behavior. It gives no warranty of either.
5. The adoption fee is not refundable and is not a tax-deductible gift.
6. The adopter allows the shelter to ask after the pet in the weeks after the adoption.`,
    consentTitle: "Signing electronically",
    consent: [
      `You may sign this contract electronically, or on paper instead: to sign on paper, tell us (${phone}, ${email}) and sign at the shelter when you pick up your pet. Signing on paper costs nothing.`,
      `Your consent covers this contract only. You may withdraw it before you sign by not signing here and telling us; after you sign, withdrawing it does not undo the signature, and we will give you a paper copy.`,
      `To open and keep the signed contract you need a device that opens PDF files and an e-mail address. We e-mail you the signed contract and you can download it from your applications page.`,
      `You may ask us for a paper copy of the signed contract at any time, free of charge, at ${phone} or ${email}.`,
    ],
    firstWeekGuide: [
      "Give your pet a quiet room of their own for the first days, with water, a bed and (for a cat) a litter box.",
      "Keep the food the shelter gave; change it slowly over a week or two if you want to.",
      "Keep walks short and on a leash; wait before dog parks and visits with other pets.",
      "Book a visit with your veterinarian in the first two weeks; bring the care record.",
      `Call us at ${phone} with any question: we are glad to help.`,
    ],
  },
  es: {
    contractTitle: "Contrato de adopción",
    contract: `Este contrato de adopción se hace el {date} entre {shelterName}, {shelterAddress} ("el refugio"), y {adopterName}, {adopterAddress} ("el adoptante").

La mascota: {petName}, {species}, {breed}, {sex}, {age}.
La cuota de adopción: {fee}.

1. El adoptante acoge a {petName} como animal de compañía, para vivir dentro de casa como parte del hogar, y le dará comida, agua, refugio, ejercicio y la atención veterinaria que necesite.
2. El adoptante le pondrá una placa de identificación, mantendrá el registro del microchip a su nombre y cumplirá las leyes locales de licencias y de correa.
3. El adoptante no venderá, regalará ni abandonará a la mascota. Si ya no puede tenerla, llamará al refugio al {shelterPhone} y la devolverá al refugio.
4. El refugio le dijo al adoptante lo que sabe de la salud y el comportamiento de la mascota. No da garantía de ninguno de los dos.
5. La cuota de adopción no es reembolsable y no es una donación deducible de impuestos.
6. El adoptante permite que el refugio pregunte por la mascota en las semanas después de la adopción.`,
    consentTitle: "Firmar electrónicamente",
    consent: [
      `Puedes firmar este contrato electrónicamente o, si prefieres, en papel: para firmar en papel, avísanos (${phone}, ${email}) y firma en el refugio cuando recojas a tu mascota. Firmar en papel no cuesta nada.`,
      `Tu consentimiento vale solo para este contrato. Puedes retirarlo antes de firmar: no firmes aquí y avísanos; después de firmar, retirarlo no deshace la firma, y te daremos una copia en papel.`,
      `Para abrir y guardar el contrato firmado necesitas un dispositivo que abra archivos PDF y una dirección de correo. Te enviamos el contrato firmado por correo y puedes descargarlo desde tu página de solicitudes.`,
      `Puedes pedirnos una copia en papel del contrato firmado cuando quieras, sin costo, al ${phone} o en ${email}.`,
    ],
    firstWeekGuide: [
      "Dale a tu mascota un cuarto tranquilo para ella los primeros días, con agua, una cama y (para un gato) un arenero.",
      "Sigue con la comida que te dio el refugio; si quieres cambiarla, hazlo poco a poco durante una o dos semanas.",
      "Paseos cortos y con correa; espera antes de ir a parques para perros o de juntarla con otras mascotas.",
      "Pide una cita con tu veterinario en las primeras dos semanas; lleva el historial de cuidados.",
      `Llámanos al ${phone} con cualquier pregunta: con gusto te ayudamos.`,
    ],
  },
};
