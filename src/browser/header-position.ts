/**
 * The header on narrow screens tucks away on the way down and returns on the way up (CSS reads
 * `data-tucked`); on every screen its visible bottom edge is kept in `--header-bottom`, under which
 * toasts sit.
 */
const narrowScreen = window.matchMedia('(max-width: 899px)');
let lastScrollY = 0;
let headerFrame = 0;

export function placeHeader(): void {
  headerFrame = 0;
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  const y = window.scrollY;
  const menuOpen = document.querySelector('[data-catalog-menu][open]') !== null;
  if (!narrowScreen.matches || menuOpen || y <= header.offsetHeight || y < lastScrollY - 4)
    header.removeAttribute('data-tucked');
  else if (y > lastScrollY + 4) header.setAttribute('data-tucked', '');
  lastScrollY = y;
  // A narrow screen's header sits at the top when shown (read its height: a transform may be mid-slide).
  const bottom = header.hasAttribute('data-tucked')
    ? 0
    : narrowScreen.matches
      ? header.offsetHeight
      : Math.max(0, Math.round(header.getBoundingClientRect().bottom));
  document.documentElement.style.setProperty('--header-bottom', `${bottom}px`);
}

/** A new page starts from its own scroll position. */
export function resetHeaderPosition(): void {
  lastScrollY = window.scrollY;
  placeHeader();
}

export function trackHeaderPosition(): void {
  const schedule = () => {
    headerFrame ||= requestAnimationFrame(placeHeader);
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
}
