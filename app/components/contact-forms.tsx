import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { HoneypotField } from "#app/components/honeypot";
import { TextAreaField, Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm, type ServerFormProps } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";

// The checks load on the form's first use, so zod stays off the home page's first load (docs/decisions/037).
const loadContactCheck = () => import("#app/lib/forms/validators/contact").then((checks) => checks.contact);
const loadNewsletterCheck = () => import("#app/lib/forms/validators/contact").then((checks) => checks.newsletter);

/**
 * Posting to the section's anchor brings a visitor without JavaScript back to the form (and its
 * errors) instead of the top of the home page.
 */
export function ContactForm({ sent, ...props }: ServerFormProps & { sent: boolean }) {
  const { ref, form } = useServerForm("contact", props, loadContactCheck);
  const pending = usePosting("contact");
  const { t } = useLingui();
  const href = useLocalePath();
  if (sent) {
    return (
      <p className="notice notice--success" role="status">
        <Trans>Thank you for your message. Someone from our team will reply within two business days.</Trans>
      </p>
    );
  }
  return (
    <Form
      method="post"
      action={href("/?index#get-in-touch")}
      id={form.id}
      ref={ref}
      className="stack"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="contact" />
      <FormAlert messages={formErrorsOf(form)} />
      <HoneypotField formId={form.id} />
      <Field label={t`Your name`} field={serverField(form, "name")} autoComplete="name" />
      <Field label={t`Email`} field={serverField(form, "email")} type="email" autoComplete="email" />
      <TextAreaField label={t`Message`} field={serverField(form, "message")} />
      <SubmitButton className="button button--primary" pending={pending} pendingLabel={t`Sending…`}>
        <Trans>Send message</Trans>
      </SubmitButton>
    </Form>
  );
}

export function NewsletterForm({ subscribed, ...props }: ServerFormProps & { subscribed: boolean }) {
  const { ref, form } = useServerForm("newsletter", props, loadNewsletterCheck);
  const pending = usePosting("newsletter");
  const { t } = useLingui();
  const href = useLocalePath();
  if (subscribed) {
    return (
      <p className="notice notice--success" role="status">
        <Trans>
          Thank you for subscribing. Please check your inbox: follow the link in our email to confirm your subscription.
        </Trans>
      </p>
    );
  }
  return (
    <>
      <FormAlert messages={formErrorsOf(form)} />
      <Form
        method="post"
        action={href("/?index#newsletter")}
        id={form.id}
        ref={ref}
        className="newsletter-form"
        preventScrollReset
      >
        <input type="hidden" name="intent" value="newsletter" />
        <HoneypotField formId={form.id} />
        <Field label={t`Your email`} field={serverField(form, "email")} type="email" autoComplete="email" />
        <SubmitButton className="button button--primary" pending={pending} pendingLabel={t`Subscribing…`}>
          <Trans>Subscribe</Trans>
        </SubmitButton>
      </Form>
    </>
  );
}
