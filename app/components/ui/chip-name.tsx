import type { ReactNode } from "react";

/**
 * A removable chip's words: what it shows, and before it, for screen readers and voice control, what
 * following it does ("Remove filter Large (over 60 lbs)"). The name holds the words on the chip whole
 * (WCAG 2.5.3, label in name: saying "click Large (over 60 lbs)" follows it); the × is drawn by the
 * stylesheet (`.chip::after`), outside the name.
 */
export function ChipName({ action, children }: { action: string; children: ReactNode }) {
  return (
    <>
      <span className="visually-hidden">{action} </span>
      {children}
    </>
  );
}
