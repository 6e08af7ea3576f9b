import { useNavigation } from "@remix-run/react";

/**
 * A thin bar at the top of the window while a page or a form answer is on its way, so a visitor on a
 * slow connection sees that the tap worked. CSS shows it only after a short delay (quick navigations
 * never flash it) and keeps it still where motion is reduced. Fixed, so it never moves the page; the
 * server renders it idle, so hydration changes nothing. Screen readers hear the new page instead.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  return <div className="nav-progress" data-busy={busy ? "" : undefined} aria-hidden="true" />;
}
