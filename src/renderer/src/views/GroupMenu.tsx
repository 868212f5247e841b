import type { Signal } from '@preact/signals';
import { ChevronDown, Layers, Shapes } from 'lucide-preact';
import { OTHER_GROUP } from '../../../shared/bridge';
import { ChannelIcon } from '../components/channel-icon';
import { useMenuButton } from '../components/menu-button';
import { snapshot } from '../state';
import { groups as t } from '../strings/groups';
import type { GroupOption } from './group-filter';
import './GroupMenu.css';

/**
 * Owns the channel group control of On now and the guide: one compact button naming the group
 * shown ("All channels ▾"), opening a menu of every group with its icon and channel count, All
 * first and Other last. One Tab stop; in the menu the arrows, Home and End move, Enter or Space
 * chooses, Escape closes it and gives focus back (components/menu-button.ts). 3 or 30 packages
 * read the same at 380 px: the menu scrolls, the button never grows past its row (in the guide's
 * crowded toolbar it shows the group's icon alone, marked when a group is chosen).
 */
export function GroupMenu({
  options,
  choice,
  selected,
  id,
  align = 'start',
  compact = false,
}: {
  options: GroupOption[];
  choice: Signal<string | null>;
  selected: string | null;
  id: string;
  align?: 'start' | 'end';
  /** the button shows the group's icon alone (its name is its label and tooltip): for a crowded toolbar */
  compact?: boolean;
}) {
  const selectedIndex = Math.max(0, options.findIndex((option) => option.id === selected));
  const { open, active, setActive, root, button, menu, pick, toggle, buttonKeys, menuKeys } = useMenuButton(options.length, selectedIndex, (index) => {
    choice.value = options[index]!.id;
  });
  const shown = options[selectedIndex]!;
  const menuId = `${id}-menu`;
  // the last read of /packages failed: the menu says so, below the groups it still offers
  const unreadable = snapshot.value?.groupsError ?? null;
  return (
    <div ref={root} class={`group-filter group-filter-${align}`}>
      <button
        ref={button}
        type="button"
        class={`group-button${shown.id !== null ? ' group-button-on' : ''}`}
        data-group={shown.id ?? ''}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t.button(nameOf(shown))}
        title={t.button(nameOf(shown))}
        onClick={toggle}
        onKeyDown={buttonKeys}
      >
        <GroupIcon option={shown} />
        {compact ? null : <span class="group-name">{nameOf(shown)}</span>}
        <ChevronDown size={14} aria-hidden />
      </button>
      {open ? (
        <ul ref={menu} id={menuId} class="popup-menu group-menu" role="menu" aria-label={t.menu} onKeyDown={menuKeys}>
          {options.map((option, i) => (
            <li
              key={option.id ?? ''}
              role="menuitemradio"
              aria-checked={option.id === shown.id}
              tabIndex={i === active ? 0 : -1}
              class="popup-menu-item group-item"
              data-group={option.id ?? ''}
              title={option.id === OTHER_GROUP ? t.otherHint : undefined}
              onClick={() => pick(i)}
              onFocus={() => setActive(i)}
            >
              <GroupIcon option={option} />
              <span class="group-item-name">{nameOf(option)}</span>
              {option.count !== null ? (
                <span class="group-item-count" aria-label={t.count(option.count)}>
                  {option.count}
                </span>
              ) : null}
            </li>
          ))}
          {unreadable ? (
            <li role="none" class="group-menu-note" data-testid="groups-unreadable">
              {t.unreadable(unreadable)}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

const nameOf = (option: GroupOption) => (option.id === null ? t.all : option.id === OTHER_GROUP ? t.other : (option.name ?? option.id));

/** The package's own icon in its tint (a neutral one for names Lucide lacks); fixed ones for All and Other. */
function GroupIcon({ option }: { option: GroupOption }) {
  if (option.id === null) return <Layers size={14} aria-hidden class="group-icon" />;
  if (option.id === OTHER_GROUP) return <Shapes size={14} aria-hidden class="group-icon" />;
  return <ChannelIcon icon={option.icon} tint={option.tint} size={14} />;
}
