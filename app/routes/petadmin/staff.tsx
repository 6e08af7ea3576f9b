import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { AdminPageHandle } from "#app/components/admin-page";
import { localeOfPath, localizedPath } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { SelectField, Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { inviteSchema } from "#app/lib/accounts/account-schemas";
import { invitationMessage } from "#app/lib/email/emails";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { routeMeta } from "#app/lib/i18n/meta";
import {
  invitationRefusal,
  membershipChangeRefusal,
  membershipMessages,
  type Refusal,
} from "#app/lib/accounts/membership-rules";
import { clientAddress } from "#app/lib/accounts/rate-limits";
import { hasPermission, isRole, roleNames, roles, type Permission, type Role } from "#app/lib/accounts/permissions";
import { tryWrite, writeFailedMessage } from "#app/lib/http/storage-error";
import { readFormData } from "#app/lib/http/request";
import {
  createInvitation,
  listMembers,
  pendingInvitations,
  removeMember,
  setMemberRole,
  withdrawInvitation,
} from "#app/models/organisations.server";
import { requireStaff, requireStaffOrganisation } from "#app/services/auth.server";

export const meta = routeMeta;

/** The layout's chrome (components/admin-page.tsx): no back link of the layout's. */
export const handle: AdminPageHandle = { adminBack: "none" };

/** The organisation this admin manages, and their role in it; a 403 unless `permission` holds there. */
const managedOrganisation = (args: LoaderFunctionArgs, permission: Permission) =>
  requireStaffOrganisation(args.context, args.request, permission);

export async function loader(args: LoaderFunctionArgs) {
  const { viewer, organisationId, organisation, role } = await managedOrganisation(args, "read:member");
  const { db } = args.context;
  const i18n = i18nOf(args.request);
  return {
    meta: {
      title: i18n._(msg`Staff`),
      description: i18n._(msg`The members of the shelter's staff, their roles and invitations.`),
    },
    organisation,
    myRole: role,
    myId: viewer.id,
    members: await listMembers(db, organisationId),
    invitations: await pendingInvitations(db, organisationId),
    invited: new URL(args.request.url).searchParams.get("invited"),
    constraint: getZodConstraint(inviteSchema),
  };
}

const refuse = (message: string, status = 400) =>
  data({ intent: "member" as const, error: message, result: undefined }, { status });
const refuseWith = (refusal: Refusal) => refuse(refusal.message, refusal.status);

export async function action(args: ActionFunctionArgs) {
  // Every intent here is for admins: checked before the body is read (issue 22), then per intent.
  await requireStaff(args.context, args.request, "read:member");
  const formData = await readFormData(args.request);
  const intent = formData.get("intent");
  const { db } = args.context;

  if (intent === "invite") {
    const { viewer, organisationId, organisation, role } = await managedOrganisation(args, "invite:member");
    const submission = parseWithZod(formData, { schema: inviteSchema });
    if (submission.status !== "success")
      return data({ intent, result: submission.reply(), error: undefined }, { status: 400 });
    const { email, role: invitedRole } = submission.value;
    const refused = invitationRefusal(role, invitedRole);
    if (refused)
      return data(
        { intent, result: submission.reply({ fieldErrors: { role: [refused.message] } }), error: undefined },
        { status: refused.status },
      );
    const failed = (message: string) =>
      data({ intent, result: submission.reply({ formErrors: [message] }), error: undefined }, { status: 503 });
    return tryWrite(async () => {
      const audit = { actor: viewer, address: clientAddress(args.request) };
      const token = await createInvitation(
        db,
        { organisationId, email, role: invitedRole, invitedBy: viewer.id },
        audit,
      );
      const link = `${new URL(args.request.url).origin}/join?token=${token}`;
      try {
        await args.context.mailer.send(
          invitationMessage(email, organisation, `${viewer.firstName} ${viewer.lastName}`, link),
        );
      } catch (error) {
        // An invitation nobody received is withdrawn, so the form may say that nothing was saved.
        console.error("invitation email not sent", error);
        await withdrawInvitation(db, token, audit);
        return failed(writeFailedMessage);
      }
      return redirect(
        localizedPath(
          `/petadmin/staff?invited=${encodeURIComponent(email)}`,
          localeOfPath(new URL(args.request.url).pathname),
        ),
      );
    }, failed);
  }

  if (intent === "role" || intent === "remove") {
    const { viewer, organisationId, role } = await managedOrganisation(
      args,
      intent === "role" ? "update:member" : "remove:member",
    );
    const userId = Number(formData.get("userId"));
    const requested = intent === "role" ? formData.get("role") : null;
    const newRole = isRole(requested) ? requested : null;
    const actor = { userId: viewer.id, role };
    const refusalNow = async () => {
      const members = await listMembers(db, organisationId);
      const target = members.find((member) => member.userId === userId);
      const owners = members.filter((member) => member.role === "owner").length;
      // An unknown role is checked after who the target is, so "not a member" and "yourself" come first.
      return membershipChangeRefusal({
        actor,
        target,
        newRole: intent === "role" && !newRole ? (target?.role ?? null) : newRole,
        owners,
      });
    };
    const refused = await refusalNow();
    if (refused) return refuseWith(refused);
    if (intent === "role" && !newRole) return refuse(/*i18n*/ "Choose a role.");
    const here = localizedPath("/petadmin/staff", localeOfPath(new URL(args.request.url).pathname));
    const members = await listMembers(db, organisationId);
    const target = members.find((member) => member.userId === userId);
    if (!target) return refuse(membershipMessages.changedMeanwhile, 409);
    if (newRole === target.role) return redirect(here);
    // The target's sessions end in the same batch: they sign in again and get their new rights then.
    const audit = {
      target: { id: target.userId, email: target.email },
      actor: viewer,
      address: clientAddress(args.request),
      previousRole: target.role,
    };
    return tryWrite(
      async () => {
        const change = { organisationId, actorId: viewer.id, userId };
        const changed = newRole
          ? await setMemberRole(db, { ...change, role: newRole }, audit)
          : await removeMember(db, change, audit);
        if (changed) return redirect(here);
        // The statement found a rule broken by a change made meanwhile (another admin's): say which.
        const refusedNow = await refusalNow();
        return refusedNow ? refuseWith(refusedNow) : refuse(membershipMessages.changedMeanwhile, 409);
      },
      (message) => refuse(message, 503),
    );
  }

  return refuse(/*i18n*/ "Unknown action.");
}

const loadInviteCheck = () => import("#app/lib/forms/validators/account").then((checks) => checks.invite);

export default function Staff() {
  const { organisation, myRole, myId, members, invitations, invited, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form } = useServerForm(
    "invite",
    {
      constraint,
      lastResult: actionData?.intent === "invite" ? actionData.result : undefined,
      defaultValue: { role: "member" },
    },
    loadInviteCheck,
  );
  const { t, i18n } = useLingui();
  const roleName = (role: Role) => i18n._(roleNames[role]);
  const roleOptions = roles.map((role) => ({
    value: role,
    label: roleName(role)[0]!.toUpperCase() + roleName(role).slice(1),
  }));
  const canManage = (memberRole: Role) => memberRole !== "owner" || hasPermission(myRole, "manage:owner");
  const inviteRoles = roleOptions.filter((option) => option.value !== "owner" || hasPermission(myRole, "manage:owner"));

  return (
    <>
      <h1>
        <Trans>Staff of {organisation}</Trans>
      </h1>
      <FormAlert messages={actionData?.error ? [actionData.error] : []} />
      <section aria-labelledby="members-title">
        <h2 id="members-title">
          <Trans>Members</Trans>
        </h2>
        <ul className="member-list">
          {members.map((member) => (
            <li key={member.userId} className="member">
              <div>
                <strong>
                  {member.firstName} {member.lastName}
                </strong>
                <span className="member__email">{member.email}</span>
              </div>
              {member.userId === myId || !canManage(member.role) ? (
                <span className="member__role">{roleName(member.role)}</span>
              ) : (
                <div className="member__actions">
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="userId" value={member.userId} />
                    <label htmlFor={`role-${member.userId}`} className="visually-hidden">
                      <Trans>
                        Role of {member.firstName} {member.lastName}
                      </Trans>
                    </label>
                    <select id={`role-${member.userId}`} name="role" defaultValue={member.role}>
                      {inviteRoles.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="button button--small">
                      <Trans>Save role</Trans>
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="userId" value={member.userId} />
                    <button type="submit" className="button button--small button--danger">
                      <Trans>
                        Remove
                        <span className="visually-hidden">
                          {" "}
                          {member.firstName} {member.lastName}
                        </span>
                      </Trans>
                    </button>
                  </Form>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="invite-title">
        <h2 id="invite-title">
          <Trans>Invite a colleague</Trans>
        </h2>
        {invited ? (
          <p className="notice notice--success" role="status">
            <Trans>We sent an invitation to {invited}.</Trans>
          </p>
        ) : null}
        <Form method="post" id={form.id} ref={ref} className="stack">
          <FormAlert messages={formErrorsOf(form)} />
          <input type="hidden" name="intent" value="invite" />
          <Field label={t`Email`} field={serverField(form, "email")} type="email" />
          <SelectField label={t`Role`} field={serverField(form, "role")} options={inviteRoles} />
          <button type="submit" className="button button--primary">
            <Trans>Send invitation</Trans>
          </button>
        </Form>
        {invitations.length > 0 ? (
          <>
            <h3>
              <Trans>Waiting for an answer</Trans>
            </h3>
            <ul className="member-list">
              {invitations.map((invitation) => (
                <li key={invitation.email} className="member">
                  <span>{invitation.email}</span>
                  <span className="member__role">
                    {isRole(invitation.role) ? roleName(invitation.role) : invitation.role}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </>
  );
}
