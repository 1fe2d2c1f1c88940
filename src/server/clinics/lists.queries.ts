/**
 * Reading a clinic's lists (issue 37): named lists of products with quantities that every member of the
 * clinic reads and edits. Each line carries what the list's page needs of its product in the clinic's
 * country: name, SKU, first photo, price (null: not sold there) and stock. Membership is checked here.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { COUNTRIES, type CountryCode, type CurrencyCode } from '../../shared/countries.ts';
import { getDb, type Db } from '../db/client.ts';
import { clinicListItems, clinicLists, productOffers, products, users } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import { findMemberClinic, type MemberClinic } from './clinics.queries.ts';
import { clinicPrices, withContractPrices } from './contract-prices.queries.ts';

/** At most this many lists per clinic, and lines per list. */
export const MAX_CLINIC_LISTS = 100;
export const MAX_LIST_ITEMS = 200;
/** The most units of a line: as much as one line of an order. */
export const MAX_LIST_QUANTITY = 999;

export const LIST_MESSAGES = {
  notFound: 'Список не найден.',
  nameTaken: 'Список с таким названием в клинике уже есть.',
  tooManyLists: `В клинике не больше ${MAX_CLINIC_LISTS} списков: удалите ненужные.`,
  unknownProduct: 'Такого товара нет в каталоге.',
  emptyOrder: 'В заказе нет товаров, которые ещё есть в каталоге.',
  orderNotFound: 'Заказ не найден среди ваших и заказов ваших клиник.',
} as const;

export interface ClinicListSummary {
  id: number;
  clinicId: number;
  name: string;
  /** Lines in the list. */
  itemCount: number;
  createdBy: { id: number; email: string; firstName: string; lastName: string } | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ClinicListProduct {
  id: number;
  slug: string;
  sku: string;
  name: string;
  /** The first photo's address, or null. */
  image: string | null;
  /** Decimal string in `currency`: the clinic's contract price when its price list has one; null when not sold there. */
  price: string | null;
  /** The public price (equal to `price` without a contract price). */
  listPrice: string | null;
  currency: CurrencyCode;
  /** Units in stock in the clinic's country. */
  stock: number;
}

export interface ClinicListItem {
  product: ClinicListProduct;
  quantity: number;
}

export interface ClinicList extends ClinicListSummary {
  country: CountryCode;
  items: ClinicListItem[];
}

const summaryColumns = {
  id: clinicLists.id,
  clinicId: clinicLists.clinicId,
  name: clinicLists.name,
  createdAt: clinicLists.createdAt,
  updatedAt: clinicLists.updatedAt,
  creatorId: users.id,
  creatorEmail: users.email,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
};

type SummaryRow = {
  id: number;
  clinicId: number;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  creatorId: number | null;
  creatorEmail: string | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
};

function toSummary(row: SummaryRow, itemCount: number): ClinicListSummary {
  return {
    id: row.id,
    clinicId: row.clinicId,
    name: row.name,
    itemCount,
    createdBy:
      row.creatorId === null
        ? null
        : {
            id: row.creatorId,
            email: row.creatorEmail ?? '',
            firstName: row.creatorFirstName ?? '',
            lastName: row.creatorLastName ?? '',
          },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The clinic's lists by name, each with its count of lines, as its member `userId` reads them.
 * @throws NotFoundError for a clinic the account is not a member of
 */
export async function listClinicLists(clinicId: number, userId: number): Promise<ClinicListSummary[]> {
  await findMemberClinic(clinicId, userId);
  return readClinicLists(clinicId);
}

/** The clinic's lists by name (membership checked by the caller: the clinic's page). */
export async function readClinicLists(clinicId: number, db?: Db): Promise<ClinicListSummary[]> {
  const conn = db ?? (await getDb());
  const [rows, counts] = await Promise.all([
    conn
      .select(summaryColumns)
      .from(clinicLists)
      .leftJoin(users, eq(users.id, clinicLists.createdBy))
      .where(eq(clinicLists.clinicId, clinicId))
      .orderBy(asc(clinicLists.name), asc(clinicLists.id)),
    conn
      .select({ listId: clinicListItems.listId, n: count() })
      .from(clinicListItems)
      .innerJoin(clinicLists, eq(clinicLists.id, clinicListItems.listId))
      .where(eq(clinicLists.clinicId, clinicId))
      .groupBy(clinicListItems.listId),
  ]);
  const byList = new Map(counts.map((c) => [c.listId, c.n]));
  return rows.map((row) => toSummary(row, byList.get(row.id) ?? 0));
}

/**
 * One of the clinic's lists with its lines in their order, priced and stocked in the clinic's country.
 * @throws NotFoundError for a clinic the account is not a member of, or a list not of that clinic
 */
export async function findClinicList(clinicId: number, listId: number, userId: number): Promise<ClinicList> {
  const clinic = await findMemberClinic(clinicId, userId);
  return readClinicList(clinic, listId);
}

/**
 * A list by its id alone, with the clinic it belongs to, as its member `userId` reads it (the list's page).
 * @throws NotFoundError for a missing list or one of a clinic the account is not a member of (the same answer)
 */
export async function findMemberList(
  listId: number,
  userId: number,
): Promise<{ clinic: MemberClinic; list: ClinicList }> {
  const db = await getDb();
  const [row] = await db.select({ clinicId: clinicLists.clinicId }).from(clinicLists).where(eq(clinicLists.id, listId));
  if (!row) throw new NotFoundError(LIST_MESSAGES.notFound);
  const clinic = await findMemberClinic(row.clinicId, userId, db);
  return { clinic, list: await readClinicList(clinic, listId, db) };
}

/** The list `listId` of `clinic` (membership already checked). @throws NotFoundError */
export async function readClinicList(clinic: MemberClinic, listId: number, db?: Db): Promise<ClinicList> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select(summaryColumns)
    .from(clinicLists)
    .leftJoin(users, eq(users.id, clinicLists.createdBy))
    .where(and(eq(clinicLists.id, listId), eq(clinicLists.clinicId, clinic.id)));
  if (!row) throw new NotFoundError(LIST_MESSAGES.notFound);
  const lines = await conn
    .select({
      quantity: clinicListItems.quantity,
      id: products.id,
      slug: products.slug,
      sku: products.sku,
      name: products.name,
      images: products.images,
      isActive: products.isActive,
      brandId: products.brandId,
      categoryId: products.categoryId,
      price: productOffers.price,
      stock: productOffers.quantity,
    })
    .from(clinicListItems)
    .innerJoin(products, eq(products.id, clinicListItems.productId))
    .leftJoin(productOffers, and(eq(productOffers.productId, products.id), eq(productOffers.country, clinic.country)))
    .where(eq(clinicListItems.listId, listId))
    .orderBy(asc(clinicListItems.position), asc(products.id));
  const currency = COUNTRIES[clinic.country].currency;
  // At the clinic's contract prices, as its orders are charged.
  const prices = await clinicPrices(
    clinic.id,
    clinic.country,
    lines.map((line) => line.id),
    conn,
  );
  const priced = await withContractPrices(
    prices,
    lines.map((line) => ({
      ...line,
      brand: line.brandId === null ? null : { id: line.brandId },
      category: { id: line.categoryId },
      price: line.isActive ? line.price : null,
    })),
  );
  return {
    ...toSummary(row, lines.length),
    country: clinic.country,
    items: priced.map((line) => ({
      quantity: line.quantity,
      product: {
        id: line.id,
        slug: line.slug,
        sku: line.sku,
        name: line.name,
        image: line.images[0] ?? null,
        price: line.price,
        listPrice: line.listPrice === undefined ? line.price : line.listPrice,
        currency,
        stock: line.isActive ? (line.stock ?? 0) : 0,
      },
    })),
  };
}
