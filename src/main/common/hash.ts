/**
 * A short, stable hash for ids made from text (a notification's id from who is in it, a
 * reminder's id from its slot): FNV-1a, 32 bits, in base 36. Not for anything secret.
 */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
