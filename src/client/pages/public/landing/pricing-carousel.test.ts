import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../../shared/plans';
import { CENTRE } from './pricing-carousel';

describe('pricing carousel positions', () => {
  it('has a centring class for every plan of the catalogue, each moving one more card', () => {
    expect(CENTRE.length).toBeGreaterThanOrEqual(PLANS.length);
    CENTRE.forEach((name, i) => expect(name).toBe(`translate-x-[calc(50%_-_${i + 0.5}*var(--slide))]`));
  });
});
