import { createOrder } from '~/lib/api/orders.ts';
import type { CountryCode, OrderCreateInput } from '~/lib/api/types.ts';
import { NOTICES, notifyOnNextPage } from '~/islands/toasts/notify.ts';
import type { FormValues } from '~/islands/forms/index.ts';
import { paths } from '~/shared/paths.ts';
import { clearCart } from '~/stores/cart.ts';
import { checkoutErrors, type CheckoutErrors } from './checkout-errors.ts';

export interface OrderChoice {
  country: CountryCode;
  lines: readonly { id: number; quantity: number }[];
  delivery: 'pickup' | 'courier';
  payment: 'on_receipt' | 'bank_transfer';
  /** One per opened form: a second submit of the same form gives the same order. */
  idempotencyKey: string;
}

/**
 * Places the order from the checkout's values. On success: empties the cart, says so and opens the
 * order's page. A refused order (400) comes back as errors for the fields and the cart lines; any
 * other failure is thrown for the form kit to show. Loaded with the form's first focus, not with the page.
 */
export async function placeOrder(
  values: FormValues,
  { country, lines, delivery, payment, idempotencyKey }: OrderChoice,
): Promise<CheckoutErrors | null> {
  const input = {
    country,
    items: lines.map((line) => ({ product: line.id, quantity: line.quantity })),
    contact: {
      name: `${values.first_name!.trim()} ${values.last_name!.trim()}`,
      phone: values.phone!.trim(),
      email: values.email!.trim(),
    },
    delivery:
      delivery === 'pickup'
        ? { method: 'pickup' as const, pickup_point: Number(values.pickup_point) || undefined }
        : { method: 'courier' as const, city: values.city ?? '', address: values.address ?? '' },
    payment:
      payment === 'bank_transfer'
        ? {
            method: 'bank_transfer' as const,
            organisation: values.organisation ?? '',
            tax_number: values.tax_number ?? '',
          }
        : { method: 'on_receipt' as const },
    comment: values.comment ?? '',
    save_phone: values.save_phone === 'on',
    // «Для кого заказ»: the page's own choice beside the form, for a member of a clinic (issue 37).
    clinic: Number(document.querySelector<HTMLInputElement>('input[name="order_clinic"]:checked')?.value) || undefined,
  } as OrderCreateInput;
  try {
    const order = await createOrder(input, idempotencyKey);
    clearCart();
    // Checkout has no in-page navigation: the order page loads anew and shows the toast.
    notifyOnNextPage(NOTICES.orderPlaced);
    window.location.assign(paths.order(country, order.number));
    return null;
  } catch (error) {
    const mapped = checkoutErrors(error, lines.length);
    if (!mapped) throw error;
    return mapped;
  }
}
