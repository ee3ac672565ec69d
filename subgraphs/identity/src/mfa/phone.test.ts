import { e164, maskEmail, maskPhone } from './phone';

describe('e164', () => {
  it('accepts valid E.164 numbers', () => {
    expect(e164('+14155552671')).toBe('+14155552671');
    expect(e164(' +4915123456789 ')).toBe('+4915123456789');
    expect(e164('+33612345678')).toBe('+33612345678');
  });

  it.each(['', '4155552671', '+0123456789', '+1 415 555 2671', '+1415555267', '+123', '+1234567890123456', 'tel:+14155552671', '+4477009001234567'])('refuses %p with 400 DPF-IAM-085', (input) => {
    expect(() => e164(input)).toThrow(expect.objectContaining({ code: 'DPF-IAM-085', status: 400 }));
  });
});

describe('masks', () => {
  it('shows only the country code and last digits of a phone, the first letter and domain of an e-mail', () => {
    expect(maskPhone('+14155552671')).toBe('+14•••••••71');
    expect(maskEmail('ann@example.com')).toBe('a•••@example.com');
  });
});
