import { Form } from "@remix-run/react";
import { HoneypotField } from "#app/components/honeypot";
import { TextAreaField, Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm, type ServerFormProps } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { formErrorsOf, serverField } from "#app/lib/form-constraint";

// The checks load on the form's first use, so zod stays off the home page's first load (docs/decisions/037).
const loadContactCheck = () => import("#app/lib/validators/contact").then((checks) => checks.contact);
const loadNewsletterCheck = () => import("#app/lib/validators/contact").then((checks) => checks.newsletter);

/**
 * Posting to the section's anchor brings a visitor without JavaScript back to the form (and its
 * errors) instead of the top of the home page.
 */
export function ContactForm({ sent, ...props }: ServerFormProps & { sent: boolean }) {
  const { ref, form } = useServerForm("contact", props, loadContactCheck);
  const pending = usePosting("contact");
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
      <FormAlert messages={formErrorsOf(form)} />
      <HoneypotField formId={form.id} />
      <Field label="Your name" field={serverField(form, "name")} autoComplete="name" />
      <Field label="Email" field={serverField(form, "email")} type="email" autoComplete="email" />
      <TextAreaField label="Message" field={serverField(form, "message")} />
      <SubmitButton className="button button--primary" pending={pending} pendingLabel="Sending…">
        Send message
      </SubmitButton>
    </Form>
  );
}

export function NewsletterForm({ subscribed, ...props }: ServerFormProps & { subscribed: boolean }) {
  const { ref, form } = useServerForm("newsletter", props, loadNewsletterCheck);
  const pending = usePosting("newsletter");
  if (subscribed) {
    return (
      <p className="notice notice--success" role="status">
        Thank you for subscribing. Please check your inbox: follow the link in our email to confirm your subscription.
      </p>
    );
  }
  return (
    <>
      <FormAlert messages={formErrorsOf(form)} />
      <Form method="post" action="/?index#newsletter" id={form.id} ref={ref} className="newsletter-form" preventScrollReset>
        <input type="hidden" name="intent" value="newsletter" />
        <HoneypotField formId={form.id} />
        <Field label="Your email" field={serverField(form, "email")} type="email" autoComplete="email" />
        <SubmitButton className="button button--primary" pending={pending} pendingLabel="Subscribing…">
          Subscribe
        </SubmitButton>
      </Form>
    </>
  );
}
