// How a server is named from its keyless identity: the product's name once, then the server's name
// and version, whatever is known of them.
import { describe, expect, it } from 'vitest';
import { identityWords } from '../../src/shared/airwave';

describe('identityWords', () => {
  it('puts the product before the name and the version', () => {
    expect(identityWords({ name: 'Home', version: '0.15.12' })).toBe('Airwave Home 0.15.12');
  });

  it('says the product once when the name already starts with it', () => {
    expect(identityWords({ name: 'Airwave Demo', version: '0.14.65' })).toBe('Airwave Demo 0.14.65');
    expect(identityWords({ name: 'airwave-nas', version: null })).toBe('airwave-nas');
  });

  it('keeps the product for a name that only contains it', () => {
    expect(identityWords({ name: 'Airwaves Cabin', version: null })).toBe('Airwave Airwaves Cabin');
    expect(identityWords({ name: null, version: null })).toBe('Airwave');
  });
});
