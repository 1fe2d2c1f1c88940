import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

/** What the `cart` localStorage key holds per line: ids and quantities only, never prices or names. */
export interface CartItem {
  id: number;
  quantity: number;
}

export const CART_STORAGE_KEY = 'cart';

function isProductId(id: unknown): id is number {
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
}

// Hand-written rather than zod: this runs in every page's bundle, where zod would cost ~25 kB.
function isCartItem(entry: unknown): entry is CartItem {
  if (typeof entry !== 'object' || entry === null) return false;
  const { id, quantity } = entry as Record<string, unknown>;
  return isProductId(id) && typeof quantity === 'number' && Number.isSafeInteger(quantity) && quantity >= 1;
}

/** A quantity of at least 1; fractions round down and a non-number counts as 1. */
export function toQuantity(n: number): number {
  return Number.isFinite(n) ? Math.max(1, Math.floor(n)) : 1;
}

/** One line per id (duplicates are merged by adding their quantities), in first-seen order. */
function mergeDuplicates(items: readonly CartItem[]): CartItem[] {
  const byId = new Map<number, number>();
  for (const item of items) byId.set(item.id, (byId.get(item.id) ?? 0) + item.quantity);
  return [...byId].map(([id, quantity]) => ({ id, quantity }));
}

/** Reads the stored cart, dropping every entry that is not a valid `{id, quantity}` (edited or outdated data). */
export function decodeCart(raw: string): CartItem[] {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return mergeDuplicates(
    data.flatMap((entry: unknown) => (isCartItem(entry) ? [{ id: entry.id, quantity: entry.quantity }] : [])),
  );
}

export const $cart = persistentAtom<CartItem[]>(CART_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeCart,
});

export const $cartCount = computed($cart, (items) => items.reduce((sum, item) => sum + item.quantity, 0));
export const $cartIds = computed($cart, (items) => items.map((item) => item.id));

/** Adds `quantity` (default 1) of a product, on top of what the cart already holds. */
export function addToCart(id: number, quantity = 1): void {
  if (!isProductId(id)) return;
  const amount = toQuantity(quantity);
  const items = $cart.get();
  const present = items.some((item) => item.id === id);
  $cart.set(
    present
      ? items.map((item) => (item.id === id ? { ...item, quantity: item.quantity + amount } : item))
      : [...items, { id, quantity: amount }],
  );
}

export function removeFromCart(id: number): void {
  $cart.set($cart.get().filter((item) => item.id !== id));
}

/** Sets a line's quantity, clamped to at least 1; an id not in the cart is ignored. */
export function setQuantity(id: number, quantity: number): void {
  const items = $cart.get();
  if (!items.some((item) => item.id === id)) return;
  const amount = toQuantity(quantity);
  $cart.set(items.map((item) => (item.id === id ? { ...item, quantity: amount } : item)));
}

export function incrementQuantity(id: number): void {
  const item = $cart.get().find((i) => i.id === id);
  if (item) setQuantity(id, item.quantity + 1);
}

/** Lowers a line's quantity by one; it never goes below 1 (removing is a separate action). */
export function decrementQuantity(id: number): void {
  const item = $cart.get().find((i) => i.id === id);
  if (item) setQuantity(id, item.quantity - 1);
}

export function clearCart(): void {
  $cart.set([]);
}

/** Replaces the whole cart; invalid entries are dropped and duplicate ids merged. */
export function replaceCart(items: readonly CartItem[]): void {
  $cart.set(decodeCart(JSON.stringify(items)));
}
