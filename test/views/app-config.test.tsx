import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type InspectionEvent, StateMachine } from 'xstate';
import { AppProviders } from '@/app/app-providers';
import { type AppConfig, appConfigLogic, useAppConfig, useAppConfigQuery } from '@/hooks/app-config';
import { AppConfigProvider } from '@/hooks/app-config-provider';
import { InspectionProvider } from '@/hooks/inspection';
import { pendingCall } from '../machines/pending-call';
import { testConfig } from '../support/test-config';

/** A screen part that shows what it knows of the configuration. */
function Reader({ name }: { name: string }) {
  const { data, isError } = useAppConfigQuery();
  return <output aria-label={name}>{isError ? 'failed' : (data?.productName ?? 'loading')}</output>;
}

/** The thin reader the screens use: the configuration or undefined. */
function NameOnly() {
  return <output aria-label="name only">{useAppConfig()?.productName ?? 'none'}</output>;
}

const shown = (name: string) => screen.getByLabelText(name).textContent;

/** The config actor with a fetch the test settles, and the retry delay shortened. */
function testLogic() {
  const fetchConfig = pendingCall<AppConfig>('fetchConfig');
  const logic = appConfigLogic.provide({ actors: { fetchConfig: fetchConfig.logic }, delays: { retryDelay: 5 } });
  return { fetchConfig, logic };
}

/** Lets the machine move after a call settles or a delay passes. */
const settle = (change: () => void = () => {}) =>
  act(async () => {
    change();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

function withConfig(logic: ReturnType<typeof testLogic>['logic'], config?: AppConfig) {
  return ({ children }: { children: ReactNode }) => (
    <AppConfigProvider logic={logic} config={config}>
      {children}
    </AppConfigProvider>
  );
}

describe('the app-wide config actor', () => {
  it('is one actor for every reader: one request, and every reader shows its answer', async () => {
    const { fetchConfig, logic } = testLogic();
    render(
      <>
        <Reader name="title" />
        <Reader name="sidebar" />
        <NameOnly />
      </>,
      { wrapper: withConfig(logic) },
    );
    await settle();
    expect(shown('title')).toBe('loading');
    expect(shown('sidebar')).toBe('loading');
    expect(shown('name only')).toBe('none');
    expect(fetchConfig.inputs).toHaveLength(1);

    await settle(() => fetchConfig.resolve(testConfig));
    expect(shown('title')).toBe('Test RPC');
    expect(shown('sidebar')).toBe('Test RPC');
    expect(shown('name only')).toBe('Test RPC');
    expect(fetchConfig.inputs).toHaveLength(1);
  });

  // A new key mounts the next screen afresh, as a route change does.
  it('keeps what it loaded for the screens shown after: no second request', async () => {
    const { fetchConfig, logic } = testLogic();
    const { rerender } = render(<Reader name="first screen" />, { wrapper: withConfig(logic) });
    await settle();
    await settle(() => fetchConfig.resolve(testConfig));
    rerender(<Reader key="next" name="next screen" />);
    await settle();
    expect(shown('next screen')).toBe('Test RPC');
    expect(fetchConfig.inputs).toHaveLength(1);
  });

  it('says it failed once both attempts fail, and the next screen that asks tries again', async () => {
    const { fetchConfig, logic } = testLogic();
    const { rerender } = render(<Reader name="first screen" />, { wrapper: withConfig(logic) });
    await settle();
    await settle(() => fetchConfig.reject(new Error('no answer')));
    // Retrying after the delay: still loading, not failed.
    expect(shown('first screen')).toBe('loading');
    expect(fetchConfig.inputs).toHaveLength(2);
    await settle(() => fetchConfig.reject(new Error('no answer')));
    expect(shown('first screen')).toBe('failed');
    expect(fetchConfig.inputs).toHaveLength(2);

    rerender(<Reader key="next" name="next screen" />);
    await settle();
    expect(shown('next screen')).toBe('loading');
    expect(fetchConfig.inputs).toHaveLength(3);
    await settle(() => fetchConfig.resolve(testConfig));
    expect(shown('next screen')).toBe('Test RPC');
  });

  it('starts loaded when given the configuration, without a request', async () => {
    const { fetchConfig, logic } = testLogic();
    render(<Reader name="title" />, { wrapper: withConfig(logic, testConfig) });
    expect(shown('title')).toBe('Test RPC');
    await settle();
    expect(fetchConfig.inputs).toHaveLength(0);
  });

  it('is read only inside its provider', () => {
    const logged = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Reader name="title" />)).toThrow(/inside a <ActorProvider>/);
    } finally {
      console.error = logged;
    }
  });

  it('reports to the inspection observer it is started under', async () => {
    const { logic } = testLogic();
    const started: string[] = [];
    const inspect = {
      next: (event: InspectionEvent) => {
        const actor = event.actorRef;
        if (event.type === '@xstate.actor' && 'src' in actor && actor.src instanceof StateMachine) started.push(actor.src.id);
      },
    };
    render(
      <InspectionProvider value={inspect}>
        <AppConfigProvider logic={logic}>
          <Reader name="title" />
        </AppConfigProvider>
      </InspectionProvider>,
    );
    await settle();
    expect(started).toEqual(['appConfig']);
  });
});

describe('the shell (AppProviders)', () => {
  it('starts the config actor once for the whole app, with the app inspection observer', async () => {
    const started: string[] = [];
    const inspect = {
      next: (event: InspectionEvent) => {
        const actor = event.actorRef;
        if (event.type === '@xstate.actor' && 'src' in actor && actor.src instanceof StateMachine) started.push(actor.src.id);
      },
    };
    render(
      <AppProviders inspect={inspect}>
        <Reader name="title" />
        <Reader name="sidebar" />
        <NameOnly />
      </AppProviders>,
    );
    // The real GET /config is under way: nothing is shown meanwhile.
    expect(shown('title')).toBe('loading');
    expect(shown('name only')).toBe('none');
    await settle();
    expect(started.filter((id) => id === 'appConfig')).toHaveLength(1);
    expect(started).toContain('auth');
  });
});
