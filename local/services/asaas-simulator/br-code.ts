import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { Payment } from './objects.js';

/** Where the simulated account holder is (field 60 of the BR Code); its name (59) is the account's, passed in. */
const MERCHANT_CITY = 'Sao Paulo';

// PIX BR Code (EMV TLV), built here because the dynamic form must carry the amount (field 54) as Asaas's does

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** Printable ASCII, accents dropped (the BR Code's character set for names). */
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '');

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor), 4 upper-case hex digits. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** `merchantName`: the account holder's name, which the payer's bank shows as the payee (field 59, 25 characters). */
export function pixPayload(location: string, amount: number, merchantName: string): string {
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('25', location)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', amount.toFixed(2)) +
    tlv('58', 'BR') +
    tlv('59', ascii(merchantName).slice(0, 25)) +
    tlv('60', ascii(MERCHANT_CITY).slice(0, 15)) +
    tlv('62', tlv('05', '***')) +
    '6304';
  return body + crc16(body);
}

// ---------------------------------------------------------------------------------------------------------------------

/**
 * Each payment's PIX location (made when the payment is created, as Asaas's dynamic `cobv` is) and its QR image,
 * encoded once: the GET /pixQrCode answer and the invoice page show the same code.
 */
export class PixCodes {
  constructor(private readonly merchantName: string) {}

  private readonly locations = new Map<string, string>();
  private readonly images = new Map<string, string>();

  assign(paymentId: string): void {
    this.locations.set(paymentId, `pix.asaas.local/qr/cobv/${randomUUID()}`);
  }

  /** GET /v3/payments/{id}/pixQrCode's answer. */
  async qrCode(payment: Payment) {
    const location = this.locations.get(payment.id) ?? `pix.asaas.local/qr/cobv/${randomUUID()}`;
    const payload = pixPayload(location, payment.value, this.merchantName);
    let encodedImage = this.images.get(payment.id);
    if (!encodedImage) {
      const png = await QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 300 });
      encodedImage = png.toString('base64');
      this.images.set(payment.id, encodedImage);
    }
    return { success: true, encodedImage, payload, expirationDate: `${payment.dueDate} 23:59:59` };
  }

  clear(): void {
    this.locations.clear();
    this.images.clear();
  }
}
