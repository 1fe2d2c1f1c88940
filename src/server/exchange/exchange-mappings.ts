/**
 * Where 1C's price types and warehouses go: each one seen in an offers file is kept (`exchange_ids`, with
 * its name and currency), and staff map it to a country or tell the exchange to ignore it. A price type
 * staff left alone goes by its currency; a warehouse left alone counts only while none of an offer's
 * warehouses is mapped (then the offer's whole quantity is the stock of its price's country).
 */
import { sql } from 'drizzle-orm';
import { COUNTRY_CODES, type CountryCode } from '../../shared/countries.ts';
import { recordStaffChange } from '../audit/staff-changes.ts';
import { getDb, queryRows, textArray, type Db } from '../db/client.ts';
import { NotFoundError } from '../errors.ts';
import { countryOfCurrency } from './commerceml.ts';

export const MAPPING_KINDS = ['price_type', 'warehouse'] as const;
export type MappingKind = (typeof MAPPING_KINDS)[number];
/** What staff map a price type or warehouse to: a country, or nothing the shop uses. */
export const MAPPING_TARGETS = [...COUNTRY_CODES, 'ignore'] as const;
export type MappingTarget = (typeof MAPPING_TARGETS)[number];

export interface ExchangeMapping {
  kind: MappingKind;
  externalId: string;
  name: string;
  currency: string | null;
  /** What staff chose; null when they have not. */
  target: MappingTarget | null;
  /** The country its currency names (price types), what applies while staff have not chosen. */
  byCurrency: CountryCode | null;
  seenAt: Date;
}

const isTarget = (value: string | null): value is MappingTarget =>
  value !== null && (MAPPING_TARGETS as readonly string[]).includes(value);

/** What one mapping row means: staff's choice if any, else the currency's country (price types). */
export function targetOf(kind: MappingKind, value: string | null, currency: string | null): MappingTarget | null {
  if (isTarget(value)) return value;
  return kind === 'price_type' && currency ? countryOfCurrency(currency) : null;
}

interface Row {
  kind: MappingKind;
  external_id: string;
  name: string | null;
  currency: string | null;
  value: string | null;
  updated_at: Date;
}

const toMapping = (r: Row): ExchangeMapping => ({
  kind: r.kind,
  externalId: r.external_id,
  name: r.name ?? r.external_id,
  currency: r.currency,
  target: isTarget(r.value) ? r.value : null,
  byCurrency: r.kind === 'price_type' && r.currency ? countryOfCurrency(r.currency) : null,
  seenAt: new Date(r.updated_at),
});

/** The price types and warehouses 1C has sent, by kind and name. */
export async function listMappings(options: {
  kind?: MappingKind;
  limit: number;
  offset: number;
}): Promise<{ count: number; items: ExchangeMapping[] }> {
  const db = await getDb();
  const kinds = options.kind ? [options.kind] : [...MAPPING_KINDS];
  const where = sql`kind = any(${textArray(kinds)}::text[])`;
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from exchange_ids where ${where}`);
  const rows = await queryRows<Row>(
    db,
    sql`select kind, external_id, name, currency, value, updated_at from exchange_ids where ${where}
        order by kind, lower(coalesce(name, external_id)), external_id limit ${options.limit} offset ${options.offset}`,
  );
  return { count: Number(total?.n ?? 0), items: rows.map(toMapping) };
}

/** Maps one price type or warehouse (null: back to its currency, or not mapped), journaled. @throws NotFoundError */
export async function setMapping(
  actorId: number,
  kind: MappingKind,
  externalId: string,
  target: MappingTarget | null,
): Promise<ExchangeMapping> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await queryRows<Row>(
      tx,
      sql`select kind, external_id, name, currency, value, updated_at from exchange_ids
          where kind = ${kind} and external_id = ${externalId} for update`,
    );
    if (!row) throw new NotFoundError('Такого типа цен или склада 1С ещё не присылала.');
    const [updated] = await queryRows<Row>(
      tx,
      sql`update exchange_ids set value = ${target} where kind = ${kind} and external_id = ${externalId}
          returning kind, external_id, name, currency, value, updated_at`,
    );
    await recordStaffChange(tx, {
      userId: actorId,
      entity: 'exchange_mapping',
      entityId: `${kind}:${externalId}`,
      action: 'update',
      before: { country: isTarget(row.value) ? row.value : null },
      after: { country: target },
    });
    return toMapping(updated!);
  });
}

/** Keeps the price types and warehouses an offers file names (their names as 1C sends them now). */
export async function rememberSeen(
  db: Db,
  kind: MappingKind,
  seen: readonly { id: string; name: string; currency?: string }[],
): Promise<void> {
  const unique = [...new Map(seen.map((s) => [s.id, s])).values()];
  if (!unique.length) return;
  await db.execute(sql`
    insert into exchange_ids (kind, external_id, name, currency)
    select ${kind}, r.id, nullif(r.name, ''), nullif(r.currency, '')
    from unnest(${textArray(unique.map((s) => s.id))}::text[], ${textArray(unique.map((s) => s.name))}::text[],
                ${textArray(unique.map((s) => s.currency ?? ''))}::text[]) as r(id, name, currency)
    on conflict (kind, external_id) do update
      set name = coalesce(excluded.name, exchange_ids.name), currency = coalesce(excluded.currency, exchange_ids.currency),
          updated_at = now()`);
}
