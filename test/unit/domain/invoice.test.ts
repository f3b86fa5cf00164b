import { describe, expect, it } from 'vitest';
import {
  canInvoiceMove,
  EXAMPLE_FISCAL_SETTINGS,
  INVOICE_STATUSES,
  invoiceNeedsAttention,
  invoiceServiceDescription,
  invoiceStatusLabel,
} from '../../../domain/invoice.js';
import { fiscalSettingsSchema } from '../../../domain/schemas/invoice.js';

describe('a nota fiscal’s status', () => {
  it('moves only forward on Asaas’s word, whatever order its events arrive in', () => {
    const life = ['SCHEDULING', 'SCHEDULED', 'SYNCHRONIZED', 'AUTHORIZED', 'PROCESSING_CANCELLATION', 'CANCELED'];
    for (const [i, from] of life.entries()) {
      for (const [j, to] of life.entries()) expect(canInvoiceMove(from, to)).toBe(j > i);
    }
    expect(canInvoiceMove('SYNCHRONIZED', 'ERROR')).toBe(true);
    expect(canInvoiceMove('ERROR', 'AUTHORIZED')).toBe(true);
    expect(canInvoiceMove('AUTHORIZED', 'ERROR')).toBe(false);
    expect(canInvoiceMove('ERROR', 'SCHEDULED')).toBe(false);
    expect(canInvoiceMove('PROCESSING_CANCELLATION', 'CANCELLATION_DENIED')).toBe(true);
    expect(canInvoiceMove('CANCELED', 'CANCELLATION_DENIED')).toBe(false);
    expect(canInvoiceMove('CANCELLATION_DENIED', 'PROCESSING_CANCELLATION')).toBe(false);
    expect(canInvoiceMove('AUTHORIZED', 'SOMETHING_NEW')).toBe(false);
  });

  it('goes back only by an admin’s retry, and only from a failure or a denied cancellation', () => {
    expect(canInvoiceMove('ERROR', 'SCHEDULED', 'retry')).toBe(true);
    expect(canInvoiceMove('CANCELLATION_DENIED', 'PROCESSING_CANCELLATION', 'retry')).toBe(true);
    expect(canInvoiceMove('AUTHORIZED', 'SCHEDULED', 'retry')).toBe(false);
    expect(canInvoiceMove('CANCELED', 'PROCESSING_CANCELLATION', 'retry')).toBe(false);
    expect(canInvoiceMove('SCHEDULING', 'SCHEDULED', 'retry')).toBe(true);
  });

  it('has a pt-BR label for every status, and the customer never reads the prefeitura’s failures', () => {
    for (const status of INVOICE_STATUSES) {
      expect(invoiceStatusLabel(status, 'admin')).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúãõç ]+$/u);
    }
    expect(invoiceStatusLabel('AUTHORIZED')).toBe('Emitida');
    expect(invoiceStatusLabel('CANCELED')).toBe('Cancelada');
    expect(invoiceStatusLabel('ERROR', 'admin')).toBe('Erro na emissão');
    expect(invoiceStatusLabel('ERROR')).toBe('Em emissão');
    expect(invoiceStatusLabel('CANCELLATION_DENIED', 'admin')).toBe('Cancelamento recusado');
  });

  it('needs an admin when it failed, its cancellation was denied, or a refund’s cancellation was not asked yet', () => {
    expect(invoiceNeedsAttention({ status: 'AUTHORIZED' })).toBe(false);
    expect(invoiceNeedsAttention({ status: 'ERROR' })).toBe(true);
    expect(invoiceNeedsAttention({ status: 'CANCELLATION_DENIED' })).toBe(true);
    expect(invoiceNeedsAttention({ status: 'SCHEDULING', falha: 'O Asaas não respondeu.' })).toBe(true);
    expect(invoiceNeedsAttention({ status: 'AUTHORIZED', cancelamento_pedido_em: '2026-11-27T10:00:00Z' })).toBe(true);
    expect(
      invoiceNeedsAttention({ status: 'PROCESSING_CANCELLATION', cancelamento_pedido_em: '2026-11-27T10:00:00Z' }),
    ).toBe(false);
  });
});

describe('the fiscal settings', () => {
  it('name the contract in the service description', () => {
    expect(invoiceServiceDescription(EXAMPLE_FISCAL_SETTINGS, 'LM-2026-ABC123')).toMatch(/protocolo LM-2026-ABC123\.$/);
  });

  it('accept the examples and refuse an ISS outside the law’s 2–5 %', () => {
    expect(fiscalSettingsSchema.parse(EXAMPLE_FISCAL_SETTINGS)).toEqual(EXAMPLE_FISCAL_SETTINGS);
    expect(fiscalSettingsSchema.safeParse({ ...EXAMPLE_FISCAL_SETTINGS, issRate: 1 }).success).toBe(false);
    expect(fiscalSettingsSchema.safeParse({ ...EXAMPLE_FISCAL_SETTINGS, issRate: 6 }).success).toBe(false);
    expect(fiscalSettingsSchema.safeParse({ ...EXAMPLE_FISCAL_SETTINGS, municipalServiceCode: '' }).success).toBe(
      false,
    );
  });
});
