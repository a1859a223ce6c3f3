import { PLAN_VIEWS, type PlanView, isPlanView, planViewLabels } from '@/domain/project-settings';
import { SegmentSwitch } from '@/components/segment-switch';

interface PlanViewSwitchProps {
  value: PlanView;
  /** The user's real plan (null until it is known): the account's side is named after it. */
  accountPlan: string | null;
  onChange: (view: PlanView) => void;
}

/**
 * SPEC.md "Settings (demo)": the toggle between the account as it is ('Free Plan View' on Free,
 * 'Enterprise Plan View' on Enterprise...) and 'Premium Plan Demo' (these settings on the Professional plan).
 */
export function PlanViewSwitch({ value, accountPlan, onChange }: PlanViewSwitchProps) {
  const labels = planViewLabels(accountPlan);
  const items = PLAN_VIEWS.map((view) => ({ value: view, label: labels[view] }));
  return <SegmentSwitch label="Plan shown" items={items} value={value} isValue={isPlanView} onChange={onChange} layout="stacked" />;
}
