import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../../src/server/errors.ts';
import { assertBackoffElapsed, recordBackoffFailure, type Backoff } from '../../src/server/security/rate-limit.ts';

// The start of an hour to come plus a second, so every step below falls in one window.
const hour = 3_600_000;
const start = new Date(Math.ceil(Date.now() / hour) * hour + hour + 1000);
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

/** The seconds the subject must still wait at `when`, or 0. */
async function waitAt(backoff: Backoff, subject: string, when: Date): Promise<number> {
  try {
    await assertBackoffElapsed(backoff, subject, when);
    return 0;
  } catch (error) {
    if (error instanceof RateLimitError) return error.retryAfterSeconds;
    throw error;
  }
}

describe('backoff limits', () => {
  const backoff: Backoff = { name: 'test-backoff:email', max: 3, windowSeconds: 3600, maxDelaySeconds: 8 };

  it('costs nothing up to the allowance, then doubles the wait after each failure up to its cap', async () => {
    const subject = `growing-${Math.random()}`;
    for (let i = 0; i < 3; i += 1) await recordBackoffFailure(backoff, subject, at(0));
    expect(await waitAt(backoff, subject, at(0))).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      await recordBackoffFailure(backoff, subject, at(100 * i));
      waits.push(await waitAt(backoff, subject, at(100 * i)));
    }
    expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
    // Over once the wait has run out.
    expect(await waitAt(backoff, subject, at(500 + 8))).toBe(0);
  });

  it('counts each subject apart and starts again in the next window', async () => {
    const subject = `window-${Math.random()}`;
    for (let i = 0; i < 4; i += 1) await recordBackoffFailure(backoff, subject, at(0));
    expect(await waitAt(backoff, subject, at(0))).toBe(1);
    expect(await waitAt(backoff, `${subject}-other`, at(0))).toBe(0);
    await recordBackoffFailure(backoff, subject, at(3600));
    expect(await waitAt(backoff, subject, at(3600))).toBe(0);
  });
});
