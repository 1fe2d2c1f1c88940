/**
 * The end of a catalog exchange (`mode=complete`): a full exchange that newer 1C versions split into
 * numbered packages (`import0_1.xml`, `offers0_1.xml`, …) is applied package by package, each as its own
 * task; what none of its packages held is dealt with here, once all of them are in: products 1C made
 * that no catalog package held are hidden, and offers no offers package held go to 0 in the countries
 * the packages priced. Journaled as one more file of the session («complete»).
 */
import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { writeCatalog } from '../catalog/catalog-write.ts';
import { getDb, queryRows } from '../db/client.ts';
import { hideMissing } from './catalog-import.ts';
import { EXCHANGE_TASK_KIND } from './exchange-kind.ts';
import type { ExchangeContext, ExchangeOutcome } from './exchange-run.ts';
import { zeroOmitted } from './offers-import.ts';

/** The name the finishing step goes by among the session's files. */
export const FINISH_FILE = 'complete';

type Deferred = NonNullable<ExchangeOutcome['deferred']>;

/** Whether the session has packages whose end is still to be applied (once: `deactivate`, then `complete`). */
export async function hasDeferred(sessionId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    await getDb(),
    sql`select 1 as one from tasks where kind = ${EXCHANGE_TASK_KIND} and options->>'session_id' = ${sessionId}
        and status = 'SUCCESS' and result ? 'deferred'
        and not exists (select 1 from tasks f where f.kind = ${EXCHANGE_TASK_KIND}
                          and f.options->>'session_id' = ${sessionId} and f.options->>'filename' = ${FINISH_FILE})
        limit 1`,
  );
  return rows.length > 0;
}

export async function finishPackages(ctx: ExchangeContext): Promise<ExchangeOutcome> {
  const rows = await queryRows<{ deferred: Deferred }>(
    await getDb(),
    sql`select result->'deferred' as deferred from tasks
        where kind = ${EXCHANGE_TASK_KIND} and options->>'session_id' = ${ctx.sessionId}
          and status = 'SUCCESS' and result ? 'deferred'`,
  );
  const catalog = rows.map((r) => r.deferred).filter((d) => d.kind === 'catalog');
  const offers = rows.map((r) => r.deferred).filter((d) => d.kind === 'offers');
  return writeCatalog(ctx.actor, async (write) => {
    await write.tx.execute(sql`select pg_advisory_xact_lock(hashtext('import_1c'))`);
    const notes: string[] = [];
    const hidden = catalog.length ? await hideMissing(write, new Set(catalog.flatMap((d) => d.products))) : 0;
    const countries = [...new Set(offers.flatMap((d) => d.countries))] as CountryCode[];
    const zeroed = offers.length ? await zeroOmitted(write, countries, new Set(offers.flatMap((d) => d.products))) : 0;
    if (hidden) notes.push(`Скрыто товаров, которых нет ни в одном пакете каталога: ${hidden}.`);
    if (zeroed) notes.push(`Остаток 0 у товаров, которых нет ни в одном пакете предложений: ${zeroed}.`);
    if (!catalog.length && !offers.length) notes.push('Полных пакетов в этом сеансе не было: скрывать нечего.');
    return { counts: { rows: 0, created: 0, updated: zeroed, hidden, errors: 0 }, notes };
  });
}
