import { useState } from 'react';
import type { CountryCode, DeliveryAddress } from '~/lib/api/types.ts';
import { accountsApi } from './accounts-api.ts';

// The form (and the forms kit) loads when an address is added or changed, not with the account page.
type AddressFormModule = typeof import('./AddressForm.tsx');
const loadForm = () => import('./AddressForm.tsx');

interface Props {
  country: CountryCode;
  /** The account's addresses in the page's country, the one used last first. */
  addresses: DeliveryAddress[];
}

/**
 * The account's delivery addresses (issue 36): the ones its courier orders went to, remembered by the
 * shop, and any added here. Checkout offers them, the first one chosen; «Сделать основным» moves one
 * there.
 */
export default function AddressBook({ country, addresses: initial }: Props) {
  const [addresses, setAddresses] = useState(initial);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [formModule, setFormModule] = useState<AddressFormModule | null>(null);
  const AddressForm = formModule?.default;
  /** Opens the form for `target` once its code is here. */
  const edit = (target: number | 'new') => {
    setMessage('');
    loadForm()
      .then((loaded) => {
        setFormModule(loaded);
        setEditing(target);
      })
      .catch(() => setMessage('Не удалось загрузить форму. Проверьте подключение к интернету и попробуйте ещё раз.'));
  };

  const act = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    setMessage('');
    try {
      await work();
      setMessage(done);
    } catch {
      setMessage('Не удалось сохранить. Проверьте подключение к интернету и попробуйте ещё раз.');
    } finally {
      setBusy(false);
    }
  };
  const makeMain = (address: DeliveryAddress) =>
    act(async () => {
      const { updateAddress } = await accountsApi();
      const updated = await updateAddress(address.id, { use: true });
      setAddresses((list) => [updated, ...list.filter((a) => a.id !== address.id)]);
    }, `Адрес «${address.city}, ${address.address}» будет предложен первым.`);
  const remove = (address: DeliveryAddress) =>
    act(async () => {
      const { deleteAddress } = await accountsApi();
      await deleteAddress(address.id);
      setAddresses((list) => list.filter((a) => a.id !== address.id));
    }, `Адрес «${address.city}, ${address.address}» удалён.`);
  const saved = (address: DeliveryAddress, text: string) => {
    setAddresses((list) =>
      editing === 'new' ? [address, ...list] : list.map((a) => (a.id === address.id ? address : a)),
    );
    setEditing(null);
    setMessage(text);
  };

  return (
    <div className="address-book">
      {addresses.length === 0 && editing !== 'new' && (
        <p className="muted">Адрес курьерской доставки сохранится с первым заказом; его можно добавить и здесь.</p>
      )}
      {editing === 'new' && AddressForm && (
        <AddressForm country={country} onSaved={saved} onCancel={() => setEditing(null)} />
      )}
      {addresses.length > 0 && (
        <ul className="address-list">
          {addresses.map((address, index) => (
            <li key={address.id}>
              {editing === address.id && AddressForm ? (
                <AddressForm country={country} address={address} onSaved={saved} onCancel={() => setEditing(null)} />
              ) : (
                <>
                  <p>
                    {address.city}, {address.address}
                    {index === 0 && <span className="badge address-main">Основной</span>}
                  </p>
                  <div className="address-actions">
                    {index > 0 && (
                      <button type="button" className="link-button" disabled={busy} onClick={() => makeMain(address)}>
                        Сделать основным
                      </button>
                    )}
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy}
                      onClick={() => edit(address.id)}
                      aria-label={`Изменить адрес ${address.city}, ${address.address}`}
                    >
                      Изменить
                    </button>
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy}
                      onClick={() => remove(address)}
                      aria-label={`Удалить адрес ${address.city}, ${address.address}`}
                    >
                      Удалить
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === null && (
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => edit('new')}
            onPointerEnter={() => void loadForm().catch(() => undefined)}
          >
            Добавить адрес
          </button>
        </div>
      )}
      <p className="form-success account-status" role="status">
        {message}
      </p>
    </div>
  );
}
