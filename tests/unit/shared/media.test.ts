import { describe, expect, it } from 'vitest';
import { imageSources, mediaKey } from '~/shared/media.ts';

const KEY = '0123456789abcdef01234567';

describe('photo addresses', () => {
  it('give a stored photo AVIF and WebP sizes up to what its box needs on a 2× screen', () => {
    expect(imageSources(`/media/${KEY}`, 300)).toEqual({
      src: `/media/${KEY}/640.webp`,
      srcset: `/media/${KEY}/160.webp 160w, /media/${KEY}/320.webp 320w, /media/${KEY}/640.webp 640w`,
      avifSrcset: `/media/${KEY}/160.avif 160w, /media/${KEY}/320.avif 320w, /media/${KEY}/640.avif 640w`,
      full: `/media/${KEY}/1280.webp`,
    });
    expect(imageSources(`/media/${KEY}`, 40).src).toBe(`/media/${KEY}/160.webp`);
    expect(imageSources(`/media/${KEY}`, 600).srcset).toContain('1280.webp 1280w');
  });

  it('leave any other address as it is, and a missing one as the placeholder', () => {
    expect(imageSources('/images/demo/box.svg', 300)).toEqual({
      src: '/images/demo/box.svg',
      full: '/images/demo/box.svg',
    });
    expect(imageSources(undefined, 300).src).toBe('/images/placeholder.svg');
    for (const other of [
      `/media/${KEY}/640.webp`,
      `/media/${KEY.toUpperCase()}`,
      `https://x.kg/media/${KEY}`,
      '/media/abc',
    ])
      expect(mediaKey(other), other).toBeNull();
  });
});
