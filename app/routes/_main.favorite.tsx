import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PersonalList } from "#app/components/personal-lists";
import { pageMeta } from "#app/lib/meta";
import { listFavoritePets } from "#app/models/favorites.server";
import { requireUser } from "#app/services/auth.server";

export const meta: MetaFunction = () => pageMeta("My Favorites", "The shelter pets you keep in your favorites, ready to visit or adopt.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  return { pets: await listFavoritePets(context.db, viewer) };
}

export default function Favorites() {
  const { pets } = useLoaderData<typeof loader>();
  return <PersonalList title="My Favorites" pets={pets} empty="No favorite pets here yet" />;
}
