/**
 * Drizzle runs every query through postgres.js with `prepare: false`, and postgres.js sends a query
 * with parameters but without a prepared statement in two round trips: Parse and Describe first, to
 * learn the parameters' types, then Bind and Execute once PostgreSQL has answered. A named prepared
 * statement, kept per connection once described, takes one round trip from its second use on.
 *
 * `preparingStatements` lets postgres.js prepare the statements whose shape repeats: at most
 * `MAX_PREPARED_PARAMETERS` parameters and `MAX_PREPARED_LENGTH` characters, which every query of a
 * request is. A bulk insert of an import (thousands of parameters, a text of its own per batch size)
 * stays unnamed, so the statements a connection keeps stay few and small; postgres.js forgets them
 * with the connection (`max_lifetime`) and prepares again a statement whose table changed under it.
 * Plans are still made for each execution's values (`plan_cache_mode = force_custom_plan`, set on
 * the connection in `client.ts`): preparing saves the round trip, not the planning.
 */
import type { Sql } from 'postgres';

export const MAX_PREPARED_PARAMETERS = 100;
export const MAX_PREPARED_LENGTH = 8_000;

/** Whether postgres.js should keep `query` as a named prepared statement on its connection. */
export function shouldPrepare(query: string, params: readonly unknown[] | undefined): boolean {
  return query.length <= MAX_PREPARED_LENGTH && (params?.length ?? 0) <= MAX_PREPARED_PARAMETERS;
}

/** The options for `sql.unsafe(query, params, options)`: Drizzle's, with `prepare` decided here. */
export function preparedOptions(query: string, params: readonly unknown[] | undefined, options?: object): object {
  return { ...options, prepare: shouldPrepare(query, params) };
}

/**
 * `sql` (a transaction's or a savepoint's connection, as postgres.js hands it to `begin`) with its
 * `unsafe` preparing repeatable statements, and its savepoints doing the same.
 */
export function preparingStatements(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (query: string, params?: unknown[], options?: object) =>
          target.unsafe(query, params as never[], preparedOptions(query, params, options) as never);
      if (property === 'savepoint')
        return (...args: unknown[]) => {
          const work = args.pop() as (sp: Sql) => unknown;
          const savepoint = (target as unknown as { savepoint: (...a: unknown[]) => Promise<unknown> }).savepoint;
          return savepoint.call(target, ...args, (sp: Sql) => work(preparingStatements(sp)));
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
