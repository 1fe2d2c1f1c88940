import { map } from 'nanostores';
import { getPrintingPrice, listPrintingPrices } from '~/lib/api/services.ts';
import type { CountryCode, PrintingPrice } from '~/lib/api/types.ts';
import { createFetcher } from './fetch-into.ts';

export interface PrintingState {
  printingPrices: PrintingPrice[];
  printingPrice: PrintingPrice | null;
  /** The price list row a visitor picked (the service of a printing request). */
  selectedPrinting: PrintingPrice | null;
  error: string | null;
}

export const $printing = map<PrintingState>({
  printingPrices: [],
  printingPrice: null,
  selectedPrinting: null,
  error: null,
});

const fetchList = createFetcher($printing);
const fetchOne = createFetcher($printing);

export function fetchPrintingPrices(country: CountryCode): Promise<void> {
  return fetchList(
    () => listPrintingPrices({ country, limit: 100 }),
    (page) => ({ printingPrices: page.results }),
  );
}

export function fetchPrintingPrice(id: number, country: CountryCode): Promise<void> {
  return fetchOne(
    () => getPrintingPrice(id, country),
    (printingPrice) => ({ printingPrice }),
  );
}

export function selectPrinting(price: PrintingPrice | null): void {
  $printing.setKey('selectedPrinting', price);
}
