import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPrintingPrice, listPrintingPrices } from '~/lib/api/services.ts';
import type { PrintingPrice } from '~/lib/api/types.ts';
import { hydrateStore } from '~/stores/hydrate.ts';
import { $printing, fetchPrintingPrice, fetchPrintingPrices, selectPrinting } from '~/stores/printing.ts';
import { page } from '../fixtures/products.ts';

vi.mock('~/lib/api/services.ts', () => ({ listPrintingPrices: vi.fn(), getPrintingPrice: vi.fn() }));

const model: PrintingPrice = {
  id: 3,
  service: 'Печать моделей',
  material: 'Модель челюсти',
  unit: 'модель',
  price: '1500.00',
  currency: 'KGS',
  lead_time: '1–2 рабочих дня',
  description: '',
};

afterEach(() => {
  cleanStores($printing);
  $printing.set({ printingPrices: [], printingPrice: null, selectedPrinting: null, error: null });
  vi.mocked(listPrintingPrices).mockReset();
  vi.mocked(getPrintingPrice).mockReset();
});

describe('printing store', () => {
  it("loads the country's price list", async () => {
    vi.mocked(listPrintingPrices).mockResolvedValue(page([model]));
    await fetchPrintingPrices('kg');
    expect(listPrintingPrices).toHaveBeenCalledWith({ country: 'kg', limit: 100 });
    expect($printing.get()).toMatchObject({ printingPrices: [model], error: null });
  });

  it('loads one price and keeps the list when that fails', async () => {
    $printing.setKey('printingPrices', [model]);
    vi.mocked(getPrintingPrice).mockRejectedValue(new Error('Не найдено.'));
    await fetchPrintingPrice(99, 'kz');
    expect($printing.get()).toMatchObject({ printingPrices: [model], printingPrice: null, error: 'Не найдено.' });
    vi.mocked(getPrintingPrice).mockResolvedValue(model);
    await fetchPrintingPrice(3, 'kg');
    expect($printing.get()).toMatchObject({ printingPrice: model, error: null });
  });

  it('selects and clears the chosen service', () => {
    selectPrinting(model);
    expect($printing.get().selectedPrinting).toEqual(model);
    selectPrinting(null);
    expect($printing.get().selectedPrinting).toBeNull();
  });

  it('merges the price list rendered on the server on hydration', () => {
    hydrateStore($printing, { printingPrices: [model] });
    expect($printing.get()).toMatchObject({ printingPrices: [model], selectedPrinting: null });
  });
});
