/**
 * Placing an order and moving it between statuses. Each is one transaction: the offers of the
 * order's products are locked (`FOR UPDATE`, in product order so two orders never deadlock), the
 * lines are priced and checked against stock from the database, and every line's stock is taken
 * or none is. An order's mails are stored in the outbox in its transaction and go out after the commit.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { COUNTRIES } from '../../shared/countries.ts';
import { quoteDelivery } from '../../shared/delivery.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { tokenNotValid } from '../accounts/jwt.ts';
import { writeCatalog, type CatalogWrite } from '../catalog/catalog-write.ts';
import { lockOffersForOrder, returnStock, takeStock } from '../catalog/offers.service.ts';
import { getDb, intArray, queryRows, textArray, type Db } from '../db/client.ts';
import { clinicPrices, offersAtContractPrices } from '../clinics/contract-prices.queries.ts';
import { findMemberClinic, orderNeedsApproval, ownerEmails, type MemberClinic } from '../clinics/index.ts';
import { announceStoredMails, mailContacts, storeMails, type StoredMails } from '../mail/index.ts';
import { listCountryContacts } from '../company/contacts.queries.ts';
import { orderEvents, orderRequests, orders } from '../db/schema/index.ts';
import { ConflictError, NotFoundError, ValidationError, type ErrorTree } from '../errors.ts';
import { logger } from '../logger.ts';
import { detachedFromRequest } from '../request-scope.ts';
import { consumeRateLimits } from '../security/rate-limit.ts';
import {
  holdProblems,
  openOrdersProblem,
  orderCreateChecks,
  orderLimitsOn,
  ORDER_LIMITS,
  type HeldOrders,
} from './order-limits.ts';
import {
  fromCents,
  orderNumber,
  priceOrder,
  taxNumberProblem,
  toCents,
  type OfferForOrder,
  type PricedLine,
} from './order-rules.ts';
import {
  ORDER_STATUS_LABELS,
  staffCanTransition,
  returnsStock,
  transitionRefusal,
  type OrderStatus,
} from './order-status.ts';
import { approvalRequestMails, orderPlacedMails, sendHeldOrderMail, sendOrderCancelledMails } from './orders.mails.ts';
import { findAccountEmail, findOrderById, toOrder, type LineRow, type OrderRow } from './orders.queries.ts';
import type { Order, OrderInput, Orderer } from './orders.types.ts';

const log = logger.child({ module: 'orders' });

export const IDEMPOTENCY_HOURS = 24;

export const ORDER_MESSAGES = {
  phoneRequired: 'Укажите телефон: он нужен для доставки.',
  nameRequired: 'Укажите имя получателя.',
  noPickupPoint: (country: OrderInput['country']) => `Выберите пункт самовывоза ${COUNTRIES[country].inName}.`,
  unknownPickupPoint: 'Такого пункта самовывоза нет.',
  idempotencyReused: 'Этот ключ Idempotency-Key уже использован для другого заказа.',
  notClinicMember: 'Вы не состоите в этой клинике.',
  clinicCountry: (country: OrderInput['country']) =>
    `Клиника работает ${COUNTRIES[country].inName}: оформите заказ там.`,
  organisationRequired: 'Укажите организацию, на которую выставить счёт.',
  notCancellable: (status: OrderStatus) =>
    status === 'cancelled'
      ? 'Заказ уже отменён.'
      : `Заказ в статусе «${ORDER_STATUS_LABELS[status]}» отменить здесь нельзя: позвоните менеджеру.`,
} as const;

export interface PlaceOrderOptions {
  /**
   * The link that confirms the address of an account opened at checkout (`emailPending`): mailed instead
   * of the order, which follows once the address is confirmed (`sendHeldOrderMails`).
   */
  confirmEmailUrl?: string | null;
  /** The client's `Idempotency-Key` (a UUID). */
  idempotencyKey?: string;
  /** The client's address for the rate limit of ordering (`order-limits.ts`); without it only the account counts. */
  clientIp?: string;
  /**
   * What the caller writes with the order, in its transaction and sent with its writes (the account
   * remembers a courier's address): orders know nothing of it.
   */
  alongside?: (order: Order, tx: Db) => Promise<unknown>;
}

export interface PlacedOrder {
  order: Order;
  /** True when the key had already made this order: nothing was written now. */
  replayed: boolean;
}

/** sha256 of the body as canonical JSON (keys sorted), to tell a repeated request from another one. */
export function bodyHash(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

/**
 * Places `input` for `user`.
 * @throws ValidationError `{items: [{}, {quantity: [...]}]}` per line, or on the contact, delivery or payment
 * @throws ConflictError when the idempotency key already made an order from another body
 * @throws RateLimitError when the account or the address orders too often
 */
export async function placeOrder(
  user: Orderer,
  input: OrderInput,
  options: PlaceOrderOptions = {},
): Promise<PlacedOrder> {
  if (orderLimitsOn()) await consumeRateLimits(orderCreateChecks(user.id, options.clientIp));
  const contact = {
    name: input.contact.name?.trim() || `${user.firstName} ${user.lastName}`.trim(),
    phone: input.contact.phone?.trim() || user.phone,
    email: input.contact.email?.trim().toLowerCase() || user.email,
  };
  // The mails' footer is read now: in the transaction the embedded database's one connection is taken.
  const [clinic, contacts] = await Promise.all([
    input.clinic === undefined ? null : orderClinic(user.id, input),
    mailContacts(input.country),
  ]);
  const pickup = await checkDetails(input, contact, clinic);
  const hash = bodyHash(input);

  // The order's mails are stored in its transaction (the outbox), so once it has committed they go out even
  // if the client has gone meanwhile. An address nobody confirmed gets its confirmation link alone (none
  // without the link), never the order.
  const confirmEmailUrl = user.emailPending ? (options.confirmEmailUrl ?? null) : null;
  const accountEmail = user.emailPending && !confirmEmailUrl ? null : user.email;

  const outcome = await writeCatalog(
    { source: 'order', userId: user.id },
    async (write): Promise<PlacedOrder | { order: Order; mails: StoredMails }> => {
      const { tx } = write;
      const ids = [...new Set(input.items.map((item) => item.product))];
      // Sent together, and run by the database one after another on the transaction's connection: the lock
      // on the account first, so the account's orders are counted under it and two of its orders at once
      // cannot both fit the limits only one of them fits (the same order of locks as deleting the account:
      // the account, then the key, then the offers). One wait for all of them, while the account is locked.
      const [account, earlier, held, locked, contract, owners] = await Promise.all([
        lockAccount(tx, user.id),
        options.idempotencyKey ? claimKey(tx, user.id, options.idempotencyKey, hash) : null,
        orderLimitsOn() ? heldOrders(tx, user.id, input.country, ids) : null,
        offersForOrder(write, input.country, ids),
        clinic ? clinicPrices(clinic.id, input.country, ids, tx) : null,
        clinic ? ownerEmails(clinic.id, tx) : [],
      ]);
      if (!account) throw tokenNotValid();
      if (earlier) return earlier;
      const { id } = account;
      const limits = held && { ...held, trusted: account.trusted };
      const tooMany = limits && openOrdersProblem(limits);
      if (tooMany) throw new ValidationError({ non_field_errors: [tooMany] });
      // A clinic's order is priced with the clinic's contract prices, whoever of its members places it.
      const offers = clinic ? await offersAtContractPrices(contract, locked) : locked;
      const priced = priceOrder(input.country, input.items, offers);
      if (!priced.ok) throw new ValidationError({ items: priced.errors });
      const delivery = quoteDelivery(
        input.country,
        input.delivery.method === 'courier' ? { method: 'courier', city: input.delivery.city } : { method: 'pickup' },
        Number(priced.total),
      );
      const total = fromCents(toCents(priced.total) + toCents(String(delivery.price ?? 0)));
      const stock = new Map([...offers].map(([id, offer]) => [id, offer.stock]));
      const over = limits && holdProblems(input.country, input.items.length, priced.lines, priced.total, limits, stock);
      if (over)
        throw new ValidationError({
          ...(over.items ? { items: over.items } : {}),
          ...(over.order ? { non_field_errors: [over.order] } : {}),
        });
      const written = {
        id,
        number: orderNumber(input.country, id),
        userId: user.id,
        country: input.country,
        // An assistant's order, or a buyer's above the clinic's limit, waits for an owner (its stock held as for a new one).
        status: clinic && orderNeedsApproval(clinic.role, total, clinic.orderLimit) ? 'awaiting_approval' : 'new',
        currency: COUNTRIES[input.country].currency,
        total,
        goodsTotal: priced.total,
        deliveryPrice: delivery.price === null ? null : fromCents(toCents(String(delivery.price))),
        contactName: contact.name,
        contactPhone: contact.phone,
        contactEmail: contact.email,
        deliveryMethod: input.delivery.method,
        pickupContactId: pickup?.id ?? null,
        pickupAddress: pickup?.address ?? '',
        deliveryCity: input.delivery.method === 'courier' ? input.delivery.city.trim() : '',
        deliveryAddress: input.delivery.method === 'courier' ? input.delivery.address.trim() : '',
        paymentMethod: input.payment.method,
        // An order by invoice for a clinic is made out to the clinic's requisites, whatever was typed.
        organisation:
          input.payment.method === 'bank_transfer' ? (clinic?.name ?? input.payment.organisation?.trim() ?? '') : '',
        taxNumber:
          input.payment.method === 'bank_transfer' ? (clinic?.taxNumber ?? input.payment.taxNumber?.trim() ?? '') : '',
        comment: input.comment?.trim() ?? '',
        clinicId: clinic?.id ?? null,
      } satisfies Omit<OrderRow, 'createdAt' | 'updatedAt' | 'personalDataErasedAt' | 'exchangedAt'>;
      const lines: LineRow[] = priced.lines.map((line) => ({ orderId: id, ...line }));
      // The order's created_at is the transaction's start, which the lock read.
      const createdAt = new Date(account.now_ms);
      const order = toOrder(
        { ...written, createdAt, updatedAt: createdAt, personalDataErasedAt: null, exchangedAt: null },
        lines,
      );
      // An order waiting for the clinic owner's approval is not the shop's yet: its owners are mailed, not staff.
      const batch =
        order.status === 'awaiting_approval'
          ? approvalRequestMails(order, user.emailPending ? null : user.email, owners, contacts)
          : await orderPlacedMails(order, accountEmail, confirmEmailUrl, contacts);
      // Sent together (one wait): the database runs them in this order, and if taking the stock fails
      // everything after it fails too and the transaction rolls back.
      const [, , mails] = await Promise.all([
        takeStock(write, input.country, priced.lines),
        tx.execute(insertOrder(written, priced.lines, options.idempotencyKey)),
        storeMails(batch, tx),
        options.alongside?.(order, tx),
      ]);
      return { order, mails };
    },
  );

  if ('replayed' in outcome) return outcome;
  await detachedFromRequest(() => announceStoredMails(outcome.mails));
  return { order: outcome.order, replayed: false };
}

/**
 * Locks the account (not deleted) for the order and takes the order's id, in one statement; tells whether
 * the account is past a new customer's limits (`order-limits.ts`), and the transaction's start (`now()`,
 * which the order's `created_at` will be). An order refused later leaves a gap in the numbers, as a
 * rollback does.
 */
async function lockAccount(
  tx: Db,
  userId: number,
): Promise<{ id: number; trusted: boolean; now_ms: number } | undefined> {
  const [row] = await queryRows<{ id: number; trusted: boolean; now_ms: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id,
          (is_staff or (activated_at is not null and not email_pending
            and exists (select 1 from orders o where o.user_id = users.id and o.status = 'completed'))) as trusted,
          (extract(epoch from now()) * 1000)::float8 as now_ms
        from users where id = ${userId} and deleted_at is null for update`,
  );
  return row && { id: Number(row.id), trusted: row.trusted, now_ms: Number(row.now_ms) };
}

/**
 * Sends the «Заказ … принят» mails held back while the account's address was not confirmed: one for each
 * of its orders still open (new, confirmed or shipped), oldest first, to the address now confirmed. The
 * account calls it once, when the address is confirmed; a cancelled or completed order has nothing to say.
 */
export async function sendHeldOrderMails(userId: number): Promise<void> {
  const accountEmail = await findAccountEmail(userId);
  if (!accountEmail) return;
  const open = await queryRows<{ id: number }>(
    await getDb(),
    sql`select id from orders where user_id = ${userId} and status in ('new', 'confirmed', 'shipped') order by id`,
  );
  for (const { id } of open) {
    const order = await findOrderById(Number(id));
    if (order) await sendHeldOrderMail(order, accountEmail);
  }
}

/**
 * The order, its lines (one row per line, from arrays), its first event and the key's link to it, as one
 * statement of a fixed shape (prepared once per connection): the lines' and the event's references to the
 * order are checked at its end.
 */
function insertOrder(
  order: Omit<OrderRow, 'createdAt' | 'updatedAt' | 'personalDataErasedAt' | 'exchangedAt'>,
  lines: readonly PricedLine[],
  idempotencyKey: string | undefined,
): SQL {
  const column = <K extends keyof PricedLine>(key: K) => lines.map((line) => line[key]);
  const keyed = idempotencyKey
    ? sql`, request as (update order_requests set order_id = ${order.id}
                        where user_id = ${order.userId} and key = ${idempotencyKey})`
    : sql``;
  return sql`
    with lines as (
      insert into order_lines (order_id, position, product_id, product_name, product_slug, sku, unit_price, list_price, quantity, line_total)
      select ${order.id}, l.* from unnest(
        ${intArray(column('position'))}::int[], ${intArray(column('productId'))}::int[],
        ${textArray(column('productName'))}::text[], ${textArray(column('productSlug'))}::text[],
        ${textArray(column('sku'))}::text[], ${textArray(column('unitPrice'))}::numeric[],
        ${textArray(column('listPrice'))}::numeric[],
        ${intArray(column('quantity'))}::int[], ${textArray(column('lineTotal'))}::numeric[]
      ) as l
    ),
    event as (
      insert into order_events (order_id, to_status, source, user_id) values (${order.id}, ${order.status}, 'customer', ${order.userId})
    ) ${keyed}
    insert into orders (id, number, user_id, country, status, currency, total, goods_total, delivery_price,
      contact_name, contact_phone, contact_email, delivery_method, pickup_contact_id, pickup_address,
      delivery_city, delivery_address, payment_method, organisation, tax_number, comment, clinic_id)
    values (${order.id}, ${order.number}, ${order.userId}, ${order.country}, ${order.status}, ${order.currency},
      ${order.total}, ${order.goodsTotal}, ${order.deliveryPrice}, ${order.contactName}, ${order.contactPhone},
      ${order.contactEmail}, ${order.deliveryMethod}, ${order.pickupContactId}, ${order.pickupAddress},
      ${order.deliveryCity}, ${order.deliveryAddress}, ${order.paymentMethod}, ${order.organisation},
      ${order.taxNumber}, ${order.comment}, ${order.clinicId})`;
}

/**
 * The clinic an order is placed for, as its member `userId` reads it.
 * @throws ValidationError `{clinic: [...]}` for a clinic the account is not a member of, or of another country
 */
async function orderClinic(userId: number, input: OrderInput): Promise<MemberClinic> {
  try {
    const clinic = await findMemberClinic(input.clinic!, userId);
    if (clinic.country !== input.country)
      throw new ValidationError({ clinic: [ORDER_MESSAGES.clinicCountry(clinic.country)] });
    return clinic;
  } catch (error) {
    if (error instanceof NotFoundError) throw new ValidationError({ clinic: [ORDER_MESSAGES.notClinicMember] });
    throw error;
  }
}

/**
 * Contact, pickup point and the requisites of an order by invoice (a clinic's own, when it is placed for
 * one): checked before anything is locked. Returns the pickup office.
 */
async function checkDetails(
  input: OrderInput,
  contact: { name: string; phone: string },
  clinic: MemberClinic | null,
): Promise<{ id: number; address: string } | null> {
  const errors: ErrorTree = {};
  const contactErrors: Record<string, string[]> = {};
  if (!contact.name) contactErrors.name = [ORDER_MESSAGES.nameRequired];
  if (!contact.phone) contactErrors.phone = [ORDER_MESSAGES.phoneRequired];
  if (Object.keys(contactErrors).length) errors.contact = contactErrors;
  if (input.payment.method === 'bank_transfer' && !clinic) {
    const payment: Record<string, string[]> = {};
    if (!input.payment.organisation?.trim()) payment.organisation = [ORDER_MESSAGES.organisationRequired];
    const problem = taxNumberProblem(input.country, input.payment.taxNumber?.trim() ?? '');
    if (problem) payment.tax_number = [problem];
    if (Object.keys(payment).length) errors.payment = payment;
  }
  let pickup: { id: number; address: string } | null = null;
  if (input.delivery.method === 'pickup') {
    const offices = await listCountryContacts(input.country);
    const wanted = input.delivery.pickupPoint;
    const office =
      wanted === undefined ? (offices.length === 1 ? offices[0] : undefined) : offices.find((o) => o.id === wanted);
    if (office) pickup = { id: office.id, address: `${office.city}, ${office.address}` };
    else
      errors.delivery = {
        pickup_point: [
          wanted === undefined ? ORDER_MESSAGES.noPickupPoint(input.country) : ORDER_MESSAGES.unknownPickupPoint,
        ],
      };
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return pickup;
}

/** What the account holds in orders waiting for confirmation (`order-limits.ts`), for the products of this one. */
async function heldOrders(
  tx: Db,
  userId: number,
  country: CountryCode,
  ids: number[],
): Promise<Omit<HeldOrders, 'trusted'>> {
  const [[totals], units] = await Promise.all([
    queryRows<{ orders: number; value: string }>(
      tx,
      sql`select count(*)::int as orders, coalesce(sum(total) filter (where country = ${country}), 0)::text as value
          from orders where user_id = ${userId} and status = 'new'`,
    ),
    queryRows<{ product_id: number; units: number }>(
      tx,
      sql`select l.product_id, sum(l.quantity)::int as units
          from order_lines l join orders o on o.id = l.order_id
          where o.user_id = ${userId} and o.status = 'new' and o.country = ${country}
            and l.product_id = any(${intArray(ids)}::int[])
          group by l.product_id`,
    ),
  ]);
  return {
    orders: totals?.orders ?? 0,
    value: totals?.value ?? '0',
    units: new Map(units.map((u) => [Number(u.product_id), Number(u.units)])),
  };
}

/**
 * Takes the key for this request, or answers the order it already made. A key older than 24 hours
 * is taken afresh. A concurrent request with the same key waits on the row until the first commits.
 */
async function claimKey(tx: Db, userId: number, key: string, hash: string): Promise<PlacedOrder | null> {
  const claimed = await queryRows<{ key: string }>(
    tx,
    sql`insert into order_requests (user_id, key, body_hash) values (${userId}, ${key}, ${hash})
        on conflict (user_id, key) do update set body_hash = excluded.body_hash, created_at = now(), order_id = null
          where order_requests.created_at < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})
        returning key`,
  );
  if (claimed.length) return null;
  const [earlier] = await tx
    .select()
    .from(orderRequests)
    .where(and(eq(orderRequests.userId, userId), eq(orderRequests.key, key)));
  if (!earlier || earlier.bodyHash !== hash || earlier.orderId === null)
    throw new ConflictError(ORDER_MESSAGES.idempotencyReused);
  return { order: (await findOrderById(earlier.orderId, tx))!, replayed: true };
}

/** The offers of `ids` in `country`, locked until the order commits, with their products. */
async function offersForOrder(
  write: CatalogWrite,
  country: CountryCode,
  ids: number[],
): Promise<Map<number, OfferForOrder>> {
  return new Map((await lockOffersForOrder(write, country, ids)).map((p) => [p.productId, p]));
}

/** Who moves an order, for its history (`order_events`). */
export interface OrderMove {
  source: 'customer' | 'staff' | 'expiry';
  userId: number | null;
  comment?: string;
}

/**
 * Moves the order to `to` inside `write`, after `check` has seen its status (under a lock on the
 * order); cancelling gives its stock back through the catalog's door, which wakes back-in-stock
 * alerts. Answers the country, or null when there is no such order.
 */
export async function moveOrder(
  write: CatalogWrite,
  orderId: number,
  to: OrderStatus,
  move: OrderMove,
  check: (from: OrderStatus) => void,
): Promise<CountryCode | null> {
  const { tx } = write;
  const [row] = await queryRows<{ status: OrderStatus; country: CountryCode }>(
    tx,
    sql`select status, country from orders where id = ${orderId} for update`,
  );
  if (!row) return null;
  check(row.status);
  if (returnsStock(to)) {
    const lines = await queryRows<{ product_id: number | null; quantity: number }>(
      tx,
      sql`select product_id, quantity from order_lines
          where order_id = ${orderId} and product_id is not null order by product_id`,
    );
    await returnStock(
      write,
      row.country,
      lines.map((l) => ({ productId: Number(l.product_id), quantity: Number(l.quantity) })),
    );
  }
  await tx.update(orders).set({ status: to, updatedAt: new Date() }).where(eq(orders.id, orderId));
  await tx.insert(orderEvents).values({
    orderId,
    fromStatus: row.status,
    toStatus: to,
    source: move.source,
    userId: move.userId,
    comment: move.comment ?? '',
  });
  return row.country;
}

/**
 * Moves an order to `to` if the rules allow it (`order-status.ts`); cancelling gives the stock back.
 * @throws NotFoundError, ValidationError `{status: [...]}` for a move the rules refuse
 */
export async function changeOrderStatus(
  orderId: number,
  to: OrderStatus,
  actor: { userId: number | null; comment?: string } = { userId: null },
): Promise<Order> {
  const move: OrderMove = { source: 'staff', userId: actor.userId, comment: actor.comment };
  const moved = await writeCatalog({ source: 'cancellation', userId: actor.userId }, (write) =>
    moveOrder(write, orderId, to, move, (from) => {
      if (!staffCanTransition(from, to)) throw new ValidationError({ status: [transitionRefusal(from, to)] });
    }),
  );
  if (!moved) throw new NotFoundError('Заказ не найден.');
  return (await findOrderById(orderId))!;
}

/**
 * The customer cancels their own order while it waits for confirmation; its stock goes back on sale
 * and the shop is told. A confirmed order is the manager's to cancel.
 * @throws NotFoundError when the account has no such order; ConflictError when it is past `new`
 */
export async function cancelOwnOrder(user: Pick<Orderer, 'id' | 'email'>, number: string): Promise<Order> {
  const [found] = await queryRows<{ id: number }>(
    await getDb(),
    sql`select id from orders where number = ${number.toUpperCase()} and user_id = ${user.id}`,
  );
  if (!found) throw new NotFoundError('Заказ не найден.');
  await writeCatalog({ source: 'cancellation', userId: user.id }, (write) =>
    moveOrder(write, found.id, 'cancelled', { source: 'customer', userId: user.id }, (from) => {
      if (from !== 'new') throw new ConflictError(ORDER_MESSAGES.notCancellable(from));
    }),
  );
  const order = (await findOrderById(found.id))!;
  await detachedFromRequest(() => sendOrderCancelledMails(order, 'customer', user.email)).catch((error: unknown) =>
    log.error({ err: error, order: order.number }, 'Could not queue the cancellation mails'),
  );
  return order;
}

class AlreadyMoved extends Error {}

/**
 * Cancels the orders nobody confirmed within `ORDER_LIMITS.unconfirmedHours`, returning their stock,
 * and tells their customers. Safe in every process at once: each order is cancelled under its lock,
 * only while it is still new. Answers the numbers cancelled.
 */
export async function cancelUnconfirmedOrders(now = new Date(), batch = 200): Promise<string[]> {
  const before = new Date(now.getTime() - ORDER_LIMITS.unconfirmedHours * 3_600_000);
  const due = await queryRows<{ id: number }>(
    await getDb(),
    // An approved clinic order is new since its approval (its event), not since it was placed.
    sql`select id from orders o where status = 'new' and created_at < ${before.toISOString()}
          and (clinic_id is null or not exists (select 1 from order_events e where e.order_id = o.id
                 and e.from_status = 'awaiting_approval' and e.created_at >= ${before.toISOString()}))
        order by created_at limit ${batch}`,
  );
  const cancelled: string[] = [];
  for (const { id } of due) {
    try {
      await writeCatalog({ source: 'cancellation', userId: null }, (write) =>
        moveOrder(write, id, 'cancelled', { source: 'expiry', userId: null }, (from) => {
          if (from !== 'new') throw new AlreadyMoved();
        }),
      );
    } catch (error) {
      if (error instanceof AlreadyMoved) continue;
      throw error;
    }
    const order = (await findOrderById(id))!;
    cancelled.push(order.number);
    await sendOrderCancelledMails(order, 'unconfirmed', await findAccountEmail(order.userId)).catch((error: unknown) =>
      log.error({ err: error, order: order.number }, 'Could not queue the cancellation mails'),
    );
  }
  if (cancelled.length) log.info({ orders: cancelled }, 'Cancelled orders nobody confirmed in time');
  return cancelled;
}

/**
 * Empties the personal data of an account's orders (the account is being deleted): the orders stay
 * for the shop's records, with their lines, totals and statuses.
 */
export async function erasePersonalDataOfOrders(userId: number, db: Db): Promise<void> {
  await db
    .update(orders)
    .set({
      contactName: '',
      contactPhone: '',
      contactEmail: '',
      deliveryCity: '',
      deliveryAddress: '',
      organisation: '',
      taxNumber: '',
      comment: '',
      personalDataErasedAt: new Date(),
    })
    .where(eq(orders.userId, userId));
  await db.delete(orderRequests).where(eq(orderRequests.userId, userId));
}
