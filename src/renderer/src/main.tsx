import './styles/tokens.css';
import './styles/base.css';
import { render } from 'preact';
import { signal } from '@preact/signals';
import { App } from './app';
import { startState } from './state';
import { currentLocale, onLocaleChange } from '../../shared/i18n/messages';

/** the language in use: a change re-renders the whole popover in it (views read words as they render) */
const locale = signal(currentLocale());
onLocaleChange((next) => {
  locale.value = next;
  document.documentElement.lang = next === 'pseudo' ? 'en' : next;
});

function Root() {
  return <App key={locale.value} />;
}

startState();
const root = document.getElementById('app');
if (root) render(<Root />, root);
