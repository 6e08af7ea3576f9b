import { getZodConstraint } from "@conform-to/zod/v4";
import type { I18n, MessageDescriptor } from "@lingui/core";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import type { Database } from "#app/db/client.server";
import { noteSchema } from "#app/lib/applications/application-schema";
import type { Email } from "#app/lib/email/emails";
import { localeOf, localizedPath } from "#app/lib/i18n/locale";
import type { Permission } from "#app/lib/accounts/permissions";
import { readFormData, readId } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { i18nOf } from "#app/locales/catalogs.server";
import { listNotes, type NoteKind } from "#app/models/inbox-notes.server";
import { requireStaff } from "#app/services/auth.server";
import { addInboxNote } from "#app/services/inbox-notes.server";
import { sendAfterResponse } from "#app/services/notify.server";

/**
 * The skeleton every inbox item page shares (/petadmin/inbox/<kind>/<id>: an adoption application, a
 * foster or volunteer application, a message): staff read it with its notes, leave notes, and move it
 * from status to status at the version they read (decision 014), the applicant emailed after the answer.
 * Each kind configures it with an `InboxItemKind`; the page's own parts (its answers, its words) stay in
 * its route. The shared page parts are components/inbox-item.tsx.
 */

/** A status move of an item: which statuses exist, which the item may go to now, the write and the email. */
export interface StatusMoves<Item, Status extends string> {
  /** The form field that names the status to move to: "status", or "intent" where the buttons are intents. */
  field: "status" | "intent";
  statuses: readonly Status[];
  /** The moves the page offers now (its buttons and the only `?confirm=` it asks about). */
  movesFrom: (item: Item) => readonly Status[];
  /** The refusal of a status the item may not go to from where it is (checked before writing); none: any. */
  refusal?: (item: Item, to: Status, i18n: I18n) => string | null;
  /** Someone changed the item since the page was read (409). */
  conflict: MessageDescriptor;
  versionOf: (item: Item) => number;
  /** The write at `version`, from the status read: "conflict" if the item is not as read. */
  write: (db: Database, item: Item, version: number, to: Status) => Promise<"conflict" | string>;
  /** The email to send after the answer (in the reader's language), or null. */
  email?: (item: Item, to: Status, origin: string) => Email | null;
}

export interface InboxItemKind<Item, Status extends string = string> {
  /** The notes' kind and the address: /petadmin/inbox/<kind>/<id>. */
  kind: NoteKind;
  /** What the page (`read`) and its posts (`update`) need; `update` is checked before the body is read (issue 22). */
  permissions: { read: Permission; update: Permission };
  load: (db: Database, id: number) => Promise<Item | undefined>;
  /** The 404's text; an item `load` finds but `shown` refuses is not found either (a draft application). */
  notFound: string;
  shown?: (item: Item) => boolean;
  idOf: (item: Item) => number;
  moves?: StatusMoves<Item, Status>;
}

/** The item of the address's `id`, or a 404. */
export async function loadInboxItem<Item, Status extends string>(
  context: AppLoadContext,
  kind: InboxItemKind<Item, Status>,
  id: string | undefined,
): Promise<Item> {
  const itemId = readId(id);
  const item = itemId ? await kind.load(context.db, itemId) : undefined;
  if (!item || (kind.shown && !kind.shown(item))) throw new Response(kind.notFound, { status: 404 });
  return item;
}

const pathOf = (kind: NoteKind, id: number) => `/petadmin/inbox/${kind}/${id}`;

/**
 * What every inbox item page loads: the item (for the route to show), its notes, the last post's
 * `done`, the moves it offers and the one `?confirm=` asks about (a decision asks first, issue 40:
 * with JavaScript in a dialog, without it on the page at ?confirm=<status>).
 */
export async function inboxItemPage<Item, Status extends string>(
  { request, context, params }: LoaderFunctionArgs,
  kind: InboxItemKind<Item, Status>,
) {
  await requireStaff(context, request, kind.permissions.read);
  const item = await loadInboxItem(context, kind, params.id);
  const query = new URL(request.url).searchParams;
  const moves = kind.moves?.movesFrom(item) ?? [];
  const notes = await listNotes(context.db, kind.kind, kind.idOf(item));
  return {
    item,
    i18n: i18nOf(request),
    shared: {
      moves,
      confirm: moves.find((move) => move === query.get("confirm")) ?? null,
      done: query.get("done"),
      notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
      noteConstraint: getZodConstraint(noteSchema),
    },
  };
}

/** A refusal of an inbox item's post, in the shape every inbox page reads (`message`; a note's `result`). */
const refuse = (intent: string, message: string, status: number) =>
  data({ intent, message, result: undefined }, { status });

/**
 * An inbox item's action: a note (`intent=note`, services/inbox-notes), else `other` if the kind
 * decides itself (the adoption application, through services/pet-decisions), else its status move:
 * the status and version are checked (400), the item loaded (404), a version that moved on or a move
 * the status does not allow refused (409), the write made at that version, the email sent after the
 * answer, and back to the item (`?done=<status>`); if D1 fails, the page says so (503).
 */
export async function inboxItemAction<Item, Status extends string, Other = never>(
  { request, context, params }: ActionFunctionArgs,
  kind: InboxItemKind<Item, Status>,
  other?: (item: () => Promise<Item>, formData: FormData, staff: { id: number }) => Promise<Other>,
) {
  const staff = await requireStaff(context, request, kind.permissions.update);
  const formData = await readFormData(request);
  const i18n = i18nOf(request);
  const here = (item: Item) => localizedPath(pathOf(kind.kind, kind.idOf(item)), localeOf(request));
  const load = () => loadInboxItem(context, kind, params.id);
  if (formData.get("intent") === "note") {
    const item = await load();
    return addInboxNote(context, formData, {
      kind: kind.kind,
      id: kind.idOf(item),
      userId: staff.id,
      path: here(item),
    });
  }
  if (other) return other(load, formData, staff);
  const moves = kind.moves;
  if (!moves) throw new Response("Unknown action", { status: 400 });
  const to = String(formData.get(moves.field) ?? "");
  if (!(moves.statuses as readonly string[]).includes(to))
    throw new Response(moves.field === "status" ? "Unknown status" : "Unknown action", { status: 400 });
  const status = to as Status;
  const version = Number(formData.get("version"));
  if (!Number.isSafeInteger(version)) throw new Response("Missing version", { status: 400 });
  const item = await load();
  const conflict = () => refuse(to, i18n._(moves.conflict), 409);
  if (moves.versionOf(item) !== version) return conflict();
  const refusal = moves.refusal?.(item, status, i18n);
  if (refusal) return refuse(to, refusal, 409);
  return tryWrite(
    async () => {
      if ((await moves.write(context.db, item, version, status)) === "conflict") return conflict();
      const email = moves.email?.(item, status, new URL(request.url).origin);
      if (email) sendAfterResponse(context, email);
      return redirect(`${here(item)}?done=${to}`);
    },
    (message) => refuse(to, i18n._(message), 503),
  );
}

/**
 * The moves of an item that has an `id`, a `status` and a `version` (a foster or volunteer application):
 * its status machine (lib/foster/foster.ts, lib/volunteer/volunteer.ts) says where it may go; a move elsewhere is refused
 * with `cannotMove`, naming the status it is in.
 */
export function movesByStatus<
  Item extends { id: number; version: number; status: Status },
  Status extends string,
>(machine: {
  statuses: readonly Status[];
  movesFrom: (status: Status) => readonly Status[];
  canMove: (from: Status, to: Status) => boolean;
  labels: Record<Status, string>;
  cannotMove: (current: string) => MessageDescriptor;
  conflict: MessageDescriptor;
  write: (db: Database, id: number, version: number, from: Status, to: Status) => Promise<"conflict" | string>;
  email?: (item: Item, to: Status, origin: string) => Email | null;
}): StatusMoves<Item, Status> {
  return {
    field: "status",
    statuses: machine.statuses,
    movesFrom: (item) => machine.movesFrom(item.status),
    versionOf: (item) => item.version,
    refusal: (item, to, i18n) =>
      machine.canMove(item.status, to) ? null : i18n._(machine.cannotMove(i18n._(machine.labels[item.status]))),
    conflict: machine.conflict,
    write: (db, item, version, to) => machine.write(db, item.id, version, item.status, to),
    email: machine.email,
  };
}

/**
 * The kind of an inbox item that is an application with a status machine (a foster or volunteer
 * application): `machine` is its lib's statuses, moves and labels; `moves` what a move refuses, writes and emails.
 */
export function statusMachineItem<Item extends { id: number; version: number; status: Status }, Status extends string>(
  item: Pick<InboxItemKind<Item, Status>, "kind" | "permissions" | "load" | "notFound">,
  machine: Pick<Parameters<typeof movesByStatus<Item, Status>>[0], "statuses" | "movesFrom" | "canMove" | "labels">,
  moves: Omit<Parameters<typeof movesByStatus<Item, Status>>[0], "statuses" | "movesFrom" | "canMove" | "labels">,
): InboxItemKind<Item, Status> {
  return { ...item, idOf: (found) => found.id, moves: movesByStatus({ ...machine, ...moves }) };
}
