/** Browser and OS names for the login log (coarse on purpose). */
export function describeUserAgent(ua: string | undefined): { browser: string; os: string } {
  const s = ua ?? '';
  const browser = /Edg\//.test(s)
    ? 'Edge'
    : /OPR\//.test(s)
      ? 'Opera'
      : /Chrome\//.test(s)
        ? 'Chrome'
        : /Firefox\//.test(s)
          ? 'Firefox'
          : /Safari\//.test(s)
            ? 'Safari'
            : s
              ? 'Other'
              : 'Unknown';
  const os = /Windows/.test(s)
    ? 'Windows'
    : /Android/.test(s)
      ? 'Android'
      : /iPhone|iPad|iOS/.test(s)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(s)
          ? 'macOS'
          : /Linux/.test(s)
            ? 'Linux'
            : s
              ? 'Other'
              : 'Unknown';
  return { browser, os };
}

/** Where an address is, as far as the server can tell without a geolocation service: the machine itself or unknown. */
export function ipLocation(ip: string): string {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1' ? 'localhost' : '';
}
