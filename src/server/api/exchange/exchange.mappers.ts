import type { ExchangeMapping } from '../../exchange/exchange-mappings.ts';
import type { ExchangeSessionView } from '../../exchange/exchange.queries.ts';

export function toSessionJson(s: ExchangeSessionView) {
  return {
    id: s.id,
    type: s.type,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    user_email: s.userEmail,
    files: s.files.map((f) => ({
      task_id: f.taskId,
      filename: f.filename,
      status: f.status,
      message: f.message,
      counts: f.counts,
      notes: f.notes,
      error: f.error,
      started_at: f.startedAt?.toISOString() ?? null,
      finished_at: f.finishedAt?.toISOString() ?? null,
    })),
    totals: s.totals,
    orders_taken: s.ordersTaken,
  };
}

export function toMappingJson(m: ExchangeMapping) {
  return {
    id: `${m.kind}:${m.externalId}`,
    kind: m.kind,
    external_id: m.externalId,
    name: m.name,
    currency: m.currency,
    target: m.target,
    by_currency: m.byCurrency,
    seen_at: m.seenAt.toISOString(),
  };
}
