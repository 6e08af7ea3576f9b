import { existsSync } from "node:fs";

/**
 * Real photographs for the benchmark (issue 18): five camera photos of 8 to 16 megapixels from
 * Debian's `lomiri-wallpapers-16.04` package (`apt-get install lomiri-wallpapers-16.04`, files in
 * /usr/share/backgrounds). Only one of its photographs is public domain (CC0); the other four are
 * CC BY or CC BY-SA 4.0, credited here. They are read at benchmark time only, never copied into this
 * repository or shipped. Chosen to look like what staff upload: a subject with a background, sharp
 * detail, 3:2, 4:3 and 16:9, one in portrait.
 */
export const realPhotos = [
  { file: "/usr/share/backgrounds/seeding_by_Clements_Engelhardt.jpg", credit: "Clemens Engelhardt, CC0 1.0" },
  { file: "/usr/share/backgrounds/Dragonfly_by_Bolly.jpg", credit: '"Bolly", CC BY-SA 4.0' },
  { file: "/usr/share/backgrounds/picosdeeuropa_by_Aitzol_Berasategi.jpg", credit: "Aitzol Berasategi, CC BY 4.0" },
  { file: "/usr/share/backgrounds/sunset_by_Aitzol_Berasategi.jpg", credit: "Aitzol Berasategi, CC BY 4.0" },
  { file: "/usr/share/backgrounds/friends_by_Aitzol_Berasategi.jpg", credit: "Aitzol Berasategi, CC BY 4.0" },
] as const;

/** The photos' paths, or an error that says how to get them. */
export function realPhotoFiles(): string[] {
  const missing = realPhotos.filter((photo) => !existsSync(photo.file));
  if (missing.length > 0) {
    throw new Error(
      `The benchmark's real photographs are missing (${missing.map((photo) => photo.file).join(", ")}). Install them with: apt-get install -y lomiri-wallpapers-16.04`,
    );
  }
  return realPhotos.map((photo) => photo.file);
}
