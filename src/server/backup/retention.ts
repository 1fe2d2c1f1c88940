/**
 * Which backups to keep: the newest of each of the last `daily` days that have a backup, and the newest of
 * each of the last `weekly` ISO weeks that have one (as restic's `--keep-daily`/`--keep-weekly`), days and
 * weeks counted in UTC. A backup kept by either rule stays; the newest one always does.
 */

export interface Retention {
  daily: number;
  weekly: number;
}

export interface DatedBackup {
  name: string;
  at: Date;
}

/** `2026-11-27` */
function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The ISO week of `at` in UTC, as `2026-W48` (the week's Thursday decides its year). */
export function isoWeekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The newest backup of each of the first `count` periods, going back from the newest. */
function newestPerPeriod(newestFirst: DatedBackup[], periodOf: (at: Date) => string, count: number): Set<string> {
  const kept = new Set<string>();
  const seen = new Set<string>();
  for (const backup of newestFirst) {
    if (seen.size >= count) break;
    const period = periodOf(backup.at);
    if (seen.has(period)) continue;
    seen.add(period);
    kept.add(backup.name);
  }
  return kept;
}

/** The backups `retention` lets go, oldest first. */
export function backupsToPrune(backups: readonly DatedBackup[], retention: Retention): DatedBackup[] {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set([
    ...newestPerPeriod(newestFirst, dayOf, Math.max(1, retention.daily)),
    ...newestPerPeriod(newestFirst, isoWeekOf, retention.weekly),
  ]);
  return newestFirst.filter((backup) => !kept.has(backup.name)).reverse();
}
