import { nameFromUserAgent, parseUserAgent } from './user-agent';

const UA = {
  chromeWin: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36',
  edgeWin: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('parseUserAgent', () => {
  it.each([
    [UA.chromeWin, { browser: 'Chrome', browserVersion: '124.0.6367.91', os: 'Windows', osVersion: '10.0', deviceType: 'desktop' }],
    [UA.edgeWin, { browser: 'Edge', browserVersion: '124.0.2478.67', os: 'Windows', osVersion: '10.0', deviceType: 'desktop' }],
    [UA.firefoxLinux, { browser: 'Firefox', browserVersion: '125.0', os: 'Linux', deviceType: 'desktop' }],
    [UA.safariMac, { browser: 'Safari', browserVersion: '17.4.1', os: 'macOS', osVersion: '10.15.7', deviceType: 'desktop' }],
    [UA.safariIphone, { browser: 'Safari', browserVersion: '17.4.1', os: 'iOS', osVersion: '17.4.1', deviceType: 'mobile' }],
    [UA.chromeAndroid, { browser: 'Chrome', browserVersion: '124.0.6367.82', os: 'Android', osVersion: '14', deviceType: 'mobile' }],
    [UA.androidTablet, { browser: 'Chrome', browserVersion: '124.0.0.0', os: 'Android', osVersion: '13', deviceType: 'tablet' }],
  ])('%s', (ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  it('gives nothing for unknown or missing agents', () => {
    expect(parseUserAgent('curl/8.5.0')).toEqual({});
    expect(parseUserAgent(null)).toEqual({});
    expect(parseUserAgent('')).toEqual({});
  });
});

describe('nameFromUserAgent', () => {
  it('names browser and system', () => {
    expect(nameFromUserAgent(UA.firefoxLinux)).toBe('Firefox on Linux');
    expect(nameFromUserAgent(UA.safariIphone)).toBe('Safari on iOS');
  });

  it('falls back to the agent itself, shortened, and to null', () => {
    expect(nameFromUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(nameFromUserAgent('x'.repeat(300))).toHaveLength(100);
    expect(nameFromUserAgent('   ')).toBeNull();
    expect(nameFromUserAgent(undefined)).toBeNull();
  });
});
