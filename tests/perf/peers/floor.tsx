/**
 * The floor: a bare React 19 page. Nothing that is React loads less; the
 * app's /login is measured beside it (npm run size).
 */
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) createRoot(root).render(<h1>Sign in</h1>);
