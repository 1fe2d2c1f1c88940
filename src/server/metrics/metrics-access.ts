/**
 * Who may read `/metrics`: a client on this machine that came straight to the process (a loopback
 * address and no proxy's forwarding header: behind nginx every request comes from 127.0.0.1, and those
 * are other people's), or one that sends `Authorization: Bearer <METRICS_TOKEN>`. Everyone else gets
 * the shop's 404, as for any address it does not have.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const METRICS_PATH = '/metrics';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

export function isMetricsRequest(url: string | undefined): boolean {
  return url === METRICS_PATH || url?.startsWith(`${METRICS_PATH}?`) === true;
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || v4.startsWith('127.');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `req` may read the metrics; `token` is `METRICS_TOKEN` (unset: only local clients may). */
export function mayReadMetrics(req: IncomingMessage, token: string | undefined): boolean {
  const direct = FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
  if (direct && isLoopback(req.socket.remoteAddress)) return true;
  const authorization = req.headers.authorization;
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  // Digests of equal length: the comparison takes as long whatever was sent.
  return timingSafeEqual(digest(authorization.slice(7).trim()), digest(token));
}
