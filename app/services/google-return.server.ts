import { createCookie } from "@remix-run/cloudflare";

/** Where to go after Google sign-in, kept for the round trip to the provider. */
export const googleReturnTo = createCookie("google-return-to", { path: "/auth/google", httpOnly: true, sameSite: "lax", maxAge: 600 });
