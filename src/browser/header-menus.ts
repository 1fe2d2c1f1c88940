/**
 * Code the header loads when it is first used: the phone's catalog sheet (its levels, back and close
 * buttons) as the menu is first reached, and the search box's suggestions with its first focus.
 */
let catalogMenu: Promise<typeof import('./catalog-menu.ts')> | null = null;
let searchSuggest: Promise<typeof import('./search-suggest.ts')> | null = null;

function loadCatalogMenu(event: Event): void {
  const menu = (event.target as Element | null)?.closest?.<HTMLDetailsElement>('[data-catalog-menu]');
  if (!menu || menu.hasAttribute('data-enhanced')) return;
  catalogMenu ??= import('./catalog-menu.ts');
  void catalogMenu.then(({ enhanceCatalogMenu }) => enhanceCatalogMenu(menu));
}

function openCatalogMenu(): HTMLDetailsElement | null {
  return document.querySelector<HTMLDetailsElement>('[data-catalog-menu][open]');
}

export function closeCatalogMenu(): void {
  document.querySelector<HTMLDetailsElement>('[data-catalog-menu]')?.removeAttribute('open');
}

export function trackHeaderMenus(): void {
  document.addEventListener('pointerdown', loadCatalogMenu);
  document.addEventListener('focusin', loadCatalogMenu);
  document.addEventListener('toggle', loadCatalogMenu, true);
  document.addEventListener('focusin', (event) => {
    const input = event.target as HTMLElement;
    if (!(input instanceof HTMLInputElement) || !input.hasAttribute('data-site-search')) return;
    searchSuggest ??= import('./search-suggest.ts');
    void searchSuggest.then(({ attachSuggestions }) => attachSuggestions(input));
  });
  // A click outside the open catalog menu, or Escape, closes it.
  document.addEventListener('click', (event) => {
    const menu = openCatalogMenu();
    if (menu && !menu.contains(event.target as Node)) menu.removeAttribute('open');
  });
  // Escape closes it (and gives focus back to its summary: catalog-menu.ts, loaded by then).
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') openCatalogMenu()?.removeAttribute('open');
  });
}
