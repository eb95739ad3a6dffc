import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
// The styles the entry carried when the layouts were in it, still with it and before styles.css:
// pages in every area use the staff area's adm-* classes, and rules of equal weight in
// styles.css win over these, as the pages were laid out (decision 083).
import './components/layouts/admin.css';
import './features/email-verification/components/email-verification-banner.css';
import './components/data-table/data-table.css';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
