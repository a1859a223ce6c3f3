import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { authMachine, type Credentials, type LoginResult, type User } from '@machines/auth';
import { loginFormMachine, selectCanSubmit } from '@machines/login-form';
import { readSignInAttempt, readSignInReturnPath } from '@/api/sign-in-attempt';
import { PublicOnly } from '@/app/public-only';
import { queryClient } from '@/app/query-client';
import { loginScreenText } from '@/domain/auth-errors';
import { accountCreatedState, accountCreatedText } from '@/domain/account-created';
import { CallFailed } from '@/domain/call-failure';
import LoginPage from '@/views/login/login-page';
import { type Executors, createFlowModel, describePath } from '../machines/flow-model';
import { type AuthModelEvent, ada } from '../machines/models/auth.model';
import { type LoginFormModelEvent, loginFormFixtures, walkedSession } from '../machines/models/login-form.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';

afterEach(() => {
  queryClient.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '');
});

/** The part of the session the login screen drives: logging in, and dismissing the error. */
type LoginScreenEvent = Extract<
  AuthModelEvent,
  {
    type:
      | 'auth.login'
      | 'auth.error.clear'
      | 'xstate.done.actor.login'
      | 'xstate.error.actor.login'
      | 'xstate.done.actor.loadUser'
      | 'xstate.error.actor.loadUser';
  }
>;

const loginScreenFixtures: LoginScreenEvent[] = [
  { type: 'auth.login', email: 'ada@example.com', password: 'Str0ng!pass' },
  { type: 'xstate.done.actor.login', output: { token: 'login-token', user: ada } },
  { type: 'xstate.done.actor.login', output: { token: 'login-token', user: null } },
  { type: 'xstate.error.actor.login', error: new CallFailed({ kind: 'refused', status: 401, message: 'Invalid e-mail or password' }) },
  { type: 'xstate.error.actor.login', error: new CallFailed({ kind: 'refused', status: 502, message: 'Internal server error' }) },
  {
    type: 'xstate.error.actor.login',
    error: new CallFailed({ kind: 'refused', status: 429, message: 'Too many login attempts. Please try again in 15 minutes.' }),
  },
  { type: 'xstate.done.actor.loadUser', output: ada },
  { type: 'xstate.error.actor.loadUser', error: new CallFailed({ kind: 'refused', status: 401, message: 'Invalid or expired session' }) },
];
const screenEvents = new Set<string>(loginScreenFixtures.map((event) => event.type).concat('auth.error.clear'));

const loginFlow = createFlowModel(authMachine, {
  fixtures: loginScreenFixtures,
  input: { token: null },
  // The screen submits only while nobody is signed in and the session is idle (else the button is disabled, or /login is left).
  filterEvents: (state, event) => screenEvents.has(event.type) && (event.type !== 'auth.login' || state.matches('anonymous')),
});
const loginPaths = loginFlow.paths();

const emailInput = () => screen.getByLabelText(/^Email/, { selector: 'input' });
const passwordInput = () => screen.getByLabelText(/^Password/, { selector: 'input' });
/** 'Log in', or 'Logging in...' while the session works. */
const submitButton = () => screen.getByRole('button', { name: /^(Log in|Logging in\.\.\.)$/ });

/** /login as the app routes it: a signed-in user is sent on to /. */
function renderLogin(path = '/login') {
  seedConfig();
  const login = pendingCall<LoginResult, Credentials>('login');
  const fetchUser = pendingCall<User, { token: string | null }>('fetchUser');
  const rendered = renderInApp(
    <Switch>
      <Route path="/login">
        <PublicOnly>
          <LoginPage />
        </PublicOnly>
      </Route>
      <Route>
        <p>Dashboard</p>
      </Route>
    </Switch>,
    { path, session: { login: login.call, fetchUser: fetchUser.call } },
  );
  return { login, fetchUser, ...rendered };
}

/** The form's own paths, walked on the screen with the app's session behind it (its login call settled by the path). */
const loginFormScreenFlow = createFlowModel(loginFormMachine, { fixtures: loginFormFixtures, input: { session: walkedSession } });
const loginFormScreenPaths = loginFormScreenFlow.paths();

describe('login screen, walking the login form paths', () => {
  for (const path of loginFormScreenPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { login, currentPath } = renderLogin();
      // Whether /signup has handed an account over yet on this path.
      let prefilled = false;
      const retype = async (input: HTMLElement, value: string) => {
        await user.clear(input);
        if (value !== '') await user.paste(value);
      };

      await loginFormScreenFlow.run(
        path,
        {
          // What /signup does: the history entry of /login holds the new account's e-mail.
          'login.prefill': ({ email }) => {
            prefilled = true;
            return act(async () => window.history.replaceState(accountCreatedState(email), ''));
          },
          'login.email.set': ({ value }) => retype(emailInput(), value),
          'login.password.set': ({ value }) => retype(passwordInput(), value),
          'login.submit': () => user.click(submitButton()),
          // The session signs in (the user came with the answer), or refuses the credentials.
          'session.granted': () => act(async () => login.resolve({ token: 'login-token', user: ada })),
          'session.refused': () =>
            act(async () => login.reject(new CallFailed({ kind: 'refused', status: 401, message: 'Invalid e-mail or password' }))),
        } satisfies Executors<LoginFormModelEvent>,
        (expected) => {
          if (expected.matches('signedIn')) {
            expect(currentPath()).toBe('/');
            expect(screen.getByText('Dashboard')).toBeTruthy();
            return;
          }
          const { email, password } = expected.context;
          expect(currentPath()).toBe('/login');
          // An e-mail field drops surrounding spaces from its value (HTML value sanitization).
          expect(emailInput()).toHaveProperty('value', email.trim());
          expect(passwordInput()).toHaveProperty('value', password);
          expect(submitButton()).toHaveProperty('disabled', !selectCanSubmit(expected));
          expect(submitButton().textContent).toBe(expected.matches('submitting') ? 'Logging in...' : 'Log in');
          if (expected.matches('submitting')) expect(login.inputs.at(-1)).toEqual({ email: email.trim(), password });
          // The notice shows once /signup handed an account over (a refused login replaces it with its error).
          const refused = screen.queryByRole('alert') !== null;
          expect(screen.queryByText(/has been created/) !== null).toBe(prefilled && !refused);
        },
      );
    });
  }
});

describe('login screen, walking the session paths it drives', () => {
  for (const path of loginPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { login, fetchUser, currentPath } = renderLogin();

      await loginFlow.run(
        path,
        {
          'auth.login': async ({ email, password }) => {
            await user.clear(emailInput());
            await user.type(emailInput(), email);
            await user.clear(passwordInput());
            await user.type(passwordInput(), password);
            await user.click(submitButton());
            expect(login.inputs.at(-1)).toEqual({ email, password });
          },
          'auth.error.clear': () => user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' })),
          'xstate.done.actor.login': ({ output }) => act(async () => login.resolve(output)),
          'xstate.error.actor.login': ({ error }) => act(async () => login.reject(error)),
          'xstate.done.actor.loadUser': ({ output }) => act(async () => fetchUser.resolve(output)),
          'xstate.error.actor.loadUser': ({ error }) => act(async () => fetchUser.reject(error)),
        } satisfies Executors<LoginScreenEvent>,
        (expected) => {
          const { token, error } = expected.context;
          expect(localStorage.getItem('token')).toBe(token);
          if (expected.hasTag('authenticated')) {
            expect(currentPath()).toBe('/');
            expect(screen.getByText('Dashboard')).toBeTruthy();
            return;
          }
          expect(currentPath()).toBe('/login');
          expect(screen.queryByRole('alert')?.textContent ?? null).toBe(error === null ? null : loginScreenText(error));
          const busy = expected.hasTag('busy');
          const filled = (emailInput() as HTMLInputElement).value.trim() !== '' && (passwordInput() as HTMLInputElement).value !== '';
          expect(submitButton()).toHaveProperty('disabled', busy || !filled);
          expect(submitButton().textContent).toBe(busy ? 'Logging in...' : 'Log in');
        },
      );
    });
  }
});

describe('login screen', () => {
  it('links to password reset, sign-up, terms and privacy, and starts Google sign-in on the API host', () => {
    renderLogin();
    const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Forgot password?')).toBe('/forgot-password');
    expect(href('Sign up')).toBe('/signup');
    expect(href('Terms of Service')).toBe('/terms');
    expect(href('Privacy Policy')).toBe('/privacy');
    expect(href('Sign in with Google')).toBe('/api/auth/google');
  });

  it('sends a visitor on the way somewhere (an invite) to sign up the same way: signing up then logging in returns there', () => {
    const query = `?${new URLSearchParams({ from: '/invite/tok' }).toString()}`;
    renderLogin(`/login${query}`);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(`/signup${query}`);
  });

  it('remembers in this tab that it started a Google sign-in when the button is pressed', async () => {
    renderLogin();
    // jsdom cannot follow the link to the API: stop the navigation, after React has seen the click.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    expect(readSignInAttempt()).toBeNull();
    const before = Date.now();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in with Google' }));
    const startedAt = readSignInAttempt();
    expect(startedAt).not.toBeNull();
    expect(startedAt).toBeGreaterThanOrEqual(before);
    expect(startedAt).toBeLessThanOrEqual(Date.now());
    expect(readSignInReturnPath()).toBe('/');
  });

  it('keeps where a Google sign-in started from ?from= comes back to (an invite)', async () => {
    renderLogin(`/login?${new URLSearchParams({ from: '/invite/tok' }).toString()}`);
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.click(screen.getByRole('link', { name: 'Sign in with Google' }));
    expect(readSignInReturnPath()).toBe('/invite/tok');
  });

  it('has one h1, e-mail and password fields of the right types, and its page title', () => {
    renderLogin();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(emailInput()).toHaveProperty('type', 'email');
    expect(passwordInput()).toHaveProperty('type', 'password');
    expect(document.title).toBe('Log in | Test RPC');
  });

  it('after signup, says the account was created and fills in its e-mail, never over what was typed', async () => {
    const email = 'a.very.long.name.for.a.new.account@subdomain.example-company.com';
    window.history.replaceState(accountCreatedState(email), '');
    renderLogin();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(accountCreatedText(email));
    expect(emailInput()).toHaveProperty('value', email);
    expect(passwordInput()).toHaveProperty('value', '');
    // The address may wrap at its '@' and dots.
    expect(notice.querySelectorAll('wbr')).toHaveLength(email.split(/[@.]/).length - 1);
    const user = userEvent.setup({ delay: null });
    await user.clear(emailInput());
    await user.type(emailInput(), 'other@example.com');
    act(() => window.history.replaceState(accountCreatedState('again@example.com'), ''));
    expect(emailInput()).toHaveProperty('value', 'other@example.com');
  });

  it('shows neither notice nor e-mail without a signup hand-over, and the product name in its card', () => {
    renderLogin();
    expect(screen.queryByRole('status')).toBeNull();
    expect(emailInput()).toHaveProperty('value', '');
    expect(screen.getByText('Test RPC')).toBeTruthy();
  });

  it('needs both fields before it submits', async () => {
    const user = userEvent.setup({ delay: null });
    const { login } = renderLogin();
    expect(submitButton()).toHaveProperty('disabled', true);
    await user.type(emailInput(), 'ada@example.com');
    expect(submitButton()).toHaveProperty('disabled', true);
    await user.type(passwordInput(), 'x');
    expect(submitButton()).toHaveProperty('disabled', false);
    await user.clear(emailInput());
    await user.type(emailInput(), '   ');
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(login.inputs).toEqual([]);
  });
});
