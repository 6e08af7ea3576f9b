import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { formMessage } from "#app/lib/i18n/form-messages";

/**
 * A form's message about the whole submission, announced as an alert. With JavaScript it may hide
 * itself after `hideAfterMs` (spec §9: error toasts last 10 seconds); without, it stays.
 */
export function FormAlert({
  title,
  messages,
  hideAfterMs,
}: {
  title?: string;
  messages: string[];
  hideAfterMs?: number;
}) {
  // `messages` is a new array for every reply of the server, so each failed attempt shows again.
  const { i18n } = useLingui();
  const [hiddenMessages, setHiddenMessages] = useState<string[] | null>(null);
  useEffect(() => {
    if (!hideAfterMs || messages.length === 0) return;
    const timer = setTimeout(() => setHiddenMessages(messages), hideAfterMs);
    return () => clearTimeout(timer);
  }, [messages, hideAfterMs]);
  if (messages.length === 0 || hiddenMessages === messages) return null;
  return (
    <div className="notice notice--error" role="alert">
      {title ? <p className="notice__title">{title}</p> : null}
      {messages.map((message) => (
        <p key={message}>{formMessage(i18n, message)}</p>
      ))}
    </div>
  );
}
