/**
 * The pet form's upload by XMLHttpRequest (decision 038). XHR reports upload progress, which fetch
 * does not, but it follows redirects by itself and cannot read them; so a post marked with this
 * header is answered with JSON instead of a redirect or a page:
 *   `{ location }` when saved (the page then navigates there),
 *   `{ reply }` (the Conform reply the page would render) when sent back, with the action's status.
 * The actions answer `data({ location })` for such a request where they would redirect, and
 * entry.server turns the action's data into the JSON answer instead of rendering the page.
 */
export const uploadHeader = "X-Upload";
export const uploadHeaderValue = "xhr";

export function isUploadRequest(request: Request): boolean {
  return request.method === "POST" && request.headers.get(uploadHeader) === uploadHeaderValue;
}

export type UploadAnswer<Reply = unknown> = { location: string } | { reply: Reply };

/** The JSON answer for an action's data, or null when the action answered neither (then the page is rendered). */
export function uploadAnswerOf(actionData: unknown): UploadAnswer | null {
  if (typeof actionData !== "object" || actionData === null) return null;
  const { location, reply } = actionData as { location?: unknown; reply?: unknown };
  if (typeof location === "string" && location.startsWith("/") && !location.startsWith("//")) return { location };
  if (typeof reply === "object" && reply !== null) return { reply };
  return null;
}
