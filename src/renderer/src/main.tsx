import { render } from 'preact';
import { APP_NAME, APP_VERSION } from '../../shared/app-info';

function App() {
  return (
    <main>
      <h1>{APP_NAME}</h1>
      <p>Version {APP_VERSION}. The popover arrives with the live core.</p>
    </main>
  );
}

const root = document.getElementById('app');
if (root) render(<App />, root);
