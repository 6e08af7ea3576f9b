import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { NewPetAlertsForm } from "#app/components/new-pet-alerts-form";
import { Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { messages } from "#app/lib/account-fields";
import { changePasswordSchema } from "#app/lib/account-schemas";
import { isCommonPassword } from "#app/lib/common-passwords";
import { hashPassword, verifyPassword } from "#app/lib/crypto";
import { formErrorsOf, serverField } from "#app/lib/form-constraint";
import { formatDate } from "#app/lib/dates";
import { pageMeta } from "#app/lib/meta";
import { clientAddress, minutesFrom, retryAfterHeaders, tooManyRequests } from "#app/lib/rate-limits";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { hitSignInLimit } from "#app/models/rate-limits.server";
import { readAlertSettings } from "#app/models/new-pet-alerts.server";
import { recordSecurityEvent, securityEventInsert } from "#app/models/security-events.server";
import { endOtherSession, endOtherSessions, listSessionsOf } from "#app/models/sessions.server";
import { changePassword, findUserById } from "#app/models/users.server";
import { requireUser } from "#app/services/auth.server";
import { shelter } from "#app/config/shelter";
import { isSessionActive, prepareRotation } from "#app/services/session.server";

export const meta: MetaFunction = () =>
  pageMeta("Your account", `The details of your ${shelter.name} account, its password and the devices signed in to it.`);

export const headers = retryAfterHeaders;

const notices = new Map([
  ["password", "Your password is changed. Every other device is signed out."],
  ["others", "Every other device is signed out."],
  ["device", "That device is signed out."],
]);

/** Formatted on the server, so the page reads the same with and without JavaScript. */
const formatTime = (time: Date | number) => formatDate(time, { time: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const now = Date.now();
  const sessions = (await listSessionsOf(context.db, viewer.id, new Date(now))).filter((session) => isSessionActive(session, viewer.role, now));
  const alerts = await readAlertSettings(context.db, viewer.id);
  return {
    email: viewer.email,
    emailConfirmed: viewer.emailConfirmed,
    firstName: viewer.firstName,
    lastName: viewer.lastName,
    hasGoogle: viewer.hasGoogle,
    hasPassword: viewer.hasPassword,
    notice: notices.get(new URL(request.url).searchParams.get("done") ?? "") ?? null,
    devices: sessions.map((session) => ({
      key: session.deviceKey,
      device: session.device ?? "Unknown browser",
      network: session.network ?? "unknown network",
      created: formatTime(session.createdAt),
      lastActive: formatTime(session.lastActiveAt),
      current: session.idHash === viewer.sessionIdHash,
    })),
    constraint: getZodConstraint(changePasswordSchema),
    alerts,
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

  if (intent === "change-password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    const reply = (options: Parameters<typeof submission.reply>[0] = {}, status = 400, init: ResponseInit = {}) =>
      data({ intent, result: submission.reply({ ...options, hideFields }), error: null }, { ...init, status });
    if (submission.status !== "success") return reply();
    const { currentPassword, password } = submission.value;
    if (!viewer.hasPassword) return reply({ formErrors: ["Your account has no password yet: set one with “Forgot password?”."] });
    if (await isCommonPassword(password)) return reply({ fieldErrors: { password: [messages.commonPassword] } });
    // The current password is checked against the sign-in limit of the account, counted before the
    // check (decision 026): a borrowed session cannot guess it.
    return tryWrite(
      async () => {
        const blocked = await hitSignInLimit(db, viewer.email);
        if (!blocked.allowed) {
          // Logged as the sign-in form's refusals are (decision 027): the same limit, the same account.
          await recordSecurityEvent(db, { kind: "sign-in-locked", user: viewer, address, detail: "change-password form" });
          const message = `Too many failed attempts. Please wait ${minutesFrom(blocked.retryAfterSeconds)} and try again.`;
          return reply({ formErrors: [message] }, 429, tooManyRequests(blocked.retryAfterSeconds));
        }
        const user = await findUserById(db, viewer.id);
        if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash)).valid) {
          await recordSecurityEvent(db, { kind: "sign-in-failed", user: viewer, address, detail: "wrong current password on the change-password form" });
          return reply({ fieldErrors: { currentPassword: [messages.wrongCurrentPassword] } });
        }
        await blocked.giveBack();
        const rotation = await prepareRotation(db, request, viewer);
        await changePassword(db, viewer.id, await hashPassword(password), viewer.sessionIdHash, [
          ...rotation.statements(),
          securityEventInsert(db, { kind: "password-changed", user: viewer, address }),
        ]);
        return redirect("/user-profile?done=password", { headers: { "Set-Cookie": rotation.cookie } });
      },
      (message) => reply({ formErrors: [message] }, 503),
    );
  }

  const refuse = (message: string, status: number) => data({ intent: "devices" as const, result: undefined, error: message }, { status });

  if (intent === "sign-out-others") {
    return tryWrite(
      async () => {
        const event = securityEventInsert(db, { kind: "signed-out-everywhere-else", user: viewer, address });
        await endOtherSessions(db, viewer.id, viewer.sessionIdHash, [event]);
        return redirect("/user-profile?done=others");
      },
      (message) => refuse(message, 503),
    );
  }

  if (intent === "sign-out-device") {
    const deviceKey = String(formData.get("device") ?? "");
    if (!/^[0-9a-f]{16}$/.test(deviceKey)) return refuse("Choose a device to sign out.", 400);
    return tryWrite(
      async () => {
        const ended = await endOtherSession(db, viewer.id, viewer.sessionIdHash, deviceKey, { kind: "signed-out-other-device", user: viewer, address });
        if (!ended) return refuse("That device is already signed out, or it is this one (use Log out).", 404);
        return redirect("/user-profile?done=device");
      },
      (message) => refuse(message, 503),
    );
  }

  return refuse("Unknown action.", 400);
}

const loadChangePasswordCheck = () => import("#app/lib/validators/account").then((checks) => checks.changePassword);

export default function UserProfile() {
  const { email, emailConfirmed, firstName, lastName, hasGoogle, hasPassword, notice, devices, constraint, alerts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form } = useServerForm("change-password", {
    constraint,
    lastResult: actionData?.intent === "change-password" ? actionData.result : undefined,
  }, loadChangePasswordCheck);
  const changing = usePosting("change-password");
  const fields = [
    { id: "profile-email", label: "Email", value: email },
    { id: "profile-first-name", label: "First name", value: firstName },
    { id: "profile-last-name", label: "Last name", value: lastName },
  ];
  const others = devices.filter((device) => !device.current);
  return (
    <div className="container auth-page">
      <h1>Your account</h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      {hasGoogle ? <p className="notice notice--info">Your account is linked to a Google account.</p> : null}
      <div className="stack">
        {fields.map((field) => (
          <div key={field.id} className="field">
            <label htmlFor={field.id}>{field.label}</label>
            <input id={field.id} value={field.value} disabled readOnly />
          </div>
        ))}
      </div>
      {alerts.answered || alerts.on ? <NewPetAlertsForm on={alerts.on} redirectTo="/user-profile" confirmed={emailConfirmed} /> : null}

      <section aria-labelledby="password-title" className="stack">
        <h2 id="password-title">Change your password</h2>
        {hasPassword ? (
          <Form method="post" id={form.id} ref={ref} className="stack">
            <FormAlert messages={formErrorsOf(form)} />
            <input type="hidden" name="intent" value="change-password" />
            <Field label="Current password" field={serverField(form, "currentPassword")} type="password" autoComplete="current-password" />
            <Field
              label="New password (at least 8 characters)"
              field={serverField(form, "password")}
              type="password"
              autoComplete="new-password"
            />
            <Field label="Re-type new password" field={serverField(form, "confirmPassword")} type="password" autoComplete="new-password" />
            <p className="field__hint">Every other device signed in to your account is signed out.</p>
            <SubmitButton className="button button--primary" pending={changing} pendingLabel="Saving…">
              Change password
            </SubmitButton>
          </Form>
        ) : (
          <p>
            You sign in with Google, so your account has no password. To set one, use <Link to="/forgot-password">Forgot password?</Link>: we email
            you a link to choose it.
          </p>
        )}
      </section>

      <section aria-labelledby="devices-title" className="stack">
        <h2 id="devices-title">Where you are signed in</h2>
        <FormAlert messages={actionData?.intent === "devices" && actionData.error ? [actionData.error] : []} />
        <ul className="member-list">
          {devices.map((device) => (
            <li key={device.key} className="member">
              <div>
                <strong>
                  {device.device}
                  {device.current ? " (this device)" : null}
                </strong>
                <span className="member__email">
                  Signed in {device.created} from {device.network}; last active {device.lastActive}
                </span>
              </div>
              {device.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="sign-out-device" />
                  <input type="hidden" name="device" value={device.key} />
                  <button type="submit" className="button button--small">
                    Sign out
                    <span className="visually-hidden">
                      {" "}
                      {device.device}, last active {device.lastActive}
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
              Sign out everywhere else
            </button>
          </Form>
        ) : null}
      </section>
    </div>
  );
}
