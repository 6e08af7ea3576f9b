import { i18n } from "@lingui/core";

/**
 * The Spanish of the texts in shelter.ts (decision 058): each English text shown on the site, as it is
 * written there (and in shelter-pages.ts), and how the Spanish pages say it. A shelter that rebrands
 * edits both files; a test fails when a text the layout or the home page shows has no Spanish here.
 * (Staff-typed content and names stay as written.)
 */
export const shelterTextsEs: Record<string, string> = {
  "Saving lives, one animal at a time": "Salvando vidas, un animal a la vez",
  Adopt: "Adopción",
  "Adoption process": "Cómo adoptar",
  "Adoption policy": "Política de adopción",
  "Private adoptions": "Adopciones entre particulares",
  Donate: "Donar",
  "Give online": "Dona en línea",
  "Medical fund": "Fondo médico",
  "Vehicle donation": "Dona un vehículo",
  "Planned giving": "Donaciones planificadas",
  "Walk for a dog": "Camina por un perro",
  "Shopping partners": "Tiendas aliadas",
  "Wish List": "Lista de deseos",
  Programs: "Programas",
  "Spay/neuter assistance": "Ayuda para esterilización",
  Microchipping: "Microchip",
  "Lost or found animals": "Animales perdidos o encontrados",
  Surrenders: "Entrega de animales",
  Services: "Servicios",
  Events: "Eventos",
  Resources: "Recursos",
  "Vaccine clinics": "Clínicas de vacunación",
  "Pet emergency funding": "Ayuda para emergencias veterinarias",
  "Report animal abuse": "Denuncia el maltrato animal",
  Education: "Educación",
  About: "Nosotros",
  Newsletter: "Boletín",
  "Mission and vision": "Misión y visión",
  Board: "Junta directiva",
  Statistics: "Estadísticas",
  "Thrift shop": "Tienda de segunda mano",
  Contact: "Contacto",
  "Join the team": "Únete al equipo",
  // What the home page shows (shelter.ts and shelter-pages.ts).
  "Eureka, California": "Eureka, California",
  "Humboldt County": "el condado de Humboldt",
  "Tuesday to Sunday, 11 am to 5 pm": "De martes a domingo, de 11 a. m. a 5 p. m.",
  // The donate page's impacts (shelter-pages.ts donationImpacts).
  "vaccinates and microchips one kitten": "vacuna y pone microchip a un gatito",
  "feeds a dog for a month": "alimenta a un perro durante un mes",
  "pays for a spay or neuter surgery": "paga una cirugía de esterilización",
  // What the visit emails ask adopters to bring (shelter.visits.whatToBring).
  "a photo ID, proof of your address, and your landlord's permission if you rent; bring everyone who lives with you (dogs too, for a dog)":
    "una identificación con foto, un comprobante de domicilio y el permiso de tu arrendador si rentas; trae a todas las personas que viven contigo (y a tus perros, si vas a adoptar un perro)",
  "Animals rescued": "Animales rescatados",
  Adoptions: "Adopciones",
  Volunteers: "Voluntarios",
  "No-kill, always": "Sin sacrificio, siempre",
  "Every healthy or treatable animal in our care stays with us until the right family comes along.":
    "Cada animal sano o tratable que cuidamos se queda con nosotros hasta que llega la familia indicada.",
  "Vet care included": "Atención veterinaria incluida",
  "Pets go home spayed or neutered, vaccinated and microchipped, with their medical records.":
    "Las mascotas se van a casa esterilizadas, vacunadas y con microchip, junto con su historial médico.",
  "Matched with care": "Compatibilidad con cuidado",
  "Our questionnaire and staff help you find a pet whose energy and needs fit your home.":
    "Nuestro cuestionario y nuestro equipo te ayudan a encontrar una mascota cuya energía y necesidades encajen con tu hogar.",
  "Support after adoption": "Apoyo después de la adopción",
  "Training tips, a behaviour helpline and low-cost clinics for as long as you need them.":
    "Consejos de entrenamiento, una línea de ayuda sobre comportamiento y clínicas de bajo costo durante el tiempo que las necesites.",
  "We came in for a quiet cat and left with Biscuit, who greets us at the door every evening. The team knew exactly who would fit our apartment.":
    "Vinimos buscando un gato tranquilo y salimos con Biscuit, que nos recibe en la puerta cada noche. El equipo sabía exactamente quién encajaría en nuestro apartamento.",
  "Ranger was shy for weeks at the shelter. Two months later he sleeps on the sofa and steals socks. Thank you for giving him time.":
    "Ranger estuvo tímido durante semanas en el refugio. Dos meses después duerme en el sofá y roba calcetines. Gracias por darle tiempo.",
};

/**
 * A text of shelter.ts in the page's language: as written for English, from the list above for Spanish.
 * The list is read on the server only; in the browser the Spanish comes from the page's catalogues,
 * into which the build puts the texts the page's code holds (decision 059), so the browser never
 * loads the whole list.
 */
export function shelterText(text: string, locale: "en" | "es"): string {
  if (locale !== "es") return text;
  if (import.meta.env.SSR) return shelterTextsEs[text] ?? text;
  const id = shelterTextId(text);
  return i18n.messages[id] ? i18n._(id) : text;
}

/** The catalogue id of a text above in the browser's catalogues. */
export function shelterTextId(text: string): string {
  return `shelter:${text}`;
}
