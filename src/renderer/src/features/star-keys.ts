/**
 * Within On now's roving list, ArrowRight moves from a row to its star and ArrowLeft back; Space or
 * Enter on the star toggles it. Returns true when it handled the key.
 */
export function starKeys(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  const cell = target.closest('.virtual-row');
  if (!cell) return false;
  if (event.key === 'ArrowRight' && target.classList.contains('channel-row')) {
    event.preventDefault();
    cell.querySelector<HTMLElement>('.row-star')?.focus();
    return true;
  }
  if (event.key === 'ArrowLeft' && target.classList.contains('row-star')) {
    event.preventDefault();
    cell.querySelector<HTMLElement>('.channel-row')?.focus();
    return true;
  }
  return false;
}
