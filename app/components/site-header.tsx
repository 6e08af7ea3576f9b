import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { shelter } from "~/config/shelter";

const desktopLinks = [
  { to: "/", label: "Home" },
  { to: "/foster", label: "Foster" },
  { to: "/volunteer", label: "Volunteer" },
  { to: "/adopt", label: "Adopt" },
  { to: "/match", label: "Match" },
];

const drawerLinks = [
  { to: "/", label: "Home" },
  { to: "/foster", label: "Foster" },
  { to: "/volunteer", label: "Volunteer" },
  { to: "/donate", label: "Donate" },
  { to: "/adopt", label: "Adopt" },
  { to: "/match", label: "Match" },
];

function NavLinks({ links, className }: { links: { to: string; label: string }[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === "/"} prefetch="intent">
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function Brand() {
  return (
    <Link to="/" className="brand" aria-label={`${shelter.name}, home`}>
      <img src="/logo.svg" width="40" height="40" alt="" />
      <span className="brand__name">{shelter.name}</span>
    </Link>
  );
}

/**
 * The small-screen menu is a <details> element, so it opens and closes without JavaScript; its summary
 * doubles as the backdrop, so a tap outside the panel closes it. With JavaScript it also closes on
 * Escape and after navigating.
 */
function MobileDrawer() {
  const drawer = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (drawer.current) drawer.current.open = false;
  }, [location]);

  useEffect(() => {
    const element = drawer.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && element.open) {
        element.open = false;
        element.querySelector("summary")?.focus();
      }
    };
    element.addEventListener("keydown", onKeyDown);
    return () => element.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <details className="drawer" ref={drawer}>
      <summary className="drawer__toggle">
        <span className="drawer__icon" aria-hidden="true" />
        <span className="visually-hidden">Menu</span>
      </summary>
      <div className="drawer__panel">
        <nav aria-label="Mobile">
          <NavLinks links={drawerLinks} className="drawer__links" />
          <ul className="drawer__links drawer__links--account">
            <li>
              <Link to="/sign-in">Sign In</Link>
            </li>
            <li>
              <Link to="/register">Register</Link>
            </li>
          </ul>
        </nav>
      </div>
    </details>
  );
}

export function SiteHeader() {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__bar container">
        <Brand />
        <nav aria-label="Main" className="main-nav">
          <NavLinks links={desktopLinks} className="main-nav__links" />
        </nav>
        <div className="account-links">
          <Link to="/sign-in" className="button button--ghost">
            Sign In
          </Link>
          <Link to="/register" className="button button--primary">
            Register
          </Link>
        </div>
        <MobileDrawer />
      </div>
    </header>
  );
}
