import { render } from 'preact';
import { App } from './app';
import { startState } from './state';
import './styles.css';

startState();
const root = document.getElementById('app');
if (root) render(<App />, root);
