/**
 * Where Pago pushes: only to the push services browsers use (RFC 8030 endpoints are URLs the
 * browser hands us, so an unchecked one would make the server POST anywhere), over https. In
 * sandbox mode also this server's own fake push service (`/sandbox/push/send/<token>` at
 * PUBLIC_URL), which has no internet to reach the real ones.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/, // Chrome, Edge, Samsung Internet, Opera
  /^updates\.push\.services\.mozilla\.com$/, // Firefox
  /^([a-z0-9-]+\.)*push\.apple\.com$/, // Safari (web.push.apple.com)
  /^([a-z0-9-]+\.)*notify\.windows\.com$/, // Edge's Windows Push Notification Services
];

export function pushEndpointAllowed(endpoint: string, sandboxOrigin: string | null): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (sandboxOrigin && url.origin === sandboxOrigin) {
    return /^\/sandbox\/push\/send\/[A-Za-z0-9_-]{8,100}$/.test(url.pathname) && !url.search;
  }
  return (
    url.protocol === 'https:' &&
    (url.port === '' || url.port === '443') &&
    PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))
  );
}
