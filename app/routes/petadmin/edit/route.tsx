import { useLoaderData } from "@remix-run/react";
import type { AdminPageHandle } from "#app/components/admin-page";
import { routeMeta } from "#app/lib/i18n/meta";
import { revalidateAfterConflict } from "#app/lib/forms/revalidate-after-conflict";
import type { loader } from "./edit.server";
import { PetList } from "./pet-list";
import { PetView } from "./pet-view";

export { action, loader } from "./edit.server";

/**
 * /petadmin/edit: two pages on one address (decision 051). Without `pet_id`, the list of pets to find
 * one and "Recently deleted" (pet-list.tsx); with it, that pet's page: its form, publish, hold, adopt
 * and delete, and its description and history (pet-view.tsx).
 */
export const meta = routeMeta;

/** The list has the layout's "‹ Pet Admin"; a pet's page has its own "‹ All pets" (pet-view.tsx). */
export const handle: AdminPageHandle = {
  adminBack: (data) => ((data as { view?: string } | undefined)?.view === "pet" ? "none" : "pet-admin"),
};

export const shouldRevalidate = revalidateAfterConflict;

export default function PetAdminEdit() {
  const data = useLoaderData<typeof loader>();
  return data.view === "list" ? <PetList /> : <PetView />;
}
