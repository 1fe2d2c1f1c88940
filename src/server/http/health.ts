/**
 * `GET /healthz`, for the balancer and monitoring: 200 `{"status": "ok", "database": "up" | "down"}`
 * while the process serves (a process whose database is down still serves kept pages and answers 503
 * quickly, so it stays in rotation), 503 `{"status": "stopping"}` once it is shutting down.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const HEALTH_PATH = '/healthz';

/** How long `/healthz` waits for the database's answer before saying it is down. */
const PING_TIMEOUT_MS = 1000;

export interface DatabaseHealth {
  /** False while the circuit breaker is open (`src/server/db/resilience.ts`). */
  isAvailable(): boolean;
  ping(timeoutMs: number): Promise<boolean>;
}

export async function answerHealth(
  req: IncomingMessage,
  res: ServerResponse,
  state: { stopping: boolean; database?: DatabaseHealth },
): Promise<void> {
  let status = 200;
  let body: Record<string, string>;
  if (state.stopping) {
    status = 503;
    body = { status: 'stopping' };
  } else {
    const up = state.database ? await state.database.ping(PING_TIMEOUT_MS) : true;
    body = { status: 'ok', database: up ? 'up' : 'down' };
  }
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
}
