/**
 * A product photo fetched from another site (an import or a product saved with a photo's URL names it):
 * through the shop's one door for outgoing requests (`security/outgoing-fetch.ts`: public addresses
 * only, time limits), at most `MEDIA_LIMITS.maxBytes`. Every failure is a `MediaRejected` that names the
 * address and says why.
 */
import { OutgoingRequestError } from '../errors.ts';
import { fetchFromOtherSite } from '../security/outgoing-fetch.ts';
import { MEDIA_LIMITS, MEDIA_TEXT } from './media.rules.ts';
import { imageFetchedFrom, MediaRejected, storeImage } from './media.service.ts';

async function download(address: string): Promise<Buffer> {
  try {
    return (await fetchFromOtherSite(address, { accept: 'image/*', maxBytes: MEDIA_LIMITS.maxBytes })).body;
  } catch (error) {
    if (error instanceof OutgoingRequestError)
      throw new MediaRejected(MEDIA_TEXT.fetchFailed(address, error.message), { cause: error });
    throw error;
  }
}

/** The stored photo of an address: fetched and stored the first time, reused afterwards. */
export async function storeImageFromUrl(address: string): Promise<string> {
  const known = await imageFetchedFrom(address);
  if (known) return known;
  const bytes = await download(address);
  try {
    return (await storeImage(bytes, address)).url;
  } catch (error) {
    if (error instanceof MediaRejected) throw new MediaRejected(`${address}: ${error.message}`);
    throw error;
  }
}
