import { useNavigation } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";

/**
 * Whether a form is posting, until the page it leads to has loaded (the action, then the loaders):
 * `intent` narrows it to the form with that hidden `intent` field, for pages with several forms.
 */
export function usePosting(intent?: string) {
  const navigation = useNavigation();
  const posting = navigation.formMethod !== undefined && navigation.formMethod.toUpperCase() !== "GET";
  return posting && (intent === undefined || navigation.formData?.get("intent") === intent);
}

/** A submit button that is disabled and `aria-busy` while its form posts, saying so in `pendingLabel`. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...props
}: ComponentProps<"button"> & { pending: boolean; pendingLabel: ReactNode }) {
  return (
    <button type="submit" {...props} disabled={pending || props.disabled} aria-busy={pending || undefined}>
      {pending ? pendingLabel : children}
    </button>
  );
}
