/**
 * Owns measuring text without laying it out: how wide a string is in the font an element of
 * given classes is drawn in (read once from a hidden probe, then measured on a canvas), so a view
 * can decide what fits before it draws (the guide's block titles and its ruler labels). Widths are
 * cached, the cache bounded.
 */

/** entries kept before the cache starts over (titles in view come back on the next draw) */
const MAX_CACHED = 5_000;

let context: CanvasRenderingContext2D | null = null;
/** widths by font, then by text */
const widths = new Map<string, Map<string, number>>();
let cached = 0;
const fonts = new Map<string, string>();

/**
 * The CSS font shorthand an element of `inner` classes inside one of `outer` classes is drawn in
 * ("600 11.5px system-ui, …"), read from a hidden probe once per pair.
 */
export function fontOf(outer: string, inner: string): string {
  const key = `${outer}|${inner}`;
  let font = fonts.get(key);
  if (font === undefined) {
    const parent = document.createElement('div');
    parent.className = outer;
    parent.style.cssText = 'position:absolute;visibility:hidden;left:-10000px;top:0';
    const probe = document.createElement('span');
    probe.className = inner;
    probe.textContent = 'x';
    parent.appendChild(probe);
    document.body.appendChild(parent);
    const style = getComputedStyle(probe);
    font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    parent.remove();
    fonts.set(key, font);
  }
  return font;
}

/** How wide `text` is in `font`, px (0 where no canvas can measure: then everything "fits"). */
export function textWidth(text: string, font: string): number {
  let known = widths.get(font);
  if (!known) widths.set(font, (known = new Map()));
  let width = known.get(text);
  if (width === undefined) {
    context ??= document.createElement('canvas').getContext('2d');
    if (!context) return 0;
    if (context.font !== font) context.font = font;
    width = context.measureText(text).width;
    if (cached >= MAX_CACHED) {
      widths.clear();
      cached = 0;
      widths.set(font, (known = new Map()));
    }
    known.set(text, width);
    cached++;
  }
  return width;
}
