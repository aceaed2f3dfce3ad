import { describeFailure, signIn } from './api';
import { h } from './dom';

/** The session login form; `done` runs once a session exists. */
export function loginView(main: HTMLElement, done: () => void): void {
  const error = h('p', { class: 'error', role: 'alert', id: 'login-error' });
  const username = h('input', { id: 'username', name: 'username', autocomplete: 'username', required: true, placeholder: 'account:user' });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const form = h(
    'form',
    { class: 'login', 'aria-labelledby': 'login-title' },
    h('h1', { id: 'login-title' }, 'Sign in'),
    h('label', { for: 'username' }, 'User (account:user)'),
    username,
    h('label', { for: 'password' }, 'Password'),
    password,
    h('button', { type: 'submit', id: 'sign-in' }, 'Sign in'),
    error,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    error.textContent = '';
    signIn(username.value.trim(), password.value).then(done, (err: unknown) => (error.textContent = describeFailure(err)));
  });
  main.replaceChildren(form);
  username.focus();
}
