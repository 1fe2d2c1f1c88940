/**
 * The photos a products file names by URL (`https://…`): fetched and stored once (`server/media/`), so
 * the shop serves them in its own sizes and from its own address (the pages' CSP allows no other). A row
 * whose photo cannot be fetched or is not a photo gets an error naming the URL, and is not written.
 * Addresses already fetched by an earlier import are reused without fetching again.
 */
import { storeImageFromUrl } from '../media/fetch-image.ts';
import { MediaRejected } from '../media/media.service.ts';
import type { ProductRow, RowError } from './import.types.ts';

/** Photos fetched at once: other sites are not to be hammered, and each photo is checked by decoding it. */
const AT_ONCE = 4;

const isRemote = (url: string) => /^https?:\/\//i.test(url);

/**
 * Replaces the rows' remote photo addresses with stored ones; returns the rows that may still be written
 * (the others' errors are added to `errors`). `report` hears how many addresses are done.
 */
export async function storeRowImages(
  rows: ProductRow[],
  errors: RowError[],
  report: (done: number, total: number) => Promise<void>,
): Promise<ProductRow[]> {
  const urls = [...new Set(rows.flatMap((row) => (row.images ?? []).filter(isRemote)))];
  if (!urls.length) return rows;
  const stored = new Map<string, string>();
  const failed = new Map<string, string>();
  let next = 0;
  let done = 0;
  let broken = false;
  const worker = async () => {
    while (next < urls.length && !broken) {
      const url = urls[next++]!;
      try {
        stored.set(url, await storeImageFromUrl(url));
      } catch (error) {
        // Every failure of the photo's site is a MediaRejected; anything else (the database) ends the check.
        if (!(error instanceof MediaRejected)) {
          broken = true;
          throw error;
        }
        failed.set(url, error.message);
      }
      done += 1;
      if (!broken && (done % 20 === 0 || done === urls.length)) await report(done, urls.length);
    }
  };
  // All workers stop before a failure is passed on: none may report progress on a task that has ended.
  const settled = await Promise.allSettled(Array.from({ length: Math.min(AT_ONCE, urls.length) }, worker));
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return rows.filter((row) => {
    const problems = (row.images ?? []).filter((url) => failed.has(url));
    for (const url of problems)
      errors.push({
        row: row.row,
        column: 'images',
        value: url,
        code: 'image_unavailable',
        message: failed.get(url)!,
        item: row.item ?? null,
      });
    if (problems.length) return false;
    if (row.images) row.images = row.images.map((url) => stored.get(url) ?? url);
    return true;
  });
}
