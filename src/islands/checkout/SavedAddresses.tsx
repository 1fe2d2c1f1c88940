import type { SavedAddress } from './CheckoutForm.tsx';

/**
 * The account's saved delivery addresses as choices, the one used last first, and «Другой адрес» to type
 * one (issue 36). Loaded for an account that has saved addresses, not with the checkout page.
 */
export function SavedAddresses({
  addresses,
  saved,
  onChoose,
}: {
  addresses: SavedAddress[];
  /** The chosen address's id; 0 for another one. */
  saved: number;
  onChoose: (id: number, city: string) => void;
}) {
  return (
    <div className="pickup-points" role="radiogroup" aria-label="Адрес доставки">
      {[...addresses, { id: 0, city: '', address: '' }].map((a) => (
        <label key={a.id} className="choice choice-block">
          <input type="radio" name="saved_address" checked={saved === a.id} onChange={() => onChoose(a.id, a.city)} />
          <span>{a.id ? `${a.city}, ${a.address}` : 'Другой адрес'}</span>
        </label>
      ))}
    </div>
  );
}
