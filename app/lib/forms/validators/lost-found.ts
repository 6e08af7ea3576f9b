import { lostFoundReportSchema } from "#app/lib/lost-found/schema";
import { formCheck } from "./form-check";

// The lost and found report checked in the browser, loaded on first use (docs/decisions/037), with
// the browser's own today (the server checks with its own, a day of slack either way).
export const lostFoundReport = formCheck(lostFoundReportSchema(new Date().toISOString().slice(0, 10)));
