import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { requireStaff } from "#app/services/auth.server";

/**
 * Everything under /petadmin (and /petAdmin: routes match regardless of case) is for staff. Each page
 * and action below also checks its own permission.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(context, request, "read:pet");
  return { role: staff.role };
}

export default function PetAdminLayout() {
  return <Outlet />;
}
