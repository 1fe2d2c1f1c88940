/** 1C's `Ид` beside the shop's rows (`exchange_ids`). */
import { sql } from 'drizzle-orm';
import { intArray, queryRows, textArray, type Db } from '../db/client.ts';

export type IdKind = 'product' | 'group' | 'property' | 'value' | 'price_type' | 'warehouse';

export interface KnownId {
  localId: number | null;
  value: string | null;
}

export async function loadIds(db: Db, kind: IdKind, externalIds: readonly string[]): Promise<Map<string, KnownId>> {
  const unique = [...new Set(externalIds)];
  if (!unique.length) return new Map();
  const rows = await queryRows<{ external_id: string; local_id: number | null; value: string | null }>(
    db,
    sql`select external_id, local_id, value from exchange_ids
        where kind = ${kind} and external_id = any(${textArray(unique)}::text[])`,
  );
  return new Map(
    rows.map((r) => [r.external_id, { localId: r.local_id === null ? null : Number(r.local_id), value: r.value }]),
  );
}

export async function saveIds(
  db: Db,
  kind: IdKind,
  rows: readonly { externalId: string; localId: number | null; value: string | null }[],
): Promise<void> {
  const CHUNK = 5000;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const part = rows.slice(start, start + CHUNK);
    await db.execute(sql`
      insert into exchange_ids (kind, external_id, local_id, value)
      select ${kind}, r.external_id, nullif(r.local_id, 0), r.value
      from unnest(${textArray(part.map((r) => r.externalId))}::text[],
                  ${intArray(part.map((r) => r.localId ?? 0))}::int[],
                  ${textArray(part.map((r) => r.value))}::text[]) as r(external_id, local_id, value)
      on conflict (kind, external_id) do update
        set local_id = excluded.local_id, value = excluded.value, updated_at = now()`);
  }
}
