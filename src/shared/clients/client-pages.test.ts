import { describe, expect, it } from 'vitest';
import { clientReturnPath, signInReturningTo } from './client-pages.ts';

describe('[CLIENT][SIGN-IN] the page a client comes back to after signing in', () => {
  it('keeps a page of the client area, with its query', () => {
    expect(clientReturnPath('/client/factures')).toBe('/client/factures');
    expect(clientReturnPath('/client/demandes?demande=12')).toBe('/client/demandes?demande=12');
    expect(clientReturnPath('/dashboard')).toBe('/dashboard');
  });

  it.each([
    '//ailleurs.fr/client/factures',
    '/\\ailleurs.fr/client/factures',
    'https://ailleurs.fr/client/factures',
    'javascript:alert(1)',
    'client/factures',
    '/admin',
    '/client/login',
    '/client/../admin',
    '',
    null,
    `/client/demandes?q=${'x'.repeat(600)}`,
  ])('follows nothing else: %s', (value) => {
    expect(clientReturnPath(value)).toBeNull();
  });

  it('writes the sign-in address, without a way back to where signing in leads anyway', () => {
    expect(signInReturningTo('/api/login', '/client/demandes?demande=12')).toBe(
      '/api/login?retour=%2Fclient%2Fdemandes%3Fdemande%3D12',
    );
    expect(signInReturningTo('/api/login', '/client/dashboard')).toBe('/api/login');
    expect(signInReturningTo('/api/login', '/cgv')).toBe('/api/login');
  });
});
