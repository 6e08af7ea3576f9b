import { action as signInAction } from "#app/routes/account/sign-in";
import { CookieJar, postForm, respond, type TestEnv } from "./harness";

/** Signs the account in through the real sign-in action; the jar carries its session cookie. */
export async function signedIn(t: TestEnv, account: { email: string; password: string }): Promise<CookieJar> {
  return new CookieJar().keep((await respond(t, signInAction, postForm("/sign-in", account))).headers);
}
