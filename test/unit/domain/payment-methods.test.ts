import { describe, expect, it } from 'vitest';
import {
  chargeHeading,
  chargeMethod,
  contractSaleFacts,
  instalmentLabel,
  instalmentValues,
  isInstalmentCount,
  LIST_PRICES,
  MAX_INSTALMENTS,
  methodPrice,
  paymentMethodLabel,
  priceSentence,
} from '../../../domain/payment-methods.js';
import { CONTRACT_PRICE } from '../../../domain/pricing.js';

describe('payment methods and their prices', () => {
  it('keeps the PIX at the contract price and adds the same surcharge to a discounted renewal', () => {
    expect(LIST_PRICES).toEqual({ pix: CONTRACT_PRICE, boleto: 419, cartao: 449 });
    expect(methodPrice(319.2, 'cartao')).toBe(369.2);
    expect(methodPrice(319.2, 'pix')).toBe(319.2);
  });

  it('splits a card total into instalments that add up to the centavo', () => {
    for (let count = 1; count <= MAX_INSTALMENTS; count += 1) {
      const values = instalmentValues(449, count);
      expect(values).toHaveLength(count);
      expect(Math.round(values.reduce((sum, v) => sum + v, 0) * 100)).toBe(44900);
      expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(0.011);
    }
    expect(instalmentValues(449, 6)).toEqual([74.84, 74.84, 74.83, 74.83, 74.83, 74.83]);
    expect(instalmentLabel(449, 3)).toBe('3× de R$ 149,66 a R$ 149,67');
    expect(instalmentLabel(456, 12)).toBe('12× de R$ 38,00');
    expect(instalmentLabel(449, 1)).toBe('1× de R$ 449,00 (à vista)');
  });

  it('accepts 1 to 12 instalments only', () => {
    expect([1, 6, 12].every(isInstalmentCount)).toBe(true);
    expect([0, 13, 2.5, '3', null].some(isInstalmentCount)).toBe(false);
  });

  it('reads one method for every charge: manual wins, then the one chosen, PIX for older charges', () => {
    expect(chargeMethod({ forma: 'cartao' })).toBe('cartao');
    expect(chargeMethod({ forma: 'boleto', status: 'RECEIVED_IN_CASH' })).toBe('manual');
    expect(chargeMethod({ forma: null })).toBe('pix');
    expect(paymentMethodLabel({ forma: 'cartao' })).toBe('Cartão de crédito');
    expect(paymentMethodLabel({ forma: 'boleto' })).toBe('Boleto');
  });

  it('says the three prices in one sentence', () => {
    expect(priceSentence()).toBe(
      'R$ 399,00 por PIX, R$ 419,00 por boleto ou R$ 449,00 no cartão de crédito em até 12× sem juros (12× de R$ 37,41 a R$ 37,42)',
    );
  });
});

describe('chargeHeading (the payment screen tells a card or boleto sale as made)', () => {
  it('gives a card plan its value and instalments, a boleto its value, and leaves a PIX to the spec’s header', () => {
    expect(chargeHeading({ forma: 'cartao', parcelas: 3, valor: 449 })).toEqual({
      value: 449,
      sentence: 'Cartão de crédito: 3× de R$ 149,66 a R$ 149,67',
    });
    expect(chargeHeading({ forma: 'boleto', valor: 419 })).toEqual({ value: 419, sentence: 'Boleto bancário' });
    expect(chargeHeading({ forma: 'pix', valor: 399 })).toBeNull();
    expect(chargeHeading({ forma: null, valor: 399 })).toBeNull();
    expect(chargeHeading({ forma: 'cartao', parcelas: 3, valor: null })).toBeNull();
  });
});

describe('contractSaleFacts (the signed contract card tells the sale as made)', () => {
  const contract = { valor: CONTRACT_PRICE, forma_pagamento: 'pix' };
  it("says a card or boleto sale's own value and way, never the contract's PIX price", () => {
    expect(contractSaleFacts(contract, { forma: 'cartao', parcelas: 3, valor: 449 })).toEqual({
      value: 449,
      method: 'Cartão de crédito: 3× de R$ 149,66 a R$ 149,67',
    });
    expect(contractSaleFacts(contract, { forma: 'boleto', valor: 419 })).toEqual({
      value: 419,
      method: 'Boleto bancário',
    });
  });

  it('keeps the spec’s PIX before any charge and for a PIX, and says a free renewal pays nothing', () => {
    expect(contractSaleFacts(contract, null)).toEqual({ value: CONTRACT_PRICE, method: 'PIX' });
    expect(contractSaleFacts(contract, { forma: 'pix', valor: CONTRACT_PRICE })).toEqual({
      value: CONTRACT_PRICE,
      method: 'PIX',
    });
    expect(contractSaleFacts({ valor: CONTRACT_PRICE, forma_pagamento: 'gratuito' }, null)).toEqual({
      value: CONTRACT_PRICE,
      method: 'Gratuito',
    });
    expect(contractSaleFacts(contract, { forma: 'pix', valor: CONTRACT_PRICE, pagamento_manual: true })).toEqual({
      value: CONTRACT_PRICE,
      method: 'Manual',
    });
  });
});
