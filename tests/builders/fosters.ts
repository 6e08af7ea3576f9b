/** A foster application's answers that pass the full schema (decision 053). */
export const goodFosterAnswers: [string, string][] = [
  ["fullName", "Frankie Foster"],
  ["phone", "(707) 555-0190"],
  ["street", "12 Bay St"],
  ["city", "Arcata"],
  ["region", "CA"],
  ["postalCode", "95521"],
  ["ownership", "I rent it"],
  ["landlordAllowsPets", "Yes, in writing"],
  ["adults", "2"],
  ["children", "1"],
  ["childrenAges", "7"],
  ["otherPets", "One cat, 6 years"],
  ["otherPetsNeutered", "All of them"],
  ["otherPetsVaccinated", "All of them"],
  ["canTake", "cats"],
  ["canTake", "bottle-babies"],
  ["dogPlaces", "0"],
  ["catPlaces", "3"],
  ["awayFrom", "2027-01-10"],
  ["awayUntil", "2027-01-20"],
  ["transport", "I have a car"],
  ["agree", "on"],
];

/** A sent foster application (the person's foster record) in `status`, straight into D1. */
export async function insertFoster(
  d1: D1Database,
  userId: number,
  status: "applied" | "approved" | "active" | "on_break" = "approved",
) {
  const now = Date.now();
  const answers = JSON.stringify({ fullName: "Test Foster", canTake: "dogs,cats", dogPlaces: "1", catPlaces: "2" });
  const row = await d1
    .prepare(
      "insert into foster_applications (user_id, status, answers, submitted_at, status_changed_at, version, created_at, updated_at) values (?, ?, ?, ?, ?, 1, ?, ?) returning id",
    )
    .bind(userId, status, answers, now, now, now, now)
    .first<{ id: number }>();
  return row!.id;
}
