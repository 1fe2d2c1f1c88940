/**
 * The page's side of `EARLY_TAP_SCRIPT` (`shared/early-taps.ts`): code that has just become ready takes the taps that came
 * before it and replays them, so no tap on «В корзину» is lost on a slow phone.
 */
declare global {
  interface Window {
    __earlyTaps?: HTMLElement[];
    __tapReady?: Record<string, boolean>;
  }
}

/** Marks a kind of `data-early-tap` buttons as served from now on, and replays its waiting taps. */
export function serveEarlyTaps(kind: string): void {
  (window.__tapReady ??= {})[kind] = true;
  replayEarlyTaps((element) => element.dataset.earlyTap === kind);
}

/**
 * Replays the waiting taps on the elements `match` accepts, in the order they came (a click on the same
 * element, which its code now answers), and clears their waiting state.
 */
export function replayEarlyTaps(match: (element: HTMLElement) => boolean): void {
  const queue = window.__earlyTaps;
  if (!queue?.length) return;
  const taken = queue.filter(match);
  window.__earlyTaps = queue.filter((element) => !taken.includes(element));
  for (const element of taken) {
    element.removeAttribute('aria-busy');
    element.classList.remove('is-waiting');
    if (element.isConnected) element.click();
  }
}
