/** Colour of a characteristic tag (spec §3), by its readable, case-insensitive text. */
export type TagColour = "red" | "orange" | "yellow" | "blue" | "green" | "purple" | "grey";

const colourByTag: Record<string, TagColour> = {
  "no dogs": "red",
  "no cats": "red",
  active: "red",
  spunky: "orange",
  "foster to adopt": "yellow",
  spirited: "yellow",
  shy: "blue",
  calm: "blue",
  friendly: "green",
  bonded: "purple",
};

export function tagColour(characteristic: string): TagColour {
  const key = characteristic.replace(/_+/g, " ").trim().toLowerCase();
  // Own keys only: a characteristic typed as "constructor" is grey, not a function of Object.prototype.
  return Object.hasOwn(colourByTag, key) ? colourByTag[key]! : "grey";
}
