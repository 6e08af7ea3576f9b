import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { hasPermission } from "#app/lib/permissions";
import { pageMeta } from "#app/lib/meta";
import type { loader as petAdminLoader } from "./_main.petadmin";
import { shelter } from "#app/config/shelter";

export const meta: MetaFunction = () => pageMeta("Pet Admin", `Staff tools of the ${shelter.name}: pets and staff.`);

export default function PetAdminHome() {
  const data = useRouteLoaderData<typeof petAdminLoader>("routes/_main.petadmin");
  return (
    <div className="container admin-page">
      <h1>Pet Admin</h1>
      <ul className="admin-links">
        <li>
          <Link to="/petadmin/create" className="button button--primary">
            Create pet
          </Link>
        </li>
        <li>
          <Link to="/petadmin/edit" className="button button--primary">
            Edit and delete pet
          </Link>
        </li>
        {data && hasPermission(data.role, "read:member") ? (
          <li>
            <Link to="/petadmin/staff" className="button">
              Staff and invitations
            </Link>
          </li>
        ) : null}
        {data && hasPermission(data.role, "read:security-event") ? (
          <li>
            <Link to="/petadmin/security" className="button">
              Security log
            </Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
