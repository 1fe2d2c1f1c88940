/** A weak ETag of a response body (SHA-1, base64url). */
export async function weakEtag(body: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', body);
  return `W/"${Buffer.from(digest).toString('base64url')}"`;
}

/** Whether the request's If-None-Match names this ETag. */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}
