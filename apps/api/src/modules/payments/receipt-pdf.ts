import { formatMoney } from '@nimbus/contract';
import PDFDocument from 'pdfkit';
import type { CustomerRow } from '../auth/customers';
import type { Payment } from './payments.repository';

/**
 * The receipt as a PDF. pdfkit's built-in fonts cover Latin-1 only, so characters outside it
 * (a name in Arabic or Chinese) are replaced rather than printed as garbage; the web receipt shows them.
 */
const latin1 = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export function renderReceiptPdf(input: {
  brandName: string;
  payment: Payment;
  customer: CustomerRow;
}): Promise<Buffer> {
  const { payment, customer } = input;
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Receipt #${payment.id}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).text(latin1(input.brandName));
  doc.moveDown(0.5).font('Helvetica').fontSize(14).text(`Payment receipt #${payment.id}`);
  doc.moveDown();
  doc.fontSize(10).text(`Billed to: ${latin1(customer.fullname)} <${latin1(customer.email)}>`);
  doc.text(`Date: ${payment.createdAt.toISOString().slice(0, 10)}`);
  doc.text(`Payment method: ${payment.gateway}`);
  doc.text(`Status: ${payment.status}`);
  if (payment.trackingId) doc.text(`Tracking id: ${latin1(payment.trackingId)}`);
  doc.moveDown();
  const rows: [string, number | null][] = [
    ['Credit', payment.credit],
    ['Fee', payment.fee],
    ['Price', payment.price],
    ['Received', payment.received],
    ['Added to balance', payment.credited],
  ];
  for (const [label, amount] of rows) {
    if (amount === null) continue;
    doc
      .font('Helvetica')
      .text(label, { continued: true })
      .text(`  ${formatMoney(amount)} USD`, { align: 'right' });
  }
  doc.moveDown().fontSize(9).fillColor('#555555').text(latin1(payment.description));
  doc.end();
  return done;
}
