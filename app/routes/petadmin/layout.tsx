import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { AdminPage } from "#app/components/admin-page";
import { requireStaff } from "#app/services/auth.server";

/**
 * Everything under /petadmin (and /petAdmin: routes match regardless of case) is for staff. Each page
 * and action below also checks its own permission. Each page's chrome (the container and "‹ Pet Admin")
 * is here; a page says through its `handle` if it has no back link or a class of its own (AdminPageHandle).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(context, request, "read:pet");
  return { role: staff.role };
}

export default function PetAdminLayout() {
  return (
    <AdminPage>
      <Outlet />
    </AdminPage>
  );
}
