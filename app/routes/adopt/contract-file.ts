import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hasPermission } from "#app/lib/accounts/permissions";
import { readId } from "#app/lib/http/request";
import { getApplication } from "#app/models/applications.server";
import { papersById } from "#app/services/adoption-papers.server";
import { requireUser } from "#app/services/auth.server";

/**
 * A signed adoption contract (the PDF made at signing) or the scan of a paper one (decision 070), from
 * the private PAPERS bucket: for the adopter whose application it is, and staff who read the inbox.
 * Anyone else gets a 404, as for papers that do not exist. Never cached by a shared cache.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const notFound = () => new Response("Not found", { status: 404 });
  const id = readId(params.id);
  const papers = id ? await papersById(context.db, id) : undefined;
  if (!papers?.fileKey) throw notFound();
  const staff = hasPermission(viewer.role, "read:inbox");
  if (!staff) {
    const application = papers.applicationId ? await getApplication(context.db, papers.applicationId) : undefined;
    if (!application || application.applicant.id !== viewer.id) throw notFound();
  }
  const object = await context.papers.get(papers.fileKey);
  if (!object) throw notFound();
  const type = papers.fileType ?? "application/octet-stream";
  const extension = type === "application/pdf" ? "pdf" : (type.split("/")[1] ?? "bin");
  return new Response(object.body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="adoption-contract-${papers.documentId}.${extension}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
