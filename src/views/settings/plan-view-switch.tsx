import { PLAN_VIEWS, PLAN_VIEW_LABELS, type PlanView, isPlanView } from '@/domain/project-settings';
import { SegmentSwitch } from '@/components/segment-switch';

interface PlanViewSwitchProps {
  value: PlanView;
  onChange: (view: PlanView) => void;
}

const items = PLAN_VIEWS.map((view) => ({ value: view, label: PLAN_VIEW_LABELS[view] }));

/**
 * SPEC.md "Settings (demo)": the toggle between 'Free Plan View' (the account as it is) and
 * 'Premium Plan Demo' (these settings on the Professional plan).
 */
export function PlanViewSwitch({ value, onChange }: PlanViewSwitchProps) {
  return <SegmentSwitch label="Plan shown" items={items} value={value} isValue={isPlanView} onChange={onChange} layout="stacked" />;
}
