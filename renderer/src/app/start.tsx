import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { readFirstPageData, seedFirstPage } from './first-page-data';
import { queryClient } from './query-client';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const prerendered = readFirstPageData();
if (prerendered) {
  // The hub drew this page from these answers: the app starts from them and takes the page over.
  seedFirstPage(queryClient, prerendered);
  hydrateRoot(root, app, {
    onRecoverableError: (error) => console.error('The prerendered page did not match the app; it was drawn again.', error),
  });
} else {
  createRoot(root).render(app);
}
