import sharp from "sharp";
import type { DemoPhoto } from "./pets";

export const demoPhotoSize = { width: 1200, height: 900 };

function shade(hex: string, amount: number) {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, ((value >> shift) & 0xff) + amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, "0")).join("")}`;
}

function catHead(fur: string, accent: string) {
  const dark = shade(fur, -50);
  return `
    <path d="M-190,-120 L-150,-330 L-40,-190 Z" fill="${fur}" stroke="${dark}" stroke-width="8"/>
    <path d="M190,-120 L150,-330 L40,-190 Z" fill="${fur}" stroke="${dark}" stroke-width="8"/>
    <path d="M-160,-150 L-145,-280 L-75,-185 Z" fill="#f3b6c0"/>
    <path d="M160,-150 L145,-280 L75,-185 Z" fill="#f3b6c0"/>
    <ellipse cx="0" cy="0" rx="230" ry="200" fill="${fur}" stroke="${dark}" stroke-width="8"/>
    <path d="M-60,-195 Q0,-120 60,-195" fill="${accent}" opacity="0.6"/>
    <ellipse cx="-85" cy="-30" rx="42" ry="52" fill="#f7f3d6"/>
    <ellipse cx="85" cy="-30" rx="42" ry="52" fill="#f7f3d6"/>
    <ellipse cx="-85" cy="-25" rx="16" ry="40" fill="#1d1d1d"/>
    <ellipse cx="85" cy="-25" rx="16" ry="40" fill="#1d1d1d"/>
    <circle cx="-78" cy="-45" r="8" fill="#fff"/><circle cx="92" cy="-45" r="8" fill="#fff"/>
    <path d="M-24,45 L24,45 L0,72 Z" fill="#e88a9a"/>
    <path d="M0,72 Q-30,110 -60,95 M0,72 Q30,110 60,95" stroke="${dark}" stroke-width="7" fill="none"/>
    <path d="M-110,60 L-300,30 M-110,80 L-300,95 M110,60 L300,30 M110,80 L300,95" stroke="${dark}" stroke-width="5"/>`;
}

function dogHead(fur: string, accent: string) {
  const dark = shade(fur, -55);
  return `
    <ellipse cx="-215" cy="-20" rx="75" ry="170" fill="${accent}" stroke="${shade(accent, -50)}" stroke-width="8" transform="rotate(18 -215 -20)"/>
    <ellipse cx="215" cy="-20" rx="75" ry="170" fill="${accent}" stroke="${shade(accent, -50)}" stroke-width="8" transform="rotate(-18 215 -20)"/>
    <ellipse cx="0" cy="-10" rx="210" ry="215" fill="${fur}" stroke="${dark}" stroke-width="8"/>
    <ellipse cx="0" cy="95" rx="120" ry="95" fill="${shade(fur, 40)}"/>
    <circle cx="-80" cy="-60" r="30" fill="#2a1d14"/><circle cx="80" cy="-60" r="30" fill="#2a1d14"/>
    <circle cx="-70" cy="-70" r="9" fill="#fff"/><circle cx="90" cy="-70" r="9" fill="#fff"/>
    <ellipse cx="0" cy="45" rx="48" ry="34" fill="#1e1a18"/>
    <path d="M0,80 L0,120 M0,120 Q-45,150 -75,120 M0,120 Q45,150 75,120" stroke="#1e1a18" stroke-width="8" fill="none"/>
    <path d="M-30,135 Q0,215 30,135 Z" fill="#e36f7e"/>`;
}

function prop(pose: number) {
  switch (pose % 4) {
    case 1:
      return `<circle cx="960" cy="720" r="70" fill="#e4572e"/><path d="M900,690 Q960,740 1020,690" stroke="#fff" stroke-width="10" fill="none"/>`;
    case 2:
      return `<circle cx="230" cy="740" r="80" fill="#4f7cac"/><path d="M160,720 Q230,660 300,740 M170,770 Q240,700 310,770" stroke="#a8c5e2" stroke-width="8" fill="none"/>`;
    case 3:
      return `<rect x="0" y="760" width="1200" height="140" fill="#8d6e52" opacity="0.55"/>`;
    default:
      return "";
  }
}

/** An SVG drawing of the pet: the same animal in each of its photos, framed differently. */
export function demoPhotoSvg(photo: DemoPhoto) {
  const { width, height } = demoPhotoSize;
  const [light, deep] = photo.background;
  const scale = [1, 1.25, 0.85, 1.1, 0.95][photo.pose % 5] as number;
  const offsetX = [600, 520, 700, 640, 560][photo.pose % 5] as number;
  const tilt = [0, -8, 7, -4, 10][photo.pose % 5] as number;
  const head = photo.species === "Cat" ? catHead(photo.fur, photo.accent) : dogHead(photo.fur, photo.accent);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <radialGradient id="bg" cx="45%" cy="35%" r="80%"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <g opacity="0.18" fill="#ffffff">
    <circle cx="150" cy="130" r="90"/><circle cx="1080" cy="160" r="120"/><circle cx="1000" cy="820" r="60"/>
  </g>
  ${prop(photo.pose)}
  <ellipse cx="${offsetX}" cy="${480 + 240 * scale}" rx="${260 * scale}" ry="${40 * scale}" fill="#000" opacity="0.15"/>
  <g transform="translate(${offsetX} 470) rotate(${tilt}) scale(${scale})">${head}</g>
</svg>`;
}

/**
 * The photo as a JPEG, as a phone's upload would arrive after the browser's resize. Plain libjpeg-turbo, not
 * mozjpeg: an original is never served (only its copies are), and mozjpeg took 60 % of the time that a clean
 * clone's first load of the demo photos spends on the originals.
 */
export async function renderDemoPhoto(photo: DemoPhoto): Promise<Uint8Array> {
  const jpeg = await sharp(Buffer.from(demoPhotoSvg(photo)))
    .jpeg({ quality: 82 })
    .toBuffer();
  return new Uint8Array(jpeg);
}
