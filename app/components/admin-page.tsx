import { Trans } from "@lingui/react/macro";
import { Link, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { useLocalePath } from "#app/components/locale";

/**
 * What a Pet Admin page tells the layout (routes/petadmin/layout.tsx) through its route `handle`:
 * - `adminBack`: the "‹ Pet Admin" link above the page: shown unless "none" (the landing page, and
 *   pages with a back link of their own, as an inbox item's "‹ Inbox"); a function of the route's data
 *   where it depends on the view (/petadmin/edit: the list has it, a pet's page goes back to the list);
 * - `adminPageClass`: a class beside `container admin-page` (`application-page`, `visits-page`).
 */
export interface AdminPageHandle {
  adminBack?: "pet-admin" | "none" | ((data: unknown) => "pet-admin" | "none");
  adminPageClass?: string;
}

/** An inbox item's page (an application, a foster, a volunteer, a message): its own "‹ Inbox", and its class. */
export const applicationPageHandle: AdminPageHandle = { adminBack: "none", adminPageClass: "application-page" };

/** The chrome of every Pet Admin page: its container and, unless the page opts out, "‹ Pet Admin". */
export function AdminPage({ children }: { children: ReactNode }) {
  const href = useLocalePath();
  const page = useMatches().at(-1);
  const handle = (page?.handle ?? {}) as AdminPageHandle;
  const back =
    typeof handle.adminBack === "function" ? handle.adminBack(page?.data) : (handle.adminBack ?? "pet-admin");
  return (
    <div className={handle.adminPageClass ? `container admin-page ${handle.adminPageClass}` : "container admin-page"}>
      {back === "pet-admin" ? (
        <p>
          <Link to={href("/petadmin")}>
            ‹ <Trans>Pet Admin</Trans>
          </Link>
        </p>
      ) : null}
      {children}
    </div>
  );
}
