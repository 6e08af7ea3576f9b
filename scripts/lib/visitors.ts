/**
 * Visitors the load test and the benchmark play against a local server: one who answered the
 * matchmaker's questionnaire, and one signed in with a password. Each returns the cookie header its
 * browser would send back.
 */

/** Cookies a response sets, as the name=value pairs a browser would send back. */
export function cookiesOf(response: Response) {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

export const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();

/** The headers of a form the site's own page sends. */
export const sameOriginForm = (origin: string) => ({
  Origin: origin,
  "Sec-Fetch-Site": "same-origin",
  "Content-Type": "application/x-www-form-urlencoded",
});

/** One answer per question of the matching questionnaire, as its form posts it (app/lib/match/questionnaire-schemas.ts). */
export const questionnaire: [string, [string, string][]][] = [
  ["a1", [["housing", "House"]]],
  ["a2", [["children", "0"]]],
  ["a3", [["allergic", "No"]]],
  ["a4", [["hasPets", "No"]]],
  ["p1", [["species", "Dog"]]],
  [
    "p2",
    [
      ["fromAge", "All"],
      ["toAge", "All"],
    ],
  ],
  [
    "p3",
    [
      ["sizes", "Small"],
      ["sizes", "Medium"],
      ["sizes", "Large"],
    ],
  ],
  [
    "p4",
    [
      ["levels", "Very active"],
      ["levels", "Moderately active"],
    ],
  ],
];

/**
 * Answers the whole questionnaire as a visitor would (each POST must redirect, or the body is wrong)
 * and returns the cookie that makes GET /match show the results.
 */
export async function answerQuestionnaire(origin: string): Promise<string> {
  let cookies: string[] = [];
  const post = async (fields: [string, string][]) => {
    const response = await fetch(`${origin}/match`, {
      method: "POST",
      redirect: "manual",
      headers: { ...sameOriginForm(origin), Cookie: cookies.join("; ") },
      body: form(fields),
    });
    await response.arrayBuffer();
    if (response.status !== 302) throw new Error(`POST /match ${JSON.stringify(fields)} answered ${response.status}`);
    const set = cookiesOf(response);
    if (set.length > 0) cookies = set;
  };
  await post([["intent", "continue"]]);
  for (const [question, fields] of questionnaire) await post([["intent", "answer"], ["question", question], ...fields]);
  await post([["intent", "match"]]);
  const matchCookie = cookies.join("; ");
  if (!matchCookie.startsWith("match=")) throw new Error("POST /match set no match cookie");
  return matchCookie;
}

/** Signs in with the sign-in form and returns the session cookie; fails unless the form redirects. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: sameOriginForm(origin),
    body: form([
      ["email", email],
      ["password", password],
      ["redirectTo", "/"],
    ]),
  });
  await response.arrayBuffer();
  const cookies = cookiesOf(response);
  if (response.status !== 302 || cookies.length === 0)
    throw new Error(`signing in as ${email} answered ${response.status}`);
  return cookies.join("; ");
}

/**
 * A donor who gave $50 monthly through the payment provider's stand-in (decision 065), in the page's
 * language: the form's 303 to the stand-in's page, Pay there (its signed webhook records the gift), and
 * the thank-you address it leads back to. Returns that address's path.
 */
export async function giveMonthly(origin: string, language: "en" | "es"): Promise<string> {
  const prefix = language === "es" ? "/es" : "";
  const started = await fetch(`${origin}${prefix}/donate`, {
    method: "POST",
    redirect: "manual",
    headers: sameOriginForm(origin),
    body: form([
      ["amount", "50"],
      ["frequency", "monthly"],
      ["name", "Bench Donor"],
      ["email", `bench.donor.${language}@example.com`],
      ["fund", "general"],
    ]),
  });
  const providerPage = started.headers.get("Location");
  if (started.status !== 303 || !providerPage) throw new Error(`${prefix}/donate answered ${started.status}`);
  const paid = await fetch(`${providerPage}/pay`, { method: "POST", redirect: "manual" });
  const thanks = paid.headers.get("Location");
  if (paid.status !== 303 || !thanks) throw new Error(`the stand-in's Pay answered ${paid.status}`);
  const url = new URL(thanks);
  return url.pathname + url.search;
}
