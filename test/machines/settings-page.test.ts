import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback } from 'xstate';
import { autoscalingFormMachine, selectIsLocked, selectPercent } from '@machines/autoscaling-form';
import {
  selectAccountPlan,
  selectAutoscalingForm,
  selectAutoscalingLocked,
  selectOffersInviteUpgrade,
  selectPlanShown,
  selectView,
  settingsPageMachine,
} from '@machines/settings-page';
import type { AutoscalingSettings } from '@/domain/autoscaling';
import type { AccountPlan } from '@/domain/project-settings';
import { accountPlanOf } from '../support/plan-fixtures';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type SettingsPageModelEvent, settingsPageFlows } from './models/settings-page.model';
import { pendingCall } from './pending-call';

/**
 * The screen's machine with a test form (its save pending) and a test `userPlan` actor: the test
 * sends the plan's answers through it, as the app's query feed does.
 */
function startSettings(accountPlan: AccountPlan | null) {
  const save = pendingCall<AutoscalingSettings, AutoscalingSettings>('saveAutoscaling');
  let feed: ((event: AnyEventObject) => void) | undefined;
  const userPlan = fromCallback<AnyEventObject>(({ sendBack }) => {
    feed = sendBack;
  });
  const actor = createActor(
    settingsPageMachine.provide({
      actors: { autoscalingForm: autoscalingFormMachine.provide({ actors: { saveAutoscaling: save.logic } }), userPlan },
    }),
    { input: { accountPlan } },
  ).start();
  const planAnswers = (plan: AccountPlan) => {
    if (!feed) throw new Error('the userPlan actor was not started');
    feed({ type: 'plan.loaded', plan });
  };
  const form = () => {
    const child = selectAutoscalingForm(actor.getSnapshot());
    if (!child) throw new Error('the autoscaling form was not started');
    return child;
  };
  return { actor, save, planAnswers, form };
}

describeModel('settings page machine', settingsPageMachine, settingsPageFlows, async (path, { input, flow }) => {
  const { actor, planAnswers, form } = startSettings(input.accountPlan);
  // One form for the whole visit: what the user set survives every change of the plan shown.
  const theForm = form();

  await flow.run(
    path,
    {
      'view.show': (event) => actor.send(event),
      'plan.loaded': ({ plan }) => planAnswers(plan),
    } satisfies Executors<SettingsPageModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(form()).toBe(theForm);
      // The form is locked exactly while the plan shown is free, in the same step as the change.
      expect(selectIsLocked(theForm.getSnapshot())).toBe(selectAutoscalingLocked(expected));
      const shown = selectPlanShown(expected);
      expect(selectAutoscalingLocked(expected)).toBe(shown === null || shown === 'Free');
      expect(selectOffersInviteUpgrade(expected)).toBe(shown === 'Free');
      if (selectView(expected) === 'premiumDemo') expect(shown).toBe('Professional');
      else expect(shown).toBe(selectAccountPlan(expected));
    },
  );
});

describe('settings page machine', () => {
  describe('rules the paths rely on', () => {
    it('starts its form locked on Free and before the plan is known, open on a paid plan', () => {
      for (const [plan, locked] of [
        ['Free', true],
        [null, true],
        ['Developer', false],
        ['Enterprise', false],
      ] as const) {
        const { actor, form } = startSettings(plan === null ? null : accountPlanOf(plan));
        expect(selectView(actor.getSnapshot())).toBe('account');
        expect(selectIsLocked(form().getSnapshot())).toBe(locked);
      }
    });

    it('keeps what was set in the demo when the account view locks the form, and unlocks it with the same values', () => {
      const { actor, form } = startSettings(accountPlanOf('Free'));
      actor.send({ type: 'view.show', view: 'premiumDemo' });
      form().send({ type: 'autoscaling.set', percent: 80 });
      actor.send({ type: 'view.show', view: 'account' });
      expect(selectIsLocked(form().getSnapshot())).toBe(true);
      expect(selectPercent(form().getSnapshot())).toBe(80);
      actor.send({ type: 'view.show', view: 'premiumDemo' });
      expect(selectIsLocked(form().getSnapshot())).toBe(false);
      expect(selectPercent(form().getSnapshot())).toBe(80);
    });

    it('keeps the demo open when the account plan turns out to be Free, and applies it on the way back', () => {
      const { actor, form, planAnswers } = startSettings(null);
      actor.send({ type: 'view.show', view: 'premiumDemo' });
      planAnswers(accountPlanOf('Free'));
      expect(selectIsLocked(form().getSnapshot())).toBe(false);
      expect(selectAccountPlan(actor.getSnapshot())).toBe('Free');
      actor.send({ type: 'view.show', view: 'account' });
      expect(selectIsLocked(form().getSnapshot())).toBe(true);
    });

    it('locks the form again when the account plan turns Free while the account is shown (a lapsed subscription)', () => {
      const { form, planAnswers } = startSettings(accountPlanOf('Developer'));
      expect(selectIsLocked(form().getSnapshot())).toBe(false);
      planAnswers(accountPlanOf('Free'));
      expect(selectIsLocked(form().getSnapshot())).toBe(true);
    });

    it('ignores a toggle to the view already shown', () => {
      const { actor } = startSettings(accountPlanOf('Free'));
      expect(actor.getSnapshot().can({ type: 'view.show', view: 'account' })).toBe(false);
      actor.send({ type: 'view.show', view: 'premiumDemo' });
      expect(actor.getSnapshot().can({ type: 'view.show', view: 'premiumDemo' })).toBe(false);
    });
  });
});
