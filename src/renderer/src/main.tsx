import './styles/tokens.css';
import './styles/base.css';
import { render } from 'preact';
import { App } from './app';
import { startState } from './state';

startState();
const root = document.getElementById('app');
if (root) render(<App />, root);
