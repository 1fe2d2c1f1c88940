import { env } from '../env.ts';

export interface MailSettings {
  /** Without it mails are only kept in the outbox and logged; pg-boss never starts. */
  smtpUrl: string | null;
  from: string;
  /**
   * Whether a mail kept without SMTP is logged with its text and links (development: open them from
   * the console). Never in production, where they include password reset links.
   */
  logContent: boolean;
  /** Retries after the first attempt; the mail is `failed` once they are used up. */
  retryLimit: number;
  /** Whole seconds (pg-boss refuses fractions); doubled on every retry with `retryBackoff`. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  retryDelayMaxSeconds: number;
  pollingIntervalSeconds: number;
  sweepIntervalSeconds: number;
  /** A pending, never attempted mail older than this has lost its job and is queued again. */
  staleAfterSeconds: number;
}

const defaults = (): MailSettings => ({
  smtpUrl: env.SMTP_URL ?? null,
  from: env.MAIL_FROM,
  logContent: env.NODE_ENV !== 'production',
  // With backoff from 30 s the eight retries spread over about two hours.
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  retryDelayMaxSeconds: 3600,
  pollingIntervalSeconds: 2,
  sweepIntervalSeconds: 60,
  staleAfterSeconds: 300,
});

let current: MailSettings | undefined;

export function getMailSettings(): MailSettings {
  current ??= defaults();
  return current;
}

/**
 * Overrides settings that otherwise come from the environment (tests: a local SMTP server, short
 * retries). Delivery reads them on every job; the polling interval only when the worker starts.
 */
export function configureMail(overrides: Partial<MailSettings>): MailSettings {
  current = { ...getMailSettings(), ...overrides };
  return current;
}

/** Back to the settings of the environment. */
export function resetMailSettings(): void {
  current = undefined;
}
