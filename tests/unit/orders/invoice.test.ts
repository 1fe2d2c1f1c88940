import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from '~/server/orders/amount-words.ts';
import { hasInvoice, renderInvoicePdf } from '~/server/orders/invoice.ts';
import type { Order } from '~/server/orders/orders.types.ts';

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 1,
    number: 'KZ-2611-0042',
    userId: 1,
    country: 'kz',
    status: 'new',
    currency: 'KZT',
    total: '61500.00',
    goodsTotal: '60000.00',
    contact: { name: 'Айгуль Садыкова', phone: '+77011234567', email: 'clinic@example.kz' },
    delivery: {
      method: 'courier',
      price: '1500.00',
      pickupPoint: null,
      pickupAddress: '',
      city: 'Алматы',
      address: 'ул. Сатпаева, 30',
    },
    payment: { method: 'bank_transfer', organisation: 'ТОО «Улыбка»', taxNumber: '123456789012' },
    comment: '',
    clinicId: null,
    lines: [
      {
        position: 1,
        productId: 7,
        productName: 'Filtek Z250 композит, шприц 4 г, оттенок A2',
        productSlug: 'filtek',
        sku: '3M-Z250-A2',
        unitPrice: '15000.00',
        listPrice: null,
        quantity: 4,
        lineTotal: '60000.00',
      },
    ],
    createdAt: new Date('2026-11-26T05:00:00Z'),
    updatedAt: new Date('2026-11-26T05:00:00Z'),
    ...overrides,
  };
}

describe('an order’s invoice', () => {
  it('prints the seller of the country, the clinic, the lines, delivery and the total in words', async () => {
    const pdf = await renderInvoicePdf(order());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Счёт на оплату № KZ-2611-0042 от 26 ноября 2026 г.',
      'ТОО «Дентал Шоп Казахстан», БИН 190840012345',
      'ИИК KZ12 6010 0020 0012 3456',
      'ТОО «Улыбка», БИН 123456789012',
      'Filtek Z250 композит, шприц 4 г, оттенок A2',
      '3M-Z250-A2',
      '15 000,00',
      'Доставка курьером',
      '61 500,00 тенге',
      'Шестьдесят одна тысяча пятьсот тенге 00 тиынов',
      'Оплата по счёту № KZ-2611-0042',
    ])
      expect(flat).toContain(expected);
  });

  it('shows a clinic’s contract price with the public one under it, and what the contract saved', async () => {
    const base = order();
    const pdf = await renderInvoicePdf(order({ clinicId: 3, lines: [{ ...base.lines[0]!, listPrice: '16250.00' }] }));
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('15 000,00 розн. 16 250,00');
    expect(flat).toContain('Экономия по договору (от розничных цен): 5 000,00 тенге');
    // Without a contract price, neither.
    const plain = (await extractText(new Uint8Array(await renderInvoicePdf(base)), { mergePages: true })).text;
    expect(plain).not.toMatch(/розн\.|Экономия/);
  });

  it('is made only for orders paid by bank transfer that are not cancelled', () => {
    expect(hasInvoice(order())).toBe(true);
    expect(hasInvoice(order({ status: 'cancelled' }))).toBe(false);
    expect(hasInvoice(order({ payment: { method: 'on_receipt', organisation: '', taxNumber: '' } }))).toBe(false);
  });

  it('writes amounts in Russian words as invoices do', () => {
    expect(numberInWords(0)).toBe('ноль');
    expect(numberInWords(21)).toBe('двадцать один');
    expect(numberInWords(1002)).toBe('одна тысяча два');
    expect(numberInWords(2_312_045)).toBe('два миллиона триста двенадцать тысяч сорок пять');
    expect(amountInWords('1550.00', 'KGS')).toBe('Одна тысяча пятьсот пятьдесят сомов 00 тыйынов');
    expect(amountInWords('3.05', 'KGS')).toBe('Три сома 05 тыйынов');
    expect(amountInWords('1.01', 'KZT')).toBe('Один тенге 01 тиын');
    expect(amountInWords('114000.00', 'KZT')).toBe('Сто четырнадцать тысяч тенге 00 тиынов');
  });
});
