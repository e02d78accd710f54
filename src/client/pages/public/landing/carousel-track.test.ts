import { describe, expect, it } from 'vitest';
import { nearestSlide, wrap } from './carousel-track.ts';

describe('pricing carousel', () => {
  it('wraps around: after the last plan comes the first, before the first the last', () => {
    expect(wrap(6, 6)).toBe(0);
    expect(wrap(-1, 6)).toBe(5);
    expect(wrap(3, 6)).toBe(3);
    expect(wrap(-13, 6)).toBe(5);
  });

  it('finds the card whose centre is nearest to the middle of the track', () => {
    const slides = [0, 1, 2, 3].map((i) => ({ left: i * 100, right: i * 100 + 100 }));
    expect(nearestSlide(150, slides)).toBe(1);
    expect(nearestSlide(349, slides)).toBe(3);
    expect(nearestSlide(-500, slides)).toBe(0);
    expect(nearestSlide(10_000, slides)).toBe(3);
  });
});
