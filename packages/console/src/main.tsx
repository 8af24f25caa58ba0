// The shared stylesheet first, so each area's own (imported by its routes) comes after it and
// overrides it at equal specificity.
import './styles.css';
import { render } from 'preact';
import { loadConsoleConfig } from './api/config.js';
import { App } from './app.js';

const root = document.getElementById('app')!;
loadConsoleConfig().then(
  (config) => render(<App config={config} />, root),
  (error: unknown) => {
    root.textContent = `The console could not reach the server: ${
      error instanceof Error ? error.message : String(error)
    }`;
  },
);
