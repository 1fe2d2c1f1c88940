/**
 * The brief's progress bar (§2): starts when a navigation begins, finishes when it completes or fails.
 * nprogress is fetched with the first navigation (alongside the next page, so it costs no wait), not
 * with every page a visitor may only read.
 */
type Progress = typeof import('nprogress');
// nprogress's own template gives the bar `role="bar"`, which is no ARIA role (axe: aria-roles); the bar is
// decoration, so it has none (nprogress then finds it by its class), hidden from assistive technology.
const PROGRESS_TEMPLATE = '<div class="bar" aria-hidden="true"><div class="peg"></div></div>';
let progress: Promise<Progress> | null = null;
let navigating = false;

function loadProgress(): Promise<Progress> {
  return (progress ??= import('nprogress').then(({ default: bar }) =>
    bar.configure({ showSpinner: false, trickleSpeed: 120, template: PROGRESS_TEMPLATE, barSelector: '.bar' }),
  ));
}

function progressDone(): void {
  navigating = false;
  if (progress) void progress.then((bar) => bar.done());
}

export function trackNavigationProgress(): void {
  document.addEventListener('astro:before-preparation', (event) => {
    navigating = true;
    void loadProgress().then((bar) => {
      if (navigating) bar.start();
    });
    const original = event.loader;
    event.loader = async () => {
      try {
        await original();
      } catch (error) {
        progressDone();
        throw error;
      }
    };
  });
  document.addEventListener('astro:after-swap', progressDone);
  window.addEventListener('pageshow', progressDone);
}
