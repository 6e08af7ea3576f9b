import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PersonalList } from "~/components/personal-lists";
import { pageMeta } from "~/lib/meta";
import { listFavoritePets } from "~/models/favorites.server";
import { requireUser } from "~/services/auth.server";

export const meta: MetaFunction = () => pageMeta("My Favorites", "The shelter pets you keep in your favourites, ready to visit or adopt.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  return { pets: await listFavoritePets(context.db, viewer) };
}

export default function Favorites() {
  const { pets } = useLoaderData<typeof loader>();
  return <PersonalList title="My Favorites" pets={pets} empty="No favorite pets here yet" />;
}
