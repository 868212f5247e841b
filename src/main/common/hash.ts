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

/**
 * FNV-1a over two streams with different multipliers, 53 bits in base 36 (at most 11 characters):
 * for keys tens of thousands strong (the episode record), where 32 bits would collide. Not for
 * anything secret.
 */
export function fnv1a53(text: string): string {
  let low = 0x811c9dc5;
  let high = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    low = Math.imul(low ^ code, 0x01000193);
    high = Math.imul(high ^ code, 0x5bd1e995);
  }
  return ((high >>> 11) * 2 ** 32 + (low >>> 0)).toString(36);
}
