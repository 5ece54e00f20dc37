import './lib/zod-csp';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles/global.css';
import { initI18n } from './lib/i18n';

/** Loads the translation sheet, then renders. */
async function start() {
  await initI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(<App />);
}

start();
