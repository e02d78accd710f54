import { describe, expect, it } from 'vitest';
import { formatPhone, telHref } from './phone-link.tsx';

const readable = (s: string) => s.replaceAll('\u00a0', ' ');

describe('[ADMIN][PHONE] a client number as staff read and dial it', () => {
  it('writes a French number in pairs, however it was typed', () => {
    for (const typed of ['0612345678', '06 12 34 56 78', '06.12.34.56.78', '06-12-34-56-78'])
      expect(readable(formatPhone(typed)), typed).toBe('06 12 34 56 78');
    for (const typed of ['+33612345678', '+33 6 12 34 56 78', '0033 6 12 34 56 78', '+33 (0)6 12 34 56 78'])
      expect(readable(formatPhone(typed)), typed).toBe('+33 6 12 34 56 78');
  });

  it('keeps another number as typed, on one line', () => {
    expect(formatPhone('+41 79 123 45 67')).toBe('+41\u00a079\u00a0123\u00a045\u00a067');
    expect(formatPhone('(555) 123-4567')).toBe('(555)\u00a0123-4567');
  });

  it('dials digits and a leading +', () => {
    expect(telHref('06 12 34 56 78')).toBe('tel:0612345678');
    expect(telHref('0033 6 12 34 56 78')).toBe('tel:+33612345678');
    expect(telHref('+33 (0)6 12 34 56 78')).toBe('tel:+33612345678');
    expect(telHref('+41 (79) 123-45-67')).toBe('tel:+41791234567');
  });

  it('leaves what is not one number as it was typed, with nothing to dial', () => {
    for (const typed of [
      '06 12 34 56 78 (pro)',
      '06 12 34 56 78 / 01 23 45 67 89',
      'demander au fils',
      '12 34',
      '+33 6+12',
    ]) {
      expect(telHref(typed), typed).toBeNull();
      expect(formatPhone(typed), typed).toBe(typed);
    }
  });
});
