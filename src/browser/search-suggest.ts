/**
 * The search box's suggestions (issue 12): an ARIA 1.2 combobox over the header's search input. It
 * loads with the box's first focus (src/browser/header-menus.ts), asks the public, cached
 * `GET /api/v1/products/suggestions/` while the visitor types, and lists products (image, name, price),
 * categories and brands; arrows move through them, Enter opens one, Escape closes the list. Built with
 * DOM calls (no HTML strings), so nothing typed or stored is ever parsed as markup.
 */
import type { ProductSuggestions as Suggestions } from '~/lib/api/types.ts';
import { imageSources } from '~/shared/media.ts';
import { paths } from '~/shared/paths.ts';
import { isCountryCode, type CountryCode } from '~/shared/countries.ts';

const MIN_LENGTH = 2;
const narrow = window.matchMedia('(max-width: 899px)');
const DELAY_MS = 120;

/** Turns the box into a combobox once; later focuses find it ready. */
export function attachSuggestions(input: HTMLInputElement): void {
  if (input.dataset.suggest === 'on') return;
  input.dataset.suggest = 'on';
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  const country = input.dataset.siteSearch;
  if (!list || !isCountryCode(country)) return;
  new SuggestBox(input, list, country);
}

class SuggestBox {
  private readonly answers = new Map<string, Suggestions>();
  private timer = 0;
  private request: AbortController | null = null;
  private shownFor = '';

  private readonly input: HTMLInputElement;
  private readonly list: HTMLElement;
  private readonly country: CountryCode;

  constructor(input: HTMLInputElement, list: HTMLElement, country: CountryCode) {
    this.input = input;
    this.list = list;
    this.country = country;
    input.addEventListener('input', () => this.schedule());
    input.addEventListener('keydown', (event) => this.onKey(event));
    input.addEventListener('blur', () => window.setTimeout(() => this.close(), 150));
    input.addEventListener('focus', () => this.schedule());
    // A pressed option must not blur the box before its click lands.
    list.addEventListener('mousedown', (event) => event.preventDefault());
    list.addEventListener('click', (event) => {
      const option = (event.target as HTMLElement).closest<HTMLElement>('[role="option"]');
      if (option?.dataset.href) this.open(option.dataset.href);
    });
    this.schedule();
  }

  private schedule(): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.update(), DELAY_MS);
  }

  private async update(): Promise<void> {
    const text = this.input.value.trim();
    if (text.length < MIN_LENGTH || document.activeElement !== this.input) return this.close();
    if (text === this.shownFor && !this.list.hidden) return;
    const known = this.answers.get(text);
    if (known) return this.render(text, known);
    this.request?.abort();
    const request = (this.request = new AbortController());
    try {
      const url = `/api/v1/products/suggestions/?q=${encodeURIComponent(text)}&country=${this.country}`;
      const response = await fetch(url, { signal: request.signal, headers: { Accept: 'application/json' } });
      if (!response.ok) return this.close();
      const answer = (await response.json()) as Suggestions;
      this.answers.set(text, answer);
      // Only the answer for what the box still says is shown.
      if (this.input.value.trim() === text) this.render(text, answer);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') this.close();
    }
  }

  private render(text: string, answer: Suggestions): void {
    this.shownFor = text;
    const id = this.list.id;
    let index = 0;
    const option = (href: string, className = '') => {
      const node = document.createElement('div');
      node.setAttribute('role', 'option');
      node.setAttribute('aria-selected', 'false');
      node.id = `${id}-${index++}`;
      node.dataset.href = href;
      if (className) node.className = className;
      return node;
    };
    const group = (label: string, options: HTMLElement[]) => {
      const box = document.createElement('div');
      box.setAttribute('role', 'group');
      const head = document.createElement('p');
      head.className = 'suggest-head';
      head.id = `${id}-${label}`;
      head.textContent = label;
      box.setAttribute('aria-labelledby', head.id);
      box.append(head, ...options);
      return box;
    };
    const text_ = (className: string, value: string) => {
      const span = document.createElement('span');
      span.className = className;
      span.textContent = value;
      return span;
    };

    const groups: HTMLElement[] = [];
    if (answer.products.length) {
      groups.push(
        group(
          'Товары',
          answer.products.map((product) => {
            const node = option(paths.product(this.country, product.slug));
            const image = document.createElement('img');
            image.src = imageSources(product.images[0], 40).src;
            image.alt = '';
            image.width = 40;
            image.height = 40;
            node.append(image, text_('suggest-name', product.name));
            if (product.price) {
              const price = text_('suggest-price', '');
              price.dataset.price = product.price;
              price.dataset.priceCurrency = product.currency;
              node.append(price);
            }
            return node;
          }),
        ),
      );
    }
    if (answer.categories.length) {
      groups.push(
        group(
          'Категории',
          answer.categories.map((c) => this.labelled(option(paths.category(this.country, c.slug)), c.name, text_)),
        ),
      );
    }
    if (answer.brands.length) {
      groups.push(
        group(
          'Бренды',
          answer.brands.map((b) => this.labelled(option(paths.brand(this.country, b.slug)), b.name, text_)),
        ),
      );
    }
    const all = option(paths.search(this.country, text), 'suggest-all');
    all.textContent = groups.length
      ? `Все результаты по запросу «${text}»`
      : `Искать «${text}»: подсказок нет, но поиск проверит опечатки`;
    this.list.replaceChildren(...groups, all);
    // On narrow screens the list is fixed to the screen's width, right under the box.
    this.list.style.top = narrow.matches ? `${Math.round(this.input.getBoundingClientRect().bottom) + 4}px` : '';
    this.list.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
    this.input.removeAttribute('aria-activedescendant');
    // Prices in the currency the visitor chose (the shell's converter reads data-price).
    document.dispatchEvent(new Event('shop:render-prices'));
  }

  private labelled(
    node: HTMLElement,
    name: string,
    text: (className: string, value: string) => HTMLElement,
  ): HTMLElement {
    node.append(text('suggest-name', name));
    return node;
  }

  private options(): HTMLElement[] {
    return [...this.list.querySelectorAll<HTMLElement>('[role="option"]')];
  }

  private onKey(event: KeyboardEvent): void {
    const open = !this.list.hidden;
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      this.close();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) {
        this.shownFor = '';
        void this.update();
        return;
      }
      event.preventDefault();
      const options = this.options();
      const current = options.findIndex((o) => o.getAttribute('aria-selected') === 'true');
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        current === -1 ? (step === 1 ? 0 : options.length - 1) : (current + step + options.length) % options.length;
      this.select(options[next] ?? null);
      return;
    }
    if (event.key === 'Enter' && open) {
      const selected = this.options().find((o) => o.getAttribute('aria-selected') === 'true');
      if (selected?.dataset.href) {
        event.preventDefault();
        this.open(selected.dataset.href);
      }
    }
  }

  private select(option: HTMLElement | null): void {
    for (const o of this.options()) o.setAttribute('aria-selected', String(o === option));
    if (option) {
      this.input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    } else this.input.removeAttribute('aria-activedescendant');
  }

  private open(href: string): void {
    this.close();
    window.location.assign(href);
  }

  private close(): void {
    window.clearTimeout(this.timer);
    this.request?.abort();
    this.list.hidden = true;
    this.shownFor = '';
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }
}
