import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as joinAction, loader as joinLoader } from "#app/routes/site/join";
import { loader as petAdminLoader } from "#app/routes/petadmin/layout";
import { action as staffAction, loader as staffLoader } from "#app/routes/petadmin/staff";
import { createTestEnv, getRequest, postForm, respond, withCookies, type CookieJar, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { signedIn } from "./signed-in";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

const roleOf = async (userId: number) =>
  (await t.env.DB.prepare("select role from memberships where user_id = ?").bind(userId).first<{ role: string }>())
    ?.role ?? null;

describe("staff access", () => {
  it("sends visitors to sign in, refuses non-staff with 403, lets staff in", async () => {
    expect((await respond(t, petAdminLoader, getRequest("/petadmin"))).headers.get("Location")).toBe(
      "/sign-in?redirectTo=%2Fpetadmin",
    );
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    expect((await respond(t, petAdminLoader, withCookies(getRequest("/petadmin"), adopter))).status).toBe(403);
    const member = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    expect((await respond(t, petAdminLoader, withCookies(getRequest("/petadmin"), member))).data).toEqual({
      role: "member",
    });
  });

  it("keeps the staff page and all its actions from members, whatever they post", async () => {
    const target = await createAccount(t.env.DB, { role: "member" });
    const member = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    expect((await respond(t, staffLoader, withCookies(getRequest("/petadmin/staff"), member))).status).toBe(403);
    const attempts: Record<string, string>[] = [
      { intent: "invite", email: "friend@example.com", role: "admin" },
      { intent: "role", userId: String(target.id), role: "owner" },
      { intent: "remove", userId: String(target.id) },
    ];
    for (const fields of attempts) {
      const result = await respond(t, staffAction, withCookies(postForm("/petadmin/staff", fields), member));
      expect(result.status).toBe(403);
    }
    expect(await roleOf(target.id)).toBe("member");
    const invitations = await t.env.DB.prepare("select count(*) as n from invitations").first<{ n: number }>();
    expect(invitations?.n).toBe(0);
  });
});

describe("the staff page", () => {
  it("lets an admin change a member's role and remove them, but not touch owners", async () => {
    const owner = await createAccount(t.env.DB, { role: "owner" });
    const admin = await signedIn(t, await createAccount(t.env.DB, { role: "admin" }));
    const colleague = await createAccount(t.env.DB, { role: "member" });

    const page = await respond(t, staffLoader, withCookies(getRequest("/petadmin/staff"), admin));
    const members = (page.data as { members: { email: string; role: string }[] }).members;
    expect(members.map((member) => member.email)).toEqual(expect.arrayContaining([owner.email, colleague.email]));

    const promoted = await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "role", userId: String(colleague.id), role: "admin" }), admin),
    );
    expect(promoted.headers.get("Location")).toBe("/petadmin/staff");
    expect(await roleOf(colleague.id)).toBe("admin");

    const toOwner = await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "role", userId: String(colleague.id), role: "owner" }), admin),
    );
    expect(toOwner.status).toBe(403);
    const removeOwner = await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "remove", userId: String(owner.id) }), admin),
    );
    expect(removeOwner.status).toBe(403);
    expect(await roleOf(owner.id)).toBe("owner");

    await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "remove", userId: String(colleague.id) }), admin),
    );
    expect(await roleOf(colleague.id)).toBeNull();
  });

  it("refuses changes to your own membership and unknown members", async () => {
    const admin = await createAccount(t.env.DB, { role: "admin" });
    const jar = await signedIn(t, admin);
    const self = await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "role", userId: String(admin.id), role: "member" }), jar),
    );
    expect(self.status).toBe(400);
    const nobody = await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "remove", userId: "999999" }), jar),
    );
    expect(nobody.status).toBe(404);
    const junk = await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "role", userId: "abc", role: "king" }), jar),
    );
    expect(junk.status).toBe(404);
  });

  it("invites by email; the invitee joins after signing in with that address, once", async () => {
    const owner = await signedIn(
      t,
      await createAccount(t.env.DB, { role: "owner", firstName: "Olive", lastName: "Owner" }),
    );
    const invited = await respond(
      t,
      staffAction,
      withCookies(
        postForm("/petadmin/staff", { intent: "invite", email: "New.Hire@example.com", role: "member" }),
        owner,
      ),
    );
    expect(invited.headers.get("Location")).toBe("/petadmin/staff?invited=new.hire%40example.com");
    const mail = await t.env.DB.prepare(
      "select subject, text from outbox_messages where \"to\" = 'new.hire@example.com'",
    ).first<{ subject: string; text: string }>();
    expect(mail?.subject).toBe("Olive Owner invited you to join Sequoia Humane Society");
    const token = new URL(mail!.text.match(/http:\/\/localhost\/join\?\S+/)![0]).searchParams.get("token")!;

    // A visitor is asked to sign in or register; someone else is told it is not theirs.
    expect((await respond(t, joinLoader, getRequest(`/join?token=${token}`))).data).toMatchObject({
      state: "sign-in",
      email: "new.hire@example.com",
    });
    const strangerAccount = await createAccount(t.env.DB);
    const stranger = await signedIn(t, strangerAccount);
    expect(
      (await respond(t, joinLoader, withCookies(getRequest(`/join?token=${token}`), stranger))).data,
    ).toMatchObject({ state: "other-account" });
    await respond(t, joinAction, withCookies(postForm("/join", { token }), stranger));
    expect(await roleOf(strangerAccount.id)).toBeNull();

    // Anyone can register an address: until it is confirmed, the account cannot join.
    const hire = await createAccount(t.env.DB, { email: "new.hire@example.com", confirmed: false });
    const hireJar = await signedIn(t, hire);
    expect((await respond(t, joinLoader, withCookies(getRequest(`/join?token=${token}`), hireJar))).data).toMatchObject(
      { state: "confirm-first" },
    );
    const refused = await respond(t, joinAction, withCookies(postForm("/join", { token }), hireJar));
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ error: expect.stringMatching(/^Confirm your email address/) });
    expect(await roleOf(hire.id)).toBeNull();

    await t.env.DB.prepare("update users set email_confirmed_at = ? where id = ?").bind(Date.now(), hire.id).run();
    expect((await respond(t, joinLoader, withCookies(getRequest(`/join?token=${token}`), hireJar))).data).toMatchObject(
      { state: "ready" },
    );
    const joined = await respond(t, joinAction, withCookies(postForm("/join", { token }), hireJar));
    expect(joined.headers.get("Location")).toBe("/petadmin");
    expect(await roleOf(hire.id)).toBe("member");
    expect((await respond(t, joinLoader, getRequest(`/join?token=${token}`))).data).toMatchObject({ state: "invalid" });
  });

  it("lets only owners invite owners", async () => {
    const admin = await signedIn(t, await createAccount(t.env.DB, { role: "admin" }));
    const result = await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "invite", email: "boss@example.com", role: "owner" }), admin),
    );
    expect(result.status).toBe(403);
  });

  it("never lowers a role through an invitation: an owner invited as a member stays owner", async () => {
    const inviter = await signedIn(t, await createAccount(t.env.DB, { role: "owner" }));
    const owner = await createAccount(t.env.DB, { role: "owner", email: "already.owner@example.com" });
    await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "invite", email: owner.email, role: "member" }), inviter),
    );
    const mail = await t.env.DB.prepare('select text from outbox_messages where "to" = ?')
      .bind(owner.email)
      .first<{ text: string }>();
    const token = new URL(mail!.text.match(/http:\/\/localhost\/join\?\S+/)![0]).searchParams.get("token")!;
    const joined = await respond(t, joinAction, withCookies(postForm("/join", { token }), await signedIn(t, owner)));
    expect(joined.headers.get("Location")).toBe("/petadmin");
    expect(await roleOf(owner.id)).toBe("owner");
  });

  it("raises a role through an invitation", async () => {
    const inviter = await signedIn(t, await createAccount(t.env.DB, { role: "owner" }));
    const member = await createAccount(t.env.DB, { role: "member", email: "rising.member@example.com" });
    await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "invite", email: member.email, role: "admin" }), inviter),
    );
    const mail = await t.env.DB.prepare('select text from outbox_messages where "to" = ?')
      .bind(member.email)
      .first<{ text: string }>();
    const token = new URL(mail!.text.match(/http:\/\/localhost\/join\?\S+/)![0]).searchParams.get("token")!;
    await respond(t, joinAction, withCookies(postForm("/join", { token }), await signedIn(t, member)));
    expect(await roleOf(member.id)).toBe("admin");
  });
});

describe("an organisation keeps an owner", () => {
  const ownerCount = async () =>
    (await t.env.DB.prepare("select count(*) as n from memberships where role = 'owner'").first<{ n: number }>())?.n ??
    0;

  it("when its two owners demote each other at the same moment", async () => {
    // This file's other tests made owners too: start from exactly two.
    await t.env.DB.prepare("update memberships set role = 'admin' where role = 'owner'").run();
    const first = await createAccount(t.env.DB, { role: "owner" });
    const second = await createAccount(t.env.DB, { role: "owner" });
    const [firstJar, secondJar] = await Promise.all([signedIn(t, first), signedIn(t, second)]);
    const demote = (jar: CookieJar, userId: number) =>
      respond(
        t,
        staffAction,
        withCookies(postForm("/petadmin/staff", { intent: "role", userId: String(userId), role: "admin" }), jar),
      );
    const answers = await Promise.all([demote(firstJar, second.id), demote(secondJar, first.id)]);
    expect(await ownerCount()).toBe(1);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400]);
    const refused = answers.find((answer) => answer.status === 400);
    expect(refused?.data).toMatchObject({ error: expect.stringMatching(/owner/) });
  });

  it("when its two owners remove each other at the same moment", async () => {
    await t.env.DB.prepare("update memberships set role = 'admin' where role = 'owner'").run();
    const first = await createAccount(t.env.DB, { role: "owner" });
    const second = await createAccount(t.env.DB, { role: "owner" });
    const [firstJar, secondJar] = await Promise.all([signedIn(t, first), signedIn(t, second)]);
    const remove = (jar: CookieJar, userId: number) =>
      respond(
        t,
        staffAction,
        withCookies(postForm("/petadmin/staff", { intent: "remove", userId: String(userId) }), jar),
      );
    await Promise.all([remove(firstJar, second.id), remove(secondJar, first.id)]);
    expect(await ownerCount()).toBe(1);
  });
});
