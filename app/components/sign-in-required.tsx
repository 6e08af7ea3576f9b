import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { shelter } from "#app/config/shelter";

/** The words and ways forward of the sign-in-required dialog and of its page (spec §2). */
export function SignInRequiredPrompt({ returnTo }: { returnTo: string }) {
  const back = encodeURIComponent(returnTo);
  return (
    <>
      <p>Sign in or create an account to keep your favorite pets. We will add this one for you.</p>
      <p className="button-row">
        <Link to={`/register?redirectTo=${back}`} className="button button--primary">
          Create an account
        </Link>
        <Link to={`/sign-in?redirectTo=${back}`} className="button">
          Sign in
        </Link>
      </p>
    </>
  );
}

/** The sign-in-required dialog; without JavaScript the same prompt is the /sign-in-required page. */
export default function SignInDialog({ petId, returnTo, onClose }: { petId: number; returnTo: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`sign-in-required-${petId}`} onClose={onClose}>
      <h2 id={`sign-in-required-${petId}`}>Welcome to {shelter.name}</h2>
      <SignInRequiredPrompt returnTo={returnTo} />
      <form method="dialog">
        <button type="submit" className="link-button">
          Not now
        </button>
      </form>
    </dialog>
  );
}

