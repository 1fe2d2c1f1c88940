import type { Sql } from 'postgres';
import { describe, expect, it, vi } from 'vitest';
import { PoolUsage } from '../../../src/server/db/pool-usage.ts';
import { createCircuitBreaker, guardPostgres, isReadStatement } from '../../../src/server/db/resilience.ts';
import {
  asUnavailable,
  isConnectionError,
  OutgoingRequestError,
  ServiceUnavailableError,
} from '../../../src/server/errors.ts';
import { runWithRequestSignal } from '../../../src/server/request-scope.ts';

const lost = () => Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' });
const shutdown = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/** A stand-in for the `postgres` client: `unsafe` answers what `answers` says, in turn; `begin` runs the work. */
function fakeClient(answers: (() => Promise<unknown>)[], beginAnswer?: () => Promise<unknown>) {
  const calls: string[] = [];
  const client = {
    options: { parsers: {}, serializers: {} },
    unsafe(query: string) {
      calls.push(query);
      const answer = answers.shift() ?? (async () => [{ ok: 1 }]);
      const pending = answer();
      return Object.assign(pending, { values: () => pending });
    },
    async begin(work: (tx: unknown) => Promise<unknown>) {
      calls.push('begin');
      if (beginAnswer) await beginAnswer();
      return work({});
    },
  };
  return { client: client as unknown as Sql, calls };
}

function breaker(probe: () => Promise<unknown> = async () => {}) {
  return createCircuitBreaker({ probe, probeEveryMs: 10, retryAfterSeconds: 1 });
}

describe('connection errors', () => {
  it('tells a lost connection or a server going away from an error of the query', () => {
    expect(isConnectionError(lost())).toBe(true);
    expect(isConnectionError(shutdown())).toBe(true);
    expect(isConnectionError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(new Error('query failed', { cause: shutdown() }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionError(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe(false);
    expect(asUnavailable(new Error('wrapped', { cause: lost() }))).toBeInstanceOf(ServiceUnavailableError);
    expect(asUnavailable(new Error('a bug'))).toBeUndefined();
  });

  it('never takes a failed request to another site for the database', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']) {
      const socket = Object.assign(new Error(`getaddrinfo ${code} photos.example`), { code });
      const fetchFailed = new TypeError('fetch failed', { cause: socket });
      const failed = new OutgoingRequestError('unreachable', 'сайт не найден или недоступен', { cause: fetchFailed });
      expect(isConnectionError(failed), code).toBe(false);
      expect(isConnectionError(new Error('Не удалось загрузить картинку', { cause: failed })), code).toBe(false);
      expect(asUnavailable(failed), code).toBeUndefined();
      // The same code from the database's own connection still means the database is unreachable.
      expect(isConnectionError(socket), code).toBe(true);
    }
  });

  it('retries only statements that read', () => {
    expect(isReadStatement('select * from products where id = $1')).toBe(true);
    expect(isReadStatement('with x as (select 1) select * from x')).toBe(true);
    expect(isReadStatement('(select 1) union (select 2)')).toBe(true);
    expect(isReadStatement('insert into orders values ($1)')).toBe(false);
    expect(isReadStatement('with x as (update product_offers set quantity = 0 returning *) select * from x')).toBe(
      false,
    );
    expect(isReadStatement('select updated_at from products')).toBe(true);
  });
});

describe('guardPostgres', () => {
  it('tries a read once more on a fresh connection when its connection was lost', async () => {
    const { client, calls } = fakeClient([() => Promise.reject(shutdown()), async () => [{ id: 7 }]]);
    const sql = guardPostgres(client, breaker());
    await expect(sql.unsafe('select id from products')).resolves.toEqual([{ id: 7 }]);
    expect(calls).toHaveLength(2);
  });

  it('never sends a write again, and answers ServiceUnavailableError for it', async () => {
    const { client, calls } = fakeClient([() => Promise.reject(lost())]);
    const sql = guardPostgres(client, breaker());
    await expect(sql.unsafe('update product_offers set quantity = 1')).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(calls).toHaveLength(1);
  });

  it('passes on an error of the query itself untouched', async () => {
    const duplicate = Object.assign(new Error('duplicate key'), { code: '23505' });
    const { client, calls } = fakeClient([() => Promise.reject(duplicate)]);
    await expect(guardPostgres(client, breaker()).unsafe('select 1')).rejects.toBe(duplicate);
    expect(calls).toHaveLength(1);
  });

  it('fails new work at once while the breaker is open, and lets it through once the probe answers', async () => {
    let up = false;
    const guard = breaker(async () => {
      if (!up) throw lost();
    });
    const { client, calls } = fakeClient([() => Promise.reject(lost()), () => Promise.reject(lost())]);
    const sql = guardPostgres(client, guard);
    await expect(sql.unsafe('select 1')).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(guard.isOpen()).toBe(true);
    const sent = calls.length;
    await expect(sql.unsafe('select 2')).rejects.toMatchObject({ retryAfterSeconds: 1 });
    await expect(sql.begin(async () => 'order')).rejects.toBeInstanceOf(ServiceUnavailableError);
    // Refused without asking the driver at all.
    expect(calls).toHaveLength(sent);

    up = true;
    await vi.waitFor(() => expect(guard.isOpen()).toBe(false), { timeout: 1000, interval: 5 });
    await expect(sql.unsafe('select 3')).resolves.toEqual([{ ok: 1 }]);
    guard.dispose();
  });

  it('abandons work whose client has gone: a transaction rolls back instead of committing', async () => {
    const client = new AbortController();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { client: fake } = fakeClient([], () => held);
    const sql = guardPostgres(fake, breaker());
    const committed = vi.fn();
    const order = runWithRequestSignal(client.signal, () =>
      sql.begin(async () => {
        committed();
        return 'order';
      }),
    );
    client.abort();
    await expect(order).rejects.toBeInstanceOf(ServiceUnavailableError);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(committed).not.toHaveBeenCalled();
  });

  it('does not start work for a client that has already gone', async () => {
    const gone = AbortSignal.abort();
    const { client, calls } = fakeClient([]);
    const sql = guardPostgres(client, breaker());
    await expect(runWithRequestSignal(gone, () => sql.unsafe('select 1'))).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(calls).toHaveLength(0);
  });

  it('counts statements and transactions in progress, and how long transactions waited for a connection', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let connect!: () => void;
    const connected = new Promise<void>((resolve) => (connect = resolve));
    const { client } = fakeClient([async () => answered.then(() => [{ ok: 1 }])], () => connected);
    const usage = new PoolUsage(10);
    const sql = guardPostgres(client, breaker(), undefined, usage);
    const statement = sql.unsafe('select 1').then((rows) => rows);
    const transaction = sql.begin(async () => 'done');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect([usage.active, usage.waiting, usage.acquired]).toEqual([2, 1, 0]);
    connect();
    answer();
    await Promise.all([statement, transaction]);
    expect([usage.active, usage.waiting, usage.acquired]).toEqual([0, 0, 1]);
    expect(usage.waitSeconds).toBeGreaterThanOrEqual(0.02);
    // A transaction that never got its connection stops waiting all the same.
    const { client: refusing } = fakeClient([], async () => {
      throw lost();
    });
    const failing = guardPostgres(refusing, breaker(), undefined, usage);
    await expect(failing.begin(async () => 'never')).rejects.toThrow();
    expect([usage.active, usage.waiting, usage.acquired]).toEqual([0, 0, 1]);
  });
});
