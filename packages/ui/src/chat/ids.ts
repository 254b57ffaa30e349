/**
 * A new random id of 24 URL-safe characters (144 random bits): enough for an owner-less chat,
 * which anyone who knows its id can continue (docs/auth/access.md: at least 22 characters).
 */
export function randomId(prefix = ''): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18))
  const base64 = btoa(String.fromCharCode(...bytes))
  return prefix + base64.replace(/\+/g, '-').replace(/\//g, '_')
}
