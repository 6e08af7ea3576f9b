import { activeLevels, catBreeds, characteristicOptions, dogBreeds } from "#app/lib/pets/breeds";
import { createRandom, type Random } from "./random";

/** One demo pet as the loader writes it; photos are described, drawn later by photos.ts. */
export interface DemoPet {
  animalId: string;
  name: string;
  species: "Cat" | "Dog";
  breed: string[];
  ageMonths: number;
  weightLbs: number;
  sex: "Male" | "Female";
  activeLevel: string;
  adoptionFee: number;
  about: string;
  characteristics: string[];
  photos: DemoPhoto[];
  arrivedDaysAgo: number;
  onHold?: { email: string; daysAgo: number };
  adopted?: { email: string; daysAgo: number };
  /** The name of the demo pet it is bonded with (decision 055); the loader records the pair both ways. */
  bondedWith?: string;
}

export interface DemoPhoto {
  key: string;
  species: "Cat" | "Dog";
  fur: string;
  accent: string;
  background: [string, string];
  pose: number;
}

/** Each name with the sex it reads as, so a visitor never meets a female "Buddy". */
const catNames: [string, "Male" | "Female"][] = [
  ["Luna", "Female"],
  ["Oliver", "Male"],
  ["Mochi", "Female"],
  ["Pepper", "Female"],
  ["Willow", "Female"],
  ["Simba", "Male"],
  ["Cleo", "Female"],
  ["Jasper", "Male"],
  ["Hazel", "Female"],
  ["Milo", "Male"],
  ["Poppy", "Female"],
  ["Tofu", "Male"],
  ["Juniper", "Female"],
  ["Biscuit", "Male"],
  ["Nala", "Female"],
  ["Ziggy", "Male"],
  ["Clementine", "Female"],
  ["Smokey", "Male"],
  ["Olive", "Female"],
  ["Pumpkin", "Male"],
  ["Saffron", "Female"],
  ["Figaro", "Male"],
  ["Marmalade", "Female"],
  ["Sprout", "Male"],
];

const dogNames: [string, "Male" | "Female"][] = [
  ["Buddy", "Male"],
  ["Daisy", "Female"],
  ["Cooper", "Male"],
  ["Rosie", "Female"],
  ["Bear", "Male"],
  ["Maple", "Female"],
  ["Tucker", "Male"],
  ["Lola", "Female"],
  ["Duke", "Male"],
  ["Penny", "Female"],
  ["Ranger", "Male"],
  ["Sadie", "Female"],
  ["Moose", "Male"],
  ["Ruby", "Female"],
  ["Finn", "Male"],
  ["Koda", "Male"],
  ["Bella", "Female"],
  ["Scout", "Male"],
  ["Winnie", "Female"],
  ["Otis", "Male"],
  ["Honey", "Female"],
  ["Gus", "Male"],
  ["Stella", "Female"],
  ["Rocco", "Male"],
  ["Dottie", "Female"],
  ["Bruno", "Male"],
  ["Pearl", "Female"],
  ["Hank", "Male"],
  ["Ginger", "Female"],
  ["Murphy", "Male"],
  ["Nova", "Female"],
  ["Thor", "Male"],
  ["Birdie", "Female"],
  ["Zeus", "Male"],
  ["Lady", "Female"],
  ["Rex", "Male"],
  ["Cocoa", "Female"],
  ["Bandit", "Male"],
  ["Ivy", "Female"],
  ["Samson", "Male"],
];

/** Weight range in pounds by breed, so the three size bands come out of real breeds. */
const dogWeights: Record<string, [number, number]> = {
  Pug: [14, 18],
  Mix: [20, 70],
  Jack_Russel: [13, 17],
  Collie: [45, 65],
  Dachshund: [11, 24],
  Rottweiler: [80, 115],
  Siberian: [35, 60],
  Labrador: [55, 80],
  Airedale: [50, 70],
  Husky: [35, 60],
  Retriever: [55, 75],
  Border: [30, 45],
  Chihuahua: [4, 7],
  Akita: [70, 110],
  Sheepdog: [60, 90],
  Cairn: [13, 16],
  Terrier: [15, 35],
  Pit_Bull: [40, 65],
  Boxer: [55, 70],
  Shepherd: [62, 90],
  German: [62, 88],
  Miniaure_Smooth_Haired: [8, 12],
};

const extraCharacteristics = ["Friendly", "Spunky", "Calm", "Foster_to_adopt", "Active", "Spirited"];

const catFurs = ["#f2a65a", "#4a4a4a", "#d9d4cc", "#8c6d51", "#f4e3c3", "#b4b8bd", "#2b2b2b", "#c77d3a"];
const dogFurs = ["#c58b4e", "#3b2f2a", "#e8d2a6", "#9a6b3f", "#f5efe6", "#6f4e37", "#d7b98e", "#1f1d1b"];
const backgrounds: [string, string][] = [
  ["#cfe8d5", "#7fb89a"],
  ["#f6e2c2", "#e0a96d"],
  ["#d6e4f0", "#7a9cc6"],
  ["#efd9e6", "#c48aa8"],
  ["#e9efc9", "#a8b86a"],
  ["#f3d5c0", "#d08a66"],
  ["#dfe7e2", "#8aa399"],
];

const catTraits = [
  "loves a sunny windowsill",
  "purrs the moment you sit down",
  "chases feather toys with gusto",
  "likes quiet evenings",
  "greets visitors at the door",
  "is curious about everything",
];
const dogTraits = [
  "knows sit and shake",
  "walks nicely on a leash",
  "loves a game of fetch",
  "is happiest on the couch",
  "adores belly rubs",
  "is learning to love car rides",
];

function aboutText(random: Random, name: string, species: "Cat" | "Dog", activeLevel: string) {
  const traits = species === "Cat" ? catTraits : dogTraits;
  const first = random.pick(traits);
  let second = random.pick(traits);
  if (second === first) second = traits[(traits.indexOf(first) + 1) % traits.length] as string;
  const energy = activeLevel.toLowerCase();
  return (
    `${name} is a ${energy} ${species === "Cat" ? "cat" : "dog"} who ${first} and ${second}. ` +
    `Our staff and volunteers will happily tell you more when you visit.`
  );
}

function photoKey(random: Random, name: string) {
  return `${name.toLowerCase()}-${random.alphanumeric(32)}.jpg`;
}

function demoPhotos(random: Random, name: string, species: "Cat" | "Dog", count: number): DemoPhoto[] {
  const fur = random.pick(species === "Cat" ? catFurs : dogFurs);
  const accent = random.pick(species === "Cat" ? catFurs : dogFurs);
  return Array.from({ length: count }, (_, index) => ({
    key: photoKey(random, name),
    species,
    fur,
    accent,
    background: random.pick(backgrounds),
    pose: index,
  }));
}

/**
 * The demo pets: 24 cats and 40 dogs covering every breed option, characteristic, active level and
 * size band, a few without photos or characteristics, 3 on hold and 3 newly adopted.
 */
export function demoPets(): DemoPet[] {
  const random = createRandom(6165);
  const pets: DemoPet[] = [];
  const usedIds = new Set<string>();
  const nextAnimalId = () => {
    let id: string;
    do id = `SEQ-A-${random.int(1000, 9999)}`;
    while (usedIds.has(id));
    usedIds.add(id);
    return id;
  };

  const all = [
    ...catNames.map(([name, sex], index) => ({ name, sex, species: "Cat" as const, index })),
    ...dogNames.map(([name, sex], index) => ({ name, sex, species: "Dog" as const, index })),
  ];

  all.forEach(({ name, sex, species, index }, position) => {
    const breeds: readonly string[] = species === "Cat" ? catBreeds : dogBreeds;
    const mainBreed = breeds[index % breeds.length] as string;
    const breed = species === "Dog" && index >= breeds.length && mainBreed !== "Mix" ? [mainBreed, "Mix"] : [mainBreed];
    const [minWeight, maxWeight] = species === "Cat" ? [6, 16] : (dogWeights[mainBreed] ?? [20, 60]);
    const weightLbs = random.int(minWeight * 10, maxWeight * 10) / 10;
    const activeLevel = activeLevels[position % activeLevels.length] as string;

    const characteristics: string[] = [];
    if (position % 11 !== 5) {
      characteristics.push(characteristicOptions[position % characteristicOptions.length] as string);
      if (position % 3 === 0)
        characteristics.push(extraCharacteristics[position % extraCharacteristics.length] as string);
      if (position % 4 === 1) {
        const another = random.pick(characteristicOptions);
        if (!characteristics.includes(another)) characteristics.push(another);
      }
    }

    const photoCount = position % 16 === 7 ? 0 : 1 + (position % 5);
    const ageMonths = random.int(2, 150);
    pets.push({
      animalId: nextAnimalId(),
      name,
      species,
      breed,
      ageMonths,
      weightLbs,
      sex,
      activeLevel,
      adoptionFee: species === "Cat" ? (ageMonths < 12 ? 125 : 75) : random.pick([95, 150, 195, 250]),
      about: aboutText(random, name, species, activeLevel),
      characteristics,
      photos: demoPhotos(random, name, species, photoCount),
      arrivedDaysAgo: position,
    });
  });

  const setHold = (name: string, email: string, daysAgo: number) => {
    const pet = pets.find((candidate) => candidate.name === name);
    if (pet) pet.onHold = { email, daysAgo };
  };
  const setAdopted = (name: string, email: string, daysAgo: number) => {
    const pet = pets.find((candidate) => candidate.name === name);
    if (pet) pet.adopted = { email, daysAgo };
  };
  // Two bonded pairs, each of pets already tagged Bonded: the match reasons name the partner.
  const setBonded = (first: string, second: string) => {
    const [a, b] = [first, second].map((name) => pets.find((candidate) => candidate.name === name));
    if (!a || !b) throw new Error(`No demo pet ${a ? second : first} to bond`);
    a.bondedWith = b.name;
    b.bondedWith = a.name;
  };
  setBonded("Luna", "Cleo");
  setBonded("Moose", "Dottie");
  setHold("Jasper", "adopter@example.com", 0);
  setHold("Tucker", "adopter@example.com", 1);
  // Past its end (the close of the next business day): the first scheduled run ends it (README).
  setHold("Ruby", "jordan.lee@example.com", 6);
  setAdopted("Poppy", "adopter@example.com", 3);
  setAdopted("Duke", "sam.rivera@example.com", 8);
  setAdopted("Koda", "sam.rivera@example.com", 16);
  return pets;
}
