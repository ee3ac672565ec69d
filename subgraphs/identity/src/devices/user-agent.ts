/** What a User-Agent header says about the client, for naming devices and sessions. */
export interface UserAgentInfo {
  browser?: string;
  browserVersion?: string;
  os?: string;
  osVersion?: string;
  /** `mobile`, `tablet` or `desktop`; unset when the agent is not a browser. */
  deviceType?: string;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: Array<[name: string, pattern: RegExp]> = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /\b(?:OPR|Opera)\/([\d.]+)/],
  ['Samsung Internet', /\bSamsungBrowser\/([\d.]+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /\bVersion\/([\d.]+).*\bSafari\//],
];

const OSES: Array<[name: string, pattern: RegExp]> = [
  ['Windows', /\bWindows NT ([\d.]+)/],
  ['iOS', /\b(?:iPhone|iPad|iPod).*? OS ([\d_]+)/],
  ['Android', /\bAndroid ([\d.]+)/],
  ['ChromeOS', /\bCrOS \S+ ([\d.]+)/],
  ['macOS', /\bMac OS X ([\d_.]+)/],
  ['Linux', /\bLinux\b()/],
];

/** Best-effort parse of the well-known browser families; unknown agents give `{}`. */
export function parseUserAgent(ua: string | null | undefined): UserAgentInfo {
  if (!ua) return {};
  const info: UserAgentInfo = {};
  for (const [name, re] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      info.browser = name;
      info.browserVersion = m[1];
      break;
    }
  }
  for (const [name, re] of OSES) {
    const m = re.exec(ua);
    if (m) {
      info.os = name;
      if (m[1]) info.osVersion = m[1].replace(/_/g, '.');
      break;
    }
  }
  if (info.browser || info.os) {
    info.deviceType = /\biPad\b|\bTablet\b|Android(?!.*\bMobile\b)/.test(ua) ? 'tablet' : /\bMobi|\biPhone\b|\biPod\b/.test(ua) ? 'mobile' : 'desktop';
  }
  return info;
}

/** A display name: "Firefox on Windows", else the agent itself (shortened), else null. */
export function nameFromUserAgent(ua: string | null | undefined): string | null {
  if (!ua) return null;
  const { browser, os } = parseUserAgent(ua);
  if (browser && os) return `${browser} on ${os}`;
  if (browser || os) return (browser ?? os)!;
  const trimmed = ua.trim();
  return trimmed ? trimmed.slice(0, 100) : null;
}
