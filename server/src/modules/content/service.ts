import type { ListQuery, testimonialInput } from "@store/contract";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { banners, testimonials, users } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { crudService } from "../../lib/crud";
import { badRequest, notFound } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, type Page, readPage } from "../../lib/lists";
import { requireVersion } from "../../lib/versions";

export const bannerService = crudService({
  table: banners,
  id: banners.banner_id,
  entity: "Banner",
  list: {
    search: [banners.title, banners.subtitle],
    defaultOrder: { by: banners.banner_id, order: "desc" },
  },
});

// Testimonials: the customer is a user, so the record answers the user's
// current first and last name rather than a copy that could go stale.

const ENTITY = "Testimonial";
export const UNKNOWN_CUSTOMER = "Customer username must be an existing user.";

const record = {
  testimonial_id: testimonials.testimonial_id,
  username: testimonials.username,
  f_name: users.f_name,
  l_name: users.l_name,
  testimonial_title: testimonials.testimonial_title,
  testimonial_content: testimonials.testimonial_content,
  testimonial_status: testimonials.testimonial_status,
  created_at: testimonials.created_at,
  updated_at: testimonials.updated_at,
  deleted_at: testimonials.deleted_at,
  version: testimonials.version,
};

const listSpec = defineList({
  search: [
    testimonials.username,
    users.f_name,
    users.l_name,
    testimonials.testimonial_title,
    testimonials.testimonial_content,
  ],
  defaultOrder: { by: testimonials.testimonial_id, order: "desc" },
  key: testimonials.testimonial_id,
  fields: fieldsOf(record),
});

const live = (condition?: SQL) => and(isNull(testimonials.deleted_at), condition);

function selectRecords(db: Tx) {
  return db
    .select(record)
    .from(testimonials)
    .leftJoin(users, eq(users.user_id, testimonials.user_id));
}

type Testimonial = Awaited<ReturnType<ReturnType<typeof selectRecords>["execute"]>>[number];
type Values = z.output<typeof testimonialInput>;

async function findRecord(db: Tx, id: number): Promise<Testimonial | undefined> {
  const [row] = await selectRecords(db)
    .where(live(eq(testimonials.testimonial_id, id)))
    .limit(1);
  return row;
}

/** The user named by the form (case-insensitively), or a 400 naming the field. */
async function resolveCustomer(tx: Tx, username: string) {
  const [customer] = await tx
    .select({ user_id: users.user_id, username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (!customer)
    throw badRequest("username", "existing_user", { field: "username" }, UNKNOWN_CUSTOMER);
  return customer;
}

function columns(input: Values, customer: { user_id: number; username: string }) {
  return {
    user_id: customer.user_id,
    username: customer.username,
    testimonial_title: input.testimonial_title,
    testimonial_content: input.testimonial_content,
    testimonial_status: input.testimonial_status,
  };
}

export const testimonialService = {
  async list(db: Tx, query: ListQuery): Promise<Page<Testimonial>> {
    const clauses = listClauses(query, listSpec, { base: live() });
    return readPage(db, clauses, {
      table: testimonials,
      joins: sql` left join ${users} on ${eq(users.user_id, testimonials.user_id)}`,
      rows: (where, orderBy) =>
        selectRecords(db)
          .where(where)
          .orderBy(...orderBy),
      keyOf: (row) => row.testimonial_id,
    });
  },

  async get(db: Tx, id: number): Promise<Testimonial> {
    const row = await findRecord(db, id);
    if (!row) throw notFound(ENTITY);
    return row;
  },

  async create(db: Db, actor: Actor | null, input: Values): Promise<Testimonial> {
    return db.transaction(async (tx) => {
      const customer = await resolveCustomer(tx, input.username);
      const [row] = await tx.insert(testimonials).values(columns(input, customer)).returning();
      if (!row) throw new Error("insert answered no row");
      await recordAudit(tx, actor, {
        entity: ENTITY,
        entityId: row.testimonial_id,
        action: "create",
        after: row,
      });
      return (await findRecord(tx, row.testimonial_id)) as Testimonial;
    });
  },

  async update(
    db: Db,
    actor: Actor | null,
    id: number,
    input: Values,
    expected?: number,
  ): Promise<Testimonial> {
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(testimonials)
        .where(live(eq(testimonials.testimonial_id, id)))
        .for("update");
      if (!before) throw notFound(ENTITY);
      await requireVersion(tx, { entity: ENTITY, id, row: before }, expected);
      const customer = await resolveCustomer(tx, input.username);
      const [after] = await tx
        .update(testimonials)
        .set({ ...columns(input, customer), updated_at: sql`now()` })
        .where(eq(testimonials.testimonial_id, id))
        .returning();
      await recordAudit(tx, actor, {
        entity: ENTITY,
        entityId: id,
        action: "update",
        before,
        after,
      });
      return (await findRecord(tx, id)) as Testimonial;
    });
  },

  /** Soft delete: deleted_at is stamped and the testimonial leaves every answer. */
  async remove(db: Db, actor: Actor | null, id: number, expected?: number): Promise<Testimonial> {
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ version: testimonials.version })
        .from(testimonials)
        .where(live(eq(testimonials.testimonial_id, id)))
        .for("update");
      const before = await findRecord(tx, id);
      if (!locked || !before) throw notFound(ENTITY);
      await requireVersion(tx, { entity: ENTITY, id, row: locked }, expected);
      await tx
        .update(testimonials)
        .set({ deleted_at: sql`now()` })
        .where(and(eq(testimonials.testimonial_id, id), isNull(testimonials.deleted_at)));
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: "delete", before });
      return before;
    });
  },
};
