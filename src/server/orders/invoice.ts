/**
 * The invoice of an order paid by bank transfer («Счёт на оплату»): an A4 PDF with the selling company's
 * requisites in the order's country (`company/requisites.ts`), the clinic's, the lines as ordered, the
 * delivery, the total in figures and in words, and what to write in the payment's purpose. Drawn with
 * pdfkit in the bundled font (`server/fonts.ts`), so Cyrillic prints on any machine.
 */
import PDFDocument from 'pdfkit';
import { formatCountryDate } from '../../shared/dates.ts';
import { formatPhone } from '../../shared/phone.ts';
import { REQUISITES } from '../company/requisites.ts';
import { fontFile } from '../fonts.ts';
import { amountInWords } from './amount-words.ts';
import { contractSaving, TAX_NUMBER } from './order-rules.ts';
import type { Order } from './orders.types.ts';

/** Whether an order gets an invoice: paid by bank transfer and not cancelled. */
export const hasInvoice = (order: Pick<Order, 'payment' | 'status'>) =>
  order.payment.method === 'bank_transfer' && order.status !== 'cancelled';

export const invoiceFilename = (order: Pick<Order, 'number'>) => `Счёт ${order.number}.pdf`;

/** The headers of the invoice's download: a PDF attachment under its Russian name, never cached. */
export function invoiceHeaders(order: Pick<Order, 'number'>): Record<string, string> {
  return {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="invoice-${order.number}.pdf"; filename*=UTF-8''${encodeURIComponent(invoiceFilename(order))}`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  };
}

/** Banking days the invoice holds its prices for. */
const VALID_DAYS = 5;

// The font has no ₸ sign, and invoices here write the word anyway.
const CURRENCY_WORD = { KGS: 'сом', KZT: 'тенге' } as const;

/** «1 550,00»: grouped with plain spaces (the font draws them; narrow ones it may not). */
function amount(value: string | number): string {
  return Number(value)
    .toLocaleString('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .replace(/[\u00a0\u202f]/g, ' ');
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

export function renderInvoicePdf(order: Order): Promise<Buffer> {
  const seller = REQUISITES[order.country];
  const date = formatCountryDate(order.createdAt, order.country);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `Счёт на оплату № ${order.number}`, Author: seller.legalName },
  });
  doc.registerFont('regular', fontFile('regular'));
  doc.registerFont('bold', fontFile('bold'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const currency = CURRENCY_WORD[order.currency];

  // The bank box first, as payers here expect it: whom to pay, where.
  doc.font('bold').fontSize(9).text('Получатель платежа', left, 48);
  doc
    .font('regular')
    .text(`${seller.legalName}, ${seller.taxLabel} ${seller.taxNumber}${seller.extra ? `, ${seller.extra}` : ''}`)
    .text(`Банк получателя: ${seller.bank}, БИК ${seller.bic}`)
    .text(`${seller.accountLabel} ${seller.account}`);
  const boxBottom = doc.y + 6;
  doc
    .rect(left - 6, 42, width + 12, boxBottom - 42)
    .lineWidth(0.8)
    .stroke('#94a3b8');

  doc.moveDown(1.6);
  doc.font('bold').fontSize(15).fillColor('#0f172a').text(`Счёт на оплату № ${order.number} от ${date}`, left);
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(left + width, doc.y + 4)
    .lineWidth(1.2)
    .stroke('#0f172a');
  doc.moveDown(0.9);

  const party = (label: string, value: string) => {
    const top = doc.y;
    doc.font('regular').fontSize(10).text(label, left, top, { width: 90 });
    doc.font('bold').text(value, left + 96, top, { width: width - 96 });
    doc.moveDown(0.5);
  };
  party('Поставщик:', `${seller.legalName}, ${seller.taxLabel} ${seller.taxNumber}, ${seller.address}`);
  const buyerTax = `${TAX_NUMBER[order.country].name} ${order.payment.taxNumber}`;
  party(
    'Покупатель:',
    `${order.payment.organisation}, ${buyerTax}; контактное лицо: ${order.contact.name}, ${formatPhone(order.contact.phone)}, ${order.contact.email}`,
  );
  party('Основание:', `Заказ № ${order.number} от ${date}`);
  doc.moveDown(0.4);

  const columns: Column[] = [
    { title: '№', width: 24, align: 'center' },
    { title: 'Товар', width: width - 24 - 90 - 46 - 78 - 86, align: 'left' },
    { title: 'Артикул', width: 90, align: 'left' },
    { title: 'Кол-во', width: 46, align: 'right' },
    { title: `Цена, ${currency}`, width: 78, align: 'right' },
    { title: `Сумма, ${currency}`, width: 86, align: 'right' },
  ];
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(9);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 8 }));
    const height = Math.max(...heights) + 8;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom - 120) doc.addPage();
    const top = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.rect(x, top, column.width, height).lineWidth(0.6).stroke('#64748b');
      doc.fillColor('#0f172a').text(cell, x + 4, top + 4, { width: column.width - 8, align: column.align });
      x += column.width;
    });
    doc.x = left;
    doc.y = top + height;
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  order.lines.forEach((line, index) =>
    row([
      String(index + 1),
      line.productName,
      line.sku,
      String(line.quantity),
      line.listPrice ? `${amount(line.unitPrice)}\nрозн. ${amount(line.listPrice)}` : amount(line.unitPrice),
      amount(line.lineTotal),
    ]),
  );
  const delivery = order.delivery.price;
  if (delivery !== null && Number(delivery) > 0)
    row([String(order.lines.length + 1), 'Доставка курьером', '', '1', amount(delivery), amount(delivery)]);

  doc.moveDown(0.6);
  const totalLine = (label: string, value: string) => {
    const top = doc.y;
    doc
      .font('bold')
      .fontSize(10)
      .text(label, left, top, { width: width - 110, align: 'right' });
    doc.text(value, left + width - 104, top, { width: 104, align: 'right' });
  };
  const saved = contractSaving(order.lines);
  if (saved) {
    totalLine('Экономия по договору (от розничных цен):', `${amount(saved)} ${currency}`);
    doc.moveDown(0.3);
  }
  totalLine('Итого к оплате:', `${amount(order.total)} ${currency}`);
  doc.moveDown(0.8);
  const positions = order.lines.length + (delivery !== null && Number(delivery) > 0 ? 1 : 0);
  doc
    .font('regular')
    .fontSize(10)
    .text(`Всего наименований ${positions}, на сумму ${amount(order.total)} ${currency}`, left);
  doc.font('bold').text(amountInWords(order.total, order.currency));
  doc.moveDown(0.8);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#334155')
    .text(
      [
        `В назначении платежа укажите: «Оплата по счёту № ${order.number} от ${date}».`,
        `Счёт действителен ${VALID_DAYS} банковских дней; товар резервируется до поступления оплаты.`,
        delivery === null
          ? 'Доставка транспортной компанией оплачивается получателем по тарифу перевозчика.'
          : 'Оплата счёта означает согласие с условиями публичной оферты магазина.',
      ].join('\n'),
    );
  doc.moveDown(2);
  doc.fillColor('#0f172a').fontSize(10).text(`Руководитель ______________________ ${seller.director}`, left);
  doc.end();
  return done;
}
