import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { selectCanSave, selectEnabled, selectError, selectIsLocked, selectIsSaved, selectPercent } from '@machines/autoscaling-form';
import { selectDraft, selectDraftBlank, selectIsEditing, selectName } from '@machines/project-name';
import * as projectNameSelectors from '@machines/project-name';
import * as alertSelectors from '@machines/alert-settings';
import {
  selectAccountPlan,
  selectAutoscalingLocked,
  selectOffersInviteUpgrade,
  selectPlanShown,
  selectView,
} from '@machines/settings-page';
import type { Schemas } from '@/api/client';
import { $api } from '@/api/query-hooks';
import { queryClient } from '@/app/query-client';
import { AUTOSCALING_FREE_TEXT, AUTOSCALING_SAVED_TEXT, type AutoscalingSettings, autoscalingMessage } from '@/domain/autoscaling';
import { CallFailed } from '@/domain/call-failure';
import { ALERTS_SAVED_TEXT, type AlertSettings, CREDIT_ALERT_THRESHOLDS } from '@/domain/usage-alerts';
import { planLabel } from '@/domain/plan-display';
import { planNamed as catalogPlanNamed } from '@/domain/plan-catalog';
import { userPlanOf } from '../support/plan-fixtures';
import { DEFAULT_PROJECT_NAME, type PlanView, PROJECT_NAME_BLANK, PROJECT_NAME_TOO_LONG, planViewLabels } from '@/domain/project-settings';
import SettingsPage from '@/views/settings/settings-page';
import { projectQueryKey } from '@/api/account-calls';
import type { SettingsActors } from '@/views/settings/settings-actors';
import { type Executors, describePath } from '../machines/flow-model';
import { type AutoscalingFormModelEvent, autoscalingFormFlow, autoscalingFormPaths } from '../machines/models/autoscaling-form.model';
import { type ProjectNameModelEvent, projectNameFlow, projectNamePaths } from '../machines/models/project-name.model';
import { type SettingsPageModelEvent, settingsPageFlows } from '../machines/models/settings-page.model';
import { type AlertSettingsModelEvent, alertSettingsFlow, alertSettingsPaths } from '../machines/models/alert-settings.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp, testUser } from './app-harness';
import { seedConfig } from './seed-config';
import { seedQuery } from './seed-queries';

afterEach(() => queryClient.clear());

// user-event walks native radio groups with CSS.escape, which jsdom lacks.
if (!globalThis.CSS?.escape) {
  Object.defineProperty(globalThis, 'CSS', { configurable: true, value: { escape: (text: string) => text.replace(/([^\w-])/g, '\\$1') } });
}

/** testUser's project (id 7). */
const PROJECT_ID = 'prj_00000007';
const NOW = new Date('2025-02-07T10:00:00.000Z');

/** What GET /project answers before the owner saved any autoscaling settings. */
const NOT_SAVED_YET = { enabled: false, percent: 25 };

function renderSettings({
  plan = 'Free',
  storedName = DEFAULT_PROJECT_NAME,
  autoscaling = NOT_SAVED_YET,
}: {
  plan?: Schemas['PlanName'];
  storedName?: string;
  autoscaling?: AutoscalingSettings;
} = {}) {
  seedConfig();
  localStorage.setItem('token', 'stored-token');
  seedQuery(planUrl, userPlanOf(plan));
  seedQuery(projectQueryKey, { id: PROJECT_ID, name: storedName, autoscaling: { ...autoscaling } });
  const saveName = pendingCall<{ name: string }, { projectId: string; name: string }>('saveProjectName');
  const saveAutoscaling = pendingCall<AutoscalingSettings, AutoscalingSettings>('saveAutoscaling');
  const loadAlerts = pendingCall<AlertSettings>('loadAlertSettings');
  const saveAlerts = pendingCall<AlertSettings, AlertSettings>('saveAlertSettings');
  const copied: string[] = [];
  const upgrades: string[] = [];
  const actors: SettingsActors = {
    saveProjectName: saveName.logic,
    saveAutoscaling: saveAutoscaling.logic,
    upgradeForInvites: (projectId) => void upgrades.push(projectId),
    clipboard: { writeText: fromPromise<void, { text: string }>(async ({ input }) => void copied.push(input.text)) },
    loadAlertSettings: loadAlerts.logic,
    saveAlertSettings: saveAlerts.logic,
  };
  const rendered = renderInApp(<SettingsPage actors={actors} now={NOW} />, { path: '/settings' });
  return { saveName, saveAutoscaling, loadAlerts, saveAlerts, copied, upgrades, ...rendered };
}

const projectCard = () => screen.getByRole('region', { name: 'Project' });
const autoscalingCard = () => screen.getByRole('region', { name: 'Autoscaling' });
const nameField = () => within(projectCard()).getByLabelText('Project name');
const slider = () => within(autoscalingCard()).getByRole('slider');
const modeRadio = (label: 'Enabled' | 'Disabled') => within(autoscalingCard()).getByRole('radio', { name: label });
const planViewGroup = () => screen.getByRole('radiogroup', { name: 'Plan shown' });
const planUrl = $api.queryOptions('get', '/users/plan').queryKey;

/**
 * Waits until the autoscaling card is drawn: Chakra's slider keeps its thumb hidden until it has
 * measured it, a moment after the card first renders (nothing to do with the machines).
 */
const sliderShown = () => screen.findByRole('slider', { name: 'Autoscaling limit' });

/**
 * Clicks a side of the plan view toggle. The switch reports its change a moment after the click
 * (its radio is checked once the screen's machine took it): this waits for that and no more, as the
 * cards follow the machine in the same render.
 */
async function showPlanView(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(within(planViewGroup()).getByText(label));
  await waitFor(() => expect(within(planViewGroup()).getByRole('radio', { name: label })).toHaveProperty('checked', true));
}

/** What a fresh answer of GET /users/plan does: the query cache gets it, and tells its observers on a later task. */
const planAnswers = (plan: Schemas['PlanName']) =>
  act(async () => {
    queryClient.setQueryData(planUrl, userPlanOf(plan));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('settings page, walking the project name machine paths', () => {
  for (const path of projectNamePaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { saveName } = renderSettings();
      await screen.findByRole('button', { name: 'Edit project name' });
      let edited = false;

      await projectNameFlow.run(
        path,
        {
          'name.edit': () => {
            edited = true;
            return user.click(screen.getByRole('button', { name: 'Edit project name' }));
          },
          'name.change': async ({ value }) => {
            await user.clear(nameField());
            await user.paste(value);
          },
          // The keyboard way: Enter saves, Escape cancels.
          'name.save': () => user.type(nameField(), '{Enter}'),
          'name.cancel': () => user.type(nameField(), '{Escape}'),
          'xstate.done.actor.saveProjectName': ({ output }) => act(async () => saveName.resolve(output)),
          'xstate.error.actor.saveProjectName': ({ error }) => act(async () => saveName.reject(error)),
        } satisfies Executors<ProjectNameModelEvent>,
        async (expected) => {
          const card = projectCard();
          if (!selectIsEditing(expected)) {
            expect(within(card).queryByRole('textbox', { name: 'Project name' })).toBeNull();
            expect(within(card).getByText(selectName(expected))).toBeTruthy();
            // Back on Edit after an edit, where the keyboard user was.
            if (edited) await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit project name' })));
            return;
          }
          expect(nameField()).toHaveProperty('value', selectDraft(expected));
          const message = selectDraftBlank(expected) ? PROJECT_NAME_BLANK : projectNameSelectors.selectError(expected);
          expect(nameField().getAttribute('aria-invalid')).toBe(message === null ? null : 'true');
          if (message !== null) expect(within(card).getByText(message)).toBeTruthy();
          const saving = expected.matches('saving');
          const save = within(card).getByRole('button', { name: saving ? /Saving/ : 'Save' });
          expect(save).toHaveProperty('disabled', saving || selectDraftBlank(expected));
          expect(within(card).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', saving);
          if (saving) expect(saveName.inputs.at(-1)).toEqual({ projectId: PROJECT_ID, name: selectDraft(expected).trim() });
        },
      );
    });
  }
});

describe('settings page, walking the autoscaling form machine paths', () => {
  for (const path of autoscalingFormPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { saveAutoscaling } = renderSettings({ plan: 'Free' });
      await sliderShown();

      await autoscalingFormFlow.run(
        path,
        {
          // The plan view toggle: the demo unlocks the form, the account's Free plan locks it.
          'autoscaling.unlock': () => showPlanView(user, 'Premium Plan Demo'),
          'autoscaling.lock': () => showPlanView(user, 'Free Plan View'),
          // The keyboard way: Home and End on the slider's thumb.
          'autoscaling.set': async ({ percent }) => {
            slider().focus();
            await user.keyboard(percent === 0 ? '{Home}' : '{End}');
          },
          'autoscaling.mode': ({ enabled }) => user.click(modeRadio(enabled ? 'Enabled' : 'Disabled')),
          'autoscaling.save': () => user.click(screen.getByRole('button', { name: 'Save Settings' })),
          // A read of the project answers other stored settings (saved in another tab); TanStack Query tells its observers on a later task.
          'autoscaling.loaded': ({ percent, enabled }) =>
            act(async () => {
              queryClient.setQueryData(projectQueryKey, (project) =>
                project === undefined ? project : { ...project, autoscaling: { percent, enabled } },
              );
              await new Promise((resolve) => setTimeout(resolve, 0));
            }),
          'xstate.done.actor.saveAutoscaling': async ({ output }) => {
            await act(async () => saveAutoscaling.resolve(output));
            expect(queryClient.getQueryData(projectQueryKey)).toMatchObject({ autoscaling: output });
          },
          'xstate.error.actor.saveAutoscaling': ({ error }) => act(async () => saveAutoscaling.reject(error)),
        } satisfies Executors<AutoscalingFormModelEvent>,
        async (expected) => {
          const card = autoscalingCard();
          const percent = selectPercent(expected);
          const locked = selectIsLocked(expected);
          const saving = expected.matches({ form: 'saving' });
          // The screen's machine tells the form in the same step as the toggle: no render and effect to wait for.
          expect(slider().getAttribute('aria-valuenow')).toBe(String(percent));
          expect(within(card).getByText(autoscalingMessage(percent))).toBeTruthy();
          expect(slider().getAttribute('aria-disabled') === 'true').toBe(locked || saving);
          expect(modeRadio('Enabled')).toHaveProperty('checked', selectEnabled(expected));
          expect(modeRadio('Disabled')).toHaveProperty('checked', !selectEnabled(expected));
          expect(modeRadio('Enabled')).toHaveProperty('disabled', locked || saving);
          if (locked) expect(within(card).getByText(new RegExp(AUTOSCALING_FREE_TEXT))).toBeTruthy();
          else expect(within(card).queryByText(new RegExp(AUTOSCALING_FREE_TEXT))).toBeNull();
          const save = within(card).getByRole('button', { name: saving ? /Saving/ : 'Save Settings' });
          expect(save).toHaveProperty('disabled', !selectCanSave(expected));
          expect(within(card).getByRole('status').textContent).toBe(selectIsSaved(expected) ? AUTOSCALING_SAVED_TEXT : '');
          expect(within(card).queryByRole('alert')?.textContent ?? null).toBe(selectError(expected));
          if (saving) expect(saveAutoscaling.inputs.at(-1)).toEqual({ percent, enabled: selectEnabled(expected) });
        },
      );
    });
  }
});

/** The arrival the screen is rendered in: the plan (Free) already in the cache when it opens. */
const [knownPlan] = settingsPageFlows;

describe('settings page, walking the settings page machine paths', () => {
  if (!knownPlan) throw new Error('no settings arrival with the plan known');
  for (const path of knownPlan.paths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { upgrades } = renderSettings({ plan: 'Free' });
      await sliderShown();
      let accountPlan = knownPlan.input.accountPlan;

      await knownPlan.flow.run(
        path,
        {
          'view.show': ({ view }) => showPlanView(user, planViewLabels(accountPlan?.name)[view]),
          'plan.loaded': async ({ plan }) => {
            accountPlan = plan;
            const known = catalogPlanNamed(plan.name);
            if (!known) throw new Error(`no plan named ${plan.name}`);
            await planAnswers(known.name);
          },
        } satisfies Executors<SettingsPageModelEvent>,
        async (expected) => {
          const view: PlanView = selectView(expected);
          const labels = planViewLabels(selectAccountPlan(expected));
          for (const side of ['account', 'premiumDemo'] as const) {
            expect(within(planViewGroup()).getByRole('radio', { name: labels[side] })).toHaveProperty('checked', side === view);
          }
          const currentPlan = screen.getByRole('region', { name: 'Current Plan' });
          expect(within(currentPlan).getByText(planLabel(selectPlanShown(expected) ?? ''))).toBeTruthy();
          expect(within(currentPlan).queryByText('Demo') !== null).toBe(view === 'premiumDemo');
          // The form follows the plan shown in the same render, keeping what was set.
          const locked = selectAutoscalingLocked(expected);
          expect(slider().getAttribute('aria-disabled') === 'true').toBe(locked);
          expect(modeRadio('Enabled')).toHaveProperty('disabled', locked);
          expect(within(autoscalingCard()).queryByText(new RegExp(AUTOSCALING_FREE_TEXT)) !== null).toBe(locked);
          const users = screen.getByRole('region', { name: 'Project Users' });
          const upgrade = within(users).queryByRole('button', { name: 'Upgrade for invites' });
          expect(upgrade !== null).toBe(selectOffersInviteUpgrade(expected));
          if (upgrade) {
            await user.click(upgrade);
            expect(upgrades.at(-1)).toBe(PROJECT_ID);
          }
        },
      );
    });
  }
});

describe('settings page', () => {
  it("shows the user's real plan, and the Professional demo with its features and a renewal date", async () => {
    const user = userEvent.setup({ delay: null });
    renderSettings({ plan: 'Free' });
    const plan = await screen.findByRole('region', { name: 'Current Plan' });
    expect(within(plan).getByText('Free Plan')).toBeTruthy();
    expect(
      within(plan)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['500,000 credits per month', '10 requests per second', '3 API keys']);
    expect(within(plan).getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/billing');
    expect(within(planViewGroup()).getByRole('radio', { name: 'Free Plan View' })).toHaveProperty('checked', true);

    await showPlanView(user, 'Premium Plan Demo');
    expect(within(plan).getByText('Professional Plan')).toBeTruthy();
    expect(within(plan).getByText('Demo')).toBeTruthy();
    expect(
      within(plan)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['5M credits per month', 'unlimited API keys', 'advanced analytics', '24/7 priority support']);
    expect(within(plan).getByText('Renews on March 7, 2025')).toBeTruthy();
  });

  it('opens the autoscaling form at once on a paid plan, and the plan view toggle does not lock it', async () => {
    const user = userEvent.setup({ delay: null });
    renderSettings({ plan: 'Developer' });
    await sliderShown();
    // Started open: the plan in the cache is the form's input, not a prop sent to it after a render.
    expect(slider().getAttribute('aria-disabled')).toBeNull();
    const currentPlan = () => screen.getByRole('region', { name: 'Current Plan' });
    // Once the switch has reported the change, the cards show it in the same render.
    await showPlanView(user, 'Premium Plan Demo');
    expect(within(currentPlan()).getByText('Professional Plan')).toBeTruthy();
    expect(slider().getAttribute('aria-disabled')).toBeNull();
    await showPlanView(user, 'Developer Plan View');
    expect(within(currentPlan()).getByText('Developer Plan')).toBeTruthy();
    expect(slider().getAttribute('aria-disabled')).toBeNull();
  });

  it('steps the slider by keyboard through the five messages, speaking the level with the value', async () => {
    const user = userEvent.setup({ delay: null });
    renderSettings({ plan: 'Business' });
    await sliderShown();
    // Open from the first render on a paid plan (the plan in the cache is the form's input), so keys reach it at once.
    expect(slider().getAttribute('aria-disabled')).toBeNull();
    const thumb = slider();
    expect(thumb.getAttribute('aria-valuenow')).toBe('25');
    expect(thumb.getAttribute('aria-valuetext')).toBe('25% (Limited autoscaling)');
    expect(thumb.getAttribute('aria-valuemin')).toBe('0');
    expect(thumb.getAttribute('aria-valuemax')).toBe('100');
    thumb.focus();
    expect(document.activeElement).toBe(thumb);
    const steps: Array<[string, number, string]> = [
      ['{ArrowRight}', 26, 'Moderate autoscaling'],
      ['{ArrowLeft}{ArrowLeft}', 24, 'Limited autoscaling'],
      // PageUp moves by 10, to the next tenth.
      ['{PageUp}{PageUp}{PageUp}', 50, 'Moderate autoscaling'],
      ['{ArrowRight}', 51, 'High autoscaling'],
      ['{ArrowRight}'.repeat(24), 75, 'High autoscaling'],
      ['{ArrowRight}', 76, 'Maximum autoscaling'],
      ['{End}', 100, 'Maximum autoscaling'],
      ['{Home}', 0, 'No autoscaling'],
    ];
    for (const [keys, percent, title] of steps) {
      await user.keyboard(keys);
      await waitFor(() => expect(slider().getAttribute('aria-valuenow')).toBe(String(percent)));
      expect(within(autoscalingCard()).getByText(autoscalingMessage(percent)).textContent?.startsWith(title)).toBe(true);
    }
  });

  it('labels the slider and the radio group, and moves between the radios with the arrow keys', async () => {
    const user = userEvent.setup({ delay: null });
    renderSettings({ plan: 'Business' });
    await sliderShown();
    expect(await within(autoscalingCard()).findByRole('slider', { name: 'Autoscaling limit' })).toBeTruthy();
    const group = within(autoscalingCard()).getByRole('radiogroup', { name: 'Autoscaling status' });
    expect(modeRadio('Disabled')).toHaveProperty('checked', true);
    modeRadio('Disabled').focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(modeRadio('Enabled')).toHaveProperty('checked', true));
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save Settings' })).toHaveProperty('disabled', false);
  });

  it("copies the project ID and reads 'Copied!'", async () => {
    const user = userEvent.setup({ delay: null });
    const { copied } = renderSettings();
    const field = await within(await screen.findByRole('region', { name: 'Project' })).findByLabelText('Project ID');
    expect(field).toHaveProperty('value', PROJECT_ID);
    expect(field).toHaveProperty('readOnly', true);
    await user.click(screen.getByRole('button', { name: 'Copy Project ID' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(copied).toEqual([PROJECT_ID]);
  });

  it('lists the owner alone, with no actions; no invites left, and an upgrade button that only logs', async () => {
    const user = userEvent.setup({ delay: null });
    const { upgrades } = renderSettings();
    const users = await screen.findByRole('region', { name: 'Project Users' });
    const table = within(users).getByRole('table', { name: 'Project Users' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([`Email:${testUser.email}`, 'Role:Owner', 'Actions:No actions available']);
    expect(within(users).getByText('Invites Left: 0')).toBeTruthy();
    expect(within(users).getByText(/share its project ID/)).toBeTruthy();
    await user.click(within(users).getByRole('button', { name: 'Upgrade for invites' }));
    expect(upgrades).toEqual([PROJECT_ID]);
    // The Professional demo is a paid plan: it is never told to upgrade for invites.
    await showPlanView(user, 'Premium Plan Demo');
    expect(within(users).queryByRole('button', { name: 'Upgrade for invites' })).toBeNull();
    expect(within(users).getByText('Invites Left: 0')).toBeTruthy();
    // A paid plan invites by e-mail (the form shows once the members are read): no word of sharing the ID.
    expect(within(users).queryByText(/share its project ID/)).toBeNull();
  });

  it.each(['Enterprise', 'Developer'] as const)('names the toggle after the real plan and offers no invite upgrade on %s', async (plan) => {
    renderSettings({ plan });
    const users = await screen.findByRole('region', { name: 'Project Users' });
    expect(within(planViewGroup()).getByRole('radio', { name: `${plan} Plan View` })).toHaveProperty('checked', true);
    expect(within(planViewGroup()).queryByRole('radio', { name: 'Free Plan View' })).toBeNull();
    expect(within(users).queryByRole('button', { name: 'Upgrade for invites' })).toBeNull();
    expect(within(users).queryByText(/share its project ID/)).toBeNull();
  });

  it('opens with the name the server stores (GET /project), not one kept in this browser', async () => {
    localStorage.setItem(`projectName:${PROJECT_ID}`, 'Left in this browser');
    renderSettings({ storedName: 'Indexer on the server' });
    expect(await within(await screen.findByRole('region', { name: 'Project' })).findByText('Indexer on the server')).toBeTruthy();
    expect(within(projectCard()).queryByText('Left in this browser')).toBeNull();
  });

  it('puts the name the server stored into the query cache, so the next visit opens with it', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Edit project name' }));
    await user.clear(nameField());
    await user.type(nameField(), '  Payments API {Enter}');
    expect(first.saveName.inputs.at(-1)).toEqual({ projectId: PROJECT_ID, name: 'Payments API' });
    await act(async () => first.saveName.resolve({ name: 'Payments API' }));
    expect(await within(projectCard()).findByText('Payments API')).toBeTruthy();
    expect(queryClient.getQueryData(projectQueryKey)).toEqual({ id: PROJECT_ID, name: 'Payments API', autoscaling: NOT_SAVED_YET });
    first.unmount();
    renderInApp(<SettingsPage now={NOW} />, { path: '/settings' });
    expect(await within(await screen.findByRole('region', { name: 'Project' })).findByText('Payments API')).toBeTruthy();
  });

  it('keeps the name as it was when the server refuses the save, and says why', async () => {
    const user = userEvent.setup({ delay: null });
    const { saveName } = renderSettings({ storedName: 'Indexer' });
    await user.click(await screen.findByRole('button', { name: 'Edit project name' }));
    await user.clear(nameField());
    await user.type(nameField(), 'Renamed{Enter}');
    await act(async () => saveName.reject(new CallFailed({ kind: 'refused', status: 400, message: PROJECT_NAME_TOO_LONG })));
    expect(await within(projectCard()).findByText(PROJECT_NAME_TOO_LONG)).toBeTruthy();
    await user.type(nameField(), '{Escape}');
    expect(await within(projectCard()).findByText('Indexer')).toBeTruthy();
    expect(queryClient.getQueryData(projectQueryKey)).toEqual({ id: PROJECT_ID, name: 'Indexer', autoscaling: NOT_SAVED_YET });
  });
});

const alertsCard = () => screen.getByRole('region', { name: 'Usage Alerts' });

describe('settings page, walking the alert settings machine paths', () => {
  for (const path of alertSettingsPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { loadAlerts, saveAlerts } = renderSettings({ plan: 'Developer' });
      await screen.findByRole('region', { name: 'Usage Alerts' });

      await alertSettingsFlow.run(
        path,
        {
          'xstate.done.actor.loadAlertSettings': ({ output }) => act(async () => loadAlerts.resolve(output)),
          'xstate.error.actor.loadAlertSettings': ({ error }) => act(async () => loadAlerts.reject(error)),
          'xstate.done.actor.saveAlertSettings': ({ output }) => act(async () => saveAlerts.resolve(output)),
          'xstate.error.actor.saveAlertSettings': ({ error }) => act(async () => saveAlerts.reject(error)),
          // The keyboard way: Space on the checkbox and on the switch.
          'alerts.threshold': async ({ threshold }) => {
            within(alertsCard())
              .getByRole('checkbox', { name: new RegExp(`^${threshold}% of the cycle`) })
              .focus();
            await user.keyboard(' ');
          },
          'alerts.error.rate': async () => {
            within(alertsCard())
              .getByRole('checkbox', { name: /Failing keys/ })
              .focus();
            await user.keyboard(' ');
          },
          'alerts.save': () => user.click(within(alertsCard()).getByRole('button', { name: 'Save Alerts' })),
          'alerts.retry': () => user.click(within(alertsCard()).getByRole('button', { name: 'Retry' })),
        } satisfies Executors<AlertSettingsModelEvent>,
        async (expected) => {
          const card = alertsCard();
          if (alertSelectors.selectIsLoading(expected)) {
            expect(within(card).getByRole('status').textContent).toBe('Loading your alert settings...');
            return;
          }
          if (alertSelectors.selectLoadFailed(expected)) {
            expect(within(card).getByRole('alert').textContent).toBe(alertSelectors.selectError(expected));
            expect(within(card).getByRole('button', { name: 'Retry' })).toBeTruthy();
            return;
          }
          const saving = alertSelectors.selectIsSaving(expected);
          await waitFor(() => {
            for (const threshold of CREDIT_ALERT_THRESHOLDS) {
              const box = within(card).getByRole('checkbox', { name: new RegExp(`^${threshold}% of the cycle`) });
              expect(box).toHaveProperty('checked', alertSelectors.selectThresholds(expected).includes(threshold));
              expect(box).toHaveProperty('disabled', saving);
            }
            expect(within(card).getByRole('checkbox', { name: /Failing keys/ })).toHaveProperty(
              'checked',
              alertSelectors.selectErrorRate(expected),
            );
          });
          const save = within(card).getByRole('button', { name: saving ? /Saving/ : 'Save Alerts' });
          expect(save).toHaveProperty('disabled', !alertSelectors.selectCanSave(expected));
          expect(within(card).getByRole('status').textContent).toBe(alertSelectors.selectIsSaved(expected) ? ALERTS_SAVED_TEXT : '');
          expect(within(card).queryByRole('alert')?.textContent ?? null).toBe(alertSelectors.selectError(expected));
          if (saving) {
            expect(saveAlerts.inputs.at(-1)).toEqual({
              creditThresholds: alertSelectors.selectThresholds(expected),
              errorRate: alertSelectors.selectErrorRate(expected),
            });
          }
        },
      );
    });
  }
});

describe('settings page: stored autoscaling', () => {
  it('opens with the settings the server stored, on a paid plan', async () => {
    renderSettings({ plan: 'Developer', autoscaling: { enabled: true, percent: 70 } });
    await sliderShown();
    await waitFor(() => expect(slider().getAttribute('aria-valuenow')).toBe('70'));
    expect(modeRadio('Enabled')).toHaveProperty('checked', true);
    expect(within(autoscalingCard()).getByText(autoscalingMessage(70))).toBeTruthy();
  });
});
