import { Trans } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { SignInRequiredPrompt } from "#app/components/sign-in-prompt";
import { shelter } from "#app/config/shelter";

/** The sign-in-required dialog; without JavaScript the same prompt is the /sign-in-required page. */
export default function SignInDialog({
  petId,
  returnTo,
  onClose,
}: {
  petId: number;
  returnTo: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const name = shelter.name;
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`sign-in-required-${petId}`} onClose={onClose}>
      <h2 id={`sign-in-required-${petId}`}>
        <Trans>Welcome to {name}</Trans>
      </h2>
      <SignInRequiredPrompt returnTo={returnTo} />
      <form method="dialog">
        <button type="submit" className="link-button">
          <Trans>Not now</Trans>
        </button>
      </form>
    </dialog>
  );
}
