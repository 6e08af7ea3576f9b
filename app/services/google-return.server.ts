import { siteCookie } from "./site-cookie.server";

/** Where to go after Google sign-in, kept for the round trip to the provider. */
export const googleReturnTo = (request: Request) =>
  siteCookie(request, "google-return-to", { httpOnly: true, sameSite: "lax", maxAge: 600 });
