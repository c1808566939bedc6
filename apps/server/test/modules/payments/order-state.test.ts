import { canTransition, ORDER_STATES, type OrderState } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../src/lib/errors.js';
import { assertTransition } from '../../../src/modules/payments/order-state.js';
import {
  checkCharacter,
  newPaymentReference,
  parsePaymentReference,
} from '../../../src/modules/payments/payment-reference.js';

const ALLOWED: [OrderState, OrderState][] = [
  ['created', 'paid'],
  ['created', 'cancelled'],
  ['paid', 'fulfilled'],
  ['paid', 'refunded'],
  ['fulfilled', 'refunded'],
];

describe('order state machine', () => {
  it('allows exactly created → paid → fulfilled, created → cancelled and paid/fulfilled → refunded', () => {
    for (const from of ORDER_STATES) {
      for (const to of ORDER_STATES) {
        const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(allowed);
      }
    }
  });

  it('refuses an illegal move with 409 saying the state and what it could do', () => {
    expect(() => assertTransition('APM-1', 'paid', 'fulfilled')).not.toThrow();
    const refused = (() => {
      try {
        assertTransition('APM-1', 'cancelled', 'refunded');
      } catch (err) {
        return err as AppError;
      }
      throw new Error('not refused');
    })();
    expect(refused.statusCode).toBe(409);
    expect(refused.reason).toBe('orderState');
    expect(refused.message).toBe(
      'Order APM-1 was cancelled: you cannot refund it (nothing more can happen to it)',
    );
    expect(() => assertTransition('APM-2', 'fulfilled', 'paid')).toThrow(
      'Order APM-2 is paid and fulfilled: you cannot confirm the payment of it (it can only be: refunded)',
    );
    expect(() => assertTransition('APM-3', 'created', 'fulfilled')).toThrow(
      /it can only be: paid, cancelled/,
    );
  });
});

describe('payment references', () => {
  it('look like APM-XXXX-XXXX-C without look-alike characters, and are unique in practice', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const ref = newPaymentReference();
      expect(ref).toMatch(/^APM-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]$/);
      expect(parsePaymentReference(ref)).toBe(ref);
      seen.add(ref);
    }
    expect(seen.size).toBe(2000);
  });

  it('catch every single wrong character and every swap of neighbours but 0↔Z by the check character', () => {
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    for (let n = 0; n < 50; n++) {
      const ref = newPaymentReference();
      const body = ref.replace(/^APM-|-/g, '').slice(0, 8);
      const check = ref.at(-1)!;
      for (let i = 0; i < 8; i++) {
        for (const c of alphabet) {
          if (c === body[i]) continue;
          const typo = body.slice(0, i) + c + body.slice(i + 1);
          expect(checkCharacter(typo)).not.toBe(check);
        }
        // Luhn mod N cannot see 0 and Z (worth 0 and 31) swapped; every other swap changes the check.
        const blindSpot = ['0Z', 'Z0'].includes(`${body[i]}${body[i + 1]}`);
        if (i < 7 && body[i] !== body[i + 1] && !blindSpot) {
          const swapped = body.slice(0, i) + body[i + 1] + body[i] + body.slice(i + 2);
          expect(checkCharacter(swapped)).not.toBe(check);
        }
      }
    }
    // The blind spot itself, so that the comment stays true.
    expect(checkCharacter('0Z345678')).toBe(checkCharacter('Z0345678'));
  });

  it('forgive case, spaces, dashes and O/I/L typed for 0/1, and refuse a wrong check character', () => {
    const ref = `APM-0111-ABCD-${checkCharacter('0111ABCD')}`;
    expect(parsePaymentReference(` apm oil1 abcd ${ref.at(-1)!.toLowerCase()}`)).toBe(ref);
    const wrong = ref.at(-1) === '0' ? '1' : '0';
    expect(parsePaymentReference(`APM-0111-ABCD-${wrong}`)).toBeNull();
    expect(parsePaymentReference('APM-0111-ABC')).toBeNull();
  });
});
