import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { TextAreaField, TextField } from "~/components/ui/field";
import { serverField, type ServerForm } from "~/lib/form-constraint";

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

type FormProps = Omit<ServerForm, "id">;

/**
 * The form's state for its fields and, with JavaScript, focus on the first field the server refused,
 * so its message is read out.
 */
function useServerForm(id: string, { constraint, lastResult }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (lastResult?.error) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [lastResult]);
  return { ref, form: { id, constraint, lastResult } };
}

/**
 * Posting to the section's anchor brings a visitor without JavaScript back to the form (and its
 * errors) instead of the top of the home page.
 */
export function ContactForm({ sent, ...props }: FormProps & { sent: boolean }) {
  const { ref, form } = useServerForm("contact", props);
  const pending = usePending("contact");
  if (sent) {
    return (
      <p className="notice notice--success" role="status">
        Thank you for your message. Someone from our team will reply within two business days.
      </p>
    );
  }
  return (
    <Form method="post" action="/?index#get-in-touch" id={form.id} ref={ref} className="stack" preventScrollReset>
      <input type="hidden" name="intent" value="contact" />
      <TextField label="Your name" field={serverField(form, "name")} autoComplete="name" />
      <TextField label="E-mail" field={serverField(form, "email")} type="email" autoComplete="email" />
      <TextAreaField label="Message" field={serverField(form, "message")} />
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? "Sending…" : "Send message"}
      </button>
    </Form>
  );
}

export function NewsletterForm({ subscribed, ...props }: FormProps & { subscribed: boolean }) {
  const { ref, form } = useServerForm("newsletter", props);
  const pending = usePending("newsletter");
  if (subscribed) {
    return (
      <p className="notice notice--success" role="status">
        Thank you for subscribing. Our next newsletter will be in your inbox soon.
      </p>
    );
  }
  return (
    <Form method="post" action="/?index#newsletter" id={form.id} ref={ref} className="newsletter-form" preventScrollReset>
      <input type="hidden" name="intent" value="newsletter" />
      <TextField label="Your e-mail" field={serverField(form, "email")} type="email" autoComplete="email" />
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? "Subscribing…" : "Subscribe"}
      </button>
    </Form>
  );
}
