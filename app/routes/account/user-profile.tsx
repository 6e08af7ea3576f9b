import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { NewPetAlertsForm } from "#app/components/new-pet-alerts-form";
import { Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { messages } from "#app/lib/accounts/account-fields";
import { changePasswordSchema } from "#app/lib/accounts/account-schemas";
import { isCommonPassword } from "#app/lib/accounts/common-passwords";
import { hashPassword, verifyPassword } from "#app/lib/accounts/crypto";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { routeMeta } from "#app/lib/i18n/meta";
import { minutesIn } from "#app/lib/i18n/intl";
import { localizedPath, type Locale, localeOf, languageTag } from "#app/lib/i18n/locale";
import { clientAddress, retryAfterHeaders, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { staffDateIn } from "#app/lib/i18n/staff-dates";
import { readFormData } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { formatMoney } from "#app/lib/giving/money";
import { giftsOfUser } from "#app/models/gifts.server";
import { hitSignInLimit } from "#app/models/rate-limits.server";
import { readAlertSettings } from "#app/models/new-pet-alerts.server";
import { recordSecurityEvent, securityEventInsert } from "#app/models/security-events.server";
import { endOtherSession, endOtherSessions, listSessionsOf } from "#app/models/sessions.server";
import { changePassword, findUserById } from "#app/models/users.server";
import { requireUser } from "#app/services/auth.server";
import { shelter } from "#app/config/shelter";
import { isSessionActive, prepareRotation } from "#app/services/session.server";
import { i18nOf } from "#app/locales/catalogs.server";

export const meta = routeMeta;

export const headers = retryAfterHeaders;

const notices = new Map([
  ["password", msg`Your password is changed. Every other device is signed out.`],
  ["others", msg`Every other device is signed out.`],
  ["device", msg`That device is signed out.`],
]);

/** Formatted on the server, so the page reads the same with and without JavaScript. */
const formatTime = (locale: Locale, time: Date | number) => staffDateIn(locale, time, { time: true });

/** A session's stored summary (lib/accounts/user-agent.ts: "Chrome on Linux", "Unknown browser") in the page's language. */
function deviceIn(i18n: I18n, device: string | null): string {
  if (!device || device === "Unknown browser") return i18n._(msg`Unknown browser`);
  const parts = /^(.+) on (.+)$/.exec(device);
  if (!parts) return device;
  const [, browser = "", system = ""] = parts;
  return i18n._(msg`${browser} on ${system}`);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const now = Date.now();
  const sessions = (await listSessionsOf(context.db, viewer.id, new Date(now))).filter((session) =>
    isSessionActive(session, viewer.role, now),
  );
  const alerts = await readAlertSettings(context.db, viewer.id);
  // The visitor's own gifts (decision 065): made while signed in, or to this account's confirmed address.
  const gifts = await giftsOfUser(context.db, viewer.id, viewer.emailConfirmed ? viewer.email : "");
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const name = shelter.name;
  const notice = notices.get(new URL(request.url).searchParams.get("done") ?? "");
  return {
    meta: {
      title: i18n._(msg`Your account`),
      description: i18n._(msg`The details of your ${name} account, its password and the devices signed in to it.`),
    },
    email: viewer.email,
    emailConfirmed: viewer.emailConfirmed,
    firstName: viewer.firstName,
    lastName: viewer.lastName,
    hasGoogle: viewer.hasGoogle,
    hasPassword: viewer.hasPassword,
    notice: notice ? i18n._(notice) : null,
    devices: sessions.map((session) => ({
      key: session.deviceKey,
      device: deviceIn(i18n, session.device),
      network: session.network ?? i18n._(msg`unknown network`),
      created: formatTime(locale, session.createdAt),
      lastActive: formatTime(locale, session.lastActiveAt),
      current: session.idHash === viewer.sessionIdHash,
    })),
    constraint: getZodConstraint(changePasswordSchema),
    alerts,
    gifts: gifts.map((gift) => ({
      id: gift.id,
      amount: formatMoney(gift.amountCents, gift.currency, languageTag[locale]),
      when: staffDateIn(locale, gift.createdAt),
      monthly: gift.kind === "monthly",
      ended: gift.endedAt !== null,
    })),
  };
}

const hideFields = ["currentPassword", "password", "confirmPassword"];

/**
 * Three forms: change the password (ends every other session; this one gets a new id), sign out every
 * other device, or one of them. Each change and its security event are one batch.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(context, request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const { db } = context;
  const address = clientAddress(request);
  const i18n = i18nOf(request);
  const here = localizedPath("/user-profile", localeOf(request));

  if (intent === "change-password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    const reply = (options: Parameters<typeof submission.reply>[0] = {}, status = 400, init: ResponseInit = {}) =>
      data({ intent, result: submission.reply({ ...options, hideFields }), error: null }, { ...init, status });
    if (submission.status !== "success") return reply();
    const { currentPassword, password } = submission.value;
    if (!viewer.hasPassword)
      return reply({ formErrors: [i18n._(msg`Your account has no password yet: set one with “Forgot password?”.`)] });
    if (await isCommonPassword(password))
      return reply({ fieldErrors: { password: [i18n._(messages.commonPassword)] } });
    // The current password is checked against the sign-in limit of the account, counted before the
    // check (decision 026): a borrowed session cannot guess it.
    return tryWrite(
      async () => {
        const blocked = await hitSignInLimit(db, viewer.email);
        if (!blocked.allowed) {
          // Logged as the sign-in form's refusals are (decision 027): the same limit, the same account.
          await recordSecurityEvent(db, {
            kind: "sign-in-locked",
            user: viewer,
            address,
            detail: "change-password form",
          });
          const wait = minutesIn(i18n, blocked.retryAfterSeconds);
          const message = i18n._(msg`Too many failed attempts. Please wait ${wait} and try again.`);
          return reply({ formErrors: [message] }, 429, tooManyRequests(blocked.retryAfterSeconds));
        }
        const user = await findUserById(db, viewer.id);
        if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash)).valid) {
          await recordSecurityEvent(db, {
            kind: "sign-in-failed",
            user: viewer,
            address,
            detail: "wrong current password on the change-password form",
          });
          return reply({ fieldErrors: { currentPassword: [i18n._(messages.wrongCurrentPassword)] } });
        }
        await blocked.giveBack();
        const rotation = await prepareRotation(db, request, viewer);
        await changePassword(db, viewer.id, await hashPassword(password), viewer.sessionIdHash, [
          ...rotation.statements(),
          securityEventInsert(db, { kind: "password-changed", user: viewer, address }),
        ]);
        return redirect(`${here}?done=password`, { headers: { "Set-Cookie": rotation.cookie } });
      },
      (message) => reply({ formErrors: [message] }, 503),
    );
  }

  const refuse = (message: string, status: number) =>
    data({ intent: "devices" as const, result: undefined, error: message }, { status });

  if (intent === "sign-out-others") {
    return tryWrite(
      async () => {
        const event = securityEventInsert(db, { kind: "signed-out-everywhere-else", user: viewer, address });
        await endOtherSessions(db, viewer.id, viewer.sessionIdHash, [event]);
        return redirect(`${here}?done=others`);
      },
      (message) => refuse(message, 503),
    );
  }

  if (intent === "sign-out-device") {
    const deviceKey = String(formData.get("device") ?? "");
    if (!/^[0-9a-f]{16}$/.test(deviceKey)) return refuse(i18n._(msg`Choose a device to sign out.`), 400);
    return tryWrite(
      async () => {
        const ended = await endOtherSession(db, viewer.id, viewer.sessionIdHash, deviceKey, {
          kind: "signed-out-other-device",
          user: viewer,
          address,
        });
        if (!ended)
          return refuse(i18n._(msg`That device is already signed out, or it is this one (use Log out).`), 404);
        return redirect(`${here}?done=device`);
      },
      (message) => refuse(message, 503),
    );
  }

  return refuse(i18n._(msg`Unknown action.`), 400);
}

const loadChangePasswordCheck = () =>
  import("#app/lib/forms/validators/account").then((checks) => checks.changePassword);

export default function UserProfile() {
  const {
    email,
    emailConfirmed,
    firstName,
    lastName,
    hasGoogle,
    hasPassword,
    notice,
    devices,
    constraint,
    alerts,
    gifts,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form } = useServerForm(
    "change-password",
    {
      constraint,
      lastResult: actionData?.intent === "change-password" ? actionData.result : undefined,
    },
    loadChangePasswordCheck,
  );
  const changing = usePosting("change-password");
  const { t } = useLingui();
  const href = useLocalePath();
  const fields = [
    { id: "profile-email", label: t`Email`, value: email },
    { id: "profile-first-name", label: t`First name`, value: firstName },
    { id: "profile-last-name", label: t`Last name`, value: lastName },
  ];
  const others = devices.filter((device) => !device.current);
  return (
    <div className="container auth-page">
      <h1>
        <Trans>Your account</Trans>
      </h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      {hasGoogle ? (
        <p className="notice notice--info">
          <Trans>Your account is linked to a Google account.</Trans>
        </p>
      ) : null}
      <div className="stack">
        {fields.map((field) => (
          <div key={field.id} className="field">
            <label htmlFor={field.id}>{field.label}</label>
            <input id={field.id} value={field.value} disabled readOnly />
          </div>
        ))}
      </div>
      {alerts.answered || alerts.on ? (
        <NewPetAlertsForm on={alerts.on} redirectTo={href("/user-profile")} confirmed={emailConfirmed} />
      ) : null}

      {gifts.length > 0 ? (
        <section aria-labelledby="gifts-title" className="stack">
          <h2 id="gifts-title">
            <Trans>Your gifts</Trans>
          </h2>
          <ul className="gift-list">
            {gifts.map((gift) => (
              <li key={gift.id}>
                {gift.monthly
                  ? gift.ended
                    ? t`${gift.amount} a month, since ${gift.when} (stopped)`
                    : t`${gift.amount} a month, since ${gift.when}`
                  : t`${gift.amount} on ${gift.when}`}
              </li>
            ))}
          </ul>
          <p className="field__hint">
            <Trans>Your receipts are in your email; the receipt of a monthly gift has the link to stop it.</Trans>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="password-title" className="stack">
        <h2 id="password-title">
          <Trans>Change your password</Trans>
        </h2>
        {hasPassword ? (
          <Form method="post" id={form.id} ref={ref} className="stack">
            <FormAlert messages={formErrorsOf(form)} />
            <input type="hidden" name="intent" value="change-password" />
            <Field
              label={t`Current password`}
              field={serverField(form, "currentPassword")}
              type="password"
              autoComplete="current-password"
            />
            <Field
              label={t`New password (at least 8 characters)`}
              field={serverField(form, "password")}
              type="password"
              autoComplete="new-password"
            />
            <Field
              label={t`Re-type new password`}
              field={serverField(form, "confirmPassword")}
              type="password"
              autoComplete="new-password"
            />
            <p className="field__hint">
              <Trans>Every other device signed in to your account is signed out.</Trans>
            </p>
            <SubmitButton className="button button--primary" pending={changing} pendingLabel={t`Saving…`}>
              <Trans>Change password</Trans>
            </SubmitButton>
          </Form>
        ) : (
          <p>
            <Trans>
              You sign in with Google, so your account has no password. To set one, use{" "}
              <Link to={href("/forgot-password")}>Forgot password?</Link>: we email you a link to choose it.
            </Trans>
          </p>
        )}
      </section>

      <section aria-labelledby="devices-title" className="stack">
        <h2 id="devices-title">
          <Trans>Where you are signed in</Trans>
        </h2>
        <FormAlert messages={actionData?.intent === "devices" && actionData.error ? [actionData.error] : []} />
        <ul className="member-list">
          {devices.map(({ key, device, network, created, lastActive, current }) => (
            <li key={key} className="member">
              <div>
                <strong>
                  {device}
                  {current ? " " + t`(this device)` : null}
                </strong>
                <span className="member__email">
                  <Trans>
                    Signed in {created} from {network}; last active {lastActive}
                  </Trans>
                </span>
              </div>
              {current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="sign-out-device" />
                  <input type="hidden" name="device" value={key} />
                  <button type="submit" className="button button--small">
                    <Trans>Sign out</Trans>
                    <span className="visually-hidden">
                      {" "}
                      <Trans>
                        {device}, last active {lastActive}
                      </Trans>
                    </span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out-others" />
            <button type="submit" className="button button--danger">
              <Trans>Sign out everywhere else</Trans>
            </button>
          </Form>
        ) : null}
      </section>
    </div>
  );
}
