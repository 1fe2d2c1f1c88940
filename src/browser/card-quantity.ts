/**
 * A product card's quantity field (`ProductCard.astro`), on the rules of every quantity field
 * (`islands/quantity/quantity.ts`): what is typed is taken, an emptied field shows the last number taken
 * again when left, a number above the stock is said beside the field and «В корзину» then adds nothing.
 * Loaded by the cards' script (`product-cards.ts`) when a buyer first touches a field or a button.
 */
import { quantityNotice, steppedQuantity, typedDigits, typedQuantity } from '~/islands/quantity/quantity.ts';
import { $cart } from '~/stores/cart.ts';

interface CardBuy {
  id: number;
  available: number;
  input: HTMLInputElement;
  notice: HTMLElement;
  less: HTMLButtonElement;
  more: HTMLButtonElement;
}

function cardBuy(element: Element): CardBuy | null {
  const box = element.closest<HTMLElement>('[data-card-buy]');
  const add = box?.querySelector<HTMLButtonElement>('[data-add-to-cart]');
  const input = box?.querySelector<HTMLInputElement>('[data-card-quantity]');
  const notice = box?.querySelector<HTMLElement>('[data-quantity-notice]');
  const [less, more] = box?.querySelectorAll<HTMLButtonElement>('[data-quantity-step]') ?? [];
  if (!add || !input || !notice || !less || !more) return null;
  return { id: Number(add.dataset.addToCart), available: Number(add.dataset.available), input, notice, less, more };
}

/** The card's quantity: the number typed, or the last one taken while the field is empty. */
function takenQuantity(buy: CardBuy): number {
  return typedQuantity(buy.input.value) ?? (Number(buy.input.dataset.taken) || 1);
}

let noticeIds = 0;

/** Takes `quantity` into the field (when given) and says beside it whether it can be added. */
function showQuantity(buy: CardBuy, quantity = takenQuantity(buy)): string {
  buy.input.dataset.taken = String(quantity);
  const inCart = $cart.get().find((item) => item.id === buy.id)?.quantity ?? 0;
  const notice = quantityNotice(quantity, buy.available, inCart);
  buy.notice.textContent = notice;
  if (notice) {
    // Named when first needed: a product may have two cards on one page.
    buy.notice.id ||= `quantity-notice-${++noticeIds}`;
    buy.input.setAttribute('aria-invalid', 'true');
    buy.input.setAttribute('aria-describedby', buy.notice.id);
  } else {
    buy.input.removeAttribute('aria-invalid');
    buy.input.removeAttribute('aria-describedby');
  }
  buy.less.disabled = quantity <= 1;
  buy.more.disabled = quantity >= Math.max(1, buy.available - inCart);
  return notice;
}

/** An empty field, left or sent, shows the last quantity taken again. */
function settleField(buy: CardBuy): number {
  const quantity = takenQuantity(buy);
  if (buy.input.value !== String(quantity)) buy.input.value = String(quantity);
  return quantity;
}

/** A number typed: taken when it is one (an empty field waits for the next key). */
export function typed(input: HTMLInputElement): void {
  const buy = cardBuy(input);
  if (!buy) return;
  const digits = typedDigits(input.value);
  if (digits !== input.value && input.value !== '') input.value = digits;
  const quantity = typedQuantity(digits);
  if (quantity !== null) showQuantity(buy, quantity);
}

/** The field left: an empty one shows the last number taken again. */
export function left(input: HTMLInputElement): void {
  const buy = cardBuy(input);
  if (buy) showQuantity(buy, settleField(buy));
}

/** − or +: a step from the number taken. */
export function step(button: HTMLButtonElement): void {
  const buy = cardBuy(button);
  if (!buy) return;
  const quantity = steppedQuantity(takenQuantity(buy), button.dataset.quantityStep === '-1' ? -1 : 1);
  buy.input.value = String(quantity);
  showQuantity(buy, quantity);
}

/**
 * «В корзину»: the number taken, all of it or nothing (`add` adds and toasts, answering the units added);
 * above the stock the field says why and takes the focus.
 */
export function addFromCard(
  button: HTMLButtonElement,
  add: (id: number, quantity: number, available?: number) => number,
): void {
  const buy = cardBuy(button);
  const quantity = buy ? settleField(buy) : 1;
  if (buy && showQuantity(buy, quantity)) {
    buy.input.focus();
    return;
  }
  const available = button.dataset.available ? Number(button.dataset.available) : undefined;
  if (add(Number(button.dataset.addToCart), quantity, available) > 0 && buy) {
    buy.input.value = '1';
    showQuantity(buy, 1);
  }
}
