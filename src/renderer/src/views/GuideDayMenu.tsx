import { ChevronDown } from 'lucide-preact';
import { useMenuButton } from '../components/menu-button';
import { guideText } from '../strings/guide';
import './GuideDayMenu.css';

/**
 * Owns the guide's day menu, in the corner above the channel column where the day is named (so
 * it costs no row): the day at the visible left edge, and a press opens the times to jump to
 * (tonight at 20:00, each quarter of today and tomorrow the guide can reach: guide-timeline.ts
 * dayJumps). One Tab stop; the menu behaves as every menu button (components/menu-button.ts).
 */
export function GuideDayMenu({ day, items, onJump }: { day: string; items: { at: number; text: string }[]; onJump: (at: number) => void }) {
  const { open, active, setActive, root, button, menu, pick, toggle, buttonKeys, menuKeys } = useMenuButton(Math.max(1, items.length), 0, (index) => {
    const item = items[index];
    if (item) onJump(item.at);
  });
  if (items.length === 0) return <span class="guide-day guide-day-label">{day}</span>;
  const label = guideText.dayMenu(day);
  return (
    <div ref={root} class="guide-day">
      <button ref={button} type="button" class="guide-day-button" aria-haspopup="menu" aria-expanded={open} aria-controls={open ? 'guide-day-menu' : undefined} aria-label={label} title={label} onClick={toggle} onKeyDown={buttonKeys}>
        <span class="guide-day-name">{day}</span>
        <ChevronDown size={12} aria-hidden />
      </button>
      {open ? (
        <ul ref={menu} id="guide-day-menu" class="popup-menu guide-day-menu" role="menu" aria-label={day} onKeyDown={menuKeys}>
          {items.map((item, i) => (
            <li key={item.at} role="menuitem" tabIndex={i === active ? 0 : -1} class="popup-menu-item" onClick={() => pick(i)} onFocus={() => setActive(i)}>
              {item.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
