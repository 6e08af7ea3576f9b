import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, NavLink, useLocation, useNavigationType } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { KeptPart } from "#app/components/kept-part";
import { LanguageSwitch, useLocalePath } from "#app/components/locale";
import { shelter } from "#app/config/shelter";

/** Who the navigation is for: a visitor (null), a signed-in user, or staff. */
export interface NavViewer {
  firstName: string;
  lastName: string;
  email: string;
  isStaff: boolean;
}

type NavItem = { to: string; label: MessageDescriptor };

const petAdmin: NavItem = { to: "/petadmin", label: msg`Pet Admin` };
const mainLinks: NavItem[] = [
  { to: "/", label: msg`Home` },
  { to: "/foster", label: msg`Foster` },
  { to: "/volunteer", label: msg`Volunteer` },
  { to: "/adopt", label: msg`Adopt` },
  { to: "/match", label: msg`Match` },
];
/** The phone drawer lists Donate too, after Volunteer. */
const drawerLinks: NavItem[] = [...mainLinks.slice(0, 3), { to: "/donate", label: msg`Donate` }, ...mainLinks.slice(3)];
const personalLinks: NavItem[] = [
  { to: "/favorite", label: msg`Favorites` },
  { to: "/on-hold", label: msg`On-hold pets` },
  { to: "/adopted", label: msg`Adopted pets` },
  { to: "/applications", label: msg`My applications` },
];
const signInLinks: NavItem[] = [
  { to: "/sign-in", label: msg`Sign In` },
  { to: "/register", label: msg`Register` },
];

function NavLinks({ links, className }: { links: NavItem[]; className: string }) {
  const { t } = useLingui();
  const href = useLocalePath();
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={href(link.to)} end={link.to === "/"} prefetch="intent">
            {t(link.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function LogoutButton({ className = "" }: { className?: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={`link-button ${className}`.trim()}>
        <Trans>Log out</Trans>
      </button>
    </Form>
  );
}

/**
 * Closes a <details> menu when a link or form inside it is used, on back and forward, and on Escape,
 * when JavaScript runs. Only the menu's own navigations close it: a navigation started elsewhere that
 * finishes after the menu was opened leaves it open (it once closed on every navigation that finished).
 */
function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const navigationType = useNavigationType();
  // A menu opened before JavaScript arrived stays open on hydration.
  const shownLocation = useRef(location.key);
  useEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    if (navigationType === "POP" && ref.current) ref.current.open = false;
  }, [location.key, navigationType]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && element.open) {
        element.open = false;
        element.querySelector("summary")?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest("a[href]")) element.open = false;
    };
    const onSubmit = () => {
      element.open = false;
    };
    element.addEventListener("keydown", onKeyDown);
    element.addEventListener("click", onClick);
    element.addEventListener("submit", onSubmit);
    return () => {
      element.removeEventListener("keydown", onKeyDown);
      element.removeEventListener("click", onClick);
      element.removeEventListener("submit", onSubmit);
    };
  }, []);
  return ref;
}

function Brand() {
  const { t } = useLingui();
  const href = useLocalePath();
  const name = shelter.name;
  return (
    <Link to={href("/")} className="brand" aria-label={t`${name}, home`}>
      <img src="/logo.svg" width="40" height="40" alt="" />
      <span className="brand__name">{shelter.name}</span>
    </Link>
  );
}

/** The profile button's menu (spec §2): staff see only Log out. */
function AccountMenu({ viewer }: { viewer: NavViewer }) {
  const ref = useDisclosure();
  const href = useLocalePath();
  const initials = `${viewer.firstName[0] ?? ""}${viewer.lastName[0] ?? ""}`.toUpperCase();
  return (
    <details className="account-menu" ref={ref}>
      <summary className="account-menu__toggle">
        <span aria-hidden="true">{initials || "?"}</span>
        <span className="visually-hidden">
          <Trans>Account menu</Trans>
        </span>
      </summary>
      <div className="account-menu__panel">
        {viewer.isStaff ? null : (
          <>
            <p className="account-menu__name">
              {viewer.firstName} {viewer.lastName}
            </p>
            <p className="account-menu__email">{viewer.email}</p>
            <Link to={href("/user-profile")} className="button button--small">
              <Trans>Manage your account</Trans>
            </Link>
            <NavLinks links={personalLinks} className="account-menu__links" />
          </>
        )}
        <LogoutButton />
      </div>
    </details>
  );
}

function AccountLinks({ viewer }: { viewer: NavViewer | null }) {
  const { t } = useLingui();
  const href = useLocalePath();
  if (!viewer) {
    return (
      <div className="account-links">
        <Link to={href("/sign-in")} className="button button--ghost">
          <Trans>Sign In</Trans>
        </Link>
        <Link to={href("/register")} className="button button--primary">
          <Trans>Register</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div className="account-links">
      {viewer.isStaff ? null : (
        <Link to={href("/favorite")} className="favorite-button" aria-label={t`Favorites`}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 5 6.4 5c2 0 3.3 1.1 4 2.3h3.2C14.3 6.1 15.6 5 17.6 5 21 5 23 8.4 21.6 11.7 19.5 16.4 12 21 12 21z"
              fill="currentColor"
            />
          </svg>
        </Link>
      )}
      <AccountMenu viewer={viewer} />
    </div>
  );
}

/**
 * The small-screen menu is a <details> element, so it opens and closes without JavaScript; its summary
 * doubles as the backdrop, so a tap outside the panel closes it. Pet Admin follows the desktop rule
 * (staff only), DESIGN.md §4.
 */
function MobileDrawer({ viewer }: { viewer: NavViewer | null }) {
  const { t } = useLingui();
  const drawer = useDisclosure();
  return (
    <details className="drawer" ref={drawer}>
      <summary className="drawer__toggle">
        <span className="drawer__icon" aria-hidden="true" />
        <span className="visually-hidden">
          <Trans>Menu</Trans>
        </span>
      </summary>
      <div className="drawer__panel">
        <nav aria-label={t`Mobile`}>
          <NavLinks links={viewer?.isStaff ? [petAdmin, ...drawerLinks] : drawerLinks} className="drawer__links" />
          <div className="drawer__links drawer__links--account">
            {viewer ? (
              <>
                <p className="drawer__who">
                  {viewer.firstName} {viewer.lastName}
                </p>
                {viewer.isStaff ? null : (
                  <NavLinks
                    links={[{ to: "/user-profile", label: msg`Manage your account` }, ...personalLinks]}
                    className="drawer__links"
                  />
                )}
                <LogoutButton className="drawer__logout" />
              </>
            ) : (
              <NavLinks links={signInLinks} className="drawer__links" />
            )}
          </div>
          <LanguageSwitch className="drawer__language" />
        </nav>
      </div>
    </details>
  );
}

/**
 * The header's HTML depends only on the language, the viewer and the page's address (the current link,
 * the language switch's way back): the server renders it once per isolate for each and sends it again
 * (decision 045, amended 2026-11-29).
 */
export function SiteHeader({ viewer }: { viewer: NavViewer | null }) {
  const location = useLocation();
  const keptFor = () => JSON.stringify([viewer, location.pathname + location.search]);
  return (
    <KeptPart
      as="header"
      className="site-header"
      name="site-header"
      keptFor={keptFor}
      router
      inside={() => <SiteHeaderInside viewer={viewer} />}
    />
  );
}

function SiteHeaderInside({ viewer }: { viewer: NavViewer | null }) {
  const { t } = useLingui();
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <div className="site-header__bar container">
        <Brand />
        <nav aria-label={t`Main`} className="main-nav">
          <NavLinks links={viewer?.isStaff ? [petAdmin, ...mainLinks] : mainLinks} className="main-nav__links" />
        </nav>
        <LanguageSwitch className="site-header__language" />
        <AccountLinks viewer={viewer} />
        <MobileDrawer viewer={viewer} />
      </div>
    </>
  );
}
