/**
 * The header's catalog menu: on phones a sheet that goes down one level at a time (CSS reads
 * data-enhanced and data-open), and at every width its keyboard manners (focus back to «Каталог» on
 * Escape, closed when focus leaves it). Its buttons exist only once this has run, so none is ever dead; the
 * shell loads it as the menu is first touched or focused.
 */
export function enhanceCatalogMenu(menu: HTMLDetailsElement): void {
  if (menu.hasAttribute('data-enhanced')) return;
  menu.setAttribute('data-enhanced', '');
  for (const button of menu.querySelectorAll<HTMLElement>('[data-drill], [data-menu-close]')) button.hidden = false;
  menu.addEventListener('toggle', () => {
    if (!menu.open) showMenuLevel(menu, null);
  });
  // Escape from inside gives focus back to «Каталог», not to the page's body (the page script closes it).
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.open) menu.querySelector<HTMLElement>('summary')?.focus();
  });
  // Focus leaving it (Tab past its last link, Shift+Tab before the summary) closes it, so it never stays
  // open over the page a keyboard user has moved on to.
  menu.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (menu.open && next && !menu.contains(next)) menu.open = false;
  });
  menu.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const drill = target.closest<HTMLButtonElement>('[data-drill]');
    if (drill) {
      showMenuLevel(menu, drill.closest('li'));
      menu.querySelector<HTMLElement>('[data-menu-back]')?.focus();
    } else if (target.closest('[data-menu-back]')) {
      const open = menu.querySelector<HTMLLIElement>('li[data-open]');
      showMenuLevel(menu, null);
      open?.querySelector<HTMLElement>('[data-drill]')?.focus();
    } else if (target.closest('[data-menu-close]')) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}

function showMenuLevel(menu: HTMLElement, branch: HTMLLIElement | null): void {
  for (const open of menu.querySelectorAll('li[data-open]')) open.removeAttribute('data-open');
  for (const drill of menu.querySelectorAll('[data-drill]')) drill.setAttribute('aria-expanded', 'false');
  const back = menu.querySelector<HTMLElement>('[data-menu-back]');
  const title = menu.querySelector<HTMLElement>('[data-menu-title]');
  if (back) back.hidden = !branch;
  if (title) title.textContent = branch?.querySelector('.top')?.textContent ?? 'Каталог';
  if (!branch) return;
  branch.setAttribute('data-open', '');
  branch.querySelector('[data-drill]')?.setAttribute('aria-expanded', 'true');
}
