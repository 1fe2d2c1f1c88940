import { stockProblem, stockProblemText } from '~/shared/stock.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CountryCode, Exchange } from '~/lib/api/types.ts';
import { ConsentNote, Field, Form, SubmitButton, TextArea, useForm } from '~/islands/forms/index.ts';
import { DELIVERY, freeDeliveryHint, quoteDelivery } from '~/shared/delivery.ts';
import { formatMoney, paymentNote, toDisplayCurrency, type DisplayCurrency } from '~/shared/money.ts';
import { goodsCount } from '~/shared/goods-count.ts';
import { $cartIds } from '~/stores/cart.ts';
import { $cartLines, $cartProductsState, $cartSubtotal, loadCartProducts } from '~/stores/cart-products.ts';
import { usePriceFormat } from '../hooks/use-price-format.ts';
import { ACCOUNT_EXISTS } from '~/islands/forms/form-errors.ts';

export interface SavedAddress {
  id: number;
  city: string;
  address: string;
}

export interface PickupOffice {
  id: number;
  label: string;
}

interface Props {
  country: CountryCode;
  countryCurrency: DisplayCurrency;
  exchange: Exchange | null;
  /** The signed-in customer's details; null for a visitor, who opens an account with the order. */
  profile: {
    firstName: string;
    lastName: string;
    phone: string;
    email: string;
    organisation: string;
    taxNumber: string;
  } | null;
  /** The account's delivery addresses in this country, the one used last first (issue 36). */
  addresses?: SavedAddress[];
  /** How the account's last order here was delivered: a repeat order starts from it. */
  lastDelivery?: { method: 'pickup' | 'courier'; pickupPoint: number | null } | null;
  /** Sign-in and password recovery, each coming back here. */
  loginHref: string;
  passwordResetHref: string;
  offices: PickupOffice[];
  /** The country's tax number: its name, digits, and its rule in words (the field's hint). */
  taxNumber: { name: string; digits: number; hint: string };
  cartHref: string;
  catalogHref: string;
  /** Shown until the stored cart is read: the page's grey bars (server-rendered, so they cost no script). */
  children?: ReactNode;
}

// Placing the order (the API client, the error mapping) loads with the form's first focus, not with the page.
const loadPlaceOrder = () => Promise.all([import('./place-order.ts'), import('./open-account.ts')]);

/**
 * Checkout (issue 10): the cart's lines at the current prices and stock of the country, the contact
 * prefilled from the profile, delivery and payment. The server prices the order again and answers
 * per line; one Idempotency-Key per opened form keeps a double submit to one order.
 */
export default function CheckoutForm({
  country,
  countryCurrency,
  exchange,
  profile,
  addresses = [],
  lastDelivery = null,
  offices,
  taxNumber,
  cartHref,
  catalogHref,
  loginHref,
  passwordResetHref,
  children,
}: Props) {
  const [mounted, setMounted] = useState(false);
  // A repeat order starts as the last one went; an account with saved addresses and no order yet, by courier.
  const [delivery, setDelivery] = useState<'pickup' | 'courier'>(
    offices.length && (lastDelivery ? lastDelivery.method === 'pickup' : !addresses.length) ? 'pickup' : 'courier',
  );
  // The saved address chosen (0: another one, typed).
  const [saved, setSaved] = useState(addresses[0]?.id ?? 0);
  const chosen = addresses.find((a) => a.id === saved);
  // A clinic that ordered by invoice before does so again, its requisites filled in.
  const [payment, setPayment] = useState<'on_receipt' | 'bank_transfer'>(
    profile?.organisation && profile.taxNumber ? 'bank_transfer' : 'on_receipt',
  );
  const [phone, setPhone] = useState(profile?.phone ?? '');
  // A visitor's account, once opened by a first submit: a second submit (after a refused line) orders only.
  const [opened, setOpened] = useState(false);
  const visitor = profile === null && !opened;
  const [city, setCity] = useState(addresses[0]?.city ?? '');
  const [lineErrors, setLineErrors] = useState<string[][]>([]);
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const lines = useStore($cartLines);
  const ids = useStore($cartIds);
  const state = useStore($cartProductsState);
  const subtotal = useStore($cartSubtotal);
  const format = usePriceFormat(exchange, countryCurrency);
  const form = useForm({ warm: loadPlaceOrder });
  const { fields } = form.errors;
  const idsKey = ids.join(',');

  // A visitor's part of the form (the password, the offer to sign in) loads for visitors alone.
  const [visitorParts, setVisitorParts] = useState<typeof import('./VisitorAccount.tsx') | null>(null);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (profile === null) void import('./VisitorAccount.tsx').then(setVisitorParts);
  }, [profile]);
  // The choice among saved addresses loads for an account that has some.
  const [savedParts, setSavedParts] = useState<typeof import('./SavedAddresses.tsx') | null>(null);
  useEffect(() => {
    if (addresses.length) void import('./SavedAddresses.tsx').then(setSavedParts);
  }, [addresses.length]);
  useEffect(() => {
    void loadCartProducts(country);
  }, [country, idsKey]);

  const submit = form.onSubmit(
    async (values) => {
      setLineErrors([]);
      const [{ placeOrder }, { openAccount }] = await loadPlaceOrder();
      if (visitor) {
        const accountRefused = await openAccount(values, country);
        if (accountRefused) {
          form.fail(
            accountRefused.code === ACCOUNT_EXISTS
              ? { ...accountRefused, form: [`С адресом ${values.email!.trim()} уже есть аккаунт.`] }
              : accountRefused,
          );
          return;
        }
        setOpened(true);
      }
      const refused = await placeOrder(values, { country, lines, delivery, payment, idempotencyKey });
      if (refused) {
        setLineErrors(refused.lines);
        form.fail(refused.form);
        // The stock may have changed: show the lines as they are now.
        void loadCartProducts(country);
      }
    },
    {
      required: [
        'first_name',
        'last_name',
        'phone',
        'email',
        ...(visitor ? ['password'] : []),
        ...(delivery === 'courier' ? ['city', 'address'] : []),
        ...(payment === 'bank_transfer' ? ['organisation', 'tax_number'] : []),
      ],
    },
  );

  if (!mounted) return children;
  if (lines.length === 0) {
    return (
      <div className="cart-empty card">
        <h2>Корзина пуста</h2>
        <p className="muted">Добавьте товары из каталога, чтобы оформить заказ.</p>
        <a className="btn btn-primary" href={catalogHref}>
          Перейти в каталог
        </a>
      </div>
    );
  }

  // Delivery as the server will price it (shared/delivery.ts): known once the city is.
  const cityKnown = delivery === 'pickup' || city.trim() !== '';
  const quote =
    subtotal && cityKnown
      ? quoteDelivery(
          country,
          delivery === 'courier' ? { method: 'courier', city } : { method: 'pickup' },
          subtotal.amount,
        )
      : null;
  const totalAmount = subtotal ? subtotal.amount + (quote?.price ?? 0) : null;
  const ownTotal =
    subtotal && totalAmount !== null ? formatMoney(totalAmount, toDisplayCurrency(subtotal.currency)) : null;
  const shownTotal = subtotal && totalAmount !== null ? format(totalAmount.toFixed(2), subtotal.currency) : null;
  const deliveryShown = !quote
    ? 'укажите город'
    : quote.kind === 'courier' && subtotal
      ? format(quote.price.toFixed(2), subtotal.currency)
      : quote.kind === 'carrier'
        ? 'по тарифу перевозчика, при получении'
        : 'бесплатно';
  const deliveryHint = quote ? freeDeliveryHint(country, quote) : null;

  return (
    <div className="checkout">
      <section className="checkout-lines card" aria-labelledby="checkout-lines-title">
        <h2 id="checkout-lines-title">Товары — {goodsCount(lines)}</h2>
        <ul>
          {lines.map((line, index) => {
            const product = line.product;
            const problems = [...(lineErrors[index] ?? [])];
            if (problems.length === 0) {
              const problem =
                state.status === 'succeeded' || product
                  ? stockProblem(product ? { stock: product.quantity } : null, line.quantity)
                  : null;
              if (problem) problems.push(stockProblemText(problem, country));
            }
            const errorId = `line-error-${line.id}`;
            return (
              <li
                key={line.id}
                className={problems.length ? 'checkout-line has-error' : 'checkout-line'}
                aria-describedby={problems.length ? errorId : undefined}
              >
                <span className="checkout-line-name">{product?.name ?? 'Товар'}</span>
                <span className="checkout-line-qty">
                  {line.quantity} шт. × {product?.price ? format(product.price, product.currency) : '—'}
                </span>
                <span className="checkout-line-sum">
                  {product?.price ? format((Number(product.price) * line.quantity).toFixed(2), product.currency) : '—'}
                </span>
                {problems.length > 0 && (
                  <p id={errorId} className="checkout-line-error">
                    {problems.join(' ')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <dl className="checkout-sums">
          <dt>Товары</dt>
          <dd>{subtotal ? format(subtotal.amount.toFixed(2), subtotal.currency) : '—'}</dd>
          <dt>Доставка</dt>
          <dd data-testid="checkout-delivery">{deliveryShown}</dd>
        </dl>
        {deliveryHint && <p className="muted small">{deliveryHint}</p>}
        <p className="checkout-total">
          <span>Итого</span>
          <strong>{shownTotal ?? '—'}</strong>
        </p>
        {subtotal && totalAmount !== null && ownTotal && shownTotal !== ownTotal && (
          <p className="muted small">{paymentNote(totalAmount, toDisplayCurrency(subtotal.currency))}</p>
        )}
        <p className="muted small">
          Сумму считает сервер по ценам и остаткам на момент заказа. <a href={cartHref}>Изменить корзину</a>
        </p>
      </section>

      <Form
        form={form}
        onSubmit={submit}
        alert={
          form.errors.code === ACCOUNT_EXISTS &&
          visitorParts && <visitorParts.AccountExistsHint loginHref={loginHref} passwordResetHref={passwordResetHref} />
        }
      >
        {profile === null && visitorParts && <visitorParts.VisitorNotice opened={opened} loginHref={loginHref} />}
        <fieldset className="checkout-group">
          <legend>Получатель</legend>
          {/* Two fields, as the profile and registration have them: the order's contact is both, in this order. */}
          <div className="field-pair">
            <Field
              name="first_name"
              label="Имя"
              autoComplete="given-name"
              maxLength={74}
              defaultValue={profile?.firstName}
              errors={fields.first_name}
            />
            <Field
              name="last_name"
              label="Фамилия"
              autoComplete="family-name"
              maxLength={74}
              defaultValue={profile?.lastName}
              errors={fields.last_name}
            />
          </div>
          <Field
            name="phone"
            label="Телефон"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            errors={fields.phone}
            hint="Менеджер позвонит, чтобы подтвердить заказ и доставку."
          />
          {profile && phone.trim() !== '' && phone.trim() !== profile.phone && (
            <label className="checkbox">
              <input type="checkbox" name="save_phone" defaultChecked={profile.phone === ''} /> Сохранить телефон в
              профиле
            </label>
          )}
          <Field
            name="email"
            label="Электронная почта"
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={profile?.email}
            readOnly={opened}
            errors={fields.email}
            hint={
              profile
                ? 'Для связи по заказу; подтверждение придёт на адрес вашего аккаунта.'
                : 'Сюда придёт подтверждение заказа; с этим адресом вы будете входить в магазин.'
            }
          />
          {visitor && visitorParts && <visitorParts.VisitorPassword errors={fields.password} />}
        </fieldset>

        <fieldset className="checkout-group">
          <legend>Доставка</legend>
          <div className="choice-row" role="radiogroup" aria-label="Способ доставки">
            <label className="choice">
              <input
                type="radio"
                name="delivery"
                value="pickup"
                checked={delivery === 'pickup'}
                onChange={() => setDelivery('pickup')}
                disabled={!offices.length}
              />{' '}
              Самовывоз из офиса
            </label>
            <label className="choice">
              <input
                type="radio"
                name="delivery"
                value="courier"
                checked={delivery === 'courier'}
                onChange={() => setDelivery('courier')}
              />{' '}
              Курьером
            </label>
          </div>
          {delivery === 'pickup' ? (
            // Each office as a choice with its whole address and hours: a select cut them on phones.
            <div className="pickup-points" role="radiogroup" aria-label="Пункт самовывоза">
              {offices.map((office, index) => (
                <label key={office.id} className="choice choice-block">
                  <input
                    type="radio"
                    name="pickup_point"
                    value={office.id}
                    defaultChecked={lastDelivery?.pickupPoint ? office.id === lastDelivery.pickupPoint : index === 0}
                  />
                  <span>{office.label}</span>
                </label>
              ))}
              {fields.pickup_point && <p className="field-error">{fields.pickup_point.join(' ')}</p>}
            </div>
          ) : (
            <>
              {savedParts && (
                <savedParts.SavedAddresses
                  addresses={addresses}
                  saved={chosen?.id ?? 0}
                  onChoose={(id, cityName) => {
                    setSaved(id);
                    setCity(cityName);
                  }}
                />
              )}
              {chosen && (
                <>
                  <input type="hidden" name="city" value={chosen.city} />
                  <input type="hidden" name="address" value={chosen.address} />
                  {(fields.city ?? fields.address) && (
                    <p className="field-error">{[...(fields.city ?? []), ...(fields.address ?? [])].join(' ')}</p>
                  )}
                </>
              )}
            </>
          )}
          {delivery === 'courier' && !chosen && (
            <>
              <Field
                name="city"
                label="Город"
                autoComplete="address-level2"
                maxLength={100}
                list="delivery-cities"
                value={city}
                onChange={(event) => setCity(event.target.value)}
                errors={fields.city}
                hint={`Курьер: ${DELIVERY[country].cities.map((c) => c.name).join(', ')}; в другие города — транспортной компанией.`}
              />
              <datalist id="delivery-cities">
                {DELIVERY[country].cities.map((c) => (
                  <option key={c.name} value={c.name} />
                ))}
              </datalist>
              <Field
                name="address"
                label="Адрес"
                autoComplete="street-address"
                maxLength={300}
                errors={fields.address}
                hint="Улица, дом, офис или кабинет."
              />
            </>
          )}
        </fieldset>

        <fieldset className="checkout-group">
          <legend>Оплата</legend>
          <div className="choice-row" role="radiogroup" aria-label="Способ оплаты">
            <label className="choice">
              <input
                type="radio"
                name="payment"
                value="on_receipt"
                checked={payment === 'on_receipt'}
                onChange={() => setPayment('on_receipt')}
              />{' '}
              При получении
            </label>
            <label className="choice">
              <input
                type="radio"
                name="payment"
                value="bank_transfer"
                checked={payment === 'bank_transfer'}
                onChange={() => setPayment('bank_transfer')}
              />{' '}
              По счёту для клиники
            </label>
          </div>
          {payment === 'bank_transfer' && (
            <>
              <Field
                name="organisation"
                label="Организация"
                autoComplete="organization"
                maxLength={200}
                defaultValue={profile?.organisation}
                errors={fields.organisation}
              />
              <Field
                name="tax_number"
                label={taxNumber.name}
                inputMode="numeric"
                maxLength={taxNumber.digits}
                defaultValue={profile?.taxNumber}
                errors={fields.tax_number}
                hint={taxNumber.hint}
              />
            </>
          )}
        </fieldset>

        <TextArea
          name="comment"
          label="Комментарий к заказу"
          optional
          rows={3}
          maxLength={1000}
          errors={fields.comment}
        />
        <SubmitButton pending={form.pending} label="Подтвердить заказ" pendingLabel="Оформляем заказ…" />
        <ConsentNote country={country} action="Подтвердить заказ" offer />
      </Form>
    </div>
  );
}
