import { canonicalLocale, isTimeZone } from './settings.service';

describe('settings validation', () => {
  it('time zones are IANA names the runtime knows', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('+02:00')).toBe(false);
  });

  it('locales are canonicalised BCP 47 tags', () => {
    expect(canonicalLocale('fr-fr')).toBe('fr-FR');
    expect(canonicalLocale('en')).toBe('en');
    expect(canonicalLocale('zz zz')).toBeNull();
  });
});
