/**
 * Every address of the site and the file that answers it (decision 069). Route modules sit in
 * app/routes/ by area (site, adopt, match, account, foster, volunteer, give, photos, petadmin); this
 * table is the only way Remix finds them (remix.config.js turns off its file-name convention), so a
 * newcomer reads a URL here and opens its file. `docs/architecture.md` prints it as a table
 * (`scripts/lib/route-table-doc.test.ts` checks that the two agree).
 *
 * Ids are Remix's route ids (`useRouteLoaderData("routes/_main")`, the bench's list, the catalogues):
 * they are the names the files had under the old flat convention and stay as they are, so moving a
 * file never changes an id. Paths are relative to their parent's; "es?" is the optional Spanish
 * prefix (decision 057) of every page under the main layout.
 */
export interface RouteEntry {
  id: string;
  /** Relative to the parent's path; none for an index route without a segment of its own. */
  path?: string;
  index?: true;
  /** Relative to app/. */
  file: string;
  children?: RouteEntry[];
}

export const routeTable: RouteEntry[] = [
  {
    id: "routes/_main",
    path: "es?",
    file: "routes/site/layout.tsx",
    children: [
      // The site
      { id: "routes/_main._index", index: true, file: "routes/site/home.tsx" },
      { id: "routes/_main.join", path: "join", file: "routes/site/join.tsx" },
      { id: "routes/_main.statistics", path: "statistics", file: "routes/site/statistics.tsx" },
      { id: "routes/_main.newsletter.confirm", path: "newsletter/confirm", file: "routes/site/newsletter-confirm.tsx" },
      {
        id: "routes/_main.newsletter.unsubscribe",
        path: "newsletter/unsubscribe",
        file: "routes/site/newsletter-unsubscribe.tsx",
      },
      { id: "routes/_main.$", path: "*", file: "routes/site/not-found.tsx" },
      // Adopting
      { id: "routes/_main.adopt._index", path: "adopt", index: true, file: "routes/adopt/index.tsx" },
      { id: "routes/_main.adopt.$species", path: "adopt/:species", file: "routes/adopt/species.tsx" },
      { id: "routes/_main.adopt.pet", path: "adopt/pet", file: "routes/adopt/pet.tsx" },
      { id: "routes/_main.adopt.apply", path: "adopt/apply", file: "routes/adopt/apply.tsx" },
      { id: "routes/_main.adopted", path: "adopted", file: "routes/adopt/adopted.tsx" },
      { id: "routes/_main.on-hold", path: "on-hold", file: "routes/adopt/on-hold.tsx" },
      { id: "routes/_main.favorite", path: "favorite", file: "routes/adopt/favorite.tsx" },
      { id: "routes/_main.applications", path: "applications", file: "routes/adopt/applications.tsx" },
      {
        id: "routes/_main.applications_.$id.visit",
        path: "applications/:id/visit",
        file: "routes/adopt/application-visit.tsx",
      },
      {
        id: "routes/_main.applications_.$id.checkout",
        path: "applications/:id/checkout",
        file: "routes/adopt/application-checkout.tsx",
      },
      {
        id: "routes/_main.alerts.unsubscribe",
        path: "alerts/unsubscribe",
        file: "routes/adopt/alerts-unsubscribe.tsx",
      },
      { id: "routes/_main.care.stop", path: "care/stop", file: "routes/adopt/care-stop.tsx" },
      { id: "routes/_main.care.answer", path: "care/answer", file: "routes/adopt/care-answer.tsx" },
      { id: "routes/_main.match", path: "match", file: "routes/match/route.tsx" },
      // Giving
      { id: "routes/_main.donate", path: "donate", file: "routes/give/donate.tsx" },
      { id: "routes/_main.donate_.thanks", path: "donate/thanks", file: "routes/give/thanks.tsx" },
      { id: "routes/_main.donate_.manage", path: "donate/manage", file: "routes/give/manage.tsx" },
      // Accounts
      { id: "routes/_main.register", path: "register", file: "routes/account/register.tsx" },
      { id: "routes/_main.sign-in", path: "sign-in", file: "routes/account/sign-in.tsx" },
      { id: "routes/_main.sign-in-required", path: "sign-in-required", file: "routes/account/sign-in-required.tsx" },
      { id: "routes/_main.forgot-password", path: "forgot-password", file: "routes/account/forgot-password.tsx" },
      { id: "routes/_main.reset-password", path: "reset-password", file: "routes/account/reset-password.tsx" },
      { id: "routes/_main.verify-email", path: "verify-email", file: "routes/account/verify-email.tsx" },
      { id: "routes/_main.user-profile", path: "user-profile", file: "routes/account/user-profile.tsx" },
      // Lost and found
      { id: "routes/_main.lost-found._index", path: "lost-found", index: true, file: "routes/lost-found/index.tsx" },
      { id: "routes/_main.lost-found.report", path: "lost-found/report", file: "routes/lost-found/report.tsx" },
      { id: "routes/_main.lost-found.confirm", path: "lost-found/confirm", file: "routes/lost-found/confirm.tsx" },
      {
        id: "routes/_main.lost-found.$id._index",
        path: "lost-found/:id",
        index: true,
        file: "routes/lost-found/report-page.tsx",
      },
      {
        id: "routes/_main.lost-found.$id.$action",
        path: "lost-found/:id/:action",
        file: "routes/lost-found/reporter-link.tsx",
      },
      {
        id: "routes/_main.lost-found.messages.confirm",
        path: "lost-found/messages/confirm",
        file: "routes/lost-found/message-confirm.tsx",
      },
      {
        id: "routes/_main.lost-found.messages.$thread",
        path: "lost-found/messages/:thread",
        file: "routes/lost-found/message-reply.tsx",
      },
      // Fostering and volunteering
      { id: "routes/_main.foster", path: "foster", file: "routes/foster/index.tsx" },
      { id: "routes/_main.foster_.apply", path: "foster/apply", file: "routes/foster/apply.tsx" },
      { id: "routes/_main.foster_.pets", path: "foster/pets", file: "routes/foster/pets.tsx" },
      { id: "routes/_main.volunteer", path: "volunteer", file: "routes/volunteer/index.tsx" },
      { id: "routes/_main.volunteer_.apply", path: "volunteer/apply", file: "routes/volunteer/apply.tsx" },
      { id: "routes/_main.volunteer_.confirm", path: "volunteer/confirm", file: "routes/volunteer/confirm.tsx" },
      // Pet Admin (staff)
      {
        id: "routes/_main.petadmin",
        path: "petadmin",
        file: "routes/petadmin/layout.tsx",
        children: [
          { id: "routes/_main.petadmin._index", index: true, file: "routes/petadmin/index.tsx" },
          { id: "routes/_main.petadmin.create", path: "create", file: "routes/petadmin/create.tsx" },
          { id: "routes/_main.petadmin.edit", path: "edit", file: "routes/petadmin/edit/route.tsx" },
          { id: "routes/_main.petadmin.pets.$id.stays", path: "pets/:id/stays", file: "routes/petadmin/pet-stays.tsx" },
          { id: "routes/_main.petadmin.pets.$id.care", path: "pets/:id/care", file: "routes/petadmin/pet-care.tsx" },
          { id: "routes/_main.petadmin.flyers", path: "flyers", file: "routes/petadmin/flyers.tsx" },
          { id: "routes/_main.petadmin.fosters", path: "fosters", file: "routes/petadmin/fosters.tsx" },
          { id: "routes/_main.petadmin.visits", path: "visits", file: "routes/petadmin/visits.tsx" },
          { id: "routes/_main.petadmin.staff", path: "staff", file: "routes/petadmin/staff.tsx" },
          { id: "routes/_main.petadmin.security", path: "security", file: "routes/petadmin/security.tsx" },
          { id: "routes/_main.petadmin.lost-found", path: "lost-found", file: "routes/petadmin/lost-found.tsx" },
          { id: "routes/_main.petadmin.reports", path: "reports", file: "routes/petadmin/reports.tsx" },
          { id: "routes/_main.petadmin.donations", path: "donations", file: "routes/petadmin/donations.tsx" },
          {
            id: "routes/_main.petadmin.inbox._index",
            path: "inbox",
            index: true,
            file: "routes/petadmin/inbox/index.tsx",
          },
          {
            id: "routes/_main.petadmin.inbox.application.$id",
            path: "inbox/application/:id",
            file: "routes/petadmin/inbox/application.tsx",
          },
          {
            id: "routes/_main.petadmin.inbox.foster.$id",
            path: "inbox/foster/:id",
            file: "routes/petadmin/inbox/foster.tsx",
          },
          {
            id: "routes/_main.petadmin.inbox.volunteer.$id",
            path: "inbox/volunteer/:id",
            file: "routes/petadmin/inbox/volunteer.tsx",
          },
          {
            id: "routes/_main.petadmin.inbox.message.$id",
            path: "inbox/message/:id",
            file: "routes/petadmin/inbox/message.tsx",
          },
        ],
      },
    ],
  },
  // Outside the main layout: e-mailed links, the flyer, resources and files
  { id: "routes/confirm-email", path: "es?/confirm-email", file: "routes/account/confirm-email.tsx" },
  { id: "routes/logout", path: "logout", file: "routes/account/logout.tsx" },
  {
    id: "routes/auth.google",
    path: "auth/google",
    file: "routes/account/google.tsx",
    children: [{ id: "routes/auth.google.callback", path: "callback", file: "routes/account/google-callback.tsx" }],
  },
  { id: "routes/adopt.flyer", path: "es?/adopt/flyer", file: "routes/adopt/flyer.tsx" },
  { id: "routes/adopt.feed[.xml]", path: "adopt/feed.xml", file: "routes/adopt/feed.xml.ts" },
  { id: "routes/adopt.$species.feed[.xml]", path: "adopt/:species/feed.xml", file: "routes/adopt/species-feed.xml.ts" },
  { id: "routes/alerts.new-pets", path: "alerts/new-pets", file: "routes/adopt/alerts-new-pets.tsx" },
  { id: "routes/favorites.toggle", path: "favorites/toggle", file: "routes/adopt/favorites-toggle.tsx" },
  { id: "routes/photos.$key", path: "photos/:key", file: "routes/photos/photo.ts" },
  { id: "routes/photos.share.$key", path: "photos/share/:key", file: "routes/photos/share-image.ts" },
  {
    id: "routes/petadmin.foster-note-photos.$key",
    path: "petadmin/foster-note-photos/:key",
    file: "routes/petadmin/foster-note-photo.ts",
  },
  {
    id: "routes/petadmin.story-photos.$key",
    path: "petadmin/story-photos/:key",
    file: "routes/petadmin/story-photo.ts",
  },
  { id: "routes/petadmin.donations[.csv]", path: "petadmin/donations.csv", file: "routes/petadmin/donations.csv.ts" },
  { id: "routes/webhooks.stripe", path: "webhooks/stripe", file: "routes/give/stripe-webhook.ts" },
  { id: "routes/papers.$id.contract", path: "papers/:id/contract", file: "routes/adopt/contract-file.ts" },
  { id: "routes/petadmin.reports[.csv]", path: "petadmin/reports.csv", file: "routes/petadmin/reports.csv.ts" },
  {
    id: "routes/petadmin.subscribers[.csv]",
    path: "petadmin/subscribers.csv",
    file: "routes/petadmin/subscribers.csv.ts",
  },
  { id: "routes/language", path: "language", file: "routes/site/language.tsx" },
  { id: "routes/healthz", path: "healthz", file: "routes/site/healthz.ts" },
  { id: "routes/robots[.txt]", path: "robots.txt", file: "routes/site/robots.txt.ts" },
  { id: "routes/sitemap[.xml]", path: "sitemap.xml", file: "routes/site/sitemap.xml.ts" },
  { id: "routes/sw[.js]", path: "sw.js", file: "routes/site/sw.js.ts" },
  { id: "routes/dev.outbox", path: "dev/outbox", file: "routes/site/dev-outbox.tsx" },
  { id: "routes/dev.test-data", path: "dev/test-data", file: "routes/site/dev-test-data.ts" },
];

/** Every entry, parents before children, with its parent's id and its full path ("" for the root index). */
export function flatRouteTable(
  entries = routeTable,
  parent?: { id: string; path: string },
): (RouteEntry & { parentId?: string; fullPath: string })[] {
  return entries.flatMap((entry) => {
    const fullPath = [parent?.path, entry.path].filter(Boolean).join("/");
    const row = { ...entry, parentId: parent?.id, fullPath };
    return [row, ...flatRouteTable(entry.children ?? [], { id: entry.id, path: fullPath })];
  });
}
