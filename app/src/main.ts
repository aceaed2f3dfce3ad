import './style.css';
import { currentSession, describeFailure, forgetSession, whenSignedOut } from './api';
import { h, showStatus } from './dom';
import { homeView } from './home-view';
import { loginView } from './login-view';
import { planView } from './plan-view';
import { runView } from './run-view';

const main = document.getElementById('main')!;
const nav = document.getElementById('nav')!;
let current = new AbortController();

function renderNav(): void {
  const session = currentSession();
  if (!session) {
    nav.replaceChildren();
    return;
  }
  const signOut = h('button', { type: 'button', id: 'sign-out' }, 'Sign out');
  signOut.addEventListener('click', () => {
    forgetSession();
    route();
  });
  nav.replaceChildren(h('a', { href: '#/' }, 'Overview'), h('span', { class: 'who' }, session.username), signOut);
}

/** Shows the view the location's hash names: #/, #/runs/<id>, #/sandboxes/<id>. */
function route(): void {
  current.abort();
  current = new AbortController();
  delete main.dataset.run;
  renderNav();
  if (!currentSession()) {
    loginView(main, () => {
      // A new hash shows its view through hashchange; the same one is shown again here.
      if (location.hash === '' || location.hash === '#') location.hash = '#/';
      else route();
    });
    return;
  }
  const [, view, id] = location.hash.replace(/^#/, '').split('/');
  const shown =
    view === 'runs' && id
      ? runView(main, decodeURIComponent(id), current.signal)
      : view === 'sandboxes' && id
        ? planView(main, decodeURIComponent(id), current.signal)
        : homeView(main);
  const signal = current.signal;
  shown.catch((err: unknown) => {
    // A view left for another one ends with its requests aborted: nothing to report.
    if (!signal.aborted) main.replaceChildren(h('p', { class: 'error', role: 'alert' }, describeFailure(err)));
  });
  showStatus('');
}

// The skip link moves focus only: its "#main" must not be taken for a view.
document.querySelector('.skip')!.addEventListener('click', (event) => {
  event.preventDefault();
  main.focus();
});
whenSignedOut(() => route());
window.addEventListener('hashchange', route);
route();
